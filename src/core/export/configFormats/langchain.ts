/** LangChain (Python) splitters for the chunkers that map onto one; each file says what differs. */
import { pyCall, pyHeader, writeFor } from "./literals";
import type { ConfigRecord, ConfigWriter } from "./types";

const LANGCHAIN_CHUNKERS = ["token", "recursive", "hierarchical", "header", "late-embedding"] as const;

/** Our threshold modes that LangChain's SemanticChunker has under the same name. */
const SEMANTIC_CHUNKER_MODES = ["percentile", "standard_deviation", "interquartile", "gradient"];

/** LangChain's buffer_size centres 2·b+1 sentences on each one; the workbench's window runs forward. */
export function bufferSizeFor(windowSize: unknown): number | undefined {
  return typeof windowSize === "number" ? Math.max(0, Math.floor((windowSize - 1) / 2)) : undefined;
}

function token(c: ConfigRecord): string {
  return [
    pyHeader("LangChain TokenTextSplitter, tuned in Chunk Workbench (chunker: token, ADR-018).", [
      "Same windows: chunk_size tokens every chunk_size - chunk_overlap tokens of the encoding.",
      "The last window: ADR-018's loop (reproduced) keeps a final window lying wholly inside the previous one (flag tail-inside-previous); recent LangChain versions stop after the window that reaches the end.",
      "LangChain returns text only: no start_char/end_char, page or bbox.",
    ]),
    "from langchain_text_splitters import TokenTextSplitter",
    "",
    pyCall("splitter", "TokenTextSplitter", [
      ["encoding_name", c.encoding],
      ["chunk_size", c.chunk_size],
      ["chunk_overlap", c.overlap],
    ]),
    "chunks = splitter.split_text(text)",
  ].join("\n");
}

function recursiveSplitter(c: ConfigRecord, target = "splitter"): string {
  const common: [string, unknown][] = [
    ["chunk_size", c.chunk_size],
    ["chunk_overlap", c.chunk_overlap],
    ["separators", c.separators],
    ["keep_separator", c.keep_separator],
    ["add_start_index", true],
  ];
  return c.length_unit === "chars"
    ? pyCall(target, "RecursiveCharacterTextSplitter", common)
    : pyCall(target, "RecursiveCharacterTextSplitter.from_tiktoken_encoder", [
        ["encoding_name", c.encoding],
        ...common,
      ]);
}

function recursive(c: ConfigRecord): string {
  return [
    pyHeader("LangChain RecursiveCharacterTextSplitter, tuned in Chunk Workbench (chunker: recursive).", [
      "Maps one to one: the workbench reproduces this splitter (separator order, merge with overlap, whitespace trimming) and gives the same chunk texts.",
      `Length is measured in ${c.length_unit === "chars" ? "characters (len)" : "tokens of the encoding"}, as tuned.`,
      "Offsets: LangChain gives start_index only (add_start_index=True); the workbench also gives end_char, pages and boxes.",
    ]),
    "from langchain_text_splitters import RecursiveCharacterTextSplitter",
    "",
    recursiveSplitter(c),
    "docs = splitter.create_documents([text])",
  ].join("\n");
}

/** The hierarchical seed's child/parent separators; LangChain has no Intl.Segmenter sentence rule. */
const HIERARCHICAL_SEPARATORS = ["\n\n", "\n", ". ", " ", ""];

function hierarchical(c: ConfigRecord): string {
  const model = c.tiktoken_model;
  return [
    pyHeader("LangChain parent/child splitters, tuned in Chunk Workbench (chunker: hierarchical).", [
      "Headings: the workbench splits at levels 1-3 of the PDF outline or font sizes (Markdown # for .md); MarkdownHeaderTextSplitter sees Markdown headings only.",
      'Sentence ends: the workbench splits at sentence ends found by Intl.Segmenter; here ". " stands in for them.',
      "Ids and links: the workbench gives content-hash ids, parent_chunk_id, sibling_chunk_ids and heading_path; ParentDocumentRetriever keeps its own ids in a docstore.",
    ]),
    "from langchain_text_splitters import MarkdownHeaderTextSplitter, RecursiveCharacterTextSplitter",
    "",
    pyCall("headings", "MarkdownHeaderTextSplitter", [
      [
        "headers_to_split_on",
        [
          ["#", "chapter"],
          ["##", "section"],
          ["###", "subsection"],
        ],
      ],
      ["strip_headers", true],
    ]),
    pyCall("parent_splitter", "RecursiveCharacterTextSplitter.from_tiktoken_encoder", [
      ["model_name", model],
      ["chunk_size", c.parent_chunk_size],
      ["chunk_overlap", 0],
      ["separators", HIERARCHICAL_SEPARATORS],
    ]),
    pyCall("child_splitter", "RecursiveCharacterTextSplitter.from_tiktoken_encoder", [
      ["model_name", model],
      ["chunk_size", c.child_chunk_size],
      ["chunk_overlap", c.child_chunk_overlap],
      ["separators", HIERARCHICAL_SEPARATORS],
    ]),
    "# retriever = ParentDocumentRetriever(vectorstore=..., docstore=..., child_splitter=child_splitter, parent_splitter=parent_splitter)",
  ].join("\n");
}

function header(c: ConfigRecord): string {
  const differences = [
    `min_chunk_chars (${String(c.min_chunk_chars)}) has no LangChain equivalent: nothing merges sections shorter than that.`,
    "Overlap: LangChain carries whole paragraphs up to chunk_overlap characters; the seed carries the last overlap_chars characters of the previous sub-chunk.",
  ];
  if (c.include_parent_headers === true)
    differences.push(
      'include_parent_headers: LangChain puts the headings into metadata; join them ("A > B") in front of each chunk yourself.',
    );
  return [
    pyHeader(
      "LangChain header + paragraph splitting, tuned in Chunk Workbench (chunker: header).",
      differences,
    ),
    "from langchain_text_splitters import MarkdownHeaderTextSplitter, RecursiveCharacterTextSplitter",
    "",
    pyCall("headings", "MarkdownHeaderTextSplitter", [
      ["headers_to_split_on", [1, 2, 3, 4, 5, 6].map((n) => ["#".repeat(n), `h${n}`])],
      ["strip_headers", false],
    ]),
    pyCall("splitter", "RecursiveCharacterTextSplitter", [
      ["chunk_size", c.max_chunk_chars],
      ["chunk_overlap", c.overlap_chars],
      ["separators", ["\n\n"]],
    ]),
    "chunks = splitter.split_documents(headings.split_text(text))",
  ].join("\n");
}

function lateEmbedding(c: ConfigRecord): string {
  const mode = c.threshold_mode;
  const mapsMode = typeof mode === "string" && SEMANTIC_CHUNKER_MODES.includes(mode);
  const differences = [
    `Windows: the workbench embeds window_size (${String(c.window_size)}) sentences running forward and marks the gap before the sentence the next window adds; buffer_size centres 2*buffer_size+1 sentences on each sentence and breaks after the centre one.`,
    `Sizes: SemanticChunker has no target_tokens (${String(c.target_tokens)}), max_tokens or overlap_tokens (${String(c.overlap_tokens)}): its chunks are neither capped nor overlapped.`,
    "Embeddings: set `embeddings` to the model your pipeline uses; the workbench's endpoint and key are not exported.",
  ];
  if (!mapsMode)
    differences.push(
      `threshold_mode ${String(mode)} (amount ${String(c.threshold_amount)}) has no SemanticChunker equivalent: it breaks on distance statistics only, so its default (percentile 95) is used.`,
    );
  return [
    pyHeader("LangChain SemanticChunker, tuned in Chunk Workbench (chunker: late-embedding).", differences),
    "from langchain_experimental.text_splitter import SemanticChunker",
    "",
    "embeddings = None  # your langchain Embeddings instance",
    pyCall(
      "splitter",
      "SemanticChunker",
      [
        ["buffer_size", bufferSizeFor(c.window_size)],
        ["breakpoint_threshold_type", mapsMode ? mode : undefined],
        ["breakpoint_threshold_amount", mapsMode ? c.threshold_amount : undefined],
      ],
      ["embeddings"],
    ),
    "docs = splitter.create_documents([text])",
  ].join("\n");
}

const WRITERS: Record<string, (c: ConfigRecord) => string> = {
  token,
  recursive,
  hierarchical,
  header,
  "late-embedding": lateEmbedding,
};

export const langchainFormat: ConfigWriter = {
  id: "langchain",
  label: "LangChain (Python)",
  extension: "py",
  mime: "text/x-python",
  chunkers: LANGCHAIN_CHUNKERS,
  imports: "none",
  write(chunker, config) {
    return writeFor(WRITERS, "langchain", chunker)(config) + "\n";
  },
};
