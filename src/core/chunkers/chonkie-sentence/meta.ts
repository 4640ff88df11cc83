/** What the page needs of Chonkie's SentenceChunker: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta, ConfigProblem } from "../../chunk";
import { NON_ASCII_DELIMITER } from "../chonkie/split";

export interface ChonkieSentenceConfig {
  chunk_size: number;
  chunk_overlap: number;
  min_sentences_per_chunk: number;
  min_characters_per_sentence: number;
  delim: string[];
  include_delim: "prev" | "next" | "none";
}

/** @chonkiejs/core 0.0.11 SentenceChunker.create's defaults (tokenizer "character"). */
const SENTENCE_DEFAULTS: ChonkieSentenceConfig = {
  chunk_size: 2048,
  chunk_overlap: 0,
  min_sentences_per_chunk: 1,
  min_characters_per_sentence: 12,
  delim: [". ", "! ", "? ", "\n"],
  include_delim: "prev",
};

/** Chonkie's constructor errors, word for word. */
function checkChonkieSentence(config: ChonkieSentenceConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (config.chunk_overlap >= config.chunk_size)
    problems.push({ key: "chunk_overlap", message: "chunkOverlap must be less than chunkSize" });
  // Only the Rust path (every delimiter one character) matches bytes.
  if (!config.delim.some((d) => d.length > 1) && config.delim.some((d) => d.charCodeAt(0) > 0x7f))
    problems.push({ key: "delim", message: NON_ASCII_DELIMITER });
  if (config.delim.includes(""))
    problems.push({
      key: "delim",
      message: 'an empty delimiter never advances (Chonkie would loop forever): remove ""',
    });
  return problems;
}

export const chonkieSentenceMeta: ChunkerMeta<ChonkieSentenceConfig> = {
  id: "chonkie-sentence",
  label: "Sentence (Chonkie)",
  source: "Chonkie SentenceChunker (@chonkiejs/core 0.0.11)",
  description:
    "Chonkie's SentenceChunker: the text cut into sentences at its delimiters (short ones merged), then whole sentences packed up to chunk_size characters, with chunk_overlap carried back in whole sentences. Chonkie's chunk texts with true offsets; where Chonkie's own offsets are UTF-8 bytes (single-character delimiters) a flag says so.",
  defaults: SENTENCE_DEFAULTS,
  params: [
    {
      key: "chunk_size",
      label: "Chunk size",
      type: "int",
      min: 1,
      max: 1_000_000,
      step: 1,
      help: 'Characters per chunk at most, unless min_sentences_per_chunk forces more (Chonkie: 2048, tokenizer "character": a JavaScript string\'s length).',
    },
    {
      key: "chunk_overlap",
      label: "Chunk overlap",
      type: "int",
      min: 0,
      max: 999_999,
      step: 1,
      help: "Characters carried back from the chunk's end, in whole sentences (Chonkie: 0); smaller than chunk_size.",
    },
    {
      key: "min_sentences_per_chunk",
      label: "Min sentences per chunk",
      type: "int",
      min: 1,
      max: 1000,
      step: 1,
      help: "A chunk takes at least this many sentences, even past chunk_size (Chonkie: 1).",
    },
    {
      key: "min_characters_per_sentence",
      label: "Min characters per sentence",
      type: "int",
      min: 1,
      max: 10_000,
      step: 1,
      help: "Shorter pieces merge with their neighbours into one sentence (Chonkie: 12; in UTF-8 bytes when every delimiter is one character, as Chonkie's Rust splitter measures).",
    },
    {
      key: "delim",
      label: "Delimiters",
      type: "string-list",
      help: 'Where sentences end (Chonkie: [". ", "! ", "? ", "\\n"]). With any delimiter longer than a character Chonkie cuts in JavaScript; with single characters only, in its Rust splitter on UTF-8 bytes.',
    },
    {
      key: "include_delim",
      label: "Include delimiter",
      type: "enum",
      options: ["prev", "next", "none"],
      help: "prev (Chonkie's default): the delimiter ends the sentence before it; next: it starts the next one; none: dropped.",
    },
  ],
  presets: [
    { name: "Chonkie defaults (2048 chars)", config: { ...SENTENCE_DEFAULTS } },
    { name: "512 chars, 64 overlap", config: { chunk_size: 512, chunk_overlap: 64 } },
    { name: "Single-character delimiters (Rust splitter)", config: { delim: [".", "!", "?", "\n"] } },
  ],
  check: checkChonkieSentence,
  encodingOf: () => "cl100k_base",
};
