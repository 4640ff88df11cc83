/**
 * ADR-018's chunk_for_rag: windows of chunk_size tokens starting every chunk_size − overlap tokens
 * over the document's token stream — the seed's loop exactly, so the last window may lie wholly
 * inside the previous one (kept, and flagged `tail-inside-previous`).
 */
import type { ChunkDraft, ChunkerSpec } from "../../chunk";
import { type TokenConfig, tokenMeta } from "./meta";

/** The seed's loop over token indices: window starts and ends, as `range(0, n, size − overlap)`. */
export function tokenWindows(
  tokenCount: number,
  chunkSize: number,
  overlap: number,
): { start: number; end: number }[] {
  const step = chunkSize - overlap;
  const windows: { start: number; end: number }[] = [];
  for (let i = 0; i < tokenCount; i += step)
    windows.push({ start: i, end: Math.min(i + chunkSize, tokenCount) });
  return windows;
}

export const tokenChunker: ChunkerSpec<TokenConfig> = {
  ...tokenMeta,
  async chunk(doc, config, ctx) {
    const tokenizer = await ctx.tokenizer(config.encoding);
    const encoded = ctx.encoded.get(doc.id, tokenizer, doc.text);
    const windows = tokenWindows(encoded.ids.length, config.chunk_size, config.overlap);
    const drafts: ChunkDraft[] = windows.map((w, n) => {
      const previous = windows[n - 1];
      const flags = previous && w.end <= previous.end ? ["tail-inside-previous"] : [];
      return {
        id: `chunk_${n}`,
        start: encoded.floor[w.start]!,
        end: encoded.ceil[w.end]!,
        tokens: w.end - w.start,
        flags,
      };
    });
    return { drafts, stats: { "token.count": encoded.ids.length, "chunk.count": drafts.length } };
  },
};
