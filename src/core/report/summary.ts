/**
 * The report's first section, for a reader who will not read the rest (DESIGN §12): what was
 * compared, which config is recommended and why — its recall (or quality score), the tokens it
 * retrieves, and how far the runner-up is behind — and what each number means, in a sentence.
 * Pure: it reads only what the report already holds.
 */
import { METRIC_KEYS, METRIC_LABELS, type MetricKey } from "../eval/metrics";

/** A config as a reader says it: "recursive · chunk_size 300, chunk_overlap 50". */
export function plainConfig(chunker: string, config: Readonly<Record<string, unknown>>, maxKeys = 4): string {
  const keys = Object.entries(config)
    .filter(
      ([, v]) => typeof v === "number" || typeof v === "boolean" || (typeof v === "string" && v.length <= 24),
    )
    .slice(0, maxKeys)
    .map(([k, v]) => `${k} ${String(v)}`);
  return keys.length > 0 ? `${chunker} · ${keys.join(", ")}` : chunker;
}

/** One configuration measured: where it stands on the report's objective. */
export interface Candidate {
  /** What the reader is told it is, e.g. "B: recursive · chunk_size 300". */
  name: string;
  /** Recall (with questions) or the quality score: a share 0–1. */
  value: number;
  /** Tokens retrieved per question (with questions) or mean tokens per chunk. */
  cost: number;
}

export interface SummaryInput {
  /** "recall" when a question set was evaluated; "quality" when only the chunks' own scores exist. */
  objective: "recall" | "quality";
  /** What was compared, in words: "A and B on 12 questions", "48 configurations in a sweep". */
  compared: string;
  candidates: readonly Candidate[];
  k?: number | null;
}

/** Recall within this much of the best counts as a tie: then fewer tokens wins. */
const TIE = 0.005;

/** The candidates best first: the objective, then (within a tie) the fewer tokens. */
export function rankCandidates(candidates: readonly Candidate[]): Candidate[] {
  return [...candidates].sort((a, b) =>
    Math.abs(a.value - b.value) <= TIE ? a.cost - b.cost || b.value - a.value : b.value - a.value,
  );
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
/** A difference of two shares in points, from the values as `pct` prints them (so the words add up). */
const pts = (from: number, to: number) => {
  const d = Number((to * 100).toFixed(1)) - Number((from * 100).toFixed(1));
  return `${d >= 0 ? "+" : "−"}${Math.abs(d).toFixed(1)} points`;
};
const tokens = (v: number) => `${Math.round(v).toLocaleString("en-US")}`;

/** The recommendation in sentences (already plain text: the report escapes it). */
export function recommendation(input: SummaryInput): { headline: string; why: string } {
  const what = input.objective === "recall" ? `recall${input.k ? `@${input.k}` : ""}` : "quality score";
  const costName =
    input.objective === "recall" ? "tokens retrieved per question" : "tokens per chunk on average";
  const ranked = rankCandidates(input.candidates);
  const best = ranked[0];
  if (!best) return { headline: "No configuration has finished yet.", why: "" };
  if (ranked.length === 1)
    return {
      headline: `One configuration was measured: ${best.name}.`,
      why:
        `Its ${what} is ${pct(best.value)} at ${tokens(best.cost)} ${costName}. ` +
        "Compare it with another (compare A/B, or a sweep) to get a recommendation.",
    };
  const second = ranked[1]!;
  const gap = best.value - second.value;
  const tie = Math.abs(gap) <= TIE;
  const costDiff = second.cost - best.cost;
  const because = tie
    ? `it matches the runner-up's ${what} (${pct(best.value)} against ${pct(second.value)}) with ${tokens(Math.abs(costDiff))} fewer ${costName} (${tokens(best.cost)} against ${tokens(second.cost)})`
    : `it has the highest ${what}, ${pct(best.value)} at ${tokens(best.cost)} ${costName}; the runner-up, ${second.name}, reaches ${pct(second.value)} (${pts(best.value, second.value)}) at ${tokens(second.cost)}`;
  const quality =
    input.objective === "quality"
      ? " No question set was evaluated, so this rests on the chunks' own quality scores, not on retrieval."
      : "";
  return { headline: `Recommended: ${best.name}.`, why: `Because ${because}.${quality}` };
}

const METRIC_MEANINGS: Readonly<Record<MetricKey, string>> = {
  recall: "How much of each answer's text the retrieved chunks contain: the main measure, higher is better.",
  precision:
    "How much of the retrieved text belongs to an answer; the rest is text the model reads for nothing.",
  iou: "Answer text retrieved, against all the answer and retrieved text together: recall and precision in one number.",
  precision_omega:
    "Precision if retrieval picked the best chunks there are: the ceiling this way of chunking allows.",
  hit_at_k: "The share of questions for which at least one retrieved chunk holds part of the answer.",
  mrr: "How high the first useful chunk ranks, averaged over questions (1 means always first).",
  ndcg_at_k:
    "How well the retrieved chunks are ordered, crediting each by how much of the answer it holds (1 means the best order there is).",
};

/** What each number in the report means, one sentence each. */
export const MEANINGS: readonly { name: string; meaning: string }[] = [
  ...METRIC_KEYS.map((key: MetricKey) => ({ name: METRIC_LABELS[key], meaning: METRIC_MEANINGS[key] })),
  {
    name: "Tokens retrieved per question",
    meaning: "How much text the model reads to answer one question: cost and latency grow with it.",
  },
  {
    name: "Quality scores",
    meaning:
      "Properties of the chunks themselves (sizes, whether they end at a sentence, how alike neighbours are), measured without any question.",
  },
];
