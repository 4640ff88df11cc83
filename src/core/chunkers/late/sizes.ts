/** The late chunkers' size rules and their params, meta-safe: the page loads them. */
import type { ChunkerSpec } from "../../chunk";

export interface SizeLimits {
  target_tokens: number;
  overlap_tokens: number;
}

/** late-jaccard's four seed keys as param specs; late-embedding shares them. */
export const LATE_SIZE_PARAMS = [
  {
    key: "max_tokens",
    label: "Max document tokens",
    type: "int",
    min: 1,
    max: 10_000_000,
    step: 100,
    help: "Seed: 8000. A longer document is still chunked, with a warning (the seed names Phase 1, Jaccard, as its strategy for documents over it).",
  },
  {
    key: "target_tokens",
    label: "Target tokens",
    type: "int",
    min: 1,
    max: 32_768,
    step: 1,
    help: "Seed: 450. A chunk closes before the sentence that would take it past this many tokens (a longer sentence is a chunk of its own).",
  },
  {
    key: "overlap_tokens",
    label: "Overlap tokens",
    type: "int",
    min: 0,
    max: 32_767,
    step: 1,
    help: "Seed: 80. Whole sentences from the end of a chunk, up to this many tokens, start the next one (never the whole chunk).",
  },
] as const satisfies readonly ChunkerSpec["params"][number][];

/** overlap_tokens < target_tokens, for both late chunkers. */
export function checkLateSizes(config: SizeLimits): { key: string; message: string }[] {
  if (config.overlap_tokens >= config.target_tokens) {
    return [
      {
        key: "overlap_tokens",
        message: `must be smaller than target_tokens (${config.target_tokens}), or a chunk's overlap could be the whole chunk`,
      },
    ];
  }
  return [];
}
