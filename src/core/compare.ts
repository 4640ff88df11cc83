/**
 * A/B comparison of two runs on one document: where their chunk boundaries agree and differ, and
 * how each quality score moved from A to B. Pure: the workbench draws the result, the CLI could
 * print it.
 */
import type { Chunk } from "./chunk";
import { coveredRunRects } from "./citations";
import { runCount } from "./packedDocModel";
import type { DocModel } from "./document";
import type { ScoreId } from "./quality/definitions";
import type { RunQuality } from "./quality/runQuality";
import type { SizeUnit } from "./quality/sizeRules";
import { firstIndexWhere } from "./text/bisect";
import { isSpace } from "./text/segment";

export type BoundaryStatus = "shared" | "only-a" | "only-b";

export interface Boundary {
  /** Normalized offset (see `normalizeBoundary`) into DocModel.text. */
  offset: number;
  status: BoundaryStatus;
}

export interface BoundaryComparison {
  /** Every boundary of either run, ascending by offset, each once. */
  boundaries: Boundary[];
  shared: number;
  onlyA: number;
  onlyB: number;
}

/** What a boundary needs of a chunk; a parent/child run's parents are told apart by `id`/`parentId`. */
export type BoundaryChunk = Pick<Chunk, "id" | "start" | "end" | "parentId">;

/**
 * An offset moved forward past whitespace: a cut before "\n\nNext" and a cut at "Next" are the same
 * decision, and so are a chunk's (trimmed) end and its successor's start. Two offsets are equal after
 * this exactly when only whitespace lies between them.
 */
export function normalizeBoundary(text: string, offset: number): number {
  let i = Math.max(0, Math.min(offset, text.length));
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * The chunks whose edges are cuts: for a parent/child run the leaves (chunks nobody names as their
 * parent), since a parent's edges are also its first and last child's; for any other run, all.
 */
export function leafChunks<T extends BoundaryChunk>(chunks: readonly T[]): readonly T[] {
  const parents = new Set<string>();
  for (const c of chunks) if (c.parentId !== undefined) parents.add(c.parentId);
  return parents.size === 0 ? chunks : chunks.filter((c) => !parents.has(c.id));
}

/**
 * A run's boundaries: the normalized starts and ends of its leaf chunks, ascending and distinct.
 * The start and end of the document's text are no chunker's decision and are left out.
 */
export function runBoundaries(text: string, chunks: readonly BoundaryChunk[]): number[] {
  const first = normalizeBoundary(text, 0);
  const leaves = leafChunks(chunks);
  // Both edges of every leaf in a typed array, sorted natively and deduplicated in one pass: on a
  // drag over 150,000 one-token chunks a Set and a comparator sort were ~60 ms per run.
  const edges = new Float64Array(leaves.length * 2);
  let n = 0;
  for (const c of leaves) {
    const start = normalizeBoundary(text, c.start);
    if (start !== first && start !== text.length) edges[n++] = start;
    const end = normalizeBoundary(text, c.end);
    if (end !== first && end !== text.length) edges[n++] = end;
  }
  const sorted = edges.subarray(0, n).sort();
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) out.push(sorted[i]!);
  return out;
}

export function compareBoundaries(
  text: string,
  a: readonly BoundaryChunk[],
  b: readonly BoundaryChunk[],
): BoundaryComparison {
  const inA = runBoundaries(text, a);
  const inB = runBoundaries(text, b);
  const boundaries: Boundary[] = [];
  let shared = 0;
  let onlyA = 0;
  let onlyB = 0;
  let i = 0;
  let j = 0;
  // Both lists are ascending: one merge pass.
  while (i < inA.length || j < inB.length) {
    const x = i < inA.length ? inA[i]! : Infinity;
    const y = j < inB.length ? inB[j]! : Infinity;
    if (x === y) {
      boundaries.push({ offset: x, status: "shared" });
      shared++;
      i++;
      j++;
    } else if (x < y) {
      boundaries.push({ offset: x, status: "only-a" });
      onlyA++;
      i++;
    } else {
      boundaries.push({ offset: y, status: "only-b" });
      onlyB++;
      j++;
    }
  }
  return { boundaries, shared, onlyA, onlyB };
}

/**
 * Where a boundary is drawn: a segment along the leading edge of the character at its offset,
 * across the line (vertical for horizontal text). Page points, origin top-left.
 */
export interface BoundaryMark extends Boundary {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** How far past a boundary to look for a drawn character (text between runs has no box). */
const MARK_LOOKAHEAD = 16;

/**
 * The marks of boundaries on the page, from core/citations' character boxes. A boundary with no
 * drawn character within MARK_LOOKAHEAD characters (a text-only document, a page without a text
 * layer) has no mark; it still counts in the comparison.
 */
export function boundaryMarks(
  doc: Pick<DocModel, "runs" | "text">,
  boundaries: readonly Boundary[],
): BoundaryMark[] {
  const out: BoundaryMark[] = [];
  if (runCount(doc) === 0) return out;
  for (const b of boundaries) {
    const rect = coveredRunRects(doc, b.offset, Math.min(doc.text.length, b.offset + MARK_LOOKAHEAD))[0];
    if (!rect) continue;
    const { x0, y0, x1, y1 } = rect;
    const page = rect.run.page;
    switch (rect.run.dir ?? "ltr") {
      case "ltr":
        out.push({ ...b, page, x0, x1: x0, y0, y1 });
        break;
      case "rtl":
        out.push({ ...b, page, x0: x1, x1, y0, y1 });
        break;
      case "ttb":
        out.push({ ...b, page, x0, x1, y0, y1: y0 });
        break;
      case "btt":
        out.push({ ...b, page, x0, x1, y0: y1, y1 });
        break;
    }
  }
  return out;
}

/** A comparison's marks of one page, the same array each time it is asked for. */
export interface MarksOnPages {
  get(page: number): readonly BoundaryMark[] | undefined;
}

/**
 * The boundary marks of a page, placed when the page is first asked for: the boundaries whose
 * look-ahead reaches into the page's text (found by binary search — they are ascending) and only
 * they. Placing every mark of two runs of 150,000 one-token chunks was a ~200 ms task at each step
 * of a drag with compare on. A document without page ranges places them all at once.
 */
export function boundaryMarksByPage(
  doc: Pick<DocModel, "runs" | "text" | "pages">,
  boundaries: readonly Boundary[],
): MarksOnPages {
  const built = new Map<number, BoundaryMark[]>();
  let pageRanges: Map<number, { textStart: number; textEnd: number }> | null = null;
  let all: Map<number, BoundaryMark[]> | null = null;
  return {
    get(page) {
      if (all) return all.get(page);
      const done = built.get(page);
      if (done) return done;
      pageRanges ??= new Map(doc.pages.map((p) => [p.number, p]));
      const range = pageRanges.get(page);
      if (!range) {
        all = new Map();
        for (const mark of boundaryMarks(doc, boundaries)) {
          const list = all.get(mark.page);
          if (list) list.push(mark);
          else all.set(mark.page, [mark]);
        }
        return all.get(page);
      }
      const from = firstIndexWhere(
        0,
        boundaries.length,
        (i) => boundaries[i]!.offset >= range.textStart - MARK_LOOKAHEAD,
      );
      const to = firstIndexWhere(from, boundaries.length, (i) => boundaries[i]!.offset >= range.textEnd);
      const marks = boundaryMarks(doc, boundaries.slice(from, to)).filter((m) => m.page === page);
      built.set(page, marks);
      return marks;
    },
  };
}

/** Which way a score is better; null where a change is neither (sizes, overlap: a choice, not a flaw). */
export type Better = "higher" | "lower" | null;

/** How a score's values read: a count, a share in [0, 1], a size, a score in [0, 1]-ish units. */
type ScoreKind = "count" | "share" | "size" | "ratio";

export type Verdict = "better" | "worse" | "same" | "changed";

export interface ScoreDelta {
  /** Unique per row: a ScoreId, or "size.mean", "size.median", "chunkCount". */
  key: string;
  /** The definition this row shows (SCORE_DEFINITIONS); null for the chunk count. */
  score: ScoreId | null;
  label: string;
  kind: ScoreKind;
  better: Better;
  a: number | null;
  b: number | null;
  /** b − a; null when either side has no value or the two are in different units. */
  delta: number | null;
  /** null when delta is null. */
  verdict: Verdict | null;
}

/** Below this a difference is rounding (shares and means are floats). */
const EPSILON = 1e-9;

interface Row {
  key: string;
  score: ScoreId | null;
  label: string;
  kind: ScoreKind;
  better: Better;
  value(q: RunQuality): number | null;
}

const ROWS: readonly Row[] = [
  {
    key: "chunkCount",
    score: null,
    label: "Chunks",
    kind: "count",
    better: null,
    value: (q) => q.chunkCount,
  },
  {
    key: "size.mean",
    score: "size",
    label: "Mean size",
    kind: "size",
    better: null,
    value: (q) => q.size.mean,
  },
  {
    key: "size.median",
    score: "size",
    label: "Median size",
    kind: "size",
    better: null,
    value: (q) => q.size.median,
  },
  {
    key: "endsAtSentence",
    score: "endsAtSentence",
    label: "Ends at sentence",
    kind: "share",
    better: "higher",
    value: (q) => q.endsAtSentence.share,
  },
  {
    key: "midSentence",
    score: "midSentence",
    label: "Mid-sentence cuts",
    kind: "share",
    better: "lower",
    value: (q) => q.midSentence.share,
  },
  {
    key: "midWord",
    score: "midWord",
    label: "Mid-word cuts",
    kind: "share",
    better: "lower",
    value: (q) => q.midWord.share,
  },
  {
    key: "underMin",
    score: "underMin",
    label: "Under min",
    kind: "count",
    better: "lower",
    value: (q) => q.size.underMin,
  },
  {
    key: "overMax",
    score: "overMax",
    label: "Over max",
    kind: "count",
    better: "lower",
    value: (q) => q.size.overMax,
  },
  {
    key: "overEmbeddingLimit",
    score: "overEmbeddingLimit",
    label: "Over embedding limit",
    kind: "count",
    better: "lower",
    value: (q) => q.embedding.over,
  },
  {
    key: "orphanHeadings",
    score: "orphanHeadings",
    label: "Orphan headings",
    kind: "count",
    better: "lower",
    value: (q) => q.orphanHeadings,
  },
  {
    key: "overlap",
    score: "overlap",
    label: "Overlap (chars/pair)",
    kind: "size",
    better: null,
    value: (q) => (q.overlap.pairs === 0 ? null : q.overlap.meanChars),
  },
  {
    key: "coverage",
    score: "coverage",
    label: "Coverage",
    kind: "share",
    better: "higher",
    value: (q) => q.coverage.coverage,
  },
  {
    key: "redundancy",
    score: "redundancy",
    label: "Redundancy",
    kind: "ratio",
    better: null,
    value: (q) => q.coverage.redundancy,
  },
  {
    key: "coherence",
    score: "coherence",
    label: "Coherence",
    kind: "ratio",
    better: "higher",
    value: (q) => q.coherence,
  },
];

/** The unit sizes are measured in (the first rule's, as the quality panel's histogram). */
function sizeUnit(q: RunQuality): SizeUnit | undefined {
  return q.size.rules[0]?.unit;
}

/** Every score of A and B side by side with B − A and whether that is better. */
export function scoreDeltas(a: RunQuality, b: RunQuality): ScoreDelta[] {
  const unitA = sizeUnit(a);
  const unitB = sizeUnit(b);
  return ROWS.map((row) => {
    const va = row.value(a);
    const vb = row.value(b);
    const isSize = row.score === "size";
    // Sizes in different units (tokens vs characters) have no meaningful difference.
    const comparable = va !== null && vb !== null && (!isSize || unitA === unitB);
    const delta = comparable ? vb - va : null;
    const label = isSize ? `${row.label} (${unitA === unitB ? unitA : `${unitA} / ${unitB}`})` : row.label;
    return {
      key: row.key,
      score: row.score,
      label,
      kind: row.kind,
      better: row.better,
      a: va,
      b: vb,
      delta,
      verdict: delta === null ? null : verdictOf(delta, row.better),
    };
  });
}

export function verdictOf(delta: number, better: Better): Verdict {
  if (Math.abs(delta) < EPSILON) return "same";
  if (better === null) return "changed";
  return delta > 0 === (better === "higher") ? "better" : "worse";
}
