/** What the page needs of LangChain's CharacterTextSplitter: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta } from "../../chunk";
import { type EncodingName, ENCODINGS } from "../../text/tokenizer";
import { OVERLAP_MESSAGE } from "../recursive/meta";

export interface LangchainCharacterConfig {
  separator: string;
  chunk_size: number;
  chunk_overlap: number;
  keep_separator: boolean;
  strip_whitespace: boolean;
  length_unit: "chars" | "tokens";
  encoding: EncodingName;
}

/** @langchain/textsplitters 1.x's CharacterTextSplitter and TextSplitter defaults. */
const CHARACTER_DEFAULTS: LangchainCharacterConfig = {
  separator: "\n\n",
  chunk_size: 1000,
  chunk_overlap: 200,
  keep_separator: false,
  strip_whitespace: true,
  length_unit: "chars",
  encoding: "cl100k_base",
};

export const langchainCharacterMeta: ChunkerMeta<LangchainCharacterConfig> = {
  id: "langchain-character",
  label: "Character (LangChain)",
  source: "LangChain CharacterTextSplitter (@langchain/textsplitters 1.x)",
  description:
    "LangChain's CharacterTextSplitter: one split on separator, then the pieces merged up to chunk_size with chunk_overlap — no recursion, so a piece longer than chunk_size stays whole (flagged, with LangChain's warning). LangChain's chunk texts, with true offsets.",
  defaults: CHARACTER_DEFAULTS,
  params: [
    {
      key: "separator",
      label: "Separator",
      type: "string",
      help: 'LangChain\'s default "\\n\\n" (written as JSON here: "\\n" is a line break); "" splits into characters.',
    },
    {
      key: "chunk_size",
      label: "Chunk size",
      type: "int",
      min: 1,
      max: 1_000_000,
      step: 1,
      help: "Maximum chunk length in length_unit (LangChain JS: 1000).",
    },
    {
      key: "chunk_overlap",
      label: "Chunk overlap",
      type: "int",
      min: 0,
      max: 999_999,
      step: 1,
      help: "Length carried over from the previous chunk, in whole pieces (LangChain JS: 200); smaller than chunk_size.",
    },
    {
      key: "keep_separator",
      label: "Keep separator",
      type: "boolean",
      help: "false (LangChain's default here): the separator is dropped and pieces are joined with it; true: it starts the next piece.",
    },
    {
      key: "strip_whitespace",
      label: "Strip whitespace",
      type: "boolean",
      help: "true (LangChain JS always strips; Python's default): each chunk is trimmed. false (Python's strip_whitespace=False): chunks keep their edges' whitespace.",
    },
    {
      key: "length_unit",
      label: "Length unit",
      type: "enum",
      options: ["chars", "tokens"],
      help: "chars: LangChain's default lengthFunction (text.length); tokens: tiktoken's encode(piece).length.",
    },
    {
      key: "encoding",
      label: "Encoding",
      type: "enum",
      options: ENCODINGS,
      help: "tiktoken encoding for token lengths.",
    },
  ],
  presets: [
    { name: "LangChain JS defaults (\\n\\n, 1000/200 chars)", config: { ...CHARACTER_DEFAULTS } },
    { name: "Lines, 500/50 chars", config: { separator: "\n", chunk_size: 500, chunk_overlap: 50 } },
  ],
  check(config) {
    if (config.chunk_overlap >= config.chunk_size)
      return [{ key: "chunk_overlap", message: OVERLAP_MESSAGE }];
    return [];
  },
  encodingOf: (config) => config.encoding,
};
