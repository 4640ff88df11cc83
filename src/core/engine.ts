/**
 * Runs a chunker on a document: validates the config, lets the chunker produce ranges, then gives
 * every range its text, token count, pages and boxes (through citations — the only place they are
 * computed) and an id unique in the run.
 */
import type { Chunk, ChunkDraft, ChunkRun, RunContext } from "./chunk";
import { getChunker } from "./chunkers/registry";
import { cite } from "./citations";
import { validConfig } from "./config";
import type { DocModel } from "./document";
import { chunkCoherence } from "./quality/chunkCoherence";
import { runQuality } from "./quality/runQuality";
import { EncodedTextCache } from "./text/encodedText";
import { loadTokenizer, type Tokenizer } from "./text/tokenizer";

export function createRunContext(signal?: AbortSignal, encoded = new EncodedTextCache()): RunContext {
  return { signal, encoded, tokenizer: (encoding) => loadTokenizer(encoding) };
}

export async function runChunker(
  doc: DocModel,
  chunkerId: string,
  configInput: unknown,
  ctx: RunContext,
): Promise<ChunkRun> {
  const spec = getChunker(chunkerId);
  const config = validConfig(spec, configInput);
  const t0 = now();
  const tokenizer = await ctx.tokenizer(spec.encodingOf(config));
  ctx.signal?.throwIfAborted();
  const output = await spec.chunk(doc, config, ctx);
  ctx.signal?.throwIfAborted();
  const t1 = now();
  const chunks = materialize(doc, output.drafts, tokenizer);
  const t2 = now();
  const runConfig = { ...config } as Record<string, unknown>;
  const stats: Record<string, unknown> = { ...output.stats, "chunk.count": chunks.length };
  // A failed endpoint fails fast here (the host wraps it: providers/failFast), so a run that fell
  // back sends it nothing more and scores coherence locally, with a warning.
  const coherence = await chunkCoherence(doc, chunks, ctx.embedder, ctx.signal);
  ctx.signal?.throwIfAborted();
  const t3 = now();
  const quality = runQuality(
    doc,
    { chunker: spec.id, config: runConfig, chunks, stats },
    { encoded: () => ctx.encoded.get(doc.id, tokenizer, doc.text), coherence },
  );
  const t4 = now();
  // The hybrid seed reports quality.mean_coherence when a coherence score exists (CHUNKERS.md).
  if (spec.id === "hybrid" && runConfig["enable_quality_metrics"] !== false && quality.coherence !== null) {
    stats["quality.mean_coherence"] = quality.coherence;
    if (quality.coherenceBy) stats["quality.coherence_by"] = quality.coherenceBy;
  }
  return {
    chunker: spec.id,
    config: runConfig,
    chunks,
    stats,
    ...(output.trace ? { trace: output.trace } : {}),
    warnings: [...(output.warnings ?? []), ...(coherence.warning ? [coherence.warning] : [])],
    timings: { chunk_ms: t1 - t0, cite_ms: t2 - t1, coherence_ms: t3 - t2, quality_ms: t4 - t3 },
    quality,
  };
}

/** Drafts → chunks: text (prefix + body), tokens, citation, and ids made unique with _2, _3 … in order. */
export function materialize(doc: DocModel, drafts: readonly ChunkDraft[], tokenizer: Tokenizer): Chunk[] {
  const seen = new Map<string, number>();
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
      tokens: d.tokens ?? tokenizer.count(text),
      pages,
      boxes,
      flags: d.flags ?? [],
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
