/** What the page needs of the simple paragraph seed: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta } from "../../chunk";

export interface SimpleConfig {
  max_bytes: number;
}

const SIMPLE_DEFAULTS: SimpleConfig = { max_bytes: 2048 };

export const simpleMeta: ChunkerMeta<SimpleConfig> = {
  id: "simple",
  label: "Simple blocks (legacy)",
  source: "hybrid-late-agentic-chunker.md",
  description:
    "The deprecated SimpleDocumentChunker: one chunk per block, cut at max_bytes of UTF-8 with the rest dropped (flagged truncated) — the baseline the hybrid chunker replaced.",
  defaults: SIMPLE_DEFAULTS,
  params: [
    {
      key: "max_bytes",
      label: "Max bytes per block",
      type: "int",
      min: 16,
      max: 1_000_000,
      step: 16,
      help: "UTF-8 bytes kept of each block (seed: 2048); the rest is dropped.",
    },
  ],
  presets: [{ name: "Seed (2048 bytes)", config: { max_bytes: 2048 } }],
  encodingOf: () => "cl100k_base",
};
