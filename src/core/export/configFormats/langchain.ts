/** LangChain (Python) splitters for the chunkers that map onto one; each file says what differs. */
import { pyCall, writeFor } from "./literals";
import { pyScript } from "./pyScript";
import type { ConfigRecord, ConfigWriter } from "./types";

const LANGCHAIN_CHUNKERS = [
  "token",
  "recursive",
  "langchain-character",
  "hierarchical",
  "header",
  "late-embedding",
  "langchain-semantic",
] as const;

/** Our threshold modes that LangChain's SemanticChunker has under the same name. */
const SEMANTIC_CHUNKER_MODES = ["percentile", "standard_deviation", "interquartile", "gradient"];

/** LangChain's buffer_size centres 2·b+1 sentences on each one; the workbench's window runs forward. */
export function bufferSizeFor(windowSize: unknown): number | undefined {
  return typeof windowSize === "number" ? Math.max(0, Math.floor((windowSize - 1) / 2)) : undefined;
}

function token(c: ConfigRecord): string {
  return pyScript({
    title: "LangChain TokenTextSplitter, tuned in Chunk Workbench (chunker: token, ADR-018).",
    differences: [
      "Same windows: chunk_size tokens every chunk_size - chunk_overlap tokens of the encoding.",
      "The last window: ADR-018's loop (reproduced) keeps a final window lying wholly inside the previous one (flag tail-inside-previous); recent LangChain versions stop after the window that reaches the end.",
      "LangChain returns text only: no start_char/end_char, page or bbox.",
    ],
    imports: ["from langchain_text_splitters import TokenTextSplitter"],
    setup: [
      pyCall("splitter", "TokenTextSplitter", [
        ["encoding_name", c.encoding],
        ["chunk_size", c.chunk_size],
        ["chunk_overlap", c.overlap],
      ]),
    ],
    returns: "One dict per chunk: its text (TokenTextSplitter gives no offsets).",
    chunksOf: ['return [{"text": chunk} for chunk in splitter.split_text(text)]'],
  });
}

/**
 * What this Python splitter does differently from the workbench's run of the config: nothing in the
 * python flavor; in the js flavor, each place where LangChain's two libraries part, said as met or
 * not by this config.
 */
function flavorDifferences(c: ConfigRecord, recursive: boolean): string[] {
  if (c.flavor === "python")
    return [
      "The workbench ran this config in its python flavor: LangChain Python's own splitting and merging (re.split without overlap, lengths in code points, separators counted in the merge, a piece no separator splits kept whole) — the same chunk texts.",
    ];
  const keep = c.keep_separator;
  const separators = recursive ? (c.separators as string[]) : [c.separator as string];
  const repeats = separators.some((s) => s.length > 1 && s.slice(1).includes(s[0]!));
  const lines = [
    "The workbench ran this config in its js flavor (LangChain JS, @langchain/textsplitters); this Python splitter differs where the two libraries part (flavor python in the workbench gives Python's chunks exactly):",
    `  - Merging with keep_separator false, Python's running total counts the joining separators (by the length function) and JS's leaves them out of the overlap it keeps: ${keep !== false ? 'not met with this config (keep_separator on: both join with "").' : "met with this config — a chunk's end or its overlap can differ by a piece."}`,
    `  - Keeping separators, JS cuts before every occurrence (overlapping ones too: "\\n\\n\\n" holds two "\\n\\n"), Python's re.split finds them left to right without overlap: ${keep === true || keep === "start" ? (repeats ? "met when a separator's occurrences overlap in the text." : "not met (no separator here can overlap itself).") : "not met with this config."}`,
    "  - Lengths in characters: JS counts UTF-16 units, Python code points — they differ on text with characters outside the BMP (emoji, some CJK).",
  ];
  if (recursive)
    lines.push(
      `  - A piece still longer than chunk_size after the last separator: Python keeps it whole, JS splits it into characters: ${separators.at(-1) === "" ? 'not met (the list ends in "").' : 'met when a piece has no separator left to split it (the list does not end in "").'}`,
    );
  return lines;
}

function recursiveSplitter(c: ConfigRecord, target = "splitter"): string {
  const common: [string, unknown][] = [
    ["chunk_size", c.chunk_size],
    ["chunk_overlap", c.chunk_overlap],
    ["separators", c.separators],
    ["keep_separator", c.keep_separator],
    ...(c.is_separator_regex === true ? ([["is_separator_regex", true]] as [string, unknown][]) : []),
    ...(c.strip_whitespace === false ? ([["strip_whitespace", false]] as [string, unknown][]) : []),
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
  return pyScript({
    title: "LangChain RecursiveCharacterTextSplitter, tuned in Chunk Workbench (chunker: recursive).",
    differences: [
      ...flavorDifferences(c, true),
      `Length is measured in ${c.length_unit === "chars" ? "characters (len)" : "tokens of the encoding"}, as tuned.`,
      "Offsets: LangChain gives start_index only (add_start_index=True); the workbench also gives end_char, pages and boxes.",
    ],
    imports: ["from langchain_text_splitters import RecursiveCharacterTextSplitter"],
    setup: [recursiveSplitter(c)],
    returns: "One dict per chunk: its text and start_index (code points into text).",
    chunksOf: [
      "docs = splitter.create_documents([text])",
      'return [{"text": d.page_content, "start_index": d.metadata["start_index"]} for d in docs]',
    ],
  });
}

/**
 * The hierarchical chunker's separators (CHUNKERS.md) as LangChain regexes. Python has no
 * Intl.Segmenter: a sentence end is whitespace after . ! or ? — a lookbehind, so the punctuation
 * stays with its sentence and only the whitespace is the separator. The others hold no regex syntax.
 */
const SENTENCE_END = String.raw`(?<=[.!?])\s+`;
const HIERARCHICAL_SEPARATORS = ["\n\n", SENTENCE_END, "\n", " ", ""];

/** CHUNKERS.md asks the export to keep each separator at the end of the piece it closes. */
const HIERARCHICAL_KEEP_SEPARATOR = "end";

function hierarchicalSplitter(target: string, c: ConfigRecord, size: unknown, overlap: unknown): string {
  return pyCall(target, "RecursiveCharacterTextSplitter.from_tiktoken_encoder", [
    ["model_name", c.tiktoken_model],
    ["chunk_size", size],
    ["chunk_overlap", overlap],
    ["separators", HIERARCHICAL_SEPARATORS],
    ["is_separator_regex", true],
    ["keep_separator", HIERARCHICAL_KEEP_SEPARATOR],
    // tiktoken refuses "<|endoftext|>" in text by default; the workbench counts it as plain text.
    ["disallowed_special", []],
  ]);
}

function hierarchical(c: ConfigRecord): string {
  return pyScript({
    title:
      "LangChain heading sections -> parents -> children, tuned in Chunk Workbench (chunker: hierarchical).",
    differences: [
      "Headings: the workbench splits at levels 1-3 of the PDF outline or font sizes (Markdown # for .md); MarkdownHeaderTextSplitter sees Markdown headings only.",
      'Whitespace: MarkdownHeaderTextSplitter strips every line, drops non-printable characters and blank-line runs, and joins paragraphs with "  \\n" (split() turns that back into a blank line). The workbench\'s chunks are exact slices of the document: indented lines (code, nested lists) come out unindented here, shorter in tokens, and may be cut elsewhere.',
      `Sentence ends: the workbench finds them with Intl.Segmenter (single line breaks read as spaces); here the regex ${SENTENCE_END} stands in: it also cuts where a lowercase word follows ("e.g. the"), and misses ends before a closing quote or bracket and non-Latin full stops.`,
      "Ids, links, flags: the workbench gives content-hash ids, parent_chunk_id, sibling_chunk_ids, heading_path, token counts and the mid-sentence-cut / over-chunk-size flags; here each parent comes with its children and the headings in metadata (chapter, section, subsection).",
    ],
    imports: [
      "from langchain_text_splitters import MarkdownHeaderTextSplitter, RecursiveCharacterTextSplitter",
    ],
    setup: [
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
      // The seed gives parents no overlap (only children have "Overlap: boundary continuity").
      hierarchicalSplitter("parent_splitter", c, c.parent_chunk_size, 0),
      hierarchicalSplitter("child_splitter", c, c.child_chunk_size, c.child_chunk_overlap),
      "",
      "",
      "def split(text):",
      '    """[(parent, [children])]: sections at headings 1-3, each into parents, each parent into children."""',
      "    sections = headings.split_text(text)",
      "    # MarkdownHeaderTextSplitter joins paragraphs with two spaces and a newline: blank lines again.",
      "    for section in sections:",
      '        section.page_content = section.page_content.replace("  \\n", "\\n\\n")',
      "    parents = parent_splitter.split_documents(sections)",
      "    return [(parent, child_splitter.split_documents([parent])) for parent in parents]",
    ],
    returns: "Each parent, then its children: level, parent_index, text and the headings (metadata).",
    chunksOf: [
      "chunks = []",
      "for parent_index, (parent, children) in enumerate(split(text)):",
      '    for level, doc in [("parent", parent)] + [("child", child) for child in children]:',
      '        chunks.append({"level": level, "parent_index": parent_index, "text": doc.page_content, "metadata": doc.metadata})',
      "return chunks",
    ],
  });
}

function header(c: ConfigRecord): string {
  const differences = [
    `min_chunk_chars (${String(c.min_chunk_chars)}) has no LangChain equivalent: nothing merges sections shorter than that.`,
    "Overlap: LangChain carries whole paragraphs up to chunk_overlap characters; the seed carries the last overlap_chars characters of the previous sub-chunk.",
    'Whitespace: MarkdownHeaderTextSplitter strips every line and joins paragraphs with "  \\n" (chunks_of turns that back into a blank line, so paragraphs still split): indented lines come out unindented.',
  ];
  if (c.include_parent_headers === true)
    differences.push(
      'include_parent_headers: LangChain puts the headings into metadata; join them ("A > B") in front of each chunk yourself.',
    );
  return pyScript({
    title: "LangChain header + paragraph splitting, tuned in Chunk Workbench (chunker: header).",
    differences,
    imports: [
      "from langchain_text_splitters import MarkdownHeaderTextSplitter, RecursiveCharacterTextSplitter",
    ],
    setup: [
      pyCall("headings", "MarkdownHeaderTextSplitter", [
        ["headers_to_split_on", [1, 2, 3, 4, 5, 6].map((n) => ["#".repeat(n), `h${n}`])],
        ["strip_headers", false],
      ]),
      pyCall("splitter", "RecursiveCharacterTextSplitter", [
        ["chunk_size", c.max_chunk_chars],
        ["chunk_overlap", c.overlap_chars],
        ["separators", ["\n\n"]],
      ]),
    ],
    returns: "One dict per chunk: its text and the headings above it (metadata h1..h6).",
    chunksOf: [
      "sections = headings.split_text(text)",
      "# MarkdownHeaderTextSplitter joins paragraphs with two spaces and a newline: blank lines again.",
      "for section in sections:",
      '    section.page_content = section.page_content.replace("  \\n", "\\n\\n")',
      "docs = splitter.split_documents(sections)",
      'return [{"text": d.page_content, "metadata": d.metadata} for d in docs]',
    ],
  });
}

/**
 * What a library's own sentence split means for a late-embedding config cut with the workbench
 * segmenter (`sentence_splitter`, a workbench extension); the seed's regex is the libraries' own.
 */
export function sentenceSplitterDifferences(c: ConfigRecord): string[] {
  if (c.sentence_splitter !== "workbench") return [];
  return [
    'Sentences (wb): sentence_splitter "workbench" is a workbench extension — its segmenter reads dot leaders, numbered headings, abbreviations and wrapped lines; this splitter cuts sentences with its own regex, so on such text its sentences and boundaries differ.',
  ];
}

function lateEmbedding(c: ConfigRecord): string {
  const mode = c.threshold_mode;
  const mapsMode = typeof mode === "string" && SEMANTIC_CHUNKER_MODES.includes(mode);
  const differences = [
    `Windows: the workbench embeds window_size (${String(c.window_size)}) sentences running forward and marks the gap before the sentence the next window adds; buffer_size centres 2*buffer_size+1 sentences on each sentence and breaks after the centre one.`,
    `Sizes: SemanticChunker has no target_tokens (${String(c.target_tokens)}), max_tokens or overlap_tokens (${String(c.overlap_tokens)}): its chunks are neither capped nor overlapped.`,
    "Embeddings: set `embeddings` to the model your pipeline uses; the workbench's endpoint and key are not exported.",
    ...sentenceSplitterDifferences(c),
  ];
  if (!mapsMode)
    differences.push(
      `threshold_mode ${String(mode)} (amount ${String(c.threshold_amount)}) has no SemanticChunker equivalent: it breaks on distance statistics only, so its default (percentile 95) is used.`,
    );
  return pyScript({
    title: "LangChain SemanticChunker, tuned in Chunk Workbench (chunker: late-embedding).",
    differences,
    imports: ["from langchain_experimental.text_splitter import SemanticChunker"],
    setup: [
      "embeddings = None  # your langchain Embeddings instance, e.g. OpenAIEmbeddings(model=...)",
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
    ],
    returns: "One dict per chunk: its text.",
    chunksOf: [
      "if embeddings is None:",
      '    sys.exit("set embeddings near the top of this file to the model your pipeline uses")',
      'return [{"text": d.page_content} for d in splitter.create_documents([text])]',
    ],
  });
}

/** SemanticChunker itself: the chunker reproduces it, so every key is its own. */
function semantic(c: ConfigRecord): string {
  return pyScript({
    title: "LangChain SemanticChunker, tuned in Chunk Workbench (chunker: langchain-semantic).",
    differences: [
      "The workbench ran SemanticChunker's own algorithm with these keys: the same chunks for the same embeddings.",
      "Embeddings: set `embeddings` to the model your pipeline uses; the workbench tuned with its session embedder (its endpoint and key are not exported). Distances, and so breakpoints, follow the model.",
      "Offsets: SemanticChunker's start_index (add_start_index=True) adds up earlier chunks' lengths and misses the whitespace between them; the workbench gives true offsets, pages and boxes.",
    ],
    imports: ["from langchain_experimental.text_splitter import SemanticChunker"],
    setup: [
      "embeddings = None  # your langchain Embeddings instance, e.g. OpenAIEmbeddings(model=...)",
      pyCall(
        "splitter",
        "SemanticChunker",
        [
          ["buffer_size", c.buffer_size],
          ["breakpoint_threshold_type", c.breakpoint_threshold_type],
          ["breakpoint_threshold_amount", c.breakpoint_threshold_amount],
          ["number_of_chunks", c.number_of_chunks === 0 ? undefined : c.number_of_chunks],
          ["sentence_split_regex", c.sentence_split_regex],
          ["min_chunk_size", c.min_chunk_size === 0 ? undefined : c.min_chunk_size],
        ],
        ["embeddings"],
      ),
    ],
    returns: "One dict per chunk: its text.",
    chunksOf: [
      "if embeddings is None:",
      '    sys.exit("set embeddings near the top of this file to the model your pipeline uses")',
      'return [{"text": chunk} for chunk in splitter.split_text(text)]',
    ],
  });
}

/** CharacterTextSplitter: the same class in Python, its keys under its own names. */
function character(c: ConfigRecord): string {
  const common: [string, unknown][] = [
    ["separator", c.separator],
    ["chunk_size", c.chunk_size],
    ["chunk_overlap", c.chunk_overlap],
    ["keep_separator", c.keep_separator],
    ...(c.is_separator_regex === true ? ([["is_separator_regex", true]] as [string, unknown][]) : []),
    ["strip_whitespace", c.strip_whitespace],
    ["add_start_index", true],
  ];
  return pyScript({
    title: "LangChain CharacterTextSplitter, tuned in Chunk Workbench (chunker: langchain-character).",
    differences: [
      "One split on separator, pieces merged up to chunk_size, a longer piece kept whole with a warning — in both libraries.",
      ...flavorDifferences(c, false),
      'The "" separator splits code points, here and in the workbench (LangChain JS splits UTF-16 units).',
      "Offsets: LangChain gives start_index only (add_start_index=True); the workbench also gives end_char, pages and boxes.",
    ],
    imports: ["from langchain_text_splitters import CharacterTextSplitter"],
    setup: [
      c.length_unit === "tokens"
        ? pyCall("splitter", "CharacterTextSplitter.from_tiktoken_encoder", [
            ["encoding_name", c.encoding],
            ...common,
          ])
        : pyCall("splitter", "CharacterTextSplitter", common),
    ],
    returns: "One dict per chunk: its text and start_index (code points into text).",
    chunksOf: [
      "docs = splitter.create_documents([text])",
      'return [{"text": d.page_content, "start_index": d.metadata["start_index"]} for d in docs]',
    ],
  });
}

const WRITERS: Record<string, (c: ConfigRecord) => string> = {
  token,
  recursive,
  "langchain-character": character,
  hierarchical,
  header,
  "late-embedding": lateEmbedding,
  "langchain-semantic": semantic,
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
