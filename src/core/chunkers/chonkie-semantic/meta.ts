/** What the page needs of Chonkie's SemanticChunker: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta, ConfigProblem } from "../../chunk";
import { NON_ASCII_DELIMITER } from "../chonkie/split";

export interface ChonkieSemanticConfig {
  threshold: number;
  chunk_size: number;
  similarity_window: number;
  min_sentences_per_chunk: number;
  min_characters_per_sentence: number;
  delim: string[];
  include_delim: "prev" | "next" | "none";
  filter_window: number;
  filter_polyorder: number;
  filter_tolerance: number;
  skip_window: number;
}

/** @chonkiejs/core 0.0.11 SemanticChunker.create's defaults (tokenizer "character"). */
const SEMANTIC_DEFAULTS: ChonkieSemanticConfig = {
  threshold: 0.8,
  chunk_size: 2048,
  similarity_window: 3,
  min_sentences_per_chunk: 1,
  min_characters_per_sentence: 24,
  delim: [". ", "! ", "? ", "\n"],
  include_delim: "prev",
  filter_window: 5,
  filter_polyorder: 3,
  filter_tolerance: 0.2,
  skip_window: 0,
};

/** SemanticChunker.create's checks, word for word. */
function checkChonkieSemantic(c: ChonkieSemanticConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (c.threshold <= 0 || c.threshold >= 1)
    problems.push({ key: "threshold", message: "threshold must be between 0 and 1" });
  if (c.filter_window % 2 === 0)
    problems.push({ key: "filter_window", message: "filterWindow must be an odd number" });
  if (c.filter_polyorder >= c.filter_window)
    problems.push({
      key: "filter_polyorder",
      message: "filterPolyorder must be non-negative and less than filterWindow",
    });
  if (c.filter_tolerance <= 0 || c.filter_tolerance >= 1)
    problems.push({ key: "filter_tolerance", message: "filterTolerance must be between 0 and 1" });
  if ([...c.delim.join("")].some((ch) => ch.charCodeAt(0) > 0x7f))
    problems.push({ key: "delim", message: NON_ASCII_DELIMITER });
  if (c.delim.every((d) => d.replace(/ /g, "") === ""))
    problems.push({
      key: "delim",
      message: "no delimiter character besides spaces: Chonkie would find one sentence",
    });
  return problems;
}

export const chonkieSemanticMeta: ChunkerMeta<ChonkieSemanticConfig> = {
  id: "chonkie-semantic",
  label: "Semantic (Chonkie)",
  source: "Chonkie SemanticChunker (@chonkiejs/core 0.0.11)",
  description:
    "Chonkie's SemanticChunker: sentences at its delimiter characters, each compared with the similarity_window sentences before it, the similarity curve smoothed (Savitzky–Golay) and cut at its valleys below threshold; optional skip-window merging, then groups over chunk_size split. Embeds with the session's embedder (GloVe locally, or your endpoint). Chonkie's chunk texts with true offsets.",
  defaults: SEMANTIC_DEFAULTS,
  params: [
    {
      key: "threshold",
      label: "Threshold",
      type: "number",
      min: 0.01,
      max: 0.99,
      step: 0.01,
      help: "A smoothed-similarity valley below this cuts (Chonkie: 0.8). Drag it on the curve.",
    },
    {
      key: "chunk_size",
      label: "Chunk size",
      type: "int",
      min: 1,
      max: 1_000_000,
      step: 1,
      help: "Characters: a group over it is split into runs of whole sentences (Chonkie: 2048).",
    },
    {
      key: "similarity_window",
      label: "Similarity window",
      type: "int",
      min: 1,
      max: 50,
      step: 1,
      help: "Sentences joined into the window each next sentence is compared with (Chonkie: 3).",
    },
    {
      key: "min_sentences_per_chunk",
      label: "Min sentences per chunk",
      type: "int",
      min: 1,
      max: 1000,
      step: 1,
      help: "The least distance between two cuts, in sentences (Chonkie: 1).",
    },
    {
      key: "min_characters_per_sentence",
      label: "Min characters per sentence",
      type: "int",
      min: 1,
      max: 10_000,
      step: 1,
      help: "Shorter pieces merge into one sentence, in UTF-8 bytes as Chonkie's Rust splitter measures (Chonkie: 24).",
    },
    {
      key: "delim",
      label: "Delimiters",
      type: "string-list",
      help: 'Their characters, spaces left out, end sentences (Chonkie: [". ", "! ", "? ", "\\n"] → . ! ? and line breaks).',
    },
    {
      key: "include_delim",
      label: "Include delimiter",
      type: "enum",
      options: ["prev", "next", "none"],
      help: "prev (Chonkie's default): the delimiter ends the sentence before it; next: starts the next; none: dropped.",
    },
    {
      key: "filter_window",
      label: "Filter window",
      type: "int",
      min: 3,
      max: 51,
      step: 2,
      help: "Savitzky–Golay window, odd (Chonkie: 5; only 5 and 7 with polyorder 3 use its coefficients, any other pair a moving average).",
    },
    {
      key: "filter_polyorder",
      label: "Filter polyorder",
      type: "int",
      min: 0,
      max: 50,
      step: 1,
      help: "Savitzky–Golay polynomial order (Chonkie: 3).",
    },
    {
      key: "filter_tolerance",
      label: "Filter tolerance",
      type: "number",
      min: 0.01,
      max: 0.99,
      step: 0.01,
      help: "A valley counts when the parabola through it has its minimum within this of the sample (Chonkie: 0.2).",
    },
    {
      key: "skip_window",
      label: "Skip window",
      type: "int",
      min: 0,
      max: 50,
      step: 1,
      help: "0 (Chonkie's default): off. Otherwise a group merges with the most similar of the next skip_window groups at or above threshold, and those between.",
    },
  ],
  presets: [
    { name: "Chonkie defaults (threshold 0.8)", config: { ...SEMANTIC_DEFAULTS } },
    { name: "512 chars, threshold 0.7", config: { chunk_size: 512, threshold: 0.7 } },
    { name: "Skip window 2", config: { skip_window: 2 } },
  ],
  check: checkChonkieSemantic,
  encodingOf: () => "cl100k_base",
};
