/**
 * A character range → the pages it cites and one rectangle per covered line. The only place pages
 * and boxes are computed, for every chunker.
 */
import { firstRunEndingAfter, type DocModel, type PageRect, type TextRun } from "./document";
import { advanceBetween } from "./text/glyphAdvance";
import { isSpace } from "./text/segment";

export interface Citation {
  pages: number[];
  boxes: PageRect[];
}

/** 1-based pages holding a non-whitespace character of [start, end). */
export function citedPages(doc: Pick<DocModel, "pages" | "text">, start: number, end: number): number[] {
  const out: number[] = [];
  const pages = doc.pages;
  for (let i = firstPageEndingAfter(pages, start); i < pages.length; i++) {
    const page = pages[i]!;
    if (page.textStart >= end) break;
    const from = Math.max(start, page.textStart);
    const to = Math.min(end, page.textEnd);
    if (hasVisibleChar(doc.text, from, to)) out.push(page.number);
  }
  return out;
}

export function cite(doc: DocModel, start: number, end: number): Citation {
  return { pages: citedPages(doc, start, end), boxes: lineBoxes(doc, start, end) };
}

/**
 * The covered part of each run in [start, end), as a rectangle; whitespace-only parts are skipped,
 * and whitespace at either end of a part is left out (a range starting at the space after a word
 * must not reach back over that word's last glyph).
 */
export function coveredRunRects(doc: Pick<DocModel, "runs" | "text">, start: number, end: number): RunRect[] {
  const out: RunRect[] = [];
  const runs = doc.runs;
  const text = doc.text;
  for (let i = firstRunEndingAfter(runs, start); i < runs.length; i++) {
    const run = runs[i]!;
    if (run.start >= end) break;
    let from = Math.max(start, run.start);
    let to = Math.min(end, run.end);
    while (from < to && isSpace(text.charCodeAt(from))) from++;
    while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
    if (from === to) continue;
    out.push({ run, ...partOfRun(text, run, from, to) });
  }
  return out;
}

export interface RunRect {
  run: TextRun;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The rectangle of characters [from, to) of a run: the run's box cut along its writing direction
 * in proportion to the glyph advances of the characters before, inside and after the range.
 */
export function partOfRun(text: string, run: TextRun, from: number, to: number): Omit<RunRect, "run"> {
  const { x0, y0, x1, y1 } = run;
  if (from <= run.start && to >= run.end) return { x0, y0, x1, y1 };
  const total = advanceBetween(text, run.start, run.end);
  if (total <= 0) return { x0, y0, x1, y1 };
  const a = advanceBetween(text, run.start, from) / total;
  const b = advanceBetween(text, run.start, to) / total;
  switch (run.dir ?? "ltr") {
    case "ltr":
      return { x0: x0 + a * (x1 - x0), x1: x0 + b * (x1 - x0), y0, y1 };
    case "rtl":
      return { x0: x1 - b * (x1 - x0), x1: x1 - a * (x1 - x0), y0, y1 };
    case "ttb":
      return { x0, x1, y0: y0 + a * (y1 - y0), y1: y0 + b * (y1 - y0) };
    case "btt":
      return { x0, x1, y0: y1 - b * (y1 - y0), y1: y1 - a * (y1 - y0) };
  }
}

/**
 * One rectangle per covered line: consecutive covered runs (in text order) on the same page and
 * the same line are merged. Runs "share a line" when they advance along the same axis and overlap
 * across it by at least half the smaller extent; a gap wider than a few font sizes along the line
 * (table cells, a column gutter) starts a new box, so boxes stay tight.
 */
export function lineBoxes(doc: Pick<DocModel, "runs" | "text">, start: number, end: number): PageRect[] {
  return mergeLineRects(coveredRunRects(doc, start, end));
}

const MAX_GAP_IN_FONT_SIZES = 2.5;

export function mergeLineRects(rects: readonly RunRect[]): PageRect[] {
  const out: PageRect[] = [];
  let line: PageRect | null = null;
  let vertical = false;
  let fontSize = 0;
  for (const r of rects) {
    const isVertical = r.run.dir === "ttb" || r.run.dir === "btt";
    if (
      line &&
      line.page === r.run.page &&
      isVertical === vertical &&
      sameLine(line, r, vertical, fontSize)
    ) {
      line.x0 = Math.min(line.x0, r.x0);
      line.y0 = Math.min(line.y0, r.y0);
      line.x1 = Math.max(line.x1, r.x1);
      line.y1 = Math.max(line.y1, r.y1);
      fontSize = Math.max(fontSize, r.run.fontSize);
      continue;
    }
    if (line) out.push(round(line));
    line = { page: r.run.page, x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1 };
    vertical = isVertical;
    fontSize = r.run.fontSize;
  }
  if (line) out.push(round(line));
  return out;
}

function sameLine(line: PageRect, r: RunRect, vertical: boolean, fontSize: number): boolean {
  const [a0, a1, b0, b1] = vertical ? [line.x0, line.x1, r.x0, r.x1] : [line.y0, line.y1, r.y0, r.y1];
  const overlap = Math.min(a1, b1) - Math.max(a0, b0);
  if (overlap < 0.5 * Math.min(a1 - a0, b1 - b0)) return false;
  const [l0, l1, s0, s1] = vertical ? [line.y0, line.y1, r.y0, r.y1] : [line.x0, line.x1, r.x0, r.x1];
  const gap = Math.max(s0 - l1, l0 - s1);
  return gap <= MAX_GAP_IN_FONT_SIZES * Math.max(fontSize, r.run.fontSize, 1);
}

function round(r: PageRect): PageRect {
  return { page: r.page, x0: r2(r.x0), y0: r2(r.y0), x1: r2(r.x1), y1: r2(r.y1) };
}
const r2 = (v: number) => Math.round(v * 100) / 100;

/** [x0, y0, x1, y1]: the union of the boxes on one page (the seed's single bbox), or null. */
export function unionOnPage(
  boxes: readonly PageRect[],
  page: number | null,
): [number, number, number, number] | null {
  let u: [number, number, number, number] | null = null;
  for (const b of boxes) {
    if (b.page !== page) continue;
    u = u
      ? [Math.min(u[0], b.x0), Math.min(u[1], b.y0), Math.max(u[2], b.x1), Math.max(u[3], b.y1)]
      : [b.x0, b.y0, b.x1, b.y1];
  }
  return u;
}

function firstPageEndingAfter(pages: DocModel["pages"], offset: number): number {
  let lo = 0;
  let hi = pages.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pages[mid]!.textEnd <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function hasVisibleChar(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(text.charCodeAt(i))) return true;
  return false;
}
