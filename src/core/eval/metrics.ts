/**
 * Per-question retrieval metrics on character ranges, as DESIGN §8 pins them after Chroma's
 * reference code (its conventions in ./ranges): recall, precision, IoU, precision_Ω, hit and
 * reciprocal rank — and nDCG@k, graded by the share of the reference each chunk covers
 * (docs/evaluation.md defines it).
 */
import { intersectRanges, mergeRanges, subtractRange, totalLength, type CharRange } from "./ranges";

export interface RankedChunk extends CharRange {
  /** Index of the chunk's document in the collection. */
  doc: number;
}

export interface QuestionMetrics {
  recall: number;
  precision: number;
  iou: number;
  precision_omega: number;
  /** 1 when a retrieved chunk shares at least one character with a reference, else 0. */
  hit: number;
  /** 1 / rank of the first such chunk, 0 when none. */
  rr: number;
  /**
   * nDCG@k: each retrieved chunk's gain is the share of the reference it covers, discounted by
   * log2(rank + 1); divided by the best order of the document's best k chunks. 0 when no chunk
   * touches the reference.
   */
  ndcg: number;
}

export const METRIC_KEYS = [
  "recall",
  "precision",
  "iou",
  "precision_omega",
  "hit_at_k",
  "mrr",
  "ndcg_at_k",
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
export type MeanMetrics = Record<MetricKey, number>;

/** How each metric is named on screen and in the stakeholder report. */
export const METRIC_LABELS: Readonly<Record<MetricKey, string>> = {
  recall: "Recall",
  precision: "Precision",
  iou: "IoU",
  precision_omega: "Precision Ω",
  hit_at_k: "Hit@k",
  mrr: "MRR",
  ndcg_at_k: "nDCG@k",
};

/**
 * What the chunks in `chunks` (of the references' document) share with the references: the union
 * of their intersections, what of the references none touches, and the touching chunks themselves.
 */
function overlapWith(references: readonly CharRange[], chunks: Iterable<CharRange>) {
  let shared: CharRange[] = [];
  let uncovered: CharRange[] = references.map((r) => ({ start: r.start, end: r.end }));
  const touching: CharRange[] = [];
  for (const chunk of chunks) {
    let touches = false;
    for (const ref of references) {
      const cut = intersectRanges(chunk, ref);
      if (!cut) continue;
      touches = true;
      uncovered = subtractRange(uncovered, cut);
      shared.push(cut);
    }
    if (touches) touching.push(chunk);
  }
  shared = mergeRanges(shared);
  return { shared: totalLength(shared), uncovered, touching };
}

/**
 * precision_Ω: over every chunk of the references' document that touches a reference — no
 * retriever involved, the ceiling of token efficiency at perfect recall.
 */
export function precisionOmega(references: readonly CharRange[], docChunks: Iterable<CharRange>): number {
  const { shared, uncovered, touching } = overlapWith(references, docChunks);
  if (shared === 0) return 0;
  return shared / totalLength(mergeRanges([...touching, ...uncovered]));
}

/** The share of the references (merged) that `chunk` covers: its gain for nDCG. */
function gainOf(chunk: CharRange, references: readonly CharRange[], referenceChars: number): number {
  if (referenceChars === 0) return 0;
  const cuts: CharRange[] = [];
  for (const ref of references) {
    const cut = intersectRanges(chunk, ref);
    if (cut) cuts.push(cut);
  }
  return cuts.length === 0 ? 0 : totalLength(mergeRanges(cuts)) / referenceChars;
}

/**
 * nDCG of `retrieved` (rank order; chunks of other documents gain 0) against the best order of
 * the `retrieved.length` best chunks of the reference's document.
 */
export function ndcgAtK(
  doc: number,
  references: readonly CharRange[],
  retrieved: readonly RankedChunk[],
  docChunks: readonly CharRange[],
): number {
  const merged = mergeRanges(references.map((r) => ({ start: r.start, end: r.end })));
  const referenceChars = totalLength(merged);
  const discount = (i: number) => 1 / Math.log2(i + 2);
  let dcg = 0;
  retrieved.forEach((r, i) => {
    if (r.doc === doc) dcg += gainOf(r, merged, referenceChars) * discount(i);
  });
  if (dcg === 0) return 0;
  const best = docChunks
    .map((c) => gainOf(c, merged, referenceChars))
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, retrieved.length);
  const ideal = best.reduce((sum, g, i) => sum + g * discount(i), 0);
  return ideal === 0 ? 0 : Math.min(1, dcg / ideal);
}

/** Every metric of one question: `retrieved` in rank order, any document; `docChunks` all chunks of `doc`. */
export function scoreQuestion(
  doc: number,
  references: readonly CharRange[],
  retrieved: readonly RankedChunk[],
  docChunks: readonly CharRange[],
): QuestionMetrics {
  const own = retrieved.filter((r) => r.doc === doc);
  const { shared, uncovered } = overlapWith(references, own);
  const referenceChars = totalLength(references);
  const retrievedChars = totalLength(retrieved);
  const rank = retrieved.findIndex(
    (r) => r.doc === doc && references.some((e) => Math.min(r.end, e.end) - Math.max(r.start, e.start) > 0),
  );
  return {
    recall: referenceChars === 0 ? 0 : shared / referenceChars,
    precision: retrievedChars === 0 ? 0 : shared / retrievedChars,
    iou:
      retrievedChars + totalLength(uncovered) === 0 ? 0 : shared / (retrievedChars + totalLength(uncovered)),
    precision_omega: precisionOmega(references, docChunks),
    hit: rank >= 0 ? 1 : 0,
    rr: rank >= 0 ? 1 / (rank + 1) : 0,
    ndcg: ndcgAtK(doc, references, retrieved, docChunks),
  };
}

/** Which per-question field each mean metric averages. */
const FIELD_OF: Readonly<Record<MetricKey, keyof QuestionMetrics>> = {
  recall: "recall",
  precision: "precision",
  iou: "iou",
  precision_omega: "precision_omega",
  hit_at_k: "hit",
  mrr: "rr",
  ndcg_at_k: "ndcg",
};

/** Means over questions, as fractions 0–1; all zeros for an empty list. */
export function meanMetrics(scores: readonly QuestionMetrics[]): MeanMetrics {
  return Object.fromEntries(
    METRIC_KEYS.map((key) => [
      key,
      scores.length === 0 ? 0 : scores.reduce((s, m) => s + m[FIELD_OF[key]], 0) / scores.length,
    ]),
  ) as MeanMetrics;
}

/** Each metric's per-question values, keyed as the means are (the bootstrap resamples these). */
export function questionSeries(scores: readonly QuestionMetrics[]): Record<MetricKey, Float64Array> {
  return Object.fromEntries(
    METRIC_KEYS.map((key) => [key, Float64Array.from(scores, (m) => m[FIELD_OF[key]])]),
  ) as Record<MetricKey, Float64Array>;
}
