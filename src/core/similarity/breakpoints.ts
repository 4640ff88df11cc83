/**
 * Where a similarity curve breaks, by LangChain SemanticChunker's rules (its
 * `_calculate_breakpoint_threshold`), which work on distances d = 1 − cosine and mark every gap whose
 * value is strictly above the threshold. numpy's semantics are reproduced: `percentile` interpolates
 * linearly between closest ranks, `std` is the population standard deviation, `gradient` takes
 * central differences inside and one-sided differences at both ends. `absolute` is the workbench's
 * plain rule for a fixed similarity: a boundary where cosine < amount.
 */

export const THRESHOLD_MODES = [
  "percentile",
  "standard_deviation",
  "interquartile",
  "gradient",
  "absolute",
] as const;
export type ThresholdMode = (typeof THRESHOLD_MODES)[number];

/** The amount each mode uses unless told otherwise (LangChain's defaults; 0.75 cosine for absolute). */
export const DEFAULT_THRESHOLD_AMOUNT: Record<ThresholdMode, number> = {
  percentile: 95,
  standard_deviation: 3,
  interquartile: 1.5,
  gradient: 95,
  absolute: 0.75,
};

export interface Breakpoints {
  /** Indices i of the gaps that break (gap i lies between item i and item i + 1). */
  indices: number[];
  /**
   * The threshold on the similarity scale (1 − distance threshold), where the curve and the
   * threshold line can be drawn together; null for `gradient`, whose threshold is on d's gradient.
   */
  similarityThreshold: number | null;
  /** The threshold on the scale the rule compares against (distance, its gradient, or cosine). */
  threshold: number;
}

export function breakpoints(
  similarities: readonly number[],
  mode: ThresholdMode,
  amount: number,
): Breakpoints {
  if (similarities.length === 0) {
    return {
      indices: [],
      similarityThreshold: mode === "gradient" ? null : mode === "absolute" ? amount : 1,
      threshold: amount,
    };
  }
  if (mode === "absolute") {
    const indices = similarities.flatMap((s, i) => (s < amount ? [i] : []));
    return { indices, similarityThreshold: amount, threshold: amount };
  }
  const distances = similarities.map((s) => 1 - s);
  let scored = distances;
  let threshold: number;
  switch (mode) {
    case "percentile":
      threshold = percentile(distances, amount);
      break;
    case "standard_deviation":
      threshold = mean(distances) + amount * populationStd(distances);
      break;
    case "interquartile":
      threshold = mean(distances) + amount * (percentile(distances, 75) - percentile(distances, 25));
      break;
    case "gradient":
      scored = gradient(distances);
      threshold = percentile(scored, amount);
      break;
  }
  const indices = scored.flatMap((d, i) => (d > threshold ? [i] : []));
  return { indices, similarityThreshold: mode === "gradient" ? null : 1 - threshold, threshold };
}

/** numpy.percentile with its default "linear" method: rank p/100·(n−1), interpolated. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError("percentile of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (Math.min(Math.max(p, 0), 100) / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return values.length ? sum / values.length : 0;
}

/** numpy.std's default (ddof 0). */
export function populationStd(values: readonly number[]): number {
  const m = mean(values);
  let sum = 0;
  for (const v of values) sum += (v - m) ** 2;
  return values.length ? Math.sqrt(sum / values.length) : 0;
}

/** numpy.gradient with unit spacing and edge_order 1; a single value has gradient 0. */
export function gradient(values: readonly number[]): number[] {
  const n = values.length;
  if (n < 2) return values.map(() => 0);
  return values.map((_, i) =>
    i === 0
      ? values[1]! - values[0]!
      : i === n - 1
        ? values[n - 1]! - values[n - 2]!
        : (values[i + 1]! - values[i - 1]!) / 2,
  );
}

/** The rank-interpolated percentile p (0–100) at which numpy's linear percentile equals `value`. */
export function percentileRank(values: readonly number[], value: number): number {
  if (values.length < 2) return value <= (values[0] ?? 0) ? 0 : 100;
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (value <= sorted[0]!) return 0;
  if (value >= sorted[n - 1]!) return 100;
  let lo = 0;
  while (sorted[lo + 1]! < value) lo++;
  // Among equal values the lowest rank reproduces `value`; between two values interpolate.
  const a = sorted[lo]!;
  const b = sorted[lo + 1]!;
  const rank = b === a ? lo + 1 : lo + (value - a) / (b - a);
  return (rank / (n - 1)) * 100;
}

/**
 * The threshold_amount that puts a mode's threshold at similarity `y` on this curve: what dragging the
 * threshold line sets. Null for `gradient`, whose threshold lives on the gradient of the distances,
 * not on the similarity scale (the chart then leaves the amount to the parameter panel).
 */
export function amountForSimilarity(
  similarities: readonly number[],
  mode: ThresholdMode,
  y: number,
): number | null {
  if (mode === "absolute") return y;
  if (mode === "gradient" || similarities.length === 0) return null;
  const distances = similarities.map((s) => 1 - s);
  const d = 1 - y;
  switch (mode) {
    case "percentile":
      return percentileRank(distances, d);
    case "standard_deviation": {
      const std = populationStd(distances);
      return std > 0 ? (d - mean(distances)) / std : null;
    }
    case "interquartile": {
      const iqr = percentile(distances, 75) - percentile(distances, 25);
      return iqr > 0 ? (d - mean(distances)) / iqr : null;
    }
  }
}
