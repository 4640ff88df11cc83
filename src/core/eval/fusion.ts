/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher 2009), as hybrid retrievers run it (DESIGN
 * §12 `--retriever hybrid`): each list gives a chunk weight / (k + rank), rank from 1; a chunk's
 * fused score is the sum over the lists it is in; ties go to the earlier collection position.
 */
import type { ScoredPosition } from "./bm25";

/** RRF's constant: 60, as the paper and most hybrid retrievers use. */
export const RRF_K = 60;

/** How deep each list is read before fusing: a chunk past it in one list still counts from the other. */
export const HYBRID_DEPTH = 100;

export function reciprocalRankFusion(
  lists: readonly (readonly ScoredPosition[])[],
  weights: readonly number[],
  top: number,
  k = RRF_K,
): ScoredPosition[] {
  const fused = new Map<number, number>();
  lists.forEach((list, l) => {
    const weight = weights[l] ?? 1;
    list.forEach(({ position }, rank) => {
      fused.set(position, (fused.get(position) ?? 0) + weight / (k + rank + 1));
    });
  });
  return [...fused]
    .map(([position, score]) => ({ position, score }))
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, top);
}
