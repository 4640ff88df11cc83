/** What the page needs of ADR-018 token windows: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta } from "../../chunk";
import { type EncodingName, ENCODINGS } from "../../text/tokenizer";

export interface TokenConfig {
  chunk_size: number;
  overlap: number;
  encoding: EncodingName;
}

const TOKEN_DEFAULTS: TokenConfig = { chunk_size: 512, overlap: 50, encoding: "cl100k_base" };

export const tokenMeta: ChunkerMeta<TokenConfig> = {
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
      step: 1,
      help: "Tokens per window (seed default 512).",
    },
    {
      key: "overlap",
      label: "Overlap (tokens)",
      type: "int",
      min: 0,
      max: 32767,
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
};
