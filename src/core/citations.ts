/**
 * A character range → the pages it cites and one rectangle per covered line. The only place pages
 * and boxes are computed, for every chunker.
 */
import type { DocModel, PageRect, TextRun } from "./document";
import { isVerticalRun, packedRunsOf, runAt, type PackedRuns } from "./packedDocModel";
import { firstIndexWhere } from "./text/bisect";
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
  forEachCoveredRun(doc, start, end, (runs, i, from, to) => {
    const run = runAt(runs, i);
    out.push({ run, ...partOfRun(doc.text, run, from, to) });
  });
  return out;
}

/**
 * Each run [start, end) covers, with the covered characters [from, to) trimmed of whitespace. Runs
 * are read packed (core/packedDocModel): every chunk of every run passes here, and a worker's model
 * never builds its hundreds of thousands of run objects.
 */
function forEachCoveredRun(
  doc: Pick<DocModel, "runs" | "text">,
  start: number,
  end: number,
  visit: (runs: PackedRuns, i: number, from: number, to: number) => void,
): void {
  const runs = packedRunsOf(doc);
  const ints = runs.ints;
  const n = runs.font.length;
  const text = doc.text;
  for (let i = firstIndexWhere(0, n, (k) => ints[k * 3 + 2]! > start); i < n; i++) {
    const runStart = ints[i * 3 + 1]!;
    if (runStart >= end) break;
    let from = Math.max(start, runStart);
    let to = Math.min(end, ints[i * 3 + 2]!);
    while (from < to && isSpace(text.charCodeAt(from))) from++;
    while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
    if (from < to) visit(runs, i, from, to);
  }
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
 *
 * Every chunk of every run goes through here, so it streams: each run's covered part goes straight
 * into the line being merged, with no rectangle object per run.
 */
export function lineBoxes(doc: Pick<DocModel, "runs" | "text">, start: number, end: number): PageRect[] {
  const merger = new LineMerger();
  forEachCoveredRun(doc, start, end, (runs, i, from, to) => {
    const page = runs.ints[i * 3]!;
    const vertical = isVerticalRun(runs, i);
    const f = runs.floats;
    const fontSize = f[i * 5 + 4]!;
    if (from <= runs.ints[i * 3 + 1]! && to >= runs.ints[i * 3 + 2]!)
      merger.add(page, vertical, fontSize, f[i * 5]!, f[i * 5 + 1]!, f[i * 5 + 2]!, f[i * 5 + 3]!);
    else {
      const part = partOfRun(doc.text, runAt(runs, i), from, to);
      merger.add(page, vertical, fontSize, part.x0, part.y0, part.x1, part.y1);
    }
  });
  return merger.finish();
}

const MAX_GAP_IN_FONT_SIZES = 2.5;

export function mergeLineRects(rects: readonly RunRect[]): PageRect[] {
  const merger = new LineMerger();
  for (const r of rects) {
    const vertical = r.run.dir === "ttb" || r.run.dir === "btt";
    merger.add(r.run.page, vertical, r.run.fontSize, r.x0, r.y0, r.x1, r.y1);
  }
  return merger.finish();
}

/** The line being merged, and the boxes of the lines closed so far. */
class LineMerger {
  private readonly out: PageRect[] = [];
  private open = false;
  private page = 0;
  private x0 = 0;
  private y0 = 0;
  private x1 = 0;
  private y1 = 0;
  private vertical = false;
  private fontSize = 0;

  add(
    page: number,
    vertical: boolean,
    fontSize: number,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
  ): void {
    if (
      this.open &&
      this.page === page &&
      vertical === this.vertical &&
      this.sameLine(x0, y0, x1, y1, fontSize)
    ) {
      this.x0 = Math.min(this.x0, x0);
      this.y0 = Math.min(this.y0, y0);
      this.x1 = Math.max(this.x1, x1);
      this.y1 = Math.max(this.y1, y1);
      this.fontSize = Math.max(this.fontSize, fontSize);
      return;
    }
    this.close();
    this.open = true;
    this.page = page;
    this.x0 = x0;
    this.y0 = y0;
    this.x1 = x1;
    this.y1 = y1;
    this.vertical = vertical;
    this.fontSize = fontSize;
  }

  finish(): PageRect[] {
    this.close();
    return this.out;
  }

  private close(): void {
    if (!this.open) return;
    this.out.push({ page: this.page, x0: r2(this.x0), y0: r2(this.y0), x1: r2(this.x1), y1: r2(this.y1) });
    this.open = false;
  }

  /** The rect overlaps the line across its direction by half the smaller extent, with a small gap along it. */
  private sameLine(x0: number, y0: number, x1: number, y1: number, fontSize: number): boolean {
    const v = this.vertical;
    const a0 = v ? this.x0 : this.y0;
    const a1 = v ? this.x1 : this.y1;
    const b0 = v ? x0 : y0;
    const b1 = v ? x1 : y1;
    const overlap = Math.min(a1, b1) - Math.max(a0, b0);
    if (overlap < 0.5 * Math.min(a1 - a0, b1 - b0)) return false;
    const l0 = v ? this.y0 : this.x0;
    const l1 = v ? this.y1 : this.x1;
    const s0 = v ? y0 : x0;
    const s1 = v ? y1 : x1;
    const gap = Math.max(s0 - l1, l0 - s1);
    return gap <= MAX_GAP_IN_FONT_SIZES * Math.max(this.fontSize, fontSize, 1);
  }
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
  return firstIndexWhere(0, pages.length, (i) => pages[i]!.textEnd > offset);
}

function hasVisibleChar(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(text.charCodeAt(i))) return true;
  return false;
}
