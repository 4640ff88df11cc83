/** What the page needs of the header-based seed: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta, ConfigProblem } from "../../chunk";

export interface HeaderConfig {
  /** The seed's ChunkingConfig.strategy: "header_based", or "none" (full documents). */
  strategy: "header_based" | "none";
  min_chunk_chars: number;
  max_chunk_chars: number;
  overlap_chars: number;
  include_parent_headers: boolean;
}

const HEADER_DEFAULTS: HeaderConfig = {
  strategy: "header_based",
  min_chunk_chars: 200,
  max_chunk_chars: 2000,
  overlap_chars: 50,
  include_parent_headers: true,
};

export const headerMeta: ChunkerMeta<HeaderConfig> = {
  id: "header",
  label: "Header-based",
  source: "header-based-chunking.md",
  description:
    "One chunk per heading's section (no headings: per paragraph); a chunk under min_chunk_chars absorbs the next ones (its header path kept, the others listed in merged_headers), then chunks over max_chunk_chars split at paragraphs into _sub_M; overlap only between sibling sub-chunks; header path prefixed.",
  defaults: HEADER_DEFAULTS,
  params: [
    {
      key: "strategy",
      label: "Strategy",
      type: "enum",
      options: ["header_based", "none"],
      help: 'Seed: "header_based". "none" disables chunking: each document is one chunk (the seed\'s full documents).',
    },
    {
      key: "min_chunk_chars",
      label: "Min chunk (chars)",
      type: "int",
      min: 1,
      max: 1_000_000,
      step: 10,
      help: "A chunk shorter than this absorbs the following ones until it is met; it keeps its own header path and lists the absorbed ones in merged_headers (seed: 200).",
    },
    {
      key: "max_chunk_chars",
      label: "Max chunk (chars)",
      type: "int",
      min: 1,
      max: 1_000_000,
      step: 50,
      help: "Longer chunks are split at paragraph boundaries into _sub_M (seed: 2000; its TOML example: 1500).",
    },
    {
      key: "overlap_chars",
      label: "Overlap (chars)",
      type: "int",
      min: 0,
      max: 999_999,
      step: 10,
      help: "Last characters of a sub-chunk prepended to its next sibling only, never across sections (seed: 50).",
    },
    {
      key: "include_parent_headers",
      label: "Include parent headers",
      type: "boolean",
      help: 'Prefix every chunk with its header path ("A > B"; a merged chunk or sub-chunk: the section its text starts in) (seed: true).',
    },
  ],
  presets: [
    {
      name: "Seed default (2000)",
      config: {
        min_chunk_chars: 200,
        max_chunk_chars: 2000,
        overlap_chars: 50,
        include_parent_headers: true,
      },
    },
    {
      name: "Seed TOML example (1500)",
      config: {
        min_chunk_chars: 200,
        max_chunk_chars: 1500,
        overlap_chars: 50,
        include_parent_headers: true,
      },
    },
  ],
  check(config) {
    const problems: ConfigProblem[] = [];
    if (config.min_chunk_chars > config.max_chunk_chars)
      problems.push({
        key: "min_chunk_chars",
        message: `must not exceed max_chunk_chars (${config.max_chunk_chars})`,
      });
    if (config.overlap_chars >= config.max_chunk_chars)
      problems.push({
        key: "overlap_chars",
        message: `must be smaller than max_chunk_chars (${config.max_chunk_chars}); 0 means no overlap`,
      });
    return problems;
  },
  encodingOf: () => "cl100k_base",
};
