/** What the page needs of the NOESIS hybrid router: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta, ConfigProblem } from "../../chunk";
import {
  CHUNKER_MODES,
  type ChunkerMode,
  formatProblem,
  type RoutingContext,
  type RoutingRules,
  validateRoutingRules,
} from "../../routing";
import type { SentenceSplitter } from "../../text/sentences";
import type { EncodingName } from "../../text/tokenizer";
import { BATCH_SIZE_PARAM, WINDOW_SIZE_PARAM } from "../late-embedding/meta";
import { SENTENCE_SPLITTER_PARAM } from "../late/sentenceSplitter";
import { TOKEN_COUNTER_PARAM, type TokenCounter } from "../late/tokenCounter";

interface HybridRouting {
  /** rag_routing_rules.yaml as an object; null → no routing, the config's `mode` applies. */
  rules: RoutingRules | null;
  context: RoutingContext;
}

export interface HybridConfig {
  mode: ChunkerMode;
  max_chunk_tokens: number;
  overlap_tokens: number;
  enable_quality_metrics: boolean;
  /** The seed's LateChunker switch: false → Phase 1 (late-jaccard), true → Phase 2 (late-embedding). */
  use_embedding_similarity: boolean;
  window_size: number;
  batch_size: number;
  routing: HybridRouting;
  /** Workbench extension: the sentences of whichever mode runs, and of the quality scores. */
  sentence_splitter: SentenceSplitter;
  /** Workbench extension: how whichever mode runs counts tokens, and the size fit reads them. */
  token_counter: TokenCounter;
}

export const HYBRID_DEFAULTS: HybridConfig = {
  mode: "late",
  max_chunk_tokens: 450,
  overlap_tokens: 80,
  enable_quality_metrics: true,
  use_embedding_similarity: false,
  window_size: 3,
  batch_size: 16,
  routing: { rules: null, context: {} },
  sentence_splitter: "seed",
  token_counter: "cl100k",
};

export const ENCODING: EncodingName = "cl100k_base";

/** The routing param's shape: {rules: <routing rules> | null, context: {tenant?, doc_class?, collection_id?}}. */
function checkRouting(routing: unknown): ConfigProblem[] {
  if (typeof routing !== "object" || routing === null || Array.isArray(routing)) {
    return [{ key: "routing", message: "must be {rules, context}" }];
  }
  const problems: ConfigProblem[] = [];
  const { rules, context, ...rest } = routing as Record<string, unknown>;
  for (const key of Object.keys(rest))
    problems.push({ key: "routing", message: `unknown key ${key} (known: rules, context)` });
  if (rules !== null && rules !== undefined) {
    for (const p of validateRoutingRules(rules).problems)
      problems.push({ key: "routing", message: `rules: ${formatProblem(p)}` });
  }
  if (context !== undefined) {
    if (typeof context !== "object" || context === null || Array.isArray(context)) {
      problems.push({ key: "routing", message: "context must be {tenant?, doc_class?, collection_id?}" });
    } else {
      for (const [key, value] of Object.entries(context)) {
        if (!["tenant", "doc_class", "collection_id"].includes(key))
          problems.push({
            key: "routing",
            message: `context: unknown key ${key} (known: tenant, doc_class, collection_id)`,
          });
        else if (typeof value !== "string")
          problems.push({ key: "routing", message: `context.${key} must be a string` });
      }
    }
  }
  return problems;
}

export const hybridMeta: ChunkerMeta<HybridConfig> = {
  id: "hybrid",
  label: "Hybrid (routing → late / agentic)",
  source: "hybrid-late-agentic-chunker.md",
  description:
    "NOESIS HybridChunker: routing rules (tenant, doc_class, collection_id) pick late, agentic or hybrid chunking; late runs late-jaccard at max_chunk_tokens (late-embedding with use_embedding_similarity); agentic asks the session's LLM for boundaries and falls back to late, saying why; hybrid (never defined by the seed) runs agentic with its late fallback. Stats as the seed: chunk.count, chunker.mode, quality.scores.",
  defaults: HYBRID_DEFAULTS,
  params: [
    {
      key: "mode",
      label: "Mode",
      type: "enum",
      options: CHUNKER_MODES,
      help: "Seed: late. Used when no routing rules are given; with rules, the rules decide. hybrid is named by the seed but never defined: the workbench runs agentic with its late fallback and says so.",
    },
    {
      key: "max_chunk_tokens",
      label: "Max chunk tokens",
      type: "int",
      min: 1,
      max: 32_768,
      step: 1,
      help: "Seed: 450. The late chunker's target_tokens.",
    },
    {
      key: "overlap_tokens",
      label: "Overlap tokens",
      type: "int",
      min: 0,
      max: 32_767,
      step: 1,
      help: "Seed: 80. Whole sentences carried into the next chunk after a low-similarity boundary.",
    },
    {
      key: "enable_quality_metrics",
      label: "Quality metrics",
      type: "boolean",
      help: "Seed: true. Per chunk: size fit to max_chunk_tokens and lexical cohesion of adjacent sentences (the seed's LLM judge is not available).",
    },
    {
      key: "use_embedding_similarity",
      label: "Embedding similarity (Phase 2)",
      type: "boolean",
      help: "Seed: false. On: mode late runs late-embedding (window_size, batch_size; the session's embedder), falling back to late-jaccard as that chunker does.",
    },
    { ...WINDOW_SIZE_PARAM, help: "Seed: 3. Sentences per embedded window, with embedding similarity on." },
    { ...BATCH_SIZE_PARAM, help: "Seed: 16. Windows per embedding request, with embedding similarity on." },
    {
      key: "routing",
      label: "Routing rules",
      type: "structured",
      editor: "routing-rules",
      help: "rag_routing_rules.yaml and the document's tenant / doc_class / collection_id. Most specific rule wins: tenant+doc_class+collection_id > tenant+doc_class > tenant+collection_id > tenant > default_chunker_mode.",
    },
    SENTENCE_SPLITTER_PARAM,
    TOKEN_COUNTER_PARAM,
  ],
  presets: [
    { name: "Seed defaults (late, 450/80)", config: { ...HYBRID_DEFAULTS } },
    {
      name: "Seed routing example (enterprise legal contract → agentic)",
      config: {
        routing: {
          rules: {
            default_profile: "standard",
            default_chunker_mode: "late",
            rules: [
              { tenant: "enterprise", profile: "premium", chunker_mode: "late" },
              {
                tenant: "enterprise",
                doc_class: "legal_contract",
                profile: "premium",
                chunker_mode: "agentic",
              },
            ],
          },
          context: { tenant: "enterprise", doc_class: "legal_contract" },
        },
      },
    },
  ],
  check(config) {
    const problems: ConfigProblem[] = checkRouting(config.routing);
    if (config.overlap_tokens >= config.max_chunk_tokens) {
      problems.push({
        key: "overlap_tokens",
        message: `must be smaller than max_chunk_tokens (${config.max_chunk_tokens})`,
      });
    }
    return problems;
  },
  encodingOf: () => ENCODING,
};
