/** What the page needs of NOESIS late chunking, Phase 1 (Jaccard): its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta } from "../../chunk";
import { checkLateSizes, LATE_SIZE_PARAMS } from "../late/sizes";
import type { EncodingName } from "../../text/tokenizer";

const BOUNDARY_RULES = ["adjacent", "running-chunk"] as const;
type BoundaryRule = (typeof BOUNDARY_RULES)[number];

export interface LateJaccardConfig {
  max_tokens: number;
  target_tokens: number;
  overlap_tokens: number;
  similarity_threshold: number;
  boundary_rule: BoundaryRule;
}

export const LATE_JACCARD_DEFAULTS: LateJaccardConfig = {
  max_tokens: 8000,
  target_tokens: 450,
  overlap_tokens: 80,
  // The seed's markdown gives no value (CHUNKERS.md: 0.1); its late_chunker.py defaults to 0.7.
  similarity_threshold: 0.1,
  boundary_rule: "adjacent",
};

export const ENCODING: EncodingName = "cl100k_base";

export const lateJaccardMeta: ChunkerMeta<LateJaccardConfig> = {
  id: "late-jaccard",
  label: "Late chunking (Jaccard)",
  source: "hybrid-late-agentic-chunker.md",
  description:
    "NOESIS LateChunker Phase 1: regex sentences; a boundary where the Jaccard word overlap of adjacent sentences falls below the threshold or where the next sentence would pass target_tokens; the next chunk carries ≤ overlap_tokens of sentences. boundary_rule running-chunk runs the seed code's loop instead.",
  defaults: LATE_JACCARD_DEFAULTS,
  params: [
    ...LATE_SIZE_PARAMS,
    {
      key: "similarity_threshold",
      label: "Similarity threshold",
      type: "number",
      min: 0,
      max: 1,
      step: 0.01,
      seedSilent: true,
      help: "Jaccard of adjacent sentences' word sets below this → boundary (running-chunk: of the chunk and the next sentence, once the chunk reaches the target). The seed's text gives no value (workbench 0.1); its code's default is 0.7.",
    },
    {
      key: "boundary_rule",
      label: "Boundary rule",
      type: "enum",
      options: BOUNDARY_RULES,
      seedSilent: true,
      help: "adjacent (default): CHUNKERS.md and the seed's markdown, \"compare word overlap between adjacent sentences\", a boundary at every low pair. running-chunk: the seed's late_chunker.py loop, which checks only once a chunk reaches target_tokens, compares the whole chunk with the next sentence, and uses the result to decide overlap, not where the chunk ends.",
    },
  ],
  presets: [
    { name: "Seed defaults (450/80)", config: { ...LATE_JACCARD_DEFAULTS } },
    { name: "Seed code threshold (0.7)", config: { similarity_threshold: 0.7 } },
    {
      name: "Seed code loop (late_chunker.py, 0.7)",
      config: { boundary_rule: "running-chunk", similarity_threshold: 0.7 },
    },
  ],
  check: checkLateSizes,
  encodingOf: () => ENCODING,
};
