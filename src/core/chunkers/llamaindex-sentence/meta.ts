/** What the page needs of LlamaIndex's SentenceSplitter: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta, ConfigProblem } from "../../chunk";
import { type EncodingName, ENCODINGS } from "../../text/tokenizer";
import { separatorPattern } from "../recursive/flavor";

export interface LlamaindexSentenceConfig {
  chunk_size: number;
  chunk_overlap: number;
  separator: string;
  paragraph_separator: string;
  secondary_chunking_regex: string;
  extra_abbreviations: string[];
  encoding: EncodingName;
}

/** @llamaindex/core 0.6 (llamaindex 0.12) sentenceSplitterSchema's defaults. */
const SENTENCE_DEFAULTS: LlamaindexSentenceConfig = {
  chunk_size: 1024,
  chunk_overlap: 200,
  separator: " ",
  paragraph_separator: "\n\n\n",
  secondary_chunking_regex: "[^,.;。？！]+[,.;。？！]?",
  extra_abbreviations: [],
  encoding: "cl100k_base",
};

function checkSentenceSplitter(config: LlamaindexSentenceConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  // The schema's refine, word for word.
  if (config.chunk_overlap >= config.chunk_size)
    problems.push({ key: "chunk_overlap", message: "Chunk overlap must be less than chunk size." });
  try {
    separatorPattern(config.secondary_chunking_regex);
  } catch (error) {
    problems.push({
      key: "secondary_chunking_regex",
      message: error instanceof Error ? error.message : String(error),
    });
  }
  if (config.separator === "" || config.paragraph_separator === "")
    problems.push({
      key: config.separator === "" ? "separator" : "paragraph_separator",
      message: "an empty separator splits nothing apart (LlamaIndex would split every character)",
    });
  return problems;
}

export const llamaindexSentenceMeta: ChunkerMeta<LlamaindexSentenceConfig> = {
  id: "llamaindex-sentence",
  label: "Sentence (LlamaIndex)",
  source: "LlamaIndex SentenceSplitter (@llamaindex/core 0.6, llamaindex 0.12)",
  description:
    "LlamaIndex's SentenceSplitter: text over chunk_size tokens is split by paragraphs, then sentences (natural's tokenizer), then its secondary regex, words and characters; the pieces merged up to chunk_size with chunk_overlap tokens, whole sentences preferred. LlamaIndex's chunk texts where they are the document's (its regex drops punctuation: said per chunk), with true offsets, in linear time where LlamaIndex TS is quadratic.",
  defaults: SENTENCE_DEFAULTS,
  params: [
    {
      key: "chunk_size",
      label: "Chunk size",
      type: "int",
      min: 1,
      max: 100_000,
      step: 1,
      help: "Tokens per chunk (LlamaIndex: 1024).",
    },
    {
      key: "chunk_overlap",
      label: "Chunk overlap",
      type: "int",
      min: 0,
      max: 99_999,
      step: 1,
      help: "Tokens of the previous chunk's last pieces carried over (LlamaIndex: 200); smaller than chunk_size.",
    },
    {
      key: "separator",
      label: "Word separator",
      type: "string",
      help: 'Splits a piece into words when nothing larger fits (LlamaIndex: " ").',
    },
    {
      key: "paragraph_separator",
      label: "Paragraph separator",
      type: "string",
      help: 'The first split of a text over chunk_size (LlamaIndex: "\\n\\n\\n").',
    },
    {
      key: "secondary_chunking_regex",
      label: "Secondary chunking regex",
      type: "string",
      help: 'Splits a sentence over chunk_size into phrases (LlamaIndex: "[^,.;。？！]+[,.;。？！]?"). Its matches are kept: punctuation it does not match is dropped from LlamaIndex\'s text.',
    },
    {
      key: "extra_abbreviations",
      label: "Extra abbreviations",
      type: "string-list",
      help: 'Abbreviations whose dot ends no sentence, beside natural\'s English and Spanish ones (e.g. ["LLC."]).',
    },
    {
      key: "encoding",
      label: "Encoding",
      type: "enum",
      options: ENCODINGS,
      help: "The tokenizer's encoding: LlamaIndex's cl100k_base; @llamaindex/env with gpt-tokenizer 4 installed counts o200k_base.",
    },
  ],
  presets: [
    { name: "LlamaIndex defaults (1024/200)", config: { ...SENTENCE_DEFAULTS } },
    { name: "512/64 tokens", config: { chunk_size: 512, chunk_overlap: 64 } },
  ],
  check: checkSentenceSplitter,
  encodingOf: (config) => config.encoding,
};
