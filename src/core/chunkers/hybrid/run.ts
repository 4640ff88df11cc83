/**
 * The NOESIS HybridChunker: resolve a mode (routing rules when given, else the config's `mode`),
 * run that mode's chunker, add quality scores and the seed's stats (`chunk.count`, `chunker.mode`,
 * `chunker.version` "hybrid-v1", quality.*).
 *
 * Modes run through MODE_RUNNERS. "late" is the late chunker with target_tokens = max_chunk_tokens,
 * as the seed's HybridChunker builds its LateChunker: Phase 1 (late-jaccard), or Phase 2
 * (late-embedding, window_size, batch_size) with use_embedding_similarity. "agentic" runs the
 * agentic chunker at the same sizes; with no LLM endpoint, or on any failure, it falls back to
 * late-jaccard and says why (its warning and `fallback.reason`), and `chunker.ran` reports what
 * actually ran. "hybrid", named by the seed and never defined, runs agentic and says so.
 *
 * Quality: the seed's scores come from an LLM judge the workbench does not have. Per chunk it
 * computes instead, and says so in the stats: `size_fit` = min(t, T) / max(t, T) for the chunk's t
 * tokens and T = max_chunk_tokens (1 = on target); `lexical_cohesion` = mean Jaccard of the word
 * sets (the seed's words) of adjacent sentences inside the chunk (the run's own sentences, as
 * `sentence_splitter` cut them), null for a one-sentence chunk.
 * No `quality.mean_coherence`: that key is reserved for a real coherence score (CHUNKERS.md).
 */
import type {
  ChunkDraft,
  ChunkerOutput,
  ChunkerSpec,
  FallbackFacts,
  FallbackNote,
  RunContext,
} from "../../chunk";
import { AGENTIC_DEFAULTS } from "../agentic/meta";
import { agenticFallback, runAgentic } from "../agentic/run";
import { ENCODING, type HybridConfig, hybridMeta } from "./meta";
import { LATE_JACCARD_DEFAULTS } from "../late-jaccard/meta";
import { LATE_EMBEDDING_DEFAULTS } from "../late-embedding/meta";
import { lateEmbeddingFallback, runLateEmbedding } from "../late-embedding/run";
import { runLateJaccard } from "../late-jaccard/run";
import { jaccard, sentenceTable } from "../late/toolkit";
import type { DocModel } from "../../document";
import {
  type ChunkerMode,
  type ModeResolution,
  resolveMode,
  RoutingRulesError,
  validateRoutingRules,
} from "../../routing";
import { firstIndexWhere } from "../../text/bisect";
import { tokensInRange } from "../../text/spanTokens";
import { charsDiv4 } from "../late/tokenCounter";

/** What a mode needs from the hybrid config. */
type ModeParams = Pick<
  HybridConfig,
  | "max_chunk_tokens"
  | "overlap_tokens"
  | "use_embedding_similarity"
  | "window_size"
  | "batch_size"
  | "sentence_splitter"
  | "token_counter"
>;

/** The seed's LateChunker as HybridChunker builds it: Phase 1, or Phase 2 with use_embedding_similarity. */
function runLate(doc: DocModel, params: ModeParams, ctx: RunContext): Promise<ChunkerOutput> {
  const sizes = {
    target_tokens: params.max_chunk_tokens,
    overlap_tokens: params.overlap_tokens,
    sentence_splitter: params.sentence_splitter,
    token_counter: params.token_counter,
  };
  if (!params.use_embedding_similarity)
    return runLateJaccard(doc, { ...LATE_JACCARD_DEFAULTS, ...sizes }, ctx);
  return runLateEmbedding(
    doc,
    { ...LATE_EMBEDDING_DEFAULTS, ...sizes, window_size: params.window_size, batch_size: params.batch_size },
    ctx,
  );
}

interface ModeRunner {
  /** The chunker id that actually runs, reported as `chunker.ran`. */
  id: string;
  run(doc: DocModel, params: ModeParams, ctx: RunContext): Promise<ChunkerOutput>;
}

const runAgenticMode = (doc: DocModel, params: ModeParams, ctx: RunContext) =>
  runAgentic(
    doc,
    {
      ...AGENTIC_DEFAULTS,
      max_chunk_tokens: params.max_chunk_tokens,
      overlap_tokens: params.overlap_tokens,
      sentence_splitter: params.sentence_splitter,
      token_counter: params.token_counter,
    },
    ctx,
  );

const MODE_RUNNERS: Record<ChunkerMode, ModeRunner> = {
  late: { id: "late-jaccard", run: runLate },
  agentic: { id: "agentic", run: runAgenticMode },
  // The seed names RAG_CHUNKER_MODE=hybrid but never defines it: agentic with its late fallback.
  hybrid: { id: "agentic", run: runAgenticMode },
};

function resolveHybridMode(config: HybridConfig): ModeResolution & { source: "routing" | "config" } {
  const raw: unknown = config.routing.rules;
  if (raw !== null && raw !== undefined) {
    // The config holds the rules as given (numbers, nulls): resolve on their normalized form.
    const { rules, problems } = validateRoutingRules(raw);
    if (!rules) throw new RoutingRulesError(problems);
    return { ...resolveMode(rules, config.routing.context ?? {}), source: "routing" };
  }
  return {
    mode: config.mode,
    ruleIndex: null,
    level: "config",
    description: `no routing rules → mode ${config.mode}`,
    source: "config",
  };
}

interface ChunkQuality {
  index: number;
  size_fit: number;
  lexical_cohesion: number | null;
}

async function chunkQuality(
  doc: DocModel,
  drafts: readonly ChunkDraft[],
  config: Pick<HybridConfig, "max_chunk_tokens" | "sentence_splitter" | "token_counter">,
  ctx: RunContext,
): Promise<ChunkQuality[]> {
  const targetTokens = config.max_chunk_tokens;
  const tokenizer = await ctx.tokenizer(ENCODING);
  const encoded = ctx.encoded.get(doc.id, tokenizer, doc.text);
  // The document's sentence table (the run just built it, kept per document): a chunk's sentences
  // are those inside its range, as the chunker cut them.
  const table = await sentenceTable(doc, ctx, config.sentence_splitter, config.token_counter);
  const { spans } = table;
  // The size fit in the unit the limits were counted in.
  const tokensOf = (d: ChunkDraft) =>
    config.token_counter === "chars_div_4"
      ? charsDiv4(doc.text.slice(d.start, d.end))
      : tokensInRange(encoded, d.start, d.end);
  return drafts.map((d, index) => {
    const t = tokensOf(d);
    const sizeFit = t === 0 ? 0 : Math.min(t, targetTokens) / Math.max(t, targetTokens);
    const from = firstIndexWhere(0, spans.length, (i) => spans[i]!.start >= d.start);
    const words: Set<string>[] = [];
    for (let i = from; i < spans.length && spans[i]!.end <= d.end; i++) words.push(new Set(table.words[i]));
    let sum = 0;
    for (let i = 1; i < words.length; i++) sum += jaccard(words[i - 1]!, [...words[i]!]);
    return { index, size_fit: sizeFit, lexical_cohesion: words.length > 1 ? sum / (words.length - 1) : null };
  });
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/**
 * What the resolved mode's chunker will run instead, as MODE_RUNNERS build them: late with
 * embeddings is late-embedding at its default max_tokens; agentic and hybrid are agentic with its
 * default fallback. Routing rules a run would refuse foresee nothing (the run says what is wrong).
 */
export function hybridFallback(config: HybridConfig, facts: FallbackFacts): FallbackNote | null {
  let mode: ChunkerMode;
  try {
    mode = resolveHybridMode(config).mode;
  } catch (error) {
    if (error instanceof RoutingRulesError) return null;
    throw error;
  }
  if (mode === "late")
    return config.use_embedding_similarity
      ? lateEmbeddingFallback({ max_tokens: LATE_EMBEDDING_DEFAULTS.max_tokens }, facts)
      : null;
  return agenticFallback({ fallback: AGENTIC_DEFAULTS.fallback }, facts);
}

export const hybridChunker: ChunkerSpec<HybridConfig> = {
  ...hybridMeta,
  fallbackOn: hybridFallback,
  async chunk(doc, config, ctx) {
    const resolution = resolveHybridMode(config);
    const warnings: string[] = [];
    const runner = MODE_RUNNERS[resolution.mode];
    if (resolution.mode === "hybrid")
      warnings.push(
        `mode hybrid (${resolution.description}) is named by the seed but never defined: ran agentic with its late fallback`,
      );
    const out = await runner.run(doc, config, ctx);
    ctx.signal?.throwIfAborted();
    const stats: Record<string, unknown> = {
      ...out.stats,
      "chunk.count": out.drafts.length,
      "chunker.mode": resolution.mode,
      "chunker.ran":
        out.stats?.["chunker.ran"] ??
        (runner.id === "late-jaccard" && config.use_embedding_similarity ? "late-embedding" : runner.id),
      "chunker.version": "hybrid-v1",
      "routing.source": resolution.source,
      "routing.level": resolution.level,
      "routing.rule_index": resolution.ruleIndex,
      "routing.matched": resolution.description,
    };
    let drafts = out.drafts;
    if (config.enable_quality_metrics) {
      const scores = await chunkQuality(doc, drafts, config, ctx);
      drafts = drafts.map((d, i) => ({ ...d, meta: { ...d.meta, quality: scores[i] } }));
      stats["quality.scores"] = scores;
      stats["quality.mean_size_fit"] = mean(scores.map((s) => s.size_fit));
      stats["quality.mean_lexical_cohesion"] = mean(
        scores.flatMap((s) => (s.lexical_cohesion === null ? [] : [s.lexical_cohesion])),
      );
      stats["quality.method"] =
        "size_fit = min(t, T)/max(t, T) with T = max_chunk_tokens; lexical_cohesion = mean Jaccard of adjacent sentences' word sets";
    }
    return {
      drafts,
      stats,
      warnings: [...warnings, ...(out.warnings ?? [])],
      ...(out.trace ? { trace: out.trace } : {}),
    };
  },
};
