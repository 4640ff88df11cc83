/**
 * late-embedding: the NOESIS LateChunker, Phase 2 (use_embedding_similarity=True), as CHUNKERS.md
 * specifies it. Sentences as late-jaccard's (the seed's regex, or the workbench segmenter with
 * `sentence_splitter`); sliding windows of window_size sentences joined
 * with " " (the seed's example: ["A","B","C","D","E"] → ["A B C","B C D","C D E"]), embedded in
 * batches of batch_size; the cosine of windows j and j + 1 belongs to the gap before the sentence
 * window j + 1 adds, i.e. after sentence j + window_size − 1. Which gaps break is decided by
 * threshold_mode on the whole curve (LangChain SemanticChunker's rules, core/similarity/breakpoints).
 * Chunks close at every such break and wherever the next sentence would pass target_tokens, with
 * overlap of whole sentences ≤ overlap_tokens — the builder late-jaccard's "adjacent" rule uses
 * (`buildLateChunks`). This is the seed's Phase 2 as written ("detect boundaries where similarity
 * drops below threshold", then "build chunks with overlap"); it does not first accumulate to
 * target_tokens as late-jaccard's default running-chunk loop (Phase 1's code) does, so its chunks
 * run shorter than the target (docs/decisions.md "differs from the seed").
 *
 * Embedder: the session's endpoint (ctx.embedder, already cached by the host) or, without one, the
 * local embedder fitted on the document's sentences (providers/localEmbedder: GloVe SIF vectors by
 * default, lexical TF-IDF when chosen or when the vectors cannot serve the text, with a warning).
 * The local one is kept per document with its vectors (the static embedder keeps them per text; the
 * lexical one sits behind a module-level vector cache), so dragging a threshold re-runs the chunker
 * without embedding anything again.
 *
 * Fallback (the seed's graceful degradation): any embedding failure other than the run's own abort,
 * or a document over max_tokens, runs late-jaccard with the same sizes and says why in warnings and
 * in stats["fallback.reason"].
 */
import type { FallbackFacts, FallbackNote, ChunkerOutput, ChunkerSpec, RunContext } from "../../chunk";
import { type LateEmbeddingConfig, lateEmbeddingMeta } from "./meta";
import { LATE_JACCARD_DEFAULTS } from "../late-jaccard/meta";
import { runLateJaccard } from "../late-jaccard/run";
import {
  boundaryOffsets,
  buildLateChunks,
  gapPoints,
  longSentenceWarnings,
  sentenceTable,
  type SentenceTable,
  splitterWarnings,
} from "../late/toolkit";
import type { DocModel } from "../../document";
import { cachedEmbedder, MemoryEmbeddingCache } from "../../providers/cache";
import { type Embedder, EmbedderError } from "../../providers/embedder";
import { localEmbedderForDocument, type LocalEmbedderPick } from "../../providers/localEmbedder";
import { cosineSimilarity } from "../../providers/vectors";
import { breakpoints } from "../../similarity/breakpoints";

/**
 * The seed's sliding windows: window j = sentences j … j + size − 1 joined with " ". Fewer sentences
 * than the window make one window of all of them (no gap to compare); none make no window.
 */
export function sentenceWindows(sentences: readonly string[], size: number): string[] {
  if (sentences.length === 0) return [];
  if (sentences.length <= size) return [sentences.join(" ")];
  const out: string[] = [];
  for (let j = 0; j + size <= sentences.length; j++) out.push(sentences.slice(j, j + size).join(" "));
  return out;
}

/** The sentence gap the similarity of windows j and j + 1 speaks for: after sentence j + size − 1. */
export function windowGap(j: number, size: number): number {
  return j + size - 1;
}

interface EmbeddedWindows {
  vectors: Float32Array[];
  /** embed() calls made, one per batch_size windows. */
  batches: number;
}

/** Requests in flight at once: the seed's batches, without one round trip after another. */
export const MAX_BATCHES_IN_FLIGHT = 4;

/**
 * Embeds the windows batch_size per call, up to MAX_BATCHES_IN_FLIGHT calls at once, vectors in
 * window order. The Embedder API has no per-call batch size, so the chunker hands it slices of
 * batch_size; an endpoint whose own batch setting is smaller splits a slice further. The first
 * failure aborts the calls still running, so a failed run does not keep sending the document.
 */
export async function embedWindows(
  embedder: Embedder,
  windows: readonly string[],
  batchSize: number,
  signal?: AbortSignal,
): Promise<EmbeddedWindows> {
  const slices: [number, number][] = [];
  for (let start = 0; start < windows.length; start += batchSize)
    slices.push([start, Math.min(windows.length, start + batchSize)]);
  const results = new Array<Float32Array[]>(slices.length);
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal!.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  let next = 0;
  const worker = async () => {
    while (next < slices.length) {
      const k = next++;
      const [start, end] = slices[k]!;
      const got = await embedder.embed(windows.slice(start, end), stop.signal);
      if (got.length !== end - start) {
        throw new EmbedderError(
          `${embedder.label} returned ${got.length} vectors for ${end - start} windows.`,
          undefined,
          { code: "bad-response" },
        );
      }
      results[k] = got;
    }
  };
  try {
    signal?.throwIfAborted();
    await Promise.all(
      Array.from({ length: Math.min(MAX_BATCHES_IN_FLIGHT, slices.length) }, () =>
        worker().catch((err: unknown) => {
          stop.abort(err);
          throw err;
        }),
      ),
    );
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
  return { vectors: results.flat(), batches: slices.length };
}

/** Cosine of each window with the next. */
function windowSimilarities(vectors: readonly Float32Array[]): number[] {
  const out: number[] = [];
  for (let j = 0; j + 1 < vectors.length; j++) out.push(cosineSimilarity(vectors[j]!, vectors[j + 1]!));
  return out;
}

/** The vectors the local lexical embedder made, across runs; exported so tests can see its hits. */
export const LOCAL_EMBEDDING_CACHE = new MemoryEmbeddingCache({ maxBytes: 96 * 1024 * 1024 });

/**
 * The document's local embedder (kept per document by providers/localEmbedder). The lexical one's
 * 2,048-wide vectors cost more to make than to look up, so they go through the vector cache; the
 * static one keeps its own per text.
 */
export async function documentLocalEmbedder(doc: DocModel, ctx: RunContext): Promise<LocalEmbedderPick> {
  const pick = await localEmbedderForDocument(doc, ctx.localEmbedder);
  return pick.embedder.kind === "lexical"
    ? { ...pick, embedder: cachedEmbedder(pick.embedder, LOCAL_EMBEDDING_CACHE) }
    : pick;
}

async function fallBack(
  doc: DocModel,
  config: LateEmbeddingConfig,
  ctx: RunContext,
  reason: string,
): Promise<ChunkerOutput> {
  const out = await runLateJaccard(
    doc,
    {
      max_tokens: config.max_tokens,
      target_tokens: config.target_tokens,
      overlap_tokens: config.overlap_tokens,
      similarity_threshold: config.similarity_threshold,
      boundary_rule: LATE_JACCARD_DEFAULTS.boundary_rule,
      sentence_splitter: config.sentence_splitter,
      token_counter: config.token_counter,
    },
    ctx,
    { use_content_based_ids: config.use_content_based_ids },
  );
  return {
    ...out,
    warnings: [`fell back from late-embedding to late-jaccard: ${reason}`, ...(out.warnings ?? [])],
    stats: { ...out.stats, "chunker.ran": "late-jaccard", "fallback.reason": reason },
  };
}

export async function runLateEmbedding(
  doc: DocModel,
  config: LateEmbeddingConfig,
  ctx: RunContext,
): Promise<ChunkerOutput> {
  const table = await sentenceTable(doc, ctx, config.sentence_splitter, config.token_counter);
  ctx.signal?.throwIfAborted();
  if (table.documentTokens > config.max_tokens) {
    return fallBack(
      doc,
      config,
      ctx,
      `document has ${table.documentTokens} tokens, over max_tokens ${config.max_tokens}`,
    );
  }
  const sentences = table.spans.map((s) => doc.text.slice(s.start, s.end));
  const windows = sentenceWindows(sentences, config.window_size);
  const local = ctx.embedder ? undefined : await documentLocalEmbedder(doc, ctx);
  const embedder = ctx.embedder ?? local!.embedder;
  let similarities: number[];
  let batches: number;
  try {
    const embedded = await embedWindows(embedder, windows, config.batch_size, ctx.signal);
    batches = embedded.batches;
    // All-zero vectors make every similarity 0 and every gap look alike: an embedding failure.
    if (embedded.vectors.length > 0 && embedded.vectors.every((v) => v.every((x) => x === 0)))
      throw new EmbedderError(`${embedder.label} returned all-zero vectors`, undefined, {
        code: "bad-response",
      });
    similarities = windowSimilarities(embedded.vectors);
  } catch (error) {
    // The run's own abort is not an embedding failure: it ends the run, as every chunker's does.
    if (ctx.signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return fallBack(doc, config, ctx, `embedding with ${embedder.label} failed: ${message}`);
  }
  ctx.signal?.throwIfAborted();
  const out = await chunkAtBreakpoints(doc, config, table, similarities, {
    embedder,
    windows: windows.length,
    batches,
    signal: ctx.signal,
  });
  // A run that used a stand-in embedder says so where the user looks, not only in a stat.
  if (local?.embedder.kind === "lexical")
    out.warnings = [
      local.warning ??
        `no embedding endpoint: windows embedded with the local lexical embedder (word overlap, not meaning) — set one in Endpoints for semantic boundaries`,
      ...(out.warnings ?? []),
    ];
  return out;
}

async function chunkAtBreakpoints(
  doc: DocModel,
  config: LateEmbeddingConfig,
  table: SentenceTable,
  similarities: readonly number[],
  run: { embedder: Embedder; windows: number; batches: number; signal: AbortSignal | undefined },
): Promise<ChunkerOutput> {
  const found = breakpoints(similarities, config.threshold_mode, config.threshold_amount);
  const values = new Array<number | undefined>(Math.max(0, table.spans.length - 1));
  similarities.forEach((s, j) => (values[windowGap(j, config.window_size)] = s));
  const breaks = new Set(found.indices.map((j) => windowGap(j, config.window_size)));
  const { boundaries, drafts } = await buildLateChunks(
    doc,
    table,
    { breaks, values },
    { ...config, chunker: "late-embedding" },
    run.signal,
  );
  const count = (kind: string) => boundaries.filter((b) => b.kind === kind).length;
  return {
    drafts,
    warnings: [...splitterWarnings(table), ...longSentenceWarnings(table, config.target_tokens)],
    stats: {
      "chunk.count": drafts.length,
      "chunker.ran": "late-embedding",
      "sentence.count": table.spans.length,
      "sentence.splitter": table.splitter,
      "document.tokens": table.documentTokens,
      "embedding.model": run.embedder.label,
      "embedding.id": run.embedder.id,
      "embedding.kind": run.embedder.kind,
      "windows.count": run.windows,
      "embedding.batches": run.batches,
      threshold_mode: config.threshold_mode,
      // On the scale the mode compares with (distance, its gradient, or cosine for absolute).
      "threshold.value": found.threshold,
      "boundaries.similarity": count("similarity"),
      "boundaries.size": count("size"),
    },
    trace: {
      points: gapPoints(table, values),
      ...(found.similarityThreshold === null ? {} : { threshold: found.similarityThreshold }),
      boundaries: boundaryOffsets(table, boundaries),
    },
  };
}

/** runLateEmbedding's first check: a document over max_tokens runs late-jaccard. */
export function lateEmbeddingFallback(
  config: Pick<LateEmbeddingConfig, "max_tokens">,
  facts: FallbackFacts,
): FallbackNote | null {
  if (facts.documentTokens <= config.max_tokens) return null;
  return {
    runs: "late-jaccard",
    reason: `the document has ${facts.documentTokens} tokens, over max_tokens ${config.max_tokens}`,
    change: `max_tokens of at least ${facts.documentTokens}`,
  };
}

export const lateEmbeddingChunker: ChunkerSpec<LateEmbeddingConfig> = {
  ...lateEmbeddingMeta,
  chunk: (doc, config, ctx) => runLateEmbedding(doc, config, ctx),
  fallbackOn: lateEmbeddingFallback,
};
