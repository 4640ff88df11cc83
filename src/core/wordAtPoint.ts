/**
 * The word under a point of a page (DESIGN §12: an answer is marked word to word, mid-line, across
 * lines and pages). The point lands in a run (or the nearest run on that page); the run's box is
 * cut along its writing direction by glyph advances, as citations cut it, to find the character;
 * the word is that character's run of letters, digits and joiners in the document's text.
 */
import type { DocModel, TextRun } from "./document";
import { advanceBetween, glyphAdvance } from "./text/glyphAdvance";

export interface WordRange {
  start: number;
  end: number;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}_'’-]/u;

const isWordChar = (text: string, i: number) => i >= 0 && i < text.length && WORD_CHAR.test(text[i]!);

/**
 * How far the point is from the run's box (0 inside it), lines first: a point beside the end of a
 * line belongs to that line however long the line above it runs.
 */
function farness(run: TextRun, x: number, y: number): number {
  const dx = x < run.x0 ? run.x0 - x : x > run.x1 ? x - run.x1 : 0;
  const dy = y < run.y0 ? run.y0 - y : y > run.y1 ? y - run.y1 : 0;
  return dy * 1e6 + dx;
}

/** The share of the run's advance before the point, along the run's direction (0…1). */
function fractionAlong(run: TextRun, x: number, y: number): number {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const w = run.x1 - run.x0 || 1;
  const h = run.y1 - run.y0 || 1;
  switch (run.dir ?? "ltr") {
    case "ltr":
      return clamp((x - run.x0) / w);
    case "rtl":
      return clamp((run.x1 - x) / w);
    case "ttb":
      return clamp((y - run.y0) / h);
    case "btt":
      return clamp((run.y1 - y) / h);
  }
}

/** The character of `run` under the share `f` of its advance. */
function charAt(text: string, run: TextRun, f: number): number {
  const total = advanceBetween(text, run.start, run.end);
  const target = f * total;
  let sum = 0;
  for (let i = run.start; i < run.end; i++) {
    sum += glyphAdvance(text.charCodeAt(i));
    if (sum > target) return i;
  }
  return Math.max(run.start, run.end - 1);
}

/**
 * The word at (x, y) in page points of `page`, or null when the page has no text. A point between
 * words takes the nearest word of its run; a point off every run takes the nearest run's.
 */
export function wordAtPoint(
  doc: Pick<DocModel, "runs" | "text">,
  page: number,
  x: number,
  y: number,
): WordRange | null {
  let best: TextRun | undefined;
  let bestD = Infinity;
  for (const run of doc.runs) {
    if (run.page !== page || run.end <= run.start) continue;
    const d = farness(run, x, y);
    if (d < bestD) {
      best = run;
      bestD = d;
      if (d === 0) break;
    }
  }
  if (!best) return null;
  const { text } = doc;
  let i = charAt(text, best, fractionAlong(best, x, y));
  if (!isWordChar(text, i)) {
    // Between words: the nearer word in the run, by characters.
    let left = i;
    let right = i;
    while (left >= best.start && !isWordChar(text, left)) left--;
    while (right < best.end && !isWordChar(text, right)) right++;
    const hasLeft = left >= best.start;
    const hasRight = right < best.end;
    if (!hasLeft && !hasRight) return /\S/.test(text[i] ?? "") ? { start: i, end: i + 1 } : null;
    i = !hasRight || (hasLeft && i - left <= right - i) ? left : right;
  }
  let start = i;
  let end = i + 1;
  while (isWordChar(text, start - 1)) start--;
  while (isWordChar(text, end)) end++;
  return { start, end };
}

/** The range from one word to another, in text order whichever was first. */
export function spanOfWords(a: WordRange, b: WordRange): WordRange {
  return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
}

/** Where the word after `end` ends (keyboard: the selection grows by a word); `end` at the last word. */
export function nextWordEnd(text: string, end: number): number {
  let i = end;
  while (i < text.length && !isWordChar(text, i)) i++;
  if (i >= text.length) return end;
  while (isWordChar(text, i)) i++;
  return i;
}

/** Where the word before the last one of [start, end) ends (the selection shrinks by a word); never below start's word. */
export function previousWordEnd(text: string, start: number, end: number): number {
  let i = end;
  while (i > start && isWordChar(text, i - 1)) i--;
  while (i > start && !isWordChar(text, i - 1)) i--;
  return i > start ? i : end;
}

/** Where the word before `start` starts (the selection grows backwards by a word). */
export function previousWordStart(text: string, start: number): number {
  let i = start;
  while (i > 0 && !isWordChar(text, i - 1)) i--;
  if (i === 0) return start;
  while (isWordChar(text, i - 1)) i--;
  return i;
}

/** Where the word after the first one of [start, end) starts (the selection loses its first word); never past end's word. */
export function nextWordStart(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && isWordChar(text, i)) i++;
  while (i < end && !isWordChar(text, i)) i++;
  return i < end ? i : start;
}
