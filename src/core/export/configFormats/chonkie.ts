/** Chonkie (Python) chunkers for the chunkers that map onto one; each file says what differs. */
import { sentenceSplitterDifferences } from "./langchain";
import { pyCall, pyLiteral, writeFor } from "./literals";
import { pyScript } from "./pyScript";
import type { ConfigRecord, ConfigWriter } from "./types";

const CHONKIE_CHUNKERS = [
  "token",
  "recursive",
  "late-embedding",
  "chonkie-sentence",
  "chonkie-semantic",
] as const;

const CHUNK_RETURNS = "One dict per chunk: its text, Chonkie's start_index / end_index and token_count.";
const CHUNKS = [
  'return [{"text": c.text, "start_index": c.start_index, "end_index": c.end_index, "token_count": c.token_count} for c in chunker.chunk(text)]',
];

function token(c: ConfigRecord): string {
  return pyScript({
    title: "Chonkie TokenChunker, tuned in Chunk Workbench (chunker: token, ADR-018).",
    differences: [
      "Same windows: chunk_size tokens every chunk_size - chunk_overlap tokens; the tokenizer is loaded by its tiktoken name (needs tiktoken installed).",
      "The last window: ADR-018 keeps one lying wholly inside the previous (flag tail-inside-previous); compare chunk counts with your Chonkie version.",
      "Chonkie gives start_index/end_index; the workbench adds pages and bbox.",
    ],
    imports: ["from chonkie import TokenChunker"],
    setup: [
      pyCall("chunker", "TokenChunker", [
        ["tokenizer", c.encoding],
        ["chunk_size", c.chunk_size],
        ["chunk_overlap", c.overlap],
      ]),
    ],
    returns: CHUNK_RETURNS,
    chunksOf: CHUNKS,
  });
}

/** One RecursiveLevel per LangChain separator: " " is Chonkie's whitespace level, "" its token level. */
function levelFor(separator: string): string {
  if (separator === " ") return "RecursiveLevel(whitespace=True)";
  if (separator === "") return "RecursiveLevel()";
  return `RecursiveLevel(delimiters=[${pyLiteral(separator)}])`;
}

function recursive(c: ConfigRecord): string {
  const separators = Array.isArray(c.separators) ? (c.separators as string[]) : null;
  return pyScript({
    title: "Chonkie RecursiveChunker, tuned in Chunk Workbench (chunker: recursive).",
    differences: [
      `Overlap: Chonkie's RecursiveChunker has none; chunk_overlap (${String(c.chunk_overlap)}) needs Chonkie's OverlapRefinery after it.`,
      "Merging: Chonkie packs splits by its own rules, so chunk texts differ from LangChain's (which the workbench reproduces) even with the same separators.",
      `keep_separator (${String(c.keep_separator)}): Chonkie keeps delimiters with the previous split by default.`,
      ...(c.length_unit === "chars"
        ? []
        : ["Length: counted with the tiktoken encoding by name (needs tiktoken installed)."]),
    ],
    imports: ["from chonkie import RecursiveChunker, RecursiveLevel, RecursiveRules"],
    setup: [
      ...(separators ? [`rules = RecursiveRules(levels=[${separators.map(levelFor).join(", ")}])`] : []),
      pyCall(
        "chunker",
        "RecursiveChunker",
        [
          ["tokenizer", c.length_unit === "chars" ? "character" : c.encoding],
          ["chunk_size", c.chunk_size],
        ],
        separators ? ["rules=rules"] : [],
      ),
    ],
    returns: CHUNK_RETURNS,
    chunksOf: CHUNKS,
  });
}

function lateEmbedding(c: ConfigRecord): string {
  const absolute = c.threshold_mode === "absolute";
  const differences = [
    `similarity_window (${String(c.window_size)}): Chonkie compares each sentence with a window of that many sentences; the workbench compares two adjacent forward windows.`,
    `Sizes: chunk_size caps chunks at target_tokens (${String(c.target_tokens)}); Chonkie has no overlap_tokens (${String(c.overlap_tokens)}) or max_tokens.`,
    "Embeddings: set EMBEDDING_MODEL to the model your pipeline uses; the workbench's endpoint and key are not exported.",
    ...sentenceSplitterDifferences(c),
  ];
  if (!absolute)
    differences.push(
      `threshold_mode ${String(c.threshold_mode)} (amount ${String(c.threshold_amount)}) has no Chonkie equivalent: its threshold is an absolute similarity, so its default is used.`,
    );
  return pyScript({
    title: "Chonkie SemanticChunker, tuned in Chunk Workbench (chunker: late-embedding).",
    differences,
    imports: ["from chonkie import SemanticChunker"],
    setup: [
      "EMBEDDING_MODEL = None  # the embedding model your pipeline uses (name or instance)",
      'if EMBEDDING_MODEL is None and __name__ == "__main__":',
      '    sys.exit("set EMBEDDING_MODEL near the top of this file to the model your pipeline uses")',
      pyCall(
        "chunker",
        "SemanticChunker",
        [
          ["threshold", absolute ? c.threshold_amount : undefined],
          ["chunk_size", c.target_tokens],
          ["similarity_window", c.window_size],
        ],
        ["embedding_model=EMBEDDING_MODEL"],
      ),
    ],
    returns: CHUNK_RETURNS,
    chunksOf: CHUNKS,
  });
}

/** The same keys as @chonkiejs/core's create() takes them, for the JavaScript line each file carries. */
function jsOptions(c: ConfigRecord, keys: readonly [string, string][]): string {
  return keys.map(([ours, theirs]) => `${theirs}: ${JSON.stringify(c[ours])}`).join(", ");
}

const JS_PYTHON_NOTE =
  "The workbench reproduces Chonkie JS (@chonkiejs/core 0.0.11), which its parity tests run; Python Chonkie takes the same keys but cuts sentences with its own splitter and versions differ, so compare a few chunks before relying on the Python one.";

/** SentenceChunker in Python, its keys under its own names. */
function chonkieSentence(c: ConfigRecord): string {
  return pyScript({
    title: "Chonkie SentenceChunker, tuned in Chunk Workbench (chunker: chonkie-sentence).",
    differences: [
      JS_PYTHON_NOTE,
      `The same chunks in JavaScript: await (await SentenceChunker.create({ ${jsOptions(c, [
        ["chunk_size", "chunkSize"],
        ["chunk_overlap", "chunkOverlap"],
        ["min_sentences_per_chunk", "minSentencesPerChunk"],
        ["min_characters_per_sentence", "minCharactersPerSentence"],
        ["delim", "delim"],
        ["include_delim", "includeDelim"],
      ])} })).chunk(text)`,
      'Sizes are characters (Chonkie\'s default tokenizer, "character").',
      "Offsets: Chonkie JS returns UTF-8 byte offsets when every delimiter is one character; the workbench's are true string offsets, with pages and boxes.",
    ],
    imports: ["from chonkie import SentenceChunker"],
    setup: [
      pyCall("chunker", "SentenceChunker", [
        ["chunk_size", c.chunk_size],
        ["chunk_overlap", c.chunk_overlap],
        ["min_sentences_per_chunk", c.min_sentences_per_chunk],
        ["min_characters_per_sentence", c.min_characters_per_sentence],
        ["delim", c.delim],
        ["include_delim", c.include_delim],
      ]),
    ],
    returns: CHUNK_RETURNS,
    chunksOf: CHUNKS,
  });
}

/** SemanticChunker in Python, its keys under its own names. */
function chonkieSemantic(c: ConfigRecord): string {
  return pyScript({
    title: "Chonkie SemanticChunker, tuned in Chunk Workbench (chunker: chonkie-semantic).",
    differences: [
      JS_PYTHON_NOTE,
      `The same chunks in JavaScript: await (await SemanticChunker.create({ embeddings, ${jsOptions(c, [
        ["threshold", "threshold"],
        ["chunk_size", "chunkSize"],
        ["similarity_window", "similarityWindow"],
        ["min_sentences_per_chunk", "minSentencesPerChunk"],
        ["min_characters_per_sentence", "minCharactersPerSentence"],
        ["delim", "delimiters"],
        ["include_delim", "includeDelim"],
        ["filter_window", "filterWindow"],
        ["filter_polyorder", "filterPolyorder"],
        ["filter_tolerance", "filterTolerance"],
        ["skip_window", "skipWindow"],
      ])} })).chunk(text)`,
      "Embeddings: set EMBEDDING_MODEL to the model your pipeline uses; the workbench tuned with its session embedder (its endpoint and key are not exported). Similarities, and so cuts, follow the model.",
    ],
    imports: ["from chonkie import SemanticChunker"],
    setup: [
      "EMBEDDING_MODEL = None  # the embedding model your pipeline uses (name or instance)",
      'if EMBEDDING_MODEL is None and __name__ == "__main__":',
      '    sys.exit("set EMBEDDING_MODEL near the top of this file to the model your pipeline uses")',
      pyCall(
        "chunker",
        "SemanticChunker",
        [
          ["threshold", c.threshold],
          ["chunk_size", c.chunk_size],
          ["similarity_window", c.similarity_window],
          ["min_sentences_per_chunk", c.min_sentences_per_chunk],
          ["min_characters_per_sentence", c.min_characters_per_sentence],
          ["delim", c.delim],
          ["include_delim", c.include_delim],
          ["skip_window", c.skip_window],
          ["filter_window", c.filter_window],
          ["filter_polyorder", c.filter_polyorder],
          ["filter_tolerance", c.filter_tolerance],
        ],
        ["embedding_model=EMBEDDING_MODEL"],
      ),
    ],
    returns: CHUNK_RETURNS,
    chunksOf: CHUNKS,
  });
}

const WRITERS: Record<string, (c: ConfigRecord) => string> = {
  token,
  recursive,
  "late-embedding": lateEmbedding,
  "chonkie-sentence": chonkieSentence,
  "chonkie-semantic": chonkieSemantic,
};

export const chonkieFormat: ConfigWriter = {
  id: "chonkie",
  label: "Chonkie (Python)",
  extension: "py",
  mime: "text/x-python",
  chunkers: CHONKIE_CHUNKERS,
  imports: "none",
  write(chunker, config) {
    return writeFor(WRITERS, "chonkie", chunker)(config) + "\n";
  },
};
