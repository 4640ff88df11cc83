/**
 * The four checks an outside grader makes on chunk citations, with poppler's word boxes as the
 * truth: page citations, coverage of a chunk's words by its boxes, boxes lying on text, and
 * tightness (the words under a chunk's boxes are that chunk's words).
 */
import type { Chunk } from "../../src/core/chunk";
import type { PageRect } from "../../src/core/document";
import type { PopplerWord } from "../pdf/poppler";
import type { Located, LocatedWord } from "./locate";

/** A word is under a box when its centre is inside it, x within ±X_TOL and y within ±Y_TOL points. */
const X_TOL = 1;
const Y_TOL = 2;

export interface Ratio {
  ok: number;
  total: number;
}

export interface Measured {
  /** Share of poppler words (with visible text, on scored pages) located in our text. */
  located: Ratio;
  /** 1. Located words whose chunk(s) cite the word's page. */
  pages: Ratio;
  /** 2. Words wholly inside a chunk's range that its boxes cover. */
  coverage: Ratio;
  /** 3. Boxes overlapping at least one poppler word substantially. */
  onText: Ratio;
  /** 4. Words under a chunk's boxes that are the chunk's own (unlocated words left out). */
  tightness: Ratio;
  /** 4'. The same, counting words we could not locate as foreign. */
  tightnessStrict: Ratio;
  /** Variants a grader might use instead: coverage by area alone (≥ 50% of the word inside a box). */
  coverageByArea: Ratio;
  /** Coverage of the words a chunk boundary splits (each such word, for each chunk it straddles). */
  coverageSplitWords: Ratio;
  /** Tightness with "under a box" meaning ≥ 50% of the word's area inside it. */
  tightnessByArea: Ratio;
  /** Boxes holding an empty stretch wider than a column gutter between the words under them. */
  spanning: Ratio;
  /** Pairs of boxes of one chunk on one line that touch (one line drawn as two boxes). */
  splitLines: Ratio;
  chunks: number;
  boxes: number;
  /** A few failures of each check, for the report. */
  examples: Record<"pages" | "coverage" | "onText" | "tightness" | "spanning" | "splitLines", string[]>;
}

export interface MeasureOptions {
  /** Pages to score (all when absent): only words and boxes on them count. */
  scorePage?: (page: number) => boolean;
  /** Failures kept per check. */
  keepExamples?: number;
}

const area = (x0: number, y0: number, x1: number, y1: number): number =>
  Math.max(0, x1 - x0) * Math.max(0, y1 - y0);

function intersection(b: PageRect, w: PopplerWord): number {
  return area(Math.max(b.x0, w.xMin), Math.max(b.y0, w.yMin), Math.min(b.x1, w.xMax), Math.min(b.y1, w.yMax));
}

/** Word centre inside the box (x precise, y loose: extractors disagree on glyph heights). */
function centreInside(b: PageRect, w: PopplerWord): boolean {
  const cx = (w.xMin + w.xMax) / 2;
  const cy = (w.yMin + w.yMax) / 2;
  return cx >= b.x0 - X_TOL && cx <= b.x1 + X_TOL && cy >= b.y0 - Y_TOL && cy <= b.y1 + Y_TOL;
}

/** Share of the word's area inside the box (0 on another page). */
function areaInside(b: PageRect, w: PopplerWord): number {
  if (b.page !== w.page) return 0;
  const a = area(w.xMin, w.yMin, w.xMax, w.yMax);
  return a > 0 ? intersection(b, w) / a : 0;
}

/** Covered: centre inside, or at least half the word's area inside. */
function covers(b: PageRect, w: PopplerWord): boolean {
  if (b.page !== w.page) return false;
  if (centreInside(b, w)) return true;
  const a = area(w.xMin, w.yMin, w.xMax, w.yMax);
  return a > 0 && intersection(b, w) >= 0.5 * a;
}

/** The box overlaps the word by at least half of the smaller of the two. */
function onWord(b: PageRect, w: PopplerWord): boolean {
  const small = Math.min(area(b.x0, b.y0, b.x1, b.y1), area(w.xMin, w.yMin, w.xMax, w.yMax));
  return intersection(b, w) >= 0.5 * small && intersection(b, w) > 0;
}

/** Index of the first chunk (sorted by start) whose end lies after `offset`. */
function firstChunkEndingAfter(chunks: readonly Chunk[], offset: number): number {
  let lo = 0;
  let hi = chunks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (chunks[mid]!.end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const wordLabel = (w: PopplerWord): string =>
  `p${w.page} ${JSON.stringify(w.text)} [${w.xMin.toFixed(1)},${w.yMin.toFixed(1)},${w.xMax.toFixed(1)},${w.yMax.toFixed(1)}]`;
const boxLabel = (b: PageRect): string => `p${b.page} [${b.x0},${b.y0},${b.x1},${b.y1}]`;

export function measure(
  chunks: readonly Chunk[],
  words: readonly PopplerWord[],
  loc: Located,
  options: MeasureOptions = {},
): Measured {
  const scored = options.scorePage ?? (() => true);
  const keep = options.keepExamples ?? 5;
  const m: Measured = {
    located: { ok: 0, total: 0 },
    pages: { ok: 0, total: 0 },
    coverage: { ok: 0, total: 0 },
    onText: { ok: 0, total: 0 },
    tightness: { ok: 0, total: 0 },
    tightnessStrict: { ok: 0, total: 0 },
    coverageByArea: { ok: 0, total: 0 },
    coverageSplitWords: { ok: 0, total: 0 },
    tightnessByArea: { ok: 0, total: 0 },
    spanning: { ok: 0, total: 0 },
    splitLines: { ok: 0, total: 0 },
    chunks: 0,
    boxes: 0,
    examples: { pages: [], coverage: [], onText: [], tightness: [], spanning: [], splitLines: [] },
  };
  const note = (kind: keyof Measured["examples"], s: () => string): void => {
    if (m.examples[kind].length < keep) m.examples[kind].push(s());
  };
  // Chunks are expected in document order (every chunker's output is).
  const sorted = [...chunks].sort((a, b) => a.start - b.start || a.end - b.end);

  const locatedOf = new Map<PopplerWord, LocatedWord>();
  for (const l of loc.located) locatedOf.set(l.word, l);
  m.located.ok = loc.located.filter((l) => scored(l.word.page)).length;
  m.located.total = m.located.ok + loc.missed.filter((w) => scored(w.page)).length;

  const wordsByPage = new Map<number, PopplerWord[]>();
  for (const w of words) {
    let list = wordsByPage.get(w.page);
    if (!list) wordsByPage.set(w.page, (list = []));
    list.push(w);
  }

  // 1. Every chunk sharing a character with the word cites the word's page.
  for (const l of loc.located) {
    if (!scored(l.word.page)) continue;
    m.pages.total += 1;
    let any = false;
    let all = true;
    for (let i = firstChunkEndingAfter(sorted, l.start); i < sorted.length; i++) {
      const c = sorted[i]!;
      if (c.start >= l.end) break;
      if (c.end <= l.start) continue;
      any = true;
      if (!c.pages.includes(l.word.page)) {
        all = false;
        note("pages", () => `${wordLabel(l.word)} in chunk ${c.index} citing ${c.pages.join(",")}`);
      }
    }
    if (any && all) m.pages.ok += 1;
    else if (!any) note("pages", () => `${wordLabel(l.word)} in no chunk`);
  }

  for (const c of sorted) {
    if (!c.pages.some(scored)) continue;
    m.chunks += 1;
    // 2. Coverage of the words wholly inside the chunk's range.
    for (let i = lowerBound(loc.located, c.start); i < loc.located.length; i++) {
      const l = loc.located[i]!;
      if (l.start >= c.end) break;
      if (l.end > c.end || !scored(l.word.page)) continue;
      m.coverageByArea.total += 1;
      if (c.boxes.some((b) => b.page === l.word.page && areaInside(b, l.word) >= 0.5))
        m.coverageByArea.ok += 1;
      m.coverage.total += 1;
      if (c.boxes.some((b) => covers(b, l.word))) m.coverage.ok += 1;
      else
        note(
          "coverage",
          () =>
            `chunk ${c.index}: ${wordLabel(l.word)} not under ${c.boxes
              .filter((b) => b.page === l.word.page)
              .map(boxLabel)
              .join(" ")}`,
        );
    }
    for (const l of splitWords(loc.located, c)) {
      if (!scored(l.word.page)) continue;
      m.coverageSplitWords.total += 1;
      if (c.boxes.some((b) => covers(b, l.word))) m.coverageSplitWords.ok += 1;
    }
    // 3. Every box on text.
    const boxes = c.boxes.filter((b) => scored(b.page));
    for (const b of boxes) {
      m.boxes += 1;
      m.onText.total += 1;
      if ((wordsByPage.get(b.page) ?? []).some((w) => onWord(b, w))) m.onText.ok += 1;
      else note("onText", () => `chunk ${c.index}: ${boxLabel(b)}`);
    }
    // 5. No box bridges a gutter; 6. no line is drawn as two touching boxes.
    for (const b of boxes) {
      m.spanning.total += 1;
      const gap = widestGap(b, wordsByPage.get(b.page) ?? []);
      if (gap.wide)
        note("spanning", () => `chunk ${c.index}: ${boxLabel(b)} empty for ${gap.size.toFixed(1)} pt`);
      else m.spanning.ok += 1;
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.page !== b.page) continue;
        m.splitLines.total += 1;
        if (touchOnOneLine(a, b)) note("splitLines", () => `chunk ${c.index}: ${boxLabel(a)} ${boxLabel(b)}`);
        else m.splitLines.ok += 1;
      }
    }
    // 4. The words under the boxes are the chunk's own (a word split by a boundary counts for both).
    for (const page of c.pages) {
      if (!scored(page)) continue;
      const onPage = boxes.filter((b) => b.page === page);
      if (onPage.length === 0) continue;
      for (const w of wordsByPage.get(page) ?? []) {
        const l = locatedOf.get(w);
        const own = l !== undefined && l.start < c.end && l.end > c.start;
        if (l !== undefined && onPage.some((b) => areaInside(b, w) >= 0.5)) {
          m.tightnessByArea.total += 1;
          if (own) m.tightnessByArea.ok += 1;
        }
        if (!onPage.some((b) => centreInside(b, w))) continue;
        m.tightnessStrict.total += 1;
        if (own) m.tightnessStrict.ok += 1;
        if (l === undefined) continue;
        m.tightness.total += 1;
        if (own) m.tightness.ok += 1;
        else
          note(
            "tightness",
            () => `chunk ${c.index} [${c.start},${c.end}): ${wordLabel(w)} at [${l.start},${l.end})`,
          );
      }
    }
  }
  return m;
}

/** Along the box's line, the widest stretch of it no poppler word covers (ends included). */
function widestGap(b: PageRect, words: readonly PopplerWord[]): { wide: boolean; size: number } {
  const vertical = b.y1 - b.y0 > 3 * (b.x1 - b.x0);
  const thick = vertical ? b.x1 - b.x0 : b.y1 - b.y0;
  const spans: [number, number][] = [];
  for (const w of words) {
    if (w.page !== b.page) continue;
    // Words on the box's line (centre across it inside) that reach into the box along it.
    const [c, lo, hi, s0, s1] = vertical
      ? [(w.xMin + w.xMax) / 2, b.x0 - X_TOL, b.x1 + X_TOL, w.yMin, w.yMax]
      : [(w.yMin + w.yMax) / 2, b.y0 - Y_TOL, b.y1 + Y_TOL, w.xMin, w.xMax];
    const [a0, a1] = vertical ? [b.y0, b.y1] : [b.x0, b.x1];
    if (c < lo || c > hi || s1 <= a0 || s0 >= a1) continue;
    spans.push([s0, s1]);
  }
  if (spans.length === 0) return { wide: false, size: 0 };
  spans.sort((p, q) => p[0] - q[0]);
  let reach = vertical ? b.y0 : b.x0;
  let size = 0;
  for (const [s0, s1] of spans) {
    size = Math.max(size, s0 - reach);
    reach = Math.max(reach, s1);
  }
  size = Math.max(size, (vertical ? b.y1 : b.x1) - reach);
  return { wide: size > Math.max(2 * thick, 6), size };
}

/**
 * Two boxes on one line (overlapping across by half the thinner) with less than a line's thickness
 * between them along it: one line drawn as two boxes.
 */
function touchOnOneLine(a: PageRect, b: PageRect): boolean {
  // Vertical lines (rotated text) only when both boxes are clearly long and thin.
  const vertical = a.y1 - a.y0 > 3 * (a.x1 - a.x0) && b.y1 - b.y0 > 3 * (b.x1 - b.x0);
  const [a0, a1, b0, b1] = vertical ? [a.x0, a.x1, b.x0, b.x1] : [a.y0, a.y1, b.y0, b.y1];
  const [p0, p1, q0, q1] = vertical ? [a.y0, a.y1, b.y0, b.y1] : [a.x0, a.x1, b.x0, b.x1];
  const thin = Math.min(a1 - a0, b1 - b0);
  const across = Math.min(a1, b1) - Math.max(a0, b0);
  const gap = Math.max(p0, q0) - Math.min(p1, q1);
  return across >= 0.5 * thin && gap < thin;
}

/** Located words that a boundary of the chunk cuts (partly inside its range, partly outside). */
function splitWords(located: readonly LocatedWord[], c: Chunk): LocatedWord[] {
  const out: LocatedWord[] = [];
  // Words are short: look a little before the chunk's start for one reaching into it.
  for (let i = Math.max(0, lowerBound(located, c.start) - 8); i < located.length; i++) {
    const l = located[i]!;
    if (l.start >= c.end) break;
    if (l.end <= c.start) continue;
    if (l.start < c.start || l.end > c.end) out.push(l);
  }
  return out;
}

function lowerBound(located: readonly LocatedWord[], offset: number): number {
  let lo = 0;
  let hi = located.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (located[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const share = (r: Ratio): number => (r.total === 0 ? 1 : r.ok / r.total);
