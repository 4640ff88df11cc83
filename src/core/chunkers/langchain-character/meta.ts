/** What the page needs of LangChain's CharacterTextSplitter: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta } from "../../chunk";
import { type EncodingName, ENCODINGS } from "../../text/tokenizer";
import type { LangchainFlavor } from "../recursive/flavor";
import { checkLangchainSplitter, type KeepSeparator, LANGCHAIN_SPLIT_PARAMS } from "../recursive/meta";

export interface LangchainCharacterConfig {
  separator: string;
  chunk_size: number;
  chunk_overlap: number;
  keep_separator: KeepSeparator;
  is_separator_regex: boolean;
  strip_whitespace: boolean;
  flavor: LangchainFlavor;
  length_unit: "chars" | "tokens";
  encoding: EncodingName;
}

/** @langchain/textsplitters 1.x's CharacterTextSplitter and TextSplitter defaults. */
const CHARACTER_DEFAULTS: LangchainCharacterConfig = {
  separator: "\n\n",
  chunk_size: 1000,
  chunk_overlap: 200,
  keep_separator: false,
  is_separator_regex: false,
  strip_whitespace: true,
  flavor: "js",
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
    ...LANGCHAIN_SPLIT_PARAMS,
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
    {
      name: "LangChain Python defaults (\\n\\n, 4000/200 chars)",
      config: { ...CHARACTER_DEFAULTS, flavor: "python", chunk_size: 4000 },
    },
  ],
  check: (config) =>
    checkLangchainSplitter({ ...config, separators: [config.separator], separatorKey: "separator" }),
  encodingOf: (config) => config.encoding,
};
