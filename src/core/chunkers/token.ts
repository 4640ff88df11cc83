/**
 * ADR-018's chunk_for_rag: windows of chunk_size tokens starting every chunk_size − overlap tokens
 * over the document's token stream — the seed's loop exactly, so the last window may lie wholly
 * inside the previous one (kept, and flagged `tail-inside-previous`).
 */
import type { ChunkDraft, ChunkerSpec } from "../chunk";
import { ENCODINGS, type EncodingName } from "../text/tokenizer";

export interface TokenConfig {
  chunk_size: number;
  overlap: number;
  encoding: EncodingName;
}

export const TOKEN_DEFAULTS: TokenConfig = { chunk_size: 512, overlap: 50, encoding: "cl100k_base" };

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
  id: "token",
  label: "Token windows",
  source: "adr-018-token-chunking-citations.md",
  description:
    "Fixed windows of chunk_size tokens, a new one every chunk_size − overlap tokens (ADR-018 chunk_for_rag), with page citations and boxes.",
  defaults: TOKEN_DEFAULTS,
  params: [
    {
      key: "chunk_size",
      label: "Chunk size (tokens)",
      type: "int",
      min: 1,
      max: 32768,
      sliderMax: 2048,
      step: 1,
      help: "Tokens per window (seed default 512).",
    },
    {
      key: "overlap",
      label: "Overlap (tokens)",
      type: "int",
      min: 0,
      max: 32767,
      sliderMax: 512,
      step: 1,
      help: "Tokens shared by consecutive windows; 0 is the seed's no-overlap case.",
    },
    {
      key: "encoding",
      label: "Encoding",
      type: "enum",
      options: ENCODINGS,
      help: "tiktoken encoding (the seed uses cl100k_base).",
    },
  ],
  presets: [
    { name: "Question answering (512/50)", config: { chunk_size: 512, overlap: 50 } },
    { name: "Summarization (1024/100)", config: { chunk_size: 1024, overlap: 100 } },
    { name: "Table-heavy (512/50)", config: { chunk_size: 512, overlap: 50 } },
    { name: "Legal / contracts (256/100)", config: { chunk_size: 256, overlap: 100 } },
  ],
  check(config) {
    if (config.overlap >= config.chunk_size) {
      return [
        {
          key: "overlap",
          message: `must be smaller than chunk_size (${config.chunk_size}); 0 means no overlap`,
        },
      ];
    }
    return [];
  },
  encodingOf: (config) => config.encoding,
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
