/**
 * Per-question retrieval metrics on character ranges, as DESIGN §8 pins them after Chroma's
 * reference code (its conventions in ./ranges): recall, precision, IoU, precision_Ω, hit and
 * reciprocal rank.
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
}

export const METRIC_KEYS = ["recall", "precision", "iou", "precision_omega", "hit_at_k", "mrr"] as const;
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

/** Every metric of one question: `retrieved` in rank order, any document; `docChunks` all chunks of `doc`. */
export function scoreQuestion(
  doc: number,
  references: readonly CharRange[],
  retrieved: readonly RankedChunk[],
  docChunks: Iterable<CharRange>,
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
  };
}

/** Means over questions, as fractions 0–1; all zeros for an empty list. */
export function meanMetrics(scores: readonly QuestionMetrics[]): MeanMetrics {
  const mean = (pick: (m: QuestionMetrics) => number) =>
    scores.length === 0 ? 0 : scores.reduce((s, m) => s + pick(m), 0) / scores.length;
  return {
    recall: mean((m) => m.recall),
    precision: mean((m) => m.precision),
    iou: mean((m) => m.iou),
    precision_omega: mean((m) => m.precision_omega),
    hit_at_k: mean((m) => m.hit),
    mrr: mean((m) => m.rr),
  };
}
