/**
 * What the quality scores need to know about a document, computed once per document and reused by
 * every run: sentence spans, heading lines, and prefix sums of non-whitespace characters (and,
 * lazily, of UTF-8 bytes), so that each score of a run costs O(log n) per chunk.
 */
import type { DocModel } from "../document";
import { isSpace, segmentSentences } from "../text/segment";

export interface DocIndex {
  /** Sentence starts and ends (Intl.Segmenter sentences, trimmed; a paragraph break ends one), ascending. */
  sentenceStarts: Uint32Array;
  sentenceEnds: Uint32Array;
  /** Heading lines [start, end) (end = last non-space character of the line + 1), ascending by start. */
  headingLineStarts: Uint32Array;
  headingLineEnds: Uint32Array;
  /** Where each heading's title starts (the line may begin with markup such as "## "). */
  headingTitleStarts: Uint32Array;
  /** nonSpace[i] = non-whitespace characters in text[0, i). */
  nonSpace: Uint32Array;
  /** utf8[i] = UTF-8 bytes of text[0, i); built on first use (only byte-sized chunkers need it). */
  utf8(): Uint32Array;
}

// Keyed by the DocModel object: the engine worker keeps one object per open document, so a slider
// move finds its index, and a closed document's index goes with it.
const cache = new WeakMap<DocModel, DocIndex>();

export function docIndex(doc: DocModel): DocIndex {
  let index = cache.get(doc);
  if (!index) {
    index = buildIndex(doc);
    cache.set(doc, index);
  }
  return index;
}

function buildIndex(doc: DocModel): DocIndex {
  const text = doc.text;
  const lines = doc.headings
    .map((h) => {
      const start = text.lastIndexOf("\n", h.start - 1) + 1;
      const newline = text.indexOf("\n", h.start);
      let end = newline < 0 ? text.length : newline;
      while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
      return { start, end, title: h.start, newline };
    })
    .sort((a, b) => a.start - b.start);

  const keep = new Set<number>();
  for (const l of lines) {
    if (l.start > 0) keep.add(l.start - 1);
    if (l.newline >= 0) keep.add(l.newline);
  }
  const sentences = segmentSentences(unwrapLines(text, keep));
  const sentenceStarts = Uint32Array.from(sentences, (s) => s.start);
  const sentenceEnds = Uint32Array.from(sentences, (s) => s.end);

  const nonSpace = new Uint32Array(text.length + 1);
  for (let i = 0; i < text.length; i++)
    nonSpace[i + 1] = nonSpace[i]! + (isSpace(text.charCodeAt(i)) ? 0 : 1);

  let utf8: Uint32Array | null = null;
  return {
    sentenceStarts,
    sentenceEnds,
    headingLineStarts: Uint32Array.from(lines, (l) => l.start),
    headingLineEnds: Uint32Array.from(lines, (l) => l.end),
    headingTitleStarts: Uint32Array.from(lines, (l) => l.title),
    nonSpace,
    utf8() {
      utf8 ??= utf8Prefix(text);
      return utf8;
    },
  };
}

/**
 * The text with line wraps turned into spaces (same length, so offsets hold): Intl.Segmenter ends
 * a sentence at every line feed, and extracted PDF text has one at the end of every printed line,
 * which would make every line a "sentence". Line feeds stay where a line is a unit of its own: a
 * blank line (paragraph break), a heading line (`keep`), a list item or a table row.
 */
export function unwrapLines(text: string, keep: ReadonlySet<number>): string {
  return text.replace(/\n/g, (lf, offset: number) => {
    if (keep.has(offset)) return lf;
    let before = offset - 1;
    while (before >= 0 && isBlank(text.charCodeAt(before))) before--;
    if (before < 0 || text.charCodeAt(before) === 10) return lf;
    const rest = LINE_UNIT.exec(text.slice(offset + 1, offset + 8));
    return rest ? lf : " ";
  });
}

/** What the next line starts with when it must stay a line: a blank line, a list item, a table row, a heading. */
const LINE_UNIT = /^[ \t]*(?:$|\n|[-*+•▪◦‣–—]\s|\d{1,3}[.)]\s|#|\|)/;

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 12 || code === 11;
}

function utf8Prefix(text: string): Uint32Array {
  const out = new Uint32Array(text.length + 1);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let bytes: number;
    if (code < 0x80) bytes = 1;
    else if (code < 0x800) bytes = 2;
    // A surrogate pair is 4 bytes, 2 per half; a lone surrogate (3 bytes as U+FFFD) is off by
    // one, which a size histogram can bear.
    else if (code >= 0xd800 && code <= 0xdfff) bytes = 2;
    else bytes = 3;
    out[i + 1] = out[i]! + bytes;
  }
  return out;
}
