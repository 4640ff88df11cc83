/**
 * Runs a chunker on a document, in the stages DESIGN §3 names, so a host can draw each as it
 * arrives:
 * 1. `runRanges` — validate the config, let the chunker produce ranges, then give every range its
 *    text, token count, pages and boxes (through citations — the only place they are computed) and
 *    an id unique in the run. Nothing else sits between a slider move and the boxes on the page.
 * 2. `scoreRun` — the per-chunk scores (sizes, sentence ends, limits) and the cheap run-level ones.
 * 3. `scoreCoherence` — coherence with the session's embedder, which may cost network calls.
 * `runChunker` runs all three and is what the CLI prints.
 */
import { OCR_FLAG } from "./ocr";
import { TOKENS_PENDING, type Chunk, type ChunkDraft, type ChunkRun, type RunContext } from "./chunk";
import { sizeRules } from "./quality/sizeRules";
import { undersizeWarnings } from "./quality/sizeWarning";
import { getChunker } from "./chunkers/registry";
import { cite } from "./citations";
import { validConfig } from "./config";
import type { DocModel } from "./document";
import { chunkCoherence } from "./quality/chunkCoherence";
import { runQuality, type RunQuality } from "./quality/runQuality";
import { EncodedTextCache, type EncodedText } from "./text/encodedText";
import { exactTokenCount } from "./text/exactCount";
import { loadTokenizer, type Tokenizer } from "./text/tokenizer";
import { yieldToEventLoop } from "./checkpoint";

export function createRunContext(signal?: AbortSignal, encoded = new EncodedTextCache()): RunContext {
  return { signal, encoded, tokenizer: (encoding) => loadTokenizer(encoding) };
}

/** Stage 1: chunks with pages and boxes; `quality` is left for the later stages. */
export async function runRanges(
  doc: DocModel,
  chunkerId: string,
  configInput: unknown,
  ctx: RunContext,
  options: {
    /**
     * A run whose chunker measures in characters leaves its token counts to the next stage
     * (`withTokenCounts`): a host that draws stage 1 at once (the app) asks for this.
     */
    deferTokens?: boolean;
  } = {},
): Promise<ChunkRun> {
  const spec = getChunker(chunkerId);
  const config = validConfig(spec, configInput);
  const t0 = now();
  const defer = options.deferTokens === true && countsTokensLater(spec.id, config);
  // Loaded before the split, not after: a chunker that counts tokens itself finds it warm.
  const tokenizer = defer ? null : await ctx.tokenizer(spec.encodingOf(config));
  ctx.signal?.throwIfAborted();
  const output = await spec.chunk(doc, config, ctx);
  // A chunker that ran long without yielding: an abort that came meanwhile stops the run here.
  await yieldToEventLoopIf(ctx.signal);
  const t1 = now();
  // Chunk token counts read off the document's one encoding (exactly: core/text/exactCount), so a
  // run never re-encodes the text its chunks cover.
  const chunks = tokenizer
    ? materialize(doc, output.drafts, tokenizer, ctx.encoded.get(doc.id, tokenizer, doc.text))
    : materialize(doc, output.drafts, null);
  const t2 = now();
  const pending = chunks.some((c) => c.tokens === TOKENS_PENDING);
  return {
    chunker: spec.id,
    config: { ...config } as Record<string, unknown>,
    chunks,
    stats: { ...output.stats, "chunk.count": chunks.length },
    ...(output.trace ? { trace: output.trace } : {}),
    warnings: [
      ...(output.warnings ?? []),
      ...undersizeWarnings(spec.id, config as Record<string, unknown>, chunks),
    ],
    timings: { chunk_ms: t1 - t0, cite_ms: t2 - t1 },
    ...(pending ? { tokensPending: true as const } : {}),
  };
}

/**
 * Whether a run that may defer its token counts does (`runRanges` deferTokens): every size rule of
 * the chunker under this config counts characters or bytes, none tokens.
 */
export function countsTokensLater(chunkerId: string, config: object): boolean {
  return sizeRules(chunkerId, config as Record<string, unknown>).every((rule) => rule.unit !== "tokens");
}

/**
 * The run with its chunks' token counts, when stage 1 left them (`tokensPending`); the run itself
 * otherwise. Counted off the document's one encoding, exactly as stage 1 counts them.
 */
export async function withTokenCounts(doc: DocModel, run: ChunkRun, ctx: RunContext): Promise<ChunkRun> {
  if (!run.tokensPending) return run;
  const tokenizer = await ctx.tokenizer(getChunker(run.chunker).encodingOf(run.config));
  ctx.signal?.throwIfAborted();
  const encoded = ctx.encoded.get(doc.id, tokenizer, doc.text);
  const { tokensPending: _counted, ...rest } = run;
  return {
    ...rest,
    chunks: run.chunks.map((c) =>
      c.tokens === TOKENS_PENDING
        ? {
            ...c,
            tokens: exactTokenCount(
              tokenizer,
              encoded,
              doc.text,
              c.start,
              c.end,
              c.text.slice(0, c.prefixChars),
            ),
          }
        : c,
    ),
  };
}

/** Stage 2: the scores that need no embedder (per chunk, and coverage, overlap, sizes of the run). */
export async function scoreRun(doc: DocModel, run: ChunkRun, ctx: RunContext): Promise<RunQuality> {
  const tokenizer = await ctx.tokenizer(getChunker(run.chunker).encodingOf(run.config));
  return runQuality(doc, run, { encoded: () => ctx.encoded.get(doc.id, tokenizer, doc.text) });
}

/** What stage 3 adds to a run: the full quality (coherence included), stats and a warning. */
export interface CoherenceStage {
  quality: RunQuality;
  /** Stats the seed reports once coherence is known (the hybrid seed's quality.mean_coherence). */
  stats: Record<string, unknown>;
  warnings: string[];
  coherence_ms: number;
  quality_ms: number;
}

/** Stage 3: per-chunk coherence with the session's embedder (or the local one), and the scores again with it. */
export async function scoreCoherence(doc: DocModel, run: ChunkRun, ctx: RunContext): Promise<CoherenceStage> {
  const tokenizer = await ctx.tokenizer(getChunker(run.chunker).encodingOf(run.config));
  const t0 = now();
  // A failed endpoint fails fast here (the host wraps it: providers/failFast), so a run that fell
  // back sends it nothing more and scores coherence locally, with a warning.
  const coherence = await chunkCoherence(doc, run.chunks, ctx.embedder, ctx.signal, ctx.localEmbedder);
  ctx.signal?.throwIfAborted();
  const t1 = now();
  const quality = runQuality(doc, run, {
    encoded: () => ctx.encoded.get(doc.id, tokenizer, doc.text),
    coherence,
  });
  const t2 = now();
  const stats: Record<string, unknown> = {};
  // The hybrid seed reports quality.mean_coherence when a coherence score exists (CHUNKERS.md).
  if (
    run.chunker === "hybrid" &&
    run.config["enable_quality_metrics"] !== false &&
    quality.coherence !== null
  ) {
    stats["quality.mean_coherence"] = quality.coherence;
    if (quality.coherenceBy) stats["quality.coherence_by"] = quality.coherenceBy;
  }
  return {
    quality,
    stats,
    warnings: coherence.warning ? [coherence.warning] : [],
    coherence_ms: t1 - t0,
    quality_ms: t2 - t1,
  };
}

/** A run with stage 3 folded in: what the CLI prints and the UI shows once every stage is in. */
export function withCoherence(run: ChunkRun, stage: CoherenceStage): ChunkRun {
  return {
    ...run,
    stats: { ...run.stats, ...stage.stats },
    warnings: [...run.warnings, ...stage.warnings],
    timings: { ...run.timings, coherence_ms: stage.coherence_ms, quality_ms: stage.quality_ms },
    quality: stage.quality,
  };
}

/** Every stage, in order: the CLI's run, and the reference the staged hosts must agree with. */
export async function runChunker(
  doc: DocModel,
  chunkerId: string,
  configInput: unknown,
  ctx: RunContext,
): Promise<ChunkRun> {
  const run = await runRanges(doc, chunkerId, configInput, ctx);
  return withCoherence(run, await scoreCoherence(doc, run, ctx));
}

/** Drafts → chunks: text (prefix + body), tokens, citation, and ids made unique with _2, _3 … in order. */
export function materialize(
  doc: DocModel,
  drafts: readonly ChunkDraft[],
  /** Null: counts the chunker did not give are TOKENS_PENDING (`withTokenCounts` adds them). */
  tokenizer: Tokenizer | null,
  encoded?: EncodedText,
): Chunk[] {
  const seen = new Map<string, number>();
  // Pages whose text OCR recognized: a chunk on one is flagged, so a pipeline can weigh it (§10).
  const ocrPages = new Set(doc.pages.filter((p) => p.ocr).map((p) => p.number));
  return drafts.map((d, index) => {
    const prefix = d.prefix ?? "";
    const text = prefix + doc.text.slice(d.start, d.end);
    const count = (seen.get(d.id) ?? 0) + 1;
    seen.set(d.id, count);
    const { pages, boxes } = cite(doc, d.start, d.end);
    const chunk: Chunk = {
      id: count === 1 ? d.id : `${d.id}_${count}`,
      index,
      start: d.start,
      end: d.end,
      prefixChars: prefix.length,
      text,
      tokens:
        d.tokens ??
        (tokenizer === null
          ? TOKENS_PENDING
          : encoded
            ? exactTokenCount(tokenizer, encoded, doc.text, d.start, d.end, prefix)
            : tokenizer.count(text)),
      pages,
      boxes,
      flags:
        ocrPages.size > 0 && pages.some((p) => ocrPages.has(p))
          ? [...(d.flags ?? []), OCR_FLAG]
          : (d.flags ?? []),
      meta: d.meta ?? {},
    };
    if (d.parentId !== undefined) chunk.parentId = d.parentId;
    if (d.level !== undefined) chunk.level = d.level;
    if (d.headingPath !== undefined) chunk.headingPath = d.headingPath;
    if (d.marks?.length) chunk.marks = d.marks.map((m) => ({ ...m, boxes: cite(doc, m.start, m.end).boxes }));
    return chunk;
  });
}

const now = () => performance.now();

/** With a signal (a host that can cancel), let pending messages in and honour an abort among them. */
async function yieldToEventLoopIf(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return;
  await yieldToEventLoop();
  signal.throwIfAborted();
}
