/** What the page needs of LangChain's RecursiveCharacterTextSplitter: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta, ConfigProblem, ParamSpec } from "../../chunk";
import { type EncodingName, ENCODINGS } from "../../text/tokenizer";
import { type LangchainFlavor, pythonOverlapMessage, separatorPattern } from "./flavor";
import { languageSeparators, languagesOf } from "./languages";

type LengthUnit = "chars" | "tokens";

/** LangChain's keep_separator: true is "start". */
export type KeepSeparator = boolean | "start" | "end";

export interface RecursiveConfig {
  chunk_size: number;
  chunk_overlap: number;
  separators: string[];
  length_unit: LengthUnit;
  keep_separator: KeepSeparator;
  is_separator_regex: boolean;
  strip_whitespace: boolean;
  flavor: LangchainFlavor;
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
  is_separator_regex: false,
  strip_whitespace: true,
  flavor: "js",
  encoding: "cl100k_base",
};

/** LangChain's constructor error, word for word. */
export const OVERLAP_MESSAGE = "Cannot have chunkOverlap >= chunkSize";

/** The params LangChain's splitters share beyond sizes: how separators are read, kept and trimmed, and which library. */
export const LANGCHAIN_SPLIT_PARAMS: readonly ParamSpec[] = [
  {
    key: "keep_separator",
    label: "Keep separator",
    type: "enum",
    options: [true, false, "start", "end"],
    help: 'true or "start": the separator starts the next piece; "end" (LangChain Python): it ends the piece before; false: it is dropped and pieces are joined with it.',
  },
  {
    key: "is_separator_regex",
    label: "Separators are regexes",
    type: "boolean",
    help: "LangChain Python's is_separator_regex (from_language sets it): separators are regular expressions. LangChain JS has no such option (it escapes them).",
  },
  {
    key: "strip_whitespace",
    label: "Strip whitespace",
    type: "boolean",
    help: "true (LangChain JS always strips; Python's default): each chunk is trimmed. false (Python's strip_whitespace=False): chunks keep their edges' whitespace.",
  },
  {
    key: "flavor",
    label: "LangChain flavor",
    type: "enum",
    options: ["js", "python"],
    help: "js: @langchain/textsplitters. python: langchain_text_splitters — separators found without overlap, lengths in code points, the merge counts joining separators, a piece no separator splits stays whole, chunk_overlap may equal chunk_size.",
  },
];

/**
 * The size rule of the flavor's constructor (JS: overlap < size; Python: overlap ≤ size, its own
 * message) and that regex separators compile.
 */
export function checkLangchainSplitter(config: {
  chunk_size: number;
  chunk_overlap: number;
  keep_separator: KeepSeparator;
  flavor: LangchainFlavor;
  is_separator_regex: boolean;
  separators: readonly string[];
  separatorKey: string;
}): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (
    config.flavor === "python"
      ? config.chunk_overlap > config.chunk_size
      : config.chunk_overlap >= config.chunk_size
  )
    problems.push({
      key: "chunk_overlap",
      message:
        config.flavor === "python"
          ? pythonOverlapMessage(config.chunk_overlap, config.chunk_size)
          : OVERLAP_MESSAGE,
    });
  // LangChain JS's keepSeparator is a boolean: "end" there would act as true (kept at the start).
  if (config.flavor === "js" && config.keep_separator === "end")
    problems.push({
      key: "keep_separator",
      message:
        'keep_separator "end" is LangChain Python\'s (LangChain JS keeps separators only at the start): set flavor to python',
    });
  if (config.is_separator_regex) {
    for (const sep of config.separators) {
      try {
        separatorPattern(sep);
      } catch (error) {
        problems.push({
          key: config.separatorKey,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  return problems;
}

/** from_language's lists as presets, for each flavor (Python's are regexes, so they set is_separator_regex). */
function languagePresets(): { name: string; config: Partial<RecursiveConfig> }[] {
  const presets: { name: string; config: Partial<RecursiveConfig> }[] = [];
  for (const flavor of ["js", "python"] as const)
    for (const language of languagesOf(flavor))
      presets.push({
        name: `${flavor === "js" ? "fromLanguage" : "from_language"}("${language}") — LangChain ${flavor === "js" ? "JS" : "Python"}`,
        config: { flavor, ...languageSeparators(flavor, language) },
      });
  return presets;
}

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
    ...LANGCHAIN_SPLIT_PARAMS,
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
    ...languagePresets(),
  ],
  check: (config) => checkLangchainSplitter({ ...config, separatorKey: "separators" }),
  encodingOf: (config) => config.encoding,
};
