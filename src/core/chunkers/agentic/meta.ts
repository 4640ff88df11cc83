/** What the page needs of the agentic chunker (an LLM picks boundaries): its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta } from "../../chunk";
import { SENTENCE_SPLITTER_PARAM } from "../late/sentenceSplitter";
import { TOKEN_COUNTER_PARAM, type TokenCounter } from "../late/tokenCounter";

const ON_RATE_LIMIT = ["fallback", "wait"] as const;
import type { SentenceSplitter } from "../../text/sentences";
import type { EncodingName } from "../../text/tokenizer";

/** The seed's fallback is its LateChunker: Phase 1 (late-jaccard, the seed's default) or Phase 2. */
const AGENTIC_FALLBACKS = ["late-jaccard", "late-embedding"] as const;
type AgenticFallback = (typeof AGENTIC_FALLBACKS)[number];

export interface AgenticConfig {
  max_retries: number;
  /** Seconds per LLM call. */
  timeout: number;
  /** LLM calls per minute. */
  rate_limit: number;
  /** LLM tokens per (UTC) day. */
  token_budget: number;
  fallback: AgenticFallback;
  max_chunk_tokens: number;
  overlap_tokens: number;
  /** Workbench extension: the sentences the LLM numbers (and the fallback's), seed regex by default. */
  sentence_splitter: SentenceSplitter;
  /** Workbench extension: how the size limits count tokens (cl100k, or NOESIS's len // 4). */
  token_counter: TokenCounter;
  /** The seed: past the rate limit, fall back; "wait" is the workbench's older rule. */
  on_rate_limit: (typeof ON_RATE_LIMIT)[number];
}

export const AGENTIC_DEFAULTS: AgenticConfig = {
  max_retries: 2,
  timeout: 30,
  rate_limit: 10,
  token_budget: 100_000,
  fallback: "late-jaccard",
  max_chunk_tokens: 450,
  overlap_tokens: 80,
  sentence_splitter: "seed",
  token_counter: "cl100k",
  on_rate_limit: "fallback",
};

export const ENCODING: EncodingName = "cl100k_base";

export const agenticMeta: ChunkerMeta<AgenticConfig> = {
  id: "agentic",
  label: "Agentic (LLM boundaries)",
  source: "hybrid-late-agentic-chunker.md",
  description:
    "NOESIS AgenticChunker: the LLM reads numbered sentences and returns boundaries with reasons; each chunk carries the reason of the boundary that closed it. Rate limit, daily token budget, timeout and retries as the seed; on any failure the run falls back to late-jaccard and says why.",
  defaults: AGENTIC_DEFAULTS,
  params: [
    {
      key: "max_retries",
      label: "Max retries",
      type: "int",
      min: 0,
      max: 10,
      step: 1,
      help: "Seed: 2. Further attempts per request after a failure (timeout, invalid JSON, invalid boundaries, 429, 5xx); then the whole run falls back.",
    },
    {
      key: "timeout",
      label: "Timeout (s)",
      type: "number",
      min: 0.1,
      max: 600,
      step: 0.1,
      help: "Seed: 30 seconds per LLM call.",
    },
    {
      key: "rate_limit",
      label: "Rate limit (calls/min)",
      type: "int",
      min: 1,
      max: 10_000,
      step: 1,
      help: "Seed: 10 calls per minute, shared across runs in this session.",
    },
    {
      key: "on_rate_limit",
      label: "At the rate limit",
      type: "enum",
      options: ON_RATE_LIMIT,
      help: 'Seed: "Rate limiting: 10 calls/minute … Automatic fallback to LateChunker on any failure" — fallback (default): a run that would have to wait for the limit runs its fallback instead, and says so. wait: the run waits until a call may start (the workbench\'s older rule).',
    },
    {
      key: "token_budget",
      label: "Token budget (per day)",
      type: "int",
      min: 0,
      max: 100_000_000,
      step: 1000,
      help: "Seed: 100,000 tokens per day. A run whose estimated cost does not fit what is left today falls back without calling the LLM.",
    },
    {
      key: "fallback",
      label: "Fallback",
      type: "enum",
      options: AGENTIC_FALLBACKS,
      help: "Seed: its LateChunker, whose default is use_embedding_similarity false = late-jaccard; late-embedding is its Phase 2 (which itself falls back to late-jaccard when embedding fails).",
    },
    {
      key: "max_chunk_tokens",
      label: "Max chunk tokens",
      type: "int",
      min: 1,
      max: 32_768,
      step: 1,
      seedSilent: true,
      help: "The seed's ChunkerConfig max_chunk_tokens (450), which its HybridChunker gives the chunkers: the size asked of the LLM, the limit its chunks are cut at, and the fallback's target_tokens.",
    },
    {
      key: "overlap_tokens",
      label: "Overlap tokens (fallback)",
      type: "int",
      min: 0,
      max: 32_767,
      step: 1,
      seedSilent: true,
      help: "The seed's ChunkerConfig overlap_tokens (80), used by the fallback only: the LLM's chunks carry no overlap.",
    },
    SENTENCE_SPLITTER_PARAM,
    TOKEN_COUNTER_PARAM,
  ],
  presets: [
    { name: "Seed defaults (10/min, 100k/day, 30 s)", config: { ...AGENTIC_DEFAULTS } },
    {
      name: "Local model (no budget pressure, 120 s)",
      config: { timeout: 120, rate_limit: 60, token_budget: 10_000_000 },
    },
  ],
  check(config) {
    if (config.overlap_tokens >= config.max_chunk_tokens) {
      return [
        {
          key: "overlap_tokens",
          message: `must be smaller than max_chunk_tokens (${config.max_chunk_tokens}): the fallback carries it as overlap`,
        },
      ];
    }
    return [];
  },
  encodingOf: () => ENCODING,
};
