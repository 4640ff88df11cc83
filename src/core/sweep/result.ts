/**
 * A sweep's result lines (DESIGN §9) and its Pareto front. With a question set a point's objective
 * is recall (higher is better) against the tokens retrieved per question (its cost); without one,
 * the quality score against the mean chunk size in tokens.
 */
import type { MeanMetrics } from "../eval/metrics";
import type { RunQuality } from "../quality/runQuality";
import type { PointRetrieval } from "./space";

/** The quality objective of a sweep without questions, each a share 0–1 where higher is better. */
export interface QualityMetrics {
  /** The mean of the three below. */
  quality_score: number;
  ends_at_sentence: number;
  not_mid_word: number;
  size_in_range: number;
}

export interface SweepLine {
  chunker: string;
  config: Record<string, unknown>;
  /** The point's retrieval, when the space varies it. */
  retrieval?: PointRetrieval;
  metrics?: MeanMetrics | QualityMetrics;
  chunks?: number;
  mean_tokens?: number;
  /** Mean tokens retrieved per question (the cost axis); null without questions. */
  retrieved_tokens?: number | null;
  /** 95% bootstrap interval of the mean recall (with questions): what "near the front" reads. */
  recall_ci95?: [number, number];
  ms?: number;
  skipped?: string;
  error?: string;
}

/** The quality objective from a run's scores (shares of null count as 0: nothing to credit). */
export function qualityMetrics(quality: RunQuality): QualityMetrics {
  const measured = quality.size.measured;
  const outside = (quality.size.underMin ?? 0) + (quality.size.overMax ?? 0);
  const ends = quality.endsAtSentence.share ?? 0;
  const notMidWord = 1 - (quality.midWord.share ?? 0);
  const inRange = measured === 0 ? 0 : 1 - outside / measured;
  return {
    quality_score: (ends + notMidWord + inRange) / 3,
    ends_at_sentence: ends,
    not_mid_word: notMidWord,
    size_in_range: inRange,
  };
}

/** The point's objective (higher is better) and cost (lower is better), or null when it did not run. */
export function objectiveOf(line: SweepLine): { value: number; cost: number } | null {
  if (!line.metrics || line.skipped || line.error) return null;
  if ("recall" in line.metrics && typeof line.retrieved_tokens === "number")
    return { value: line.metrics.recall, cost: line.retrieved_tokens };
  if ("quality_score" in line.metrics && typeof line.mean_tokens === "number")
    return { value: line.metrics.quality_score, cost: line.mean_tokens };
  return null;
}

/**
 * 0-based positions of the lines on the Pareto front: no other line is at least as good on both
 * axes and better on one. Equal points are all on the front; a line with no objective (skipped,
 * failed, or not finished yet: undefined) is on no front. By cost, cheapest first, in O(n log n) —
 * the page recomputes it as every batch of a running sweep comes in: a point is on the front when
 * it is the best of its cost and better than every cheaper point.
 */
export function paretoFront(lines: readonly (SweepLine | undefined)[]): number[] {
  const scored = lines.flatMap((line, index) => {
    const o = line && objectiveOf(line);
    return o ? [{ index, ...o }] : [];
  });
  scored.sort((a, b) => a.cost - b.cost || b.value - a.value);
  const front: number[] = [];
  let bestCheaper = -Infinity;
  for (let i = 0; i < scored.length;) {
    let j = i;
    while (j < scored.length && scored[j]!.cost === scored[i]!.cost) j++;
    const best = scored[i]!.value; // the group's first: sorted best-first within a cost
    if (best > bestCheaper)
      for (let g = i; g < j && scored[g]!.value === best; g++) front.push(scored[g]!.index);
    bestCheaper = Math.max(bestCheaper, best);
    i = j;
  }
  return front.sort((a, b) => a - b);
}

/**
 * 0-based positions of the lines off the front that the question set cannot tell from it (DESIGN
 * §12): a front point is as cheap or cheaper and as good or better, yet the two recall intervals
 * overlap — the point may be on the front with other questions. Lines without an interval (a
 * sweep by quality) are never near it.
 */
export function nearFront(lines: readonly (SweepLine | undefined)[], front: readonly number[]): number[] {
  const onFront = new Set(front);
  const anchors = front.flatMap((i) => {
    const line = lines[i];
    const o = line && objectiveOf(line);
    return o && line.recall_ci95 ? [{ ...o, ci: line.recall_ci95 }] : [];
  });
  const near: number[] = [];
  lines.forEach((line, index) => {
    if (!line || onFront.has(index) || !line.recall_ci95) return;
    const o = objectiveOf(line);
    if (!o) return;
    const [lo, hi] = line.recall_ci95;
    const overlaps = anchors.some(
      (a) => a.cost <= o.cost && a.value >= o.value && a.ci[0] <= hi && lo <= a.ci[1],
    );
    if (overlaps) near.push(index);
  });
  return near;
}
