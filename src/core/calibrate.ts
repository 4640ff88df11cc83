/**
 * The threshold calibrator (issue 32): for a chunker that cuts where a similarity curve crosses a
 * threshold, the threshold each breakpoint method (LangChain SemanticChunker's rules) would pick on
 * the run's own curve, and the config that asks the chunker for it — so a host can run each choice
 * and the page can show the chunk sizes it yields beside the distribution. Pure: the page calls the
 * choice and histogram helpers, a host runs the configs.
 */
import {
  breakpoints,
  DEFAULT_THRESHOLD_AMOUNT,
  percentileRank,
  type ThresholdMode,
} from "./similarity/breakpoints";

export interface CalibrationChoice {
  /** What picks the threshold: a breakpoint method at its default amount, or "current". */
  method: string;
  /** A short label for the chart ("percentile 95", "current"). */
  label: string;
  /** The threshold on the curve's (similarity) scale; null where it is not on that scale (gradient). */
  threshold: number | null;
  /** The chunker's config for this choice. */
  config: Record<string, unknown>;
}

/** How a chunker's config names its threshold: by a method and an amount, or as a similarity. */
type ThresholdKeys =
  | { kind: "percentile"; amount: string }
  | { kind: "mode"; mode: string; amount: string; reset?: Record<string, unknown> }
  | { kind: "absolute"; key: string; min: number; max: number };

const KEYS: Readonly<Record<string, ThresholdKeys>> = {
  "late-embedding": { kind: "mode", mode: "threshold_mode", amount: "threshold_amount" },
  "langchain-semantic": {
    kind: "mode",
    mode: "breakpoint_threshold_type",
    amount: "breakpoint_threshold_amount",
    reset: { number_of_chunks: 0 },
  },
  // SemanticSplitterNodeParser breaks at a percentile only: each method's threshold as that percentile.
  "llamaindex-semantic": { kind: "percentile", amount: "breakpoint_percentile_threshold" },
  "late-jaccard": { kind: "absolute", key: "similarity_threshold", min: 0, max: 1 },
  "chonkie-semantic": { kind: "absolute", key: "threshold", min: 0.01, max: 0.99 },
};

/** Chunkers whose threshold the calibrator sets. */
export function isCalibrated(chunker: string): boolean {
  return chunker in KEYS;
}

const METHODS: readonly Exclude<ThresholdMode, "gradient" | "absolute">[] = [
  "percentile",
  "standard_deviation",
  "interquartile",
];

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The choices for a run's curve: its current config, then each distance-statistic method at its
 * default amount (and late-embedding's absolute cosine), each with the threshold it lands on. For a
 * chunker that takes a similarity directly, a method's threshold becomes that similarity.
 */
export function calibrationChoices(
  chunker: string,
  config: Readonly<Record<string, unknown>>,
  values: readonly number[],
  currentThreshold: number | null,
): CalibrationChoice[] {
  const keys = KEYS[chunker];
  if (!keys || values.length === 0) return [];
  const choices: CalibrationChoice[] = [
    { method: "current", label: "current", threshold: currentThreshold, config: { ...config } },
  ];
  const methods: ThresholdMode[] =
    keys.kind === "mode" && chunker === "late-embedding" ? [...METHODS, "absolute"] : [...METHODS];
  for (const method of methods) {
    const amount = DEFAULT_THRESHOLD_AMOUNT[method];
    const threshold = breakpoints(values, method, amount).similarityThreshold;
    const label = `${method.replace("_", " ")} ${amount}`;
    if (keys.kind === "mode") {
      const next = { ...config, ...keys.reset, [keys.mode]: method, [keys.amount]: amount };
      if (sameConfig(next, config)) continue;
      choices.push({ method, label, threshold, config: next });
    } else if (keys.kind === "percentile") {
      if (threshold === null) continue;
      const distances = values.map((v) => 1 - v);
      const amount = Math.round(percentileRank(distances, 1 - threshold) * 10) / 10;
      if (amount === config[keys.amount] || choices.some((c) => c.config[keys.amount] === amount)) continue;
      choices.push({
        method,
        label: `${label} → p${amount}`,
        threshold,
        config: { ...config, [keys.amount]: amount },
      });
    } else if (threshold !== null) {
      const value = round3(Math.min(keys.max, Math.max(keys.min, threshold)));
      // Methods that land on one value (often the clamp) are one choice.
      if (value === config[keys.key] || choices.some((c) => c.config[keys.key] === value)) continue;
      choices.push({
        method,
        label: `${label} → ${value}`,
        threshold: value,
        config: { ...config, [keys.key]: value },
      });
    }
  }
  return choices;
}

function sameConfig(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  return Object.keys({ ...a, ...b }).every((k) => a[k] === b[k]);
}

export interface Histogram {
  lo: number;
  hi: number;
  counts: number[];
}

/** Counts of values in `bins` equal bins over [lo, hi] (the values' range unless given); the last bin is closed. */
export function histogram(values: readonly number[], bins: number, lo?: number, hi?: number): Histogram {
  let min = lo ?? Infinity;
  let max = hi ?? -Infinity;
  if (lo === undefined || hi === undefined)
    for (const v of values) {
      if (lo === undefined && v < min) min = v;
      if (hi === undefined && v > max) max = v;
    }
  if (!Number.isFinite(min) || !Number.isFinite(max))
    return { lo: 0, hi: 1, counts: new Array<number>(bins).fill(0) };
  if (max === min) max = min + 1;
  const counts = new Array<number>(bins).fill(0);
  const width = (max - min) / bins;
  for (const v of values) {
    if (v < min || v > max) continue;
    counts[Math.min(bins - 1, Math.floor((v - min) / width))]!++;
  }
  return { lo: min, hi: max, counts };
}
