/** What the page needs of NOESIS late chunking, Phase 1 (Jaccard): its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta } from "../../chunk";
import { checkLateSizes, LATE_SIZE_PARAMS } from "../late/sizes";
import { SENTENCE_SPLITTER_PARAM } from "../late/sentenceSplitter";
import { TOKEN_COUNTER_PARAM, type TokenCounter } from "../late/tokenCounter";
import type { SentenceSplitter } from "../../text/sentences";
import type { EncodingName } from "../../text/tokenizer";

const BOUNDARY_RULES = ["running-chunk", "adjacent"] as const;
type BoundaryRule = (typeof BOUNDARY_RULES)[number];

/**
 * Each rule's own similarity_threshold default (CHUNKERS.md): the NOESIS code's 0.7 for its
 * running-chunk loop; 0.1 for neighbouring sentences, which on real text share few words.
 */
export const RULE_THRESHOLDS: Readonly<Record<BoundaryRule, number>> = {
  "running-chunk": 0.7,
  adjacent: 0.1,
};

export interface LateJaccardConfig {
  max_tokens: number;
  target_tokens: number;
  overlap_tokens: number;
  similarity_threshold: number;
  boundary_rule: BoundaryRule;
  /** Workbench extension: the seed's regex (default) or the workbench segmenter. */
  sentence_splitter: SentenceSplitter;
  /** Workbench extension: cl100k (default) or NOESIS's len(text) // 4. */
  token_counter: TokenCounter;
}

export const LATE_JACCARD_DEFAULTS: LateJaccardConfig = {
  max_tokens: 8000,
  target_tokens: 450,
  overlap_tokens: 80,
  similarity_threshold: RULE_THRESHOLDS["running-chunk"],
  // The NOESIS code's loop: what a NOESIS pipeline actually stores (chunks near target_tokens).
  boundary_rule: "running-chunk",
  sentence_splitter: "seed",
  token_counter: "cl100k",
};

/**
 * Switching the rule resets similarity_threshold to the new rule's default unless the user set it
 * (it still holds the old rule's default): a threshold tuned for one rule means nothing to the other.
 */
export function followBoundaryRule(
  config: Readonly<Record<string, unknown>>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const next = { ...config, [key]: value };
  if (key !== "boundary_rule" || typeof value !== "string" || !(value in RULE_THRESHOLDS)) return next;
  const before = RULE_THRESHOLDS[config.boundary_rule as BoundaryRule];
  if (before !== undefined && config.similarity_threshold === before)
    next.similarity_threshold = RULE_THRESHOLDS[value as BoundaryRule];
  return next;
}

export const ENCODING: EncodingName = "cl100k_base";

export const lateJaccardMeta: ChunkerMeta<LateJaccardConfig> = {
  id: "late-jaccard",
  label: "Late chunking (Jaccard)",
  source: "hybrid-late-agentic-chunker.md",
  description:
    "NOESIS LateChunker Phase 1 (the seed code's loop): regex sentences accumulate to target_tokens; then the Jaccard of the chunk's words and the next sentence's decides the overlap — below the threshold the next chunk carries ≤ overlap_tokens of sentences, otherwise it starts fresh. boundary_rule adjacent cuts where neighbouring sentences share few words instead.",
  defaults: LATE_JACCARD_DEFAULTS,
  params: [
    ...LATE_SIZE_PARAMS,
    {
      key: "similarity_threshold",
      label: "Similarity threshold",
      type: "number",
      min: 0,
      max: 1,
      step: 0.01,
      seedSilent: true,
      help: "running-chunk (seed code, 0.7): once the chunk reaches target_tokens, Jaccard of its words and the next sentence's below this → the next chunk carries overlap. adjacent (0.1): Jaccard of neighbouring sentences below this → boundary. Switching the rule resets it to that rule's default unless you set it.",
    },
    {
      key: "boundary_rule",
      label: "Boundary rule",
      type: "enum",
      options: BOUNDARY_RULES,
      seedSilent: true,
      help: "running-chunk (default): the seed's late_chunker.py loop — chunks close at target_tokens and the similarity decides the overlap; chunks come out near the target. adjacent: the seed's prose, \"compare word overlap between adjacent sentences\" — a boundary at every low pair; on real text neighbouring sentences share few words, so it cuts very small chunks.",
    },
    SENTENCE_SPLITTER_PARAM,
    TOKEN_COUNTER_PARAM,
  ],
  presets: [
    { name: "Seed defaults (running chunk, 450/80, 0.7)", config: { ...LATE_JACCARD_DEFAULTS } },
    {
      name: "Seed prose: adjacent sentences (0.1)",
      config: { boundary_rule: "adjacent", similarity_threshold: RULE_THRESHOLDS.adjacent },
    },
  ],
  check: checkLateSizes,
  withParam: followBoundaryRule,
  encodingOf: () => ENCODING,
};
