/** What the page needs of NOESIS late chunking, Phase 2 (embeddings): its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta, ConfigProblem, NumberParam } from "../../chunk";
import { LATE_JACCARD_DEFAULTS, type LateJaccardConfig } from "../late-jaccard/meta";
import { checkLateSizes, LATE_SIZE_PARAMS } from "../late/sizes";
import { SENTENCE_SPLITTER_PARAM } from "../late/sentenceSplitter";
import { TOKEN_COUNTER_PARAM } from "../late/tokenCounter";
import { DEFAULT_THRESHOLD_AMOUNT, THRESHOLD_MODES, type ThresholdMode } from "../../similarity/breakpoints";
import type { EncodingName } from "../../text/tokenizer";

export interface LateEmbeddingConfig extends Omit<LateJaccardConfig, "boundary_rule"> {
  window_size: number;
  batch_size: number;
  use_content_based_ids: boolean;
  threshold_mode: ThresholdMode;
  threshold_amount: number;
}

export const LATE_EMBEDDING_DEFAULTS: LateEmbeddingConfig = {
  max_tokens: LATE_JACCARD_DEFAULTS.max_tokens,
  target_tokens: LATE_JACCARD_DEFAULTS.target_tokens,
  overlap_tokens: LATE_JACCARD_DEFAULTS.overlap_tokens,
  similarity_threshold: LATE_JACCARD_DEFAULTS.similarity_threshold,
  window_size: 3,
  batch_size: 16,
  use_content_based_ids: true,
  threshold_mode: "percentile",
  threshold_amount: DEFAULT_THRESHOLD_AMOUNT.percentile,
  sentence_splitter: LATE_JACCARD_DEFAULTS.sentence_splitter,
  token_counter: LATE_JACCARD_DEFAULTS.token_counter,
};

const ENCODING: EncodingName = "cl100k_base";

/** The seed's Phase 2 window and batch, shared with the hybrid chunker's use_embedding_similarity. */
export const WINDOW_SIZE_PARAM: NumberParam = {
  key: "window_size",
  label: "Window size (sentences)",
  type: "int",
  min: 1,
  max: 50,
  step: 1,
  help: "Seed: 3. Sentences per embedded window; a low cosine between windows j and j+1 marks the gap after sentence j+window_size−1.",
};

export const BATCH_SIZE_PARAM: NumberParam = {
  key: "batch_size",
  label: "Batch size (windows)",
  type: "int",
  min: 1,
  max: 2048,
  step: 1,
  help: "Seed: 16. Windows per embed request, up to four requests at once (an endpoint with a smaller batch setting splits further).",
};

/** Amount ranges per mode, beyond the param's own [min, max]. */
function checkAmount(config: LateEmbeddingConfig): ConfigProblem[] {
  const { threshold_mode: mode, threshold_amount: amount } = config;
  if ((mode === "percentile" || mode === "gradient") && (amount < 0 || amount > 100)) {
    return [
      { key: "threshold_amount", message: `is a percentile in ${mode} mode: must be between 0 and 100` },
    ];
  }
  if (mode === "absolute" && (amount < -1 || amount > 1)) {
    return [{ key: "threshold_amount", message: "is a cosine in absolute mode: must be between -1 and 1" }];
  }
  if ((mode === "standard_deviation" || mode === "interquartile") && amount < 0) {
    return [{ key: "threshold_amount", message: `is a multiplier in ${mode} mode: must be 0 or more` }];
  }
  return [];
}

export const lateEmbeddingMeta: ChunkerMeta<LateEmbeddingConfig> = {
  id: "late-embedding",
  label: "Late chunking (embeddings)",
  source: "hybrid-late-agentic-chunker.md",
  description:
    "NOESIS LateChunker Phase 2: sliding windows of window_size sentences, embedded in batches; a boundary where the cosine of adjacent windows drops (threshold_mode, LangChain SemanticChunker's rules), chunks closed at target_tokens with overlap as late-jaccard. Falls back to late-jaccard on any embedding failure or a document over max_tokens.",
  defaults: LATE_EMBEDDING_DEFAULTS,
  params: [
    ...LATE_SIZE_PARAMS.map((p) =>
      p.key === "max_tokens"
        ? {
            ...p,
            help: "Seed: 8000. A longer document is not embedded: it falls back to late-jaccard, with the reason as a warning.",
          }
        : p,
    ),
    {
      key: "similarity_threshold",
      label: "Fallback Jaccard threshold",
      type: "number",
      min: 0,
      max: 1,
      step: 0.01,
      seedSilent: true,
      help: "Used only when the run falls back to late-jaccard (its default running-chunk loop, the seed code's 0.7): once a chunk reaches target_tokens, Jaccard of the chunk and the next sentence below this → the next chunk carries overlap.",
    },
    WINDOW_SIZE_PARAM,
    BATCH_SIZE_PARAM,
    {
      key: "use_content_based_ids",
      label: "Content-based ids",
      type: "boolean",
      help: "Seed: true (sha256 of document id and text). Off: positional ids {doc}_chunk_N — the seed does not say what it uses then.",
    },
    {
      key: "threshold_mode",
      label: "Threshold mode",
      type: "enum",
      options: THRESHOLD_MODES,
      seedSilent: true,
      help: "The seed only says 'below threshold'. percentile (default) / standard_deviation / interquartile / gradient: LangChain SemanticChunker's rules on distances 1 − cosine; absolute: cosine below the amount. Changing the mode keeps threshold_amount as it is: set it in the new mode's units (or pick a preset).",
    },
    {
      key: "threshold_amount",
      label: "Threshold amount",
      type: "number",
      min: -1,
      max: 100,
      step: 0.01,
      seedSilent: true,
      help: "In the mode's units: percentile and gradient a percentile 0–100 (default 95), standard_deviation a multiple of the std (3), interquartile a multiple of the IQR (1.5), absolute a cosine (0.75 for neural embedders).",
    },
    SENTENCE_SPLITTER_PARAM,
    TOKEN_COUNTER_PARAM,
  ],
  presets: [
    { name: "Seed defaults (percentile 95)", config: { ...LATE_EMBEDDING_DEFAULTS } },
    ...THRESHOLD_MODES.filter((m) => m !== "percentile").map((mode) => ({
      name: `${mode} ${DEFAULT_THRESHOLD_AMOUNT[mode]}`,
      config: { threshold_mode: mode, threshold_amount: DEFAULT_THRESHOLD_AMOUNT[mode] },
    })),
  ],
  check: (config) => [...checkLateSizes(config), ...checkAmount(config)],
  encodingOf: () => ENCODING,
};
