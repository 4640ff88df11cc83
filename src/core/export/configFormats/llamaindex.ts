/** LlamaIndex (Python) node parsers for the chunkers that map onto one; each file says what differs. */
import { bufferSizeFor, sentenceSplitterDifferences } from "./langchain";
import { pyCall, pyLiteral, writeFor } from "./literals";
import { pyScript } from "./pyScript";
import type { ConfigRecord, ConfigWriter } from "./types";

const LLAMAINDEX_CHUNKERS = [
  "token",
  "recursive",
  "hierarchical",
  "late-embedding",
  "llamaindex-sentence",
] as const;

/** chunks_of's body for a parser named `parser` (or `splitter`): the nodes with their offsets. */
function nodesOf(parser: string, extra = ""): string[] {
  return [
    `nodes = ${parser}.get_nodes_from_documents([Document(text=text)])`,
    `return [{"text": n.get_content(), "start_char_idx": n.start_char_idx, "end_char_idx": n.end_char_idx${extra}} for n in nodes]`,
  ];
}

const NODE_RETURNS = "One dict per node: its text and LlamaIndex's start_char_idx / end_char_idx.";
const DOCUMENT_IMPORT = "from llama_index.core import Document";

function token(c: ConfigRecord): string {
  return pyScript({
    title: "LlamaIndex TokenTextSplitter, tuned in Chunk Workbench (chunker: token, ADR-018).",
    differences: [
      "Boundaries: LlamaIndex splits at spaces first and merges whole words up to chunk_size tokens, so its chunks end between words and hold at most chunk_size tokens; ADR-018 cuts raw windows of exactly chunk_size tokens, inside words too.",
      "Overlap is counted in tokens in both, but LlamaIndex carries whole words.",
      "The last window: ADR-018 keeps one lying wholly inside the previous (flag tail-inside-previous); LlamaIndex does not.",
    ],
    imports: [
      "import tiktoken",
      DOCUMENT_IMPORT,
      "from llama_index.core.node_parser import TokenTextSplitter",
    ],
    setup: [
      pyCall(
        "splitter",
        "TokenTextSplitter",
        [
          ["chunk_size", c.chunk_size],
          ["chunk_overlap", c.overlap],
        ],
        [`tokenizer=tiktoken.get_encoding(${pyLiteral(c.encoding ?? "cl100k_base")}).encode`],
      ),
    ],
    returns: NODE_RETURNS,
    chunksOf: nodesOf("splitter"),
  });
}

function recursive(c: ConfigRecord): string {
  const common: [string, unknown][] = [
    ["chunk_size", c.chunk_size],
    ["chunk_overlap", c.chunk_overlap],
    ["separators", c.separators],
    ["keep_separator", c.keep_separator],
  ];
  const splitter =
    c.length_unit === "chars"
      ? pyCall("splitter", "RecursiveCharacterTextSplitter", common)
      : pyCall("splitter", "RecursiveCharacterTextSplitter.from_tiktoken_encoder", [
          ["encoding_name", c.encoding],
          ...common,
        ]);
  return pyScript({
    title:
      "LlamaIndex over LangChain's RecursiveCharacterTextSplitter, tuned in Chunk Workbench (chunker: recursive).",
    differences: [
      "Maps one to one: LlamaIndex's LangchainNodeParser runs the very splitter the workbench reproduces (needs langchain-text-splitters installed).",
      "LlamaIndex's own SentenceSplitter would differ: it splits at sentences, not at this separator list.",
    ],
    imports: [
      "from langchain_text_splitters import RecursiveCharacterTextSplitter",
      DOCUMENT_IMPORT,
      "from llama_index.core.node_parser import LangchainNodeParser",
    ],
    setup: [splitter, "parser = LangchainNodeParser(splitter)"],
    returns: NODE_RETURNS,
    chunksOf: nodesOf("parser"),
  });
}

function hierarchical(c: ConfigRecord): string {
  return pyScript({
    title: "LlamaIndex HierarchicalNodeParser, tuned in Chunk Workbench (chunker: hierarchical).",
    differences: [
      "Headings: the workbench first splits at headings (levels 1-3) and keeps heading_path, chapter and section; run MarkdownNodeParser before this for Markdown, PDFs have no such pass here.",
      "Sentences: SentenceSplitter finds sentence ends with its own splitter; the workbench uses Intl.Segmenter, so a few boundaries can differ.",
      "Ids: LlamaIndex gives random node ids; the workbench's are content hashes.",
    ],
    imports: [
      "import tiktoken",
      DOCUMENT_IMPORT,
      "from llama_index.core.node_parser import HierarchicalNodeParser, SentenceSplitter",
    ],
    setup: [
      `tokenizer = tiktoken.encoding_for_model(${pyLiteral(c.tiktoken_model ?? "gpt-3.5-turbo")}).encode`,
      pyCall(
        "parent_splitter",
        "SentenceSplitter",
        [
          ["chunk_size", c.parent_chunk_size],
          ["chunk_overlap", 0],
        ],
        ["tokenizer=tokenizer"],
      ),
      pyCall(
        "child_splitter",
        "SentenceSplitter",
        [
          ["chunk_size", c.child_chunk_size],
          ["chunk_overlap", c.child_chunk_overlap],
        ],
        ["tokenizer=tokenizer"],
      ),
      "parser = HierarchicalNodeParser.from_defaults(",
      '    node_parser_ids=["parent", "child"],',
      '    node_parser_map={"parent": parent_splitter, "child": child_splitter},',
      ")",
    ],
    returns: `${NODE_RETURNS} parent_id links a child to its parent.`,
    chunksOf: nodesOf(
      "parser",
      ', "node_id": n.node_id, "parent_id": n.parent_node.node_id if n.parent_node else None',
    ),
  });
}

function lateEmbedding(c: ConfigRecord): string {
  const percentile = c.threshold_mode === "percentile";
  const differences = [
    `Windows: buffer_size centres 2*buffer_size+1 sentences on each sentence; the workbench's window_size (${String(c.window_size)}) runs forward.`,
    `Sizes: SemanticSplitterNodeParser has no target_tokens, max_tokens or overlap_tokens: chunks are neither capped nor overlapped.`,
    "Embeddings: set `embed_model` to the model your pipeline uses; the workbench's endpoint and key are not exported.",
    ...sentenceSplitterDifferences(c),
  ];
  if (!percentile)
    differences.push(
      `threshold_mode ${String(c.threshold_mode)} (amount ${String(c.threshold_amount)}) has no LlamaIndex equivalent: it only knows a distance percentile, so its default (95) is used.`,
    );
  return pyScript({
    title: "LlamaIndex SemanticSplitterNodeParser, tuned in Chunk Workbench (chunker: late-embedding).",
    differences,
    imports: [DOCUMENT_IMPORT, "from llama_index.core.node_parser import SemanticSplitterNodeParser"],
    setup: [
      "embed_model = None  # your LlamaIndex embedding model",
      pyCall(
        "parser",
        "SemanticSplitterNodeParser",
        [
          ["buffer_size", bufferSizeFor(c.window_size)],
          ["breakpoint_percentile_threshold", percentile ? c.threshold_amount : undefined],
        ],
        ["embed_model=embed_model"],
      ),
    ],
    returns: NODE_RETURNS,
    chunksOf: [
      "if embed_model is None:",
      '    sys.exit("set embed_model near the top of this file to the model your pipeline uses")',
      ...nodesOf("parser"),
    ],
  });
}

/** SentenceSplitter in Python, its keys under their own names; the TypeScript call the workbench reproduces beside it. */
function sentenceSplitter(c: ConfigRecord): string {
  const ts = {
    chunkSize: c.chunk_size,
    chunkOverlap: c.chunk_overlap,
    separator: c.separator,
    paragraphSeparator: c.paragraph_separator,
    secondaryChunkingRegex: c.secondary_chunking_regex,
    extraAbbreviations: c.extra_abbreviations,
  };
  return pyScript({
    title: "LlamaIndex SentenceSplitter, tuned in Chunk Workbench (chunker: llamaindex-sentence).",
    differences: [
      "The workbench reproduces LlamaIndex TS (@llamaindex/core 0.6, llamaindex 0.12), which its parity tests run; Python's SentenceSplitter takes the same keys but ends sentences with NLTK's Punkt tokenizer where TS uses natural's, so its sentences, and chunk ends, can differ.",
      `The same chunks in TypeScript: new SentenceSplitter(${JSON.stringify(ts)}).splitText(text), with the ${String(c.encoding)} tokenizer.`,
      "Both drop punctuation the secondary regex does not match from a long sentence's text; the workbench keeps the document's range and LlamaIndex's text beside it.",
      "Offsets: LlamaIndex finds start_char_idx by searching for the chunk's text, which fails where its text was changed; the workbench's are true, with pages and boxes.",
    ],
    imports: [
      "import tiktoken",
      DOCUMENT_IMPORT,
      "from llama_index.core.node_parser import SentenceSplitter",
    ],
    setup: [
      pyCall(
        "splitter",
        "SentenceSplitter",
        [
          ["chunk_size", c.chunk_size],
          ["chunk_overlap", c.chunk_overlap],
          ["separator", c.separator],
          ["paragraph_separator", c.paragraph_separator],
          ["secondary_chunking_regex", c.secondary_chunking_regex],
        ],
        [`tokenizer=tiktoken.get_encoding(${pyLiteral(c.encoding ?? "cl100k_base")}).encode`],
      ),
    ],
    returns: NODE_RETURNS,
    chunksOf: nodesOf("splitter"),
  });
}

/** SemanticSplitterNodeParser itself: the chunker ports it, so its two keys are its own. */
function semanticSplitter(c: ConfigRecord): string {
  return pyScript({
    title: "LlamaIndex SemanticSplitterNodeParser, tuned in Chunk Workbench (chunker: llamaindex-semantic).",
    differences: [
      "The workbench ran this parser's own algorithm with these keys; its sentences came from natural's rules (LlamaIndex TS's tokenizer), where this parser's default sentence_splitter is NLTK's Punkt — where they disagree, breakpoints can differ.",
      "Embeddings: set EMBED_MODEL to the model your pipeline uses; the workbench tuned with its session embedder (its endpoint and key are not exported). Distances, and so breakpoints, follow the model.",
    ],
    imports: [DOCUMENT_IMPORT, "from llama_index.core.node_parser import SemanticSplitterNodeParser"],
    setup: [
      "EMBED_MODEL = None  # your LlamaIndex embedding model, e.g. OpenAIEmbedding(model=...)",
      'if EMBED_MODEL is None and __name__ == "__main__":',
      '    sys.exit("set EMBED_MODEL near the top of this file to the model your pipeline uses")',
      pyCall(
        "splitter",
        "SemanticSplitterNodeParser",
        [
          ["buffer_size", c.buffer_size],
          ["breakpoint_percentile_threshold", c.breakpoint_percentile_threshold],
        ],
        ["embed_model=EMBED_MODEL"],
      ),
    ],
    returns: NODE_RETURNS,
    chunksOf: nodesOf("splitter"),
  });
}

const WRITERS: Record<string, (c: ConfigRecord) => string> = {
  token,
  recursive,
  hierarchical,
  "late-embedding": lateEmbedding,
  "llamaindex-sentence": sentenceSplitter,
  "llamaindex-semantic": semanticSplitter,
};

export const llamaindexFormat: ConfigWriter = {
  id: "llamaindex",
  label: "LlamaIndex (Python)",
  extension: "py",
  mime: "text/x-python",
  chunkers: LLAMAINDEX_CHUNKERS,
  imports: "none",
  write(chunker, config) {
    return writeFor(WRITERS, "llamaindex", chunker)(config) + "\n";
  },
};
