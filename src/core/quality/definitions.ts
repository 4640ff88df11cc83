/**
 * One line per score and per flag saying how it is computed: the UI shows these next to the
 * numbers (CHUNKERS.md: "Each score says how it is computed, in the UI, in one line").
 */

export type ScoreId =
  | "size"
  | "endsAtSentence"
  | "midSentence"
  | "midWord"
  | "underMin"
  | "overMax"
  | "overEmbeddingLimit"
  | "orphanHeadings"
  | "overlap"
  | "coverage"
  | "redundancy"
  | "coherence";

export const SCORE_DEFINITIONS: Record<ScoreId, string> = {
  size: "Chunk sizes in the chunker's own unit: tokens of the chunk text as the run counts them, or characters / UTF-8 bytes of the chunk's range (prefix excluded).",
  endsAtSentence:
    "Share of chunks whose last non-space character ends a sentence (Intl.Segmenter sentences; a paragraph end counts).",
  midSentence:
    "Share of chunks that start or end strictly inside a sentence (whitespace at the edge skipped).",
  midWord:
    "Share of chunks that start or end between two letters or digits of one word (Han, kana and Thai characters excepted).",
  underMin: "Chunks smaller than the chunker's minimum size key, in its unit.",
  overMax: "Chunks larger than the chunker's maximum size key, in its unit.",
  overEmbeddingLimit: "Chunks whose token count (prefix included) exceeds the embedding model's input limit.",
  orphanHeadings: "Chunks that are only a heading, or whose last line is a heading cut off from its content.",
  overlap:
    "Text shared by consecutive chunks of one level (range overlap plus overlap carried in a prefix), total and mean per pair.",
  coverage: "Share of the document's non-whitespace characters inside at least one chunk.",
  redundancy:
    "Σ|chunk| / |∪ chunks| − 1 in non-whitespace characters: 0 for a partition, 1 when all text appears twice.",
  coherence:
    "Mean over chunks of the mean cosine similarity of all pairs of a chunk's sentences, with the embedder named (a chunker's own score when it reports one).",
};

export type QualityFlag =
  | "mid-sentence-cut"
  | "mid-word-cut"
  | "orphan-heading"
  | "under-min"
  | "over-max"
  | "over-embedding-limit"
  | "table-of-contents";

export const FLAG_DEFINITIONS: Record<QualityFlag, string> = {
  "mid-sentence-cut": "starts or ends inside a sentence",
  "mid-word-cut": "starts or ends inside a word",
  "orphan-heading": "is only a heading, or ends with a heading line",
  "under-min": "smaller than the minimum size key",
  "over-max": "larger than the maximum size key",
  "over-embedding-limit": "more tokens than the embedding model accepts",
  "table-of-contents": "is mostly table-of-contents or index lines (titles, dot leaders, page numbers)",
};
