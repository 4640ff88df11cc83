/**
 * The NOESIS LateChunker, Phase 1 (use_embedding_similarity=False): regex sentences, then
 * `_detect_boundaries_jaccard` exactly as the seed's late_chunker.py runs it.
 *
 * The seed's loop does NOT cut at every low-similarity sentence pair. It accumulates sentences
 * until the running chunk holds ≥ target_tokens (the sentence that crosses the target stays in the
 * chunk); only then does it compare the chunk so far with the next sentence (Jaccard of the word
 * sets of " ".join(chunk sentences) and of the next sentence). Below similarity_threshold the chunk
 * closes and the next one starts with the chunk's last sentences worth ≤ overlap_tokens; otherwise
 * the chunk closes anyway ("forced boundary", similarity_score 1.0) and the next starts with NO
 * overlap. The similarity therefore decides overlap, not where chunks end. Reproduced as is: cutting
 * at every pair below 0.1 gave thousands of one-sentence chunks on a book, which is not what the
 * seed's pipeline produces.
 *
 * Departures, all declared: tokens are cl100k tokens read off the document's one encoding (the
 * seed estimates len(text) // 4); a document over max_tokens is chunked anyway with a warning
 * (CHUNKERS.md; the seed switches to a block fallback); chunks are true ranges of the document, so
 * their text keeps the document's whitespace where the seed joins sentences with " " — the id is
 * still computed on the seed's joined text, so ids match the pipeline's.
 */
import type { ChunkDraft, ChunkerOutput, ChunkerSpec, RunContext } from "../chunk";
import type { DocModel } from "../document";
import { contentId } from "../text/contentId";
import { noesisSentences, noesisWords } from "../text/noesisSentences";
import type { Span } from "../text/segment";
import { tokensInRange } from "../text/spanTokens";
import type { EncodingName } from "../text/tokenizer";

export interface LateJaccardConfig {
  max_tokens: number;
  target_tokens: number;
  overlap_tokens: number;
  similarity_threshold: number;
}

export const LATE_JACCARD_DEFAULTS: LateJaccardConfig = {
  max_tokens: 8000,
  target_tokens: 450,
  overlap_tokens: 80,
  // The seed's markdown gives no value (CHUNKERS.md: 0.1); its late_chunker.py defaults to 0.7.
  similarity_threshold: 0.1,
};

const ENCODING: EncodingName = "cl100k_base";

/** How a chunk was closed, as the seed's similarity_score encodes it (1.0 forced, 0.0 document end). */
export type BoundaryKind = "similarity" | "forced" | "document-end";

/** A chunk as a sentence range [startIdx, endIdx), the seed's LateBoundary. */
export interface LateBoundary {
  startIdx: number;
  endIdx: number;
  similarityScore: number;
  kind: BoundaryKind;
}

export interface JaccardBoundaries {
  boundaries: LateBoundary[];
  /**
   * For every gap i (between sentences i and i + 1): Jaccard of the running chunk after sentence i
   * and sentence i + 1 — the value the seed compares with the threshold wherever it decides.
   */
  gapSimilarity: number[];
}

/**
 * The seed's `_detect_boundaries_jaccard` over precomputed sentence token counts and word lists.
 * The running chunk's word set is kept incrementally (the seed rebuilds it from the joined text at
 * each decision: same set, since no word spans two stripped sentences joined with a space).
 */
export function detectJaccardBoundaries(
  tokens: readonly number[],
  words: readonly (readonly string[])[],
  config: Pick<LateJaccardConfig, "target_tokens" | "overlap_tokens" | "similarity_threshold">,
): JaccardBoundaries {
  const n = tokens.length;
  const boundaries: LateBoundary[] = [];
  const gapSimilarity: number[] = [];
  let currentStart = 0;
  let currentTokens = 0;
  let segment = new Set<string>();

  for (let i = 0; i < n; i++) {
    currentTokens += tokens[i]!;
    for (const w of words[i]!) segment.add(w);
    const similarity = i + 1 < n ? jaccard(segment, words[i + 1]!) : null;
    if (similarity !== null) gapSimilarity.push(similarity);

    if (currentTokens < config.target_tokens) continue;
    if (similarity !== null && similarity < config.similarity_threshold) {
      boundaries.push({
        startIdx: currentStart,
        endIdx: i + 1,
        similarityScore: similarity,
        kind: "similarity",
      });
      const carried = overlapCount(tokens, currentStart, i + 1, config.overlap_tokens);
      currentStart = i + 1 - carried;
      currentTokens = 0;
      segment = new Set<string>();
      for (let k = currentStart; k <= i; k++) {
        currentTokens += tokens[k]!;
        for (const w of words[k]!) segment.add(w);
      }
      continue;
    }
    boundaries.push({ startIdx: currentStart, endIdx: i + 1, similarityScore: 1.0, kind: "forced" });
    currentStart = i + 1;
    currentTokens = 0;
    segment = new Set<string>();
  }
  if (currentStart < n) {
    boundaries.push({ startIdx: currentStart, endIdx: n, similarityScore: 0.0, kind: "document-end" });
  }
  return { boundaries, gapSimilarity };
}

/** The seed's `_get_overlap_sentences`: whole sentences from the end while their tokens fit overlap_tokens. */
export function overlapCount(
  tokens: readonly number[],
  start: number,
  end: number,
  overlapTokens: number,
): number {
  let count = 0;
  let sum = 0;
  for (let k = end - 1; k >= start; k--) {
    if (sum + tokens[k]! > overlapTokens) break;
    sum += tokens[k]!;
    count++;
  }
  return count;
}

/** The seed's `_compute_sentence_similarity`: |A ∩ B| / |A ∪ B|, 1.0 when both are empty, 0.0 when one is. */
export function jaccard(a: ReadonlySet<string>, bWords: readonly string[]): number {
  const b = new Set(bWords);
  if (a.size === 0 && b.size === 0) return 1.0;
  if (a.size === 0 || b.size === 0) return 0.0;
  let inter = 0;
  for (const w of b) if (a.has(w)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Sentences and their token counts and word lists, the inputs every late-* chunker shares. */
export interface SentenceTable {
  spans: Span[];
  tokens: number[];
  words: string[][];
  documentTokens: number;
}

export async function sentenceTable(doc: DocModel, ctx: RunContext): Promise<SentenceTable> {
  const tokenizer = await ctx.tokenizer(ENCODING);
  const encoded = ctx.encoded.get(doc.id, tokenizer, doc.text);
  const spans = noesisSentences(doc.text);
  return {
    spans,
    tokens: spans.map((s) => tokensInRange(encoded, s.start, s.end)),
    words: spans.map((s) => noesisWords(doc.text.slice(s.start, s.end))),
    documentTokens: encoded.ids.length,
  };
}

/** Runs the late chunker (Phase 1) on a document; `hybrid` calls this for mode "late". */
export async function runLateJaccard(
  doc: DocModel,
  config: LateJaccardConfig,
  ctx: RunContext,
): Promise<ChunkerOutput> {
  const table = await sentenceTable(doc, ctx);
  ctx.signal?.throwIfAborted();
  const warnings: string[] = [];
  if (table.documentTokens > config.max_tokens) {
    warnings.push(
      `document has ${table.documentTokens} tokens, over max_tokens ${config.max_tokens}: chunked with Jaccard anyway ` +
        `(the seed's pipeline would leave full-document embedding and fall back to per-block chunks here)`,
    );
  }
  const { boundaries, gapSimilarity } = detectJaccardBoundaries(table.tokens, table.words, config);
  const { spans } = table;
  // A "sentence" over the target is usually text without . ! ? (CJK 。, lists, tables): the seed's
  // regex cannot split it, so its chunk exceeds the target. Reproduced, flagged and counted.
  const long = table.tokens.map((t) => t > config.target_tokens);
  const longCount = long.filter(Boolean).length;
  if (longCount > 0) {
    warnings.push(
      `${longCount} sentence${longCount === 1 ? " is" : "s are"} longer than target_tokens ${config.target_tokens} ` +
        `(longest ${table.tokens.reduce((a, b) => Math.max(a, b), 0)} tokens): the seed's regex splits only after . ! ? followed by whitespace`,
    );
  }
  const drafts: ChunkDraft[] = [];
  for (let c = 0; c < boundaries.length; c++) {
    const b = boundaries[c]!;
    const previous = boundaries[c - 1];
    const joined = spans
      .slice(b.startIdx, b.endIdx)
      .map((s) => doc.text.slice(s.start, s.end))
      .join(" ");
    drafts.push({
      id: await contentId(doc.id, joined),
      start: spans[b.startIdx]!.start,
      end: spans[b.endIdx - 1]!.end,
      flags: long.slice(b.startIdx, b.endIdx).some(Boolean) ? ["sentence-over-target"] : [],
      meta: {
        chunker: "late",
        sentence_range: [b.startIdx, b.endIdx],
        similarity_score: b.similarityScore,
        boundary: b.kind,
        overlap_sentences: previous ? Math.max(0, previous.endIdx - b.startIdx) : 0,
      },
    });
  }
  ctx.signal?.throwIfAborted();
  const count = (kind: BoundaryKind) => boundaries.filter((b) => b.kind === kind).length;
  return {
    drafts,
    warnings,
    stats: {
      "chunk.count": drafts.length,
      "sentence.count": spans.length,
      "document.tokens": table.documentTokens,
      "boundaries.similarity": count("similarity"),
      "boundaries.forced": count("forced"),
    },
    trace: {
      // One point per sentence gap, placed at the end of the sentence before it: the offset a chunk
      // closing there ends at, so a boundary and its point share an offset.
      points: gapSimilarity.map((value, i) => ({ offset: spans[i]!.end, value })),
      threshold: config.similarity_threshold,
      boundaries: boundaries.slice(0, -1).map((b) => spans[b.endIdx - 1]!.end),
    },
  };
}

export const lateJaccardChunker: ChunkerSpec<LateJaccardConfig> = {
  id: "late-jaccard",
  label: "Late chunking (Jaccard)",
  source: "hybrid-late-agentic-chunker.md",
  description:
    "NOESIS LateChunker Phase 1: regex sentences accumulated to target_tokens; there the Jaccard word overlap of the chunk with the next sentence decides — below the threshold the next chunk carries ≤ overlap_tokens of sentences, above it starts fresh.",
  defaults: LATE_JACCARD_DEFAULTS,
  params: [
    {
      key: "max_tokens",
      label: "Max document tokens",
      type: "int",
      min: 1,
      max: 10_000_000,
      sliderMax: 64_000,
      step: 100,
      help: "Seed: 8000. A longer document is still chunked, with a warning (the seed falls back to per-block chunks).",
    },
    {
      key: "target_tokens",
      label: "Target tokens",
      type: "int",
      min: 1,
      max: 32_768,
      sliderMax: 2048,
      step: 1,
      help: "Seed: 450. A chunk closes after the sentence that brings it to this many tokens.",
    },
    {
      key: "overlap_tokens",
      label: "Overlap tokens",
      type: "int",
      min: 0,
      max: 32_767,
      sliderMax: 512,
      step: 1,
      help: "Seed: 80. Whole sentences from the end of a chunk, up to this many tokens, start the next one — only after a low-similarity boundary.",
    },
    {
      key: "similarity_threshold",
      label: "Similarity threshold",
      type: "number",
      min: 0,
      max: 1,
      step: 0.01,
      seedSilent: true,
      help: "Jaccard of the chunk's words and the next sentence's, checked once a chunk reaches the target: below → boundary with overlap, else forced boundary without. The seed's text gives no value (workbench 0.1); its code's default is 0.7.",
    },
  ],
  presets: [
    { name: "Seed defaults (450/80)", config: { ...LATE_JACCARD_DEFAULTS } },
    { name: "Seed code threshold (0.7)", config: { similarity_threshold: 0.7 } },
  ],
  check(config) {
    if (config.overlap_tokens >= config.target_tokens) {
      return [
        {
          key: "overlap_tokens",
          message: `must be smaller than target_tokens (${config.target_tokens}), or a chunk's overlap could be the whole chunk`,
        },
      ];
    }
    return [];
  },
  encodingOf: () => ENCODING,
  chunk: (doc, config, ctx) => runLateJaccard(doc, config, ctx),
};
