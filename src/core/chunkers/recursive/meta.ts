/** What the page needs of LangChain's RecursiveCharacterTextSplitter: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta } from "../../chunk";
import { type EncodingName, ENCODINGS } from "../../text/tokenizer";

type LengthUnit = "chars" | "tokens";

export interface RecursiveConfig {
  chunk_size: number;
  chunk_overlap: number;
  separators: string[];
  length_unit: LengthUnit;
  keep_separator: boolean;
  encoding: EncodingName;
}

/** RecursiveCharacterTextSplitter's own separators. */
const LANGCHAIN_SEPARATORS: readonly string[] = ["\n\n", "\n", " ", ""];

/** The separators Chroma's chunking evaluation gives RecursiveCharacterTextSplitter. */
export const CHROMA_SEPARATORS: readonly string[] = ["\n\n", "\n", ".", "?", "!", " ", ""];

const RECURSIVE_DEFAULTS: RecursiveConfig = {
  chunk_size: 400,
  chunk_overlap: 50,
  separators: [...LANGCHAIN_SEPARATORS],
  length_unit: "tokens",
  keep_separator: true,
  encoding: "cl100k_base",
};

/** LangChain's constructor error, word for word. */
export const OVERLAP_MESSAGE = "Cannot have chunkOverlap >= chunkSize";

export const recursiveMeta: ChunkerMeta<RecursiveConfig> = {
  id: "recursive",
  label: "Recursive (LangChain)",
  source: "hierarchical-parent-child-chunking.md",
  description:
    "LangChain's RecursiveCharacterTextSplitter (the seed's second pass): split on the first separator the text contains, recurse into pieces that are too long, merge pieces up to chunk_size with chunk_overlap — LangChain's chunk texts, with true offsets.",
  defaults: RECURSIVE_DEFAULTS,
  params: [
    {
      key: "chunk_size",
      label: "Chunk size",
      type: "int",
      min: 1,
      max: 1_000_000,
      step: 1,
      help: "Maximum chunk length in length_unit (seed: 400 tokens for child chunks).",
    },
    {
      key: "chunk_overlap",
      label: "Chunk overlap",
      type: "int",
      min: 0,
      max: 999_999,
      step: 1,
      help: "Length carried over from the previous chunk, in whole pieces (seed: 50 tokens); must be smaller than chunk_size.",
    },
    {
      key: "separators",
      label: "Separators",
      type: "string-list",
      help: 'Tried in order; "" splits into characters. LangChain\'s default ["\\n\\n", "\\n", " ", ""].',
      seedSilent: true,
    },
    {
      key: "length_unit",
      label: "Length unit",
      type: "enum",
      options: ["tokens", "chars"],
      help: "tokens: LangChain's fromTiktoken length (encode(piece).length); chars: piece.length (LangChain's default lengthFunction).",
    },
    {
      key: "keep_separator",
      label: "Keep separator",
      type: "boolean",
      help: "true (LangChain's default for this splitter): the separator starts the next piece; false: it is dropped and pieces are joined with it.",
      seedSilent: true,
    },
    {
      key: "encoding",
      label: "Encoding",
      type: "enum",
      options: ENCODINGS,
      help: "tiktoken encoding for token lengths (the seed: gpt-3.5-turbo → cl100k_base).",
    },
  ],
  presets: [
    {
      name: "Chroma eval 200/0 tokens",
      config: {
        length_unit: "tokens",
        chunk_size: 200,
        chunk_overlap: 0,
        separators: [...CHROMA_SEPARATORS],
      },
    },
    {
      name: "Chroma eval 400/200 tokens",
      config: {
        length_unit: "tokens",
        chunk_size: 400,
        chunk_overlap: 200,
        separators: [...CHROMA_SEPARATORS],
      },
    },
    { name: "Characters 1000/200", config: { length_unit: "chars", chunk_size: 1000, chunk_overlap: 200 } },
  ],
  check(config) {
    if (config.chunk_overlap >= config.chunk_size)
      return [{ key: "chunk_overlap", message: OVERLAP_MESSAGE }];
    return [];
  },
  encodingOf: (config) => config.encoding,
};
