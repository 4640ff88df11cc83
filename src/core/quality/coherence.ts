/**
 * Semantic coherence of a chunk: the mean cosine similarity over all pairs of its sentences,
 * embedded with the run's embedder (whose id travels with the score, since a lexical and a neural
 * embedder give incomparable numbers). Pairwise rather than to-centroid: the centroid includes each
 * sentence itself, which inflates the score of short chunks; the pairwise mean does not.
 *
 * Computed in O(n·d) instead of O(n²·d): for unit vectors u_i,
 *   Σ_{i<j} u_i·u_j = (|Σ u_i|² − Σ |u_i|²) / 2,
 * and an all-zero vector (a sentence without words) adds 0 to both sums: it is orthogonal to
 * everything, as `cosineSimilarity` treats it, and still counts in the number of pairs.
 */

const COHERENCE_METHOD = "mean-pairwise-cosine";

export interface Coherence {
  /** Null for a chunk of fewer than two sentences: it has no pairs to compare. */
  score: number | null;
  sentences: number;
  method: typeof COHERENCE_METHOD;
  embedderId: string;
}

export function sentenceCoherence(sentenceVectors: readonly Float32Array[], embedderId: string): Coherence {
  const n = sentenceVectors.length;
  const base = { sentences: n, method: COHERENCE_METHOD, embedderId } as const;
  if (n < 2) return { score: null, ...base };
  const width = sentenceVectors[0]!.length;
  const sum = new Float64Array(width);
  let selfTerms = 0;
  for (const v of sentenceVectors) {
    if (v.length !== width)
      throw new RangeError(`Sentence vectors differ in length: ${width} and ${v.length}.`);
    let squared = 0;
    for (let i = 0; i < width; i++) squared += v[i]! * v[i]!;
    if (squared === 0) continue;
    const inverse = 1 / Math.sqrt(squared);
    for (let i = 0; i < width; i++) sum[i] = sum[i]! + v[i]! * inverse;
    selfTerms++;
  }
  let total = 0;
  for (let i = 0; i < width; i++) total += sum[i]! * sum[i]!;
  const pairs = (n * (n - 1)) / 2;
  return { score: (total - selfTerms) / 2 / pairs, ...base };
}

/** Mean over the chunks that have a score (the hybrid seed's quality.mean_coherence); null if none do. */
export function meanCoherence(scores: readonly Coherence[]): number | null {
  const values = scores.flatMap((c) => (c.score === null ? [] : [c.score]));
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}
