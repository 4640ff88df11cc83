/**
 * How much a mean metric would move with other questions (issue 30, DESIGN §12 "Trust"): a 95%
 * percentile bootstrap over questions — seeded, so the same run prints the same interval — and the
 * paired difference of two runs on the same questions, with a verdict in words. One set of resample
 * indices serves every metric, so intervals cost one pass per resample, not one per metric.
 */

/** DESIGN §12: at least 2,000 resamples, seed 42 unless given. */
const BOOTSTRAP_RESAMPLES = 2000;
const BOOTSTRAP_SEED = 42;
/** Under this many questions a set gets a warning (DESIGN §12 `eval-small-set`). */
export const SMALL_SET = 30;

export type Interval = [lo: number, hi: number];

export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
}

/** The q-quantile of sorted values, linearly interpolated (numpy's default). */
function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/**
 * 95% intervals of the mean of each series (all of one length: one value per question), from the
 * same resamples. An empty or single-question set has the degenerate interval [mean, mean].
 */
export function bootstrapIntervals<K extends string>(
  series: Readonly<Record<K, ArrayLike<number>>>,
  options: BootstrapOptions = {},
): Record<K, Interval> {
  const keys = Object.keys(series) as K[];
  const n = keys.length === 0 ? 0 : series[keys[0]!].length;
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const out = {} as Record<K, Interval>;
  if (n <= 1) {
    for (const key of keys) {
      const v = n === 1 ? series[key][0]! : 0;
      out[key] = [v, v];
    }
    return out;
  }
  // Question-major values (a question's metrics side by side) and the PRNG inlined: the loop below
  // runs n × resamples times (944,000 for Chroma's 472 questions) on every evaluation.
  const width = keys.length;
  const values = new Float64Array(n * width);
  keys.forEach((key, m) => {
    const column = series[key];
    for (let i = 0; i < n; i++) values[i * width + m] = column[i]!;
  });
  const means = keys.map(() => new Float64Array(resamples));
  const sums = new Float64Array(width);
  let state = (options.seed ?? BOOTSTRAP_SEED) >>> 0;
  for (let r = 0; r < resamples; r++) {
    sums.fill(0);
    for (let i = 0; i < n; i++) {
      // mulberry32: small, well mixed, the same everywhere for one seed.
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const base = (((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n) | 0) * width;
      for (let m = 0; m < width; m++) sums[m]! += values[base + m]!;
    }
    for (let m = 0; m < width; m++) means[m]![r] = sums[m]! / n;
  }
  keys.forEach((key, m) => {
    const sorted = means[m]!.sort();
    out[key] = [quantile(sorted, 0.025), quantile(sorted, 0.975)];
  });
  return out;
}

export interface PairedDifference {
  /** Mean of B − A over the questions both runs answered. */
  b_minus_a: number;
  ci95: Interval;
}

/** B − A per question, its mean and 95% interval: paired, so what both runs share cancels out. */
export function pairedDifference(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  options: BootstrapOptions = {},
): PairedDifference {
  return pairedDifferences({ d: a }, { d: b }, options).d;
}

/**
 * `pairedDifference` for several series at once, from one set of resamples: each series gets what
 * it would alone (the resampled questions depend only on the seed and the count), and an
 * evaluation's eight metrics cost one bootstrap instead of eight.
 */
export function pairedDifferences<K extends string>(
  a: Readonly<Record<K, ArrayLike<number>>>,
  b: Readonly<Record<K, ArrayLike<number>>>,
  options: BootstrapOptions = {},
): Record<K, PairedDifference> {
  const keys = Object.keys(a) as K[];
  const diffs = {} as Record<K, Float64Array>;
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (x.length !== y.length)
      throw new RangeError(`paired runs differ in length (${x.length} vs ${y.length})`);
    diffs[key] = Float64Array.from({ length: x.length }, (_, i) => y[i]! - x[i]!);
  }
  const intervals = bootstrapIntervals(diffs, options);
  const out = {} as Record<K, PairedDifference>;
  for (const key of keys) {
    const diff = diffs[key];
    const mean = diff.length === 0 ? 0 : diff.reduce((s, v) => s + v, 0) / diff.length;
    out[key] = { b_minus_a: mean, ci95: intervals[key] };
  }
  return out;
}

/**
 * The verdict on one metric's difference, in words: which run is better when the interval leaves
 * zero out, else that no difference shows with this many questions.
 */
export function verdictOf(
  difference: PairedDifference,
  questions: number,
  metric: { label: string; higherIsBetter: boolean },
): string {
  const [lo, hi] = difference.ci95;
  if (lo > 0 || hi < 0) {
    const bHigher = lo > 0;
    const better = bHigher === metric.higherIsBetter ? "B" : "A";
    return `${better} is better on ${metric.label}`;
  }
  return `no detectable difference in ${metric.label} with ${questions} question${questions === 1 ? "" : "s"}`;
}

/**
 * About how many questions would resolve the difference seen: the interval's half-width shrinks as
 * 1/√n, so it falls below |difference| near n·(half-width/|difference|)². Null when nothing is seen.
 */
export function questionsToResolve(difference: PairedDifference, questions: number): number | null {
  const half = (difference.ci95[1] - difference.ci95[0]) / 2;
  const seen = Math.abs(difference.b_minus_a);
  if (seen === 0 || questions === 0) return null;
  return Math.max(questions, Math.ceil(questions * (half / seen) ** 2));
}
