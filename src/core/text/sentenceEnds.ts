/**
 * Sentence ends as cut positions (the hierarchical and entity chunkers' "sentence ends by
 * Intl.Segmenter") and the test of whether a chunk ends at one. Unicode's sentence rules end a
 * sentence at every line break, but in extracted PDF text a single line break is mostly a wrap
 * inside a sentence: single line breaks are read as spaces, and only a blank line (a paragraph
 * end) ends a sentence without punctuation (CHUNKERS.md).
 */
import { isSpace } from "./segment";

const segmenters = new Map<string, Intl.Segmenter>();
function sentenceSegmenter(locale: string): Intl.Segmenter {
  let s = segmenters.get(locale);
  if (!s) {
    s = new Intl.Segmenter(locale, { granularity: "sentence" });
    segmenters.set(locale, s);
  }
  return s;
}

/**
 * Positions strictly inside (start, end) where a sentence ends, ascending. Intl.Segmenter gives a
 * sentence its trailing whitespace; the cut is placed before that whitespace instead, so the next
 * piece starts with it — as a kept separator starts its piece, and as the tokenizer attaches a
 * space to the word after it.
 */
export function sentenceCuts(text: string, start: number, end: number, locale = "en"): number[] {
  const cuts: number[] = [];
  let last = start;
  for (const seg of sentenceSegmenter(locale).segment(unwrapLineBreaks(text.slice(start, end)))) {
    let at = start + seg.index;
    while (at > last && isSpace(text.charCodeAt(at - 1))) at--;
    if (at > last && at < end) {
      cuts.push(at);
      last = at;
    }
  }
  return cuts;
}

/**
 * The text with every single line break read as a space (same length, so offsets hold); a line
 * break beside another, across blanks — a paragraph end — stays.
 */
export function unwrapLineBreaks(text: string): string {
  return text.replace(/\r?\n/g, (lf, offset: number) => {
    let before = offset - 1;
    while (before >= 0 && isBlankInLine(text.charCodeAt(before))) before--;
    let after = offset + lf.length;
    while (after < text.length && isBlankInLine(text.charCodeAt(after))) after++;
    const paragraph =
      text.charCodeAt(before) === 10 || text.charCodeAt(after) === 10 || text.charCodeAt(after) === 13;
    return paragraph ? lf : " ".repeat(lf.length);
  });
}

const isBlankInLine = (code: number) => code === 32 || code === 9 || code === 12 || code === 11;

/** How far around a chunk's end the segmenter looks: sentences are found in context. */
const WINDOW = 600;

/**
 * Whether `end` (a chunk's trimmed end) is a sentence end: only whitespace up to `limit` (the end
 * of its section), a paragraph end (a blank line) in the whitespace after it, or a sentence
 * boundary there. A bare line wrap is not one.
 */
export function endsSentence(text: string, end: number, limit: number, locale = "en"): boolean {
  let next = end;
  let lineBreaks = 0;
  while (next < limit && isSpace(text.charCodeAt(next))) {
    if (text.charCodeAt(next) === 10 && ++lineBreaks === 2) return true;
    next++;
  }
  if (next >= limit) return true;
  const paragraphStart = text.lastIndexOf("\n\n", end - 1);
  const from = Math.max(paragraphStart < 0 ? 0 : paragraphStart + 2, end - WINDOW);
  let to = text.indexOf("\n\n", end);
  if (to < 0 || to > end + WINDOW) to = Math.min(text.length, end + WINDOW);
  return sentenceCuts(text, from, to, locale).includes(end);
}
