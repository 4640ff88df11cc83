/**
 * Where a chunk's edges fall relative to the document's words, sentences and headings. Edges are
 * the chunk's range in the document (a declared prefix is not a cut). The document's own start and
 * end are never cuts.
 */
import { isSpace } from "../text/segment";
import { lastAtOrBelow } from "../text/bisect";
import type { DocIndex } from "./docIndex";

export interface EdgeReport {
  /** The last non-space character of the range ends a sentence. */
  endsAtSentence: boolean;
  /** The range starts or ends strictly inside a sentence (whitespace at the edge skipped). */
  midSentence: boolean;
  /** The range starts or ends between two characters of one word. */
  midWord: boolean;
  /** The range is only a heading line, or its last non-space character lies on a heading line. */
  orphanHeading: boolean;
}

export function edgeReport(text: string, index: DocIndex, start: number, end: number): EdgeReport {
  let s = start;
  let e = end;
  while (s < e && isSpace(text.charCodeAt(s))) s++;
  while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
  if (e <= s) return { endsAtSentence: false, midSentence: false, midWord: false, orphanHeading: false };
  return {
    endsAtSentence: endsSentence(index, e),
    midSentence: insideSentence(index, s) || insideSentence(index, e),
    midWord: splitsWord(text, start) || splitsWord(text, end),
    orphanHeading: endsOnHeading(index, e),
  };
}

function endsSentence(index: DocIndex, end: number): boolean {
  const i = lastAtOrBelow(index.sentenceStarts, end - 1);
  return i >= 0 && index.sentenceEnds[i] === end;
}

/** A sentence holds characters on both sides of `offset`. */
function insideSentence(index: DocIndex, offset: number): boolean {
  const i = lastAtOrBelow(index.sentenceStarts, offset - 1);
  return i >= 0 && offset < index.sentenceEnds[i]!;
}

function endsOnHeading(index: DocIndex, end: number): boolean {
  const i = lastAtOrBelow(index.headingLineStarts, end - 1);
  // The last character must be on the line and reach into the title, not only its "## " markup.
  return i >= 0 && end <= index.headingLineEnds[i]! && end > index.headingTitleStarts[i]!;
}

const WORD = /^[\p{L}\p{N}\p{M}]$/u;
// Scripts written without spaces between words: a cut between two of their characters is not
// a cut inside a word as far as a reader (or a tokenizer) can tell.
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]$/u;

/** The characters on both sides of `offset` belong to one word (or to one surrogate pair). */
export function splitsWord(text: string, offset: number): boolean {
  if (offset <= 0 || offset >= text.length) return false;
  const after = text.charCodeAt(offset);
  const before = text.charCodeAt(offset - 1);
  // ASCII on both sides, the common case, without building strings for the Unicode test.
  if (after < 0x80 && before < 0x80) return isAsciiAlnum(after) && isAsciiAlnum(before);
  if (after >= 0xdc00 && after <= 0xdfff && before >= 0xd800 && before <= 0xdbff) return true;
  const left = charBefore(text, offset);
  const right = String.fromCodePoint(text.codePointAt(offset)!);
  return WORD.test(left) && WORD.test(right) && !UNSPACED.test(left) && !UNSPACED.test(right);
}

function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function charBefore(text: string, offset: number): string {
  const low = text.charCodeAt(offset - 1);
  if (low >= 0xdc00 && low <= 0xdfff && offset >= 2) {
    const high = text.charCodeAt(offset - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(offset - 2, offset);
  }
  return text[offset - 1]!;
}
