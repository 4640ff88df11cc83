/**
 * late-jaccard: the NOESIS LateChunker, Phase 1 (use_embedding_similarity=False) — regex sentences
 * and Jaccard word overlap. Two boundary rules, chosen by the declared extra key `boundary_rule`:
 *
 * - "adjacent" (default): CHUNKERS.md and the seed's markdown ("Compare word overlap between
 *   adjacent sentences"). A boundary sits at every gap where the Jaccard of the two neighbouring
 *   sentences' word sets is below similarity_threshold; a chunk also closes where adding the next
 *   sentence would pass target_tokens. The next chunk starts with the previous one's last whole
 *   sentences worth ≤ overlap_tokens. The trace is the adjacent-similarity curve.
 * - "running-chunk": the loop of the seed's late_chunker.py (`_detect_boundaries_jaccard`), which
 *   checks similarity only once a chunk reaches target_tokens, compares the whole chunk with the next
 *   sentence, and lets the result decide overlap, not where the chunk ends: below the threshold the
 *   next chunk carries overlap, otherwise the chunk is closed anyway ("forced", similarity_score 1.0)
 *   and the next starts fresh.
 *
 * The two disagree because the seed's prose and its code do; CHUNKERS.md is the contract, so its
 * rule is the default and the code's loop stays one click away.
 *
 * Departures, all declared: tokens are cl100k tokens read off the document's one encoding (the
 * seed estimates len(text) // 4); a document over max_tokens is chunked anyway with a warning
 * (CHUNKERS.md; the seed switches to a block fallback); chunks are true ranges of the document, so
 * their text keeps the document's whitespace where the seed joins sentences with " " — the id is
 * still computed on the seed's joined text, so ids match the pipeline's.
 *
 * late-embedding closes chunks with the same builder (`buildLateChunks`), so "size limits as
 * late-jaccard" holds by construction.
 */
import type { ChunkDraft, ChunkerOutput, ChunkerSpec, RunContext, RunTrace } from "../chunk";
import type { DocModel } from "../document";
import { contentId } from "../text/contentId";
import { docSlug } from "../text/docSlug";
import { noesisSentences, noesisWords } from "../text/noesisSentences";
import type { Span } from "../text/segment";
import { tokensInRange } from "../text/spanTokens";
import type { EncodingName } from "../text/tokenizer";

export const BOUNDARY_RULES = ["adjacent", "running-chunk"] as const;
export type BoundaryRule = (typeof BOUNDARY_RULES)[number];

export interface LateJaccardConfig {
  max_tokens: number;
  target_tokens: number;
  overlap_tokens: number;
  similarity_threshold: number;
  boundary_rule: BoundaryRule;
}

export const LATE_JACCARD_DEFAULTS: LateJaccardConfig = {
  max_tokens: 8000,
  target_tokens: 450,
  overlap_tokens: 80,
  // The seed's markdown gives no value (CHUNKERS.md: 0.1); its late_chunker.py defaults to 0.7.
  similarity_threshold: 0.1,
  boundary_rule: "adjacent",
};

const ENCODING: EncodingName = "cl100k_base";

/**
 * Why a chunk closed: a low similarity at its end gap, the target (adjacent rule and late-embedding),
 * the running-chunk loop's forced close (its similarity_score 1.0), or the end of the document.
 */
export type BoundaryKind = "similarity" | "size" | "forced" | "document-end";

/** A chunk as a sentence range [startIdx, endIdx), the seed's LateBoundary. */
export interface LateBoundary {
  startIdx: number;
  endIdx: number;
  /** The similarity at the gap that closed the chunk; null where none was measured there. */
  similarityScore: number | null;
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
 * The seed's `_detect_boundaries_jaccard` (boundary_rule "running-chunk") over precomputed sentence
 * token counts and word lists. The running chunk's word set is kept incrementally (the seed rebuilds
 * it from the joined text at each decision: same set, since no word spans two stripped sentences
 * joined with a space).
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

/** For every gap i: Jaccard of the word sets of sentences i and i + 1 (boundary_rule "adjacent"). */
export function adjacentJaccard(words: readonly (readonly string[])[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < words.length; i++) out.push(jaccard(new Set(words[i]), words[i + 1]!));
  return out;
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

/** Where chunks must break, as gaps: gap g lies between sentence g and g + 1. */
export interface GapBreaks {
  /** Gaps where a chunk closes whatever its size (a low similarity). */
  breaks: ReadonlySet<number>;
  /** The similarity measured at each gap, where one was; it becomes a chunk's similarity_score. */
  values: readonly (number | undefined)[];
}

export interface SizeLimits {
  target_tokens: number;
  overlap_tokens: number;
}

/**
 * Sentence ranges closed at the given gaps and wherever adding the next sentence would pass
 * target_tokens; a sentence over the target alone is a chunk of its own. Each chunk after the first
 * starts with the previous chunk's last whole sentences worth ≤ overlap_tokens, with two limits:
 * - never the whole previous chunk: a chunk must add at least one new sentence beyond what the
 *   next one repeats — otherwise runs of tiny chunks (one short sentence each, all low-similarity
 *   gaps) would each repeat their predecessor entirely;
 * - never so much that the carried sentences and the chunk's first new sentence pass the target
 *   (the seed's prose is silent here): so every chunk stays within target_tokens except a single
 *   sentence over it, which then gets no overlap and is exactly its own chunk.
 */
export function closeChunks(tokens: readonly number[], gaps: GapBreaks, limits: SizeLimits): LateBoundary[] {
  const n = tokens.length;
  if (n === 0) return [];
  const out: LateBoundary[] = [];
  let start = 0;
  let sum = tokens[0]!;
  for (let g = 0; g + 1 < n; g++) {
    const next = tokens[g + 1]!;
    const low = gaps.breaks.has(g);
    if (!low && sum + next <= limits.target_tokens) {
      sum += next;
      continue;
    }
    out.push({
      startIdx: start,
      endIdx: g + 1,
      similarityScore: gaps.values[g] ?? null,
      kind: low ? "similarity" : "size",
    });
    const budget = Math.min(limits.overlap_tokens, limits.target_tokens - next);
    const carried = Math.min(overlapCount(tokens, start, g + 1, budget), g - start);
    start = g + 1 - carried;
    sum = 0;
    for (let k = start; k <= g + 1; k++) sum += tokens[k]!;
  }
  out.push({ startIdx: start, endIdx: n, similarityScore: 0.0, kind: "document-end" });
  return out;
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

export interface LateDraftOptions {
  target_tokens: number;
  /** The seed's flag: false → positional ids `{doc}_chunk_N` (see `lateChunkId`). Default true. */
  use_content_based_ids?: boolean;
  /** meta.chunker, as the seed's metadata names the strategy. */
  chunker: string;
}

/**
 * A chunk's id. Content-based (CHUNKERS.md ids) on the seed's joined sentence text. Without content
 * ids the seed says nothing of what it uses: positional `{doc}_chunk_N` (N from 0, `{doc}` the
 * file-name slug as the header chunker's ids), because a random uuid would change on every run, and
 * the slug keeps ids of two documents apart, the collision the seed's P1 fix is about.
 */
export async function lateChunkId(
  doc: DocModel,
  joined: string,
  index: number,
  contentBased: boolean,
): Promise<string> {
  return contentBased ? contentId(doc.id, joined) : `${docSlug(doc.name)}_chunk_${index}`;
}

/** Drafts for sentence ranges: true offsets, ids, the seed's metadata, `sentence-over-target` flags. */
export async function lateDrafts(
  doc: DocModel,
  table: SentenceTable,
  boundaries: readonly LateBoundary[],
  options: LateDraftOptions,
): Promise<ChunkDraft[]> {
  const { spans } = table;
  const drafts: ChunkDraft[] = [];
  for (let c = 0; c < boundaries.length; c++) {
    const b = boundaries[c]!;
    const previous = boundaries[c - 1];
    const joined = spans
      .slice(b.startIdx, b.endIdx)
      .map((s) => doc.text.slice(s.start, s.end))
      .join(" ");
    const long = table.tokens.slice(b.startIdx, b.endIdx).some((t) => t > options.target_tokens);
    drafts.push({
      id: await lateChunkId(doc, joined, c, options.use_content_based_ids ?? true),
      start: spans[b.startIdx]!.start,
      end: spans[b.endIdx - 1]!.end,
      flags: long ? ["sentence-over-target"] : [],
      meta: {
        chunker: options.chunker,
        sentence_range: [b.startIdx, b.endIdx],
        similarity_score: b.similarityScore,
        boundary: b.kind,
        overlap_sentences: previous ? Math.max(0, previous.endIdx - b.startIdx) : 0,
      },
    });
  }
  return drafts;
}

export interface LateChunks {
  boundaries: LateBoundary[];
  drafts: ChunkDraft[];
}

/**
 * The shared close-and-build step of the late chunkers: chunks closed at `gaps.breaks` and by size
 * (`closeChunks`), then drafted (`lateDrafts`).
 */
export async function buildLateChunks(
  doc: DocModel,
  table: SentenceTable,
  gaps: GapBreaks,
  options: SizeLimits & LateDraftOptions,
): Promise<LateChunks> {
  const boundaries = closeChunks(table.tokens, gaps, options);
  return { boundaries, drafts: await lateDrafts(doc, table, boundaries, options) };
}

/** The gap offsets where chunks close (every chunk's end but the last's): a trace's boundaries. */
export function boundaryOffsets(table: SentenceTable, boundaries: readonly LateBoundary[]): number[] {
  return boundaries.slice(0, -1).map((b) => table.spans[b.endIdx - 1]!.end);
}

/**
 * A trace point per measured gap, placed at the end of the sentence before it: the offset a chunk
 * closing there ends at, so a boundary and its point share an offset.
 */
export function gapPoints(table: SentenceTable, values: readonly (number | undefined)[]): RunTrace["points"] {
  const points: RunTrace["points"] = [];
  values.forEach((value, g) => {
    if (value !== undefined) points.push({ offset: table.spans[g]!.end, value });
  });
  return points;
}

/**
 * A "sentence" over the target is usually text without . ! ? (CJK 。, lists, tables): the seed's
 * regex cannot split it, so its chunk exceeds the target. Reproduced, flagged and counted.
 */
export function longSentenceWarnings(table: SentenceTable, targetTokens: number): string[] {
  const longCount = table.tokens.filter((t) => t > targetTokens).length;
  if (longCount === 0) return [];
  return [
    `${longCount} sentence${longCount === 1 ? " is" : "s are"} longer than target_tokens ${targetTokens} ` +
      `(longest ${table.tokens.reduce((a, b) => Math.max(a, b), 0)} tokens): the seed's regex splits only after . ! ? followed by whitespace`,
  ];
}

/**
 * Runs late-jaccard on a document; `hybrid` calls this for mode "late", late-embedding to fall back
 * (passing its use_content_based_ids, so a fallback keeps the id scheme the user chose).
 */
export async function runLateJaccard(
  doc: DocModel,
  config: LateJaccardConfig,
  ctx: RunContext,
  ids: Pick<LateDraftOptions, "use_content_based_ids"> = {},
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
  warnings.push(...longSentenceWarnings(table, config.target_tokens));

  let boundaries: LateBoundary[];
  let drafts: ChunkDraft[];
  let gapSimilarity: number[];
  if (config.boundary_rule === "running-chunk") {
    ({ boundaries, gapSimilarity } = detectJaccardBoundaries(table.tokens, table.words, config));
    drafts = await lateDrafts(doc, table, boundaries, { ...config, ...ids, chunker: "late" });
  } else {
    gapSimilarity = adjacentJaccard(table.words);
    const breaks = new Set<number>();
    gapSimilarity.forEach((s, g) => {
      if (s < config.similarity_threshold) breaks.add(g);
    });
    ({ boundaries, drafts } = await buildLateChunks(
      doc,
      table,
      { breaks, values: gapSimilarity },
      { ...config, ...ids, chunker: "late" },
    ));
  }
  ctx.signal?.throwIfAborted();
  const count = (kind: BoundaryKind) => boundaries.filter((b) => b.kind === kind).length;
  return {
    drafts,
    warnings,
    stats: {
      "chunk.count": drafts.length,
      "sentence.count": table.spans.length,
      "document.tokens": table.documentTokens,
      boundary_rule: config.boundary_rule,
      "boundaries.similarity": count("similarity"),
      ...(config.boundary_rule === "running-chunk"
        ? { "boundaries.forced": count("forced") }
        : { "boundaries.size": count("size") }),
    },
    trace: {
      points: gapPoints(table, gapSimilarity),
      threshold: config.similarity_threshold,
      boundaries: boundaryOffsets(table, boundaries),
    },
  };
}

/** late-jaccard's four seed keys as param specs; late-embedding shares them. */
export const LATE_SIZE_PARAMS = [
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
    help: "Seed: 450. A chunk closes before the sentence that would take it past this many tokens (a longer sentence is a chunk of its own).",
  },
  {
    key: "overlap_tokens",
    label: "Overlap tokens",
    type: "int",
    min: 0,
    max: 32_767,
    sliderMax: 512,
    step: 1,
    help: "Seed: 80. Whole sentences from the end of a chunk, up to this many tokens, start the next one (never the whole chunk).",
  },
] as const satisfies readonly ChunkerSpec["params"][number][];

/** overlap_tokens < target_tokens, for both late chunkers. */
export function checkLateSizes(config: SizeLimits): { key: string; message: string }[] {
  if (config.overlap_tokens >= config.target_tokens) {
    return [
      {
        key: "overlap_tokens",
        message: `must be smaller than target_tokens (${config.target_tokens}), or a chunk's overlap could be the whole chunk`,
      },
    ];
  }
  return [];
}

export const lateJaccardChunker: ChunkerSpec<LateJaccardConfig> = {
  id: "late-jaccard",
  label: "Late chunking (Jaccard)",
  source: "hybrid-late-agentic-chunker.md",
  description:
    "NOESIS LateChunker Phase 1: regex sentences; a boundary where the Jaccard word overlap of adjacent sentences falls below the threshold or where the next sentence would pass target_tokens; the next chunk carries ≤ overlap_tokens of sentences. boundary_rule running-chunk runs the seed code's loop instead.",
  defaults: LATE_JACCARD_DEFAULTS,
  params: [
    ...LATE_SIZE_PARAMS,
    {
      key: "similarity_threshold",
      label: "Similarity threshold",
      type: "number",
      min: 0,
      max: 1,
      step: 0.01,
      seedSilent: true,
      help: "Jaccard of adjacent sentences' word sets below this → boundary (running-chunk: of the chunk and the next sentence, once the chunk reaches the target). The seed's text gives no value (workbench 0.1); its code's default is 0.7.",
    },
    {
      key: "boundary_rule",
      label: "Boundary rule",
      type: "enum",
      options: BOUNDARY_RULES,
      seedSilent: true,
      help: "adjacent (default): CHUNKERS.md and the seed's markdown, \"compare word overlap between adjacent sentences\", a boundary at every low pair. running-chunk: the seed's late_chunker.py loop, which checks only once a chunk reaches target_tokens, compares the whole chunk with the next sentence, and uses the result to decide overlap, not where the chunk ends.",
    },
  ],
  presets: [
    { name: "Seed defaults (450/80)", config: { ...LATE_JACCARD_DEFAULTS } },
    { name: "Seed code threshold (0.7)", config: { similarity_threshold: 0.7 } },
    {
      name: "Seed code loop (late_chunker.py, 0.7)",
      config: { boundary_rule: "running-chunk", similarity_threshold: 0.7 },
    },
  ],
  check: checkLateSizes,
  encodingOf: () => ENCODING,
  chunk: (doc, config, ctx) => runLateJaccard(doc, config, ctx),
};
