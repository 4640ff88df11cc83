/**
 * late-jaccard: the NOESIS LateChunker, Phase 1 (use_embedding_similarity=False) — regex sentences
 * and Jaccard word overlap. Two boundary rules, chosen by the declared extra key `boundary_rule`:
 *
 * - "running-chunk" (default, CHUNKERS.md): the loop of the seed's late_chunker.py
 *   (`_detect_boundaries_jaccard`), which checks similarity only once a chunk reaches
 *   target_tokens, compares the whole chunk with the next sentence, and lets the result decide
 *   overlap, not where the chunk ends: below the threshold the next chunk carries overlap, otherwise
 *   the chunk is closed anyway ("forced", similarity_score 1.0) and the next starts fresh. Chunks
 *   come out near target_tokens, as a NOESIS pipeline stores them.
 * - "adjacent": the seed's prose ("Compare word overlap between adjacent sentences"). A boundary
 *   sits at every gap where the Jaccard of the two neighbouring sentences' word sets is below
 *   similarity_threshold; a chunk also closes where adding the next sentence would pass
 *   target_tokens. The next chunk starts with the previous one's last whole sentences worth ≤
 *   overlap_tokens. The trace is the adjacent-similarity curve.
 *
 * The two disagree because the seed's prose and its code do; CHUNKERS.md pins the code's loop as the
 * default (what a pipeline runs) and the prose's rule stays one click away.
 *
 * Departures, all declared: tokens are cl100k tokens read off the document's one encoding unless
 * `token_counter` is "chars_div_4" (the seed's code estimates len(text) // 4); a document over max_tokens is chunked anyway with a warning
 * (CHUNKERS.md; the seed names Phase 1 as its strategy for documents over max_tokens); chunks are true ranges of the document, so
 * their text keeps the document's whitespace where the seed joins sentences with " " — the id is
 * still computed on the seed's joined text, so ids match the pipeline's.
 *
 * Sentences are the seed's regex unless `sentence_splitter` (a workbench extension) says
 * "workbench": the segmenter the curve and quality scores use. On a manual the regex makes a
 * "sentence" of every dot of a dot leader; above 20% such sentences the run says so (toolkit's
 * splitterWarnings), for every late chunker alike.
 *
 * late-embedding closes chunks with the same builder (`buildLateChunks`) as the "adjacent" rule
 * here: the same target and overlap limits ("size limits as late-jaccard"), a close at every break.
 */
import type { ChunkDraft, ChunkerOutput, ChunkerSpec, RunContext } from "../../chunk";
import { type LateJaccardConfig, lateJaccardMeta } from "./meta";
import {
  adjacentJaccard,
  type BoundaryKind,
  boundaryOffsets,
  buildLateChunks,
  gapPoints,
  jaccard,
  type LateBoundary,
  type LateDraftOptions,
  lateDrafts,
  longSentenceWarnings,
  overlapCount,
  sentenceTable,
  splitterWarnings,
} from "../late/toolkit";
import type { DocModel } from "../../document";

export interface JaccardBoundaries {
  boundaries: LateBoundary[];
  /**
   * For every gap i (between sentences i and i + 1): Jaccard of the running chunk after sentence i
   * and sentence i + 1 — the value the seed compares with the threshold wherever it decides.
   */
  gapSimilarity: number[];
  /**
   * The same values at the gaps where the loop compares them with the threshold (the chunk has
   * reached target_tokens), undefined elsewhere: what the chart draws the threshold against.
   */
  decisions: (number | undefined)[];
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
  const decisions: (number | undefined)[] = [];
  let currentStart = 0;
  let currentTokens = 0;
  let segment = new Set<string>();

  for (let i = 0; i < n; i++) {
    currentTokens += tokens[i]!;
    for (const w of words[i]!) segment.add(w);
    const similarity = i + 1 < n ? jaccard(segment, words[i + 1]!) : null;
    if (similarity !== null) gapSimilarity.push(similarity);

    if (currentTokens < config.target_tokens) {
      if (similarity !== null) decisions.push(undefined);
      continue;
    }
    if (similarity !== null) decisions.push(similarity);
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
  return { boundaries, gapSimilarity, decisions };
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
  const table = await sentenceTable(doc, ctx, config.sentence_splitter, config.token_counter);
  ctx.signal?.throwIfAborted();
  const warnings: string[] = [...splitterWarnings(table)];
  if (table.documentTokens > config.max_tokens) {
    warnings.push(
      `document has ${table.documentTokens} tokens, over max_tokens ${config.max_tokens}: chunked with Jaccard as usual ` +
        `(the seed checks the size against max_tokens and names this Phase 1 as its strategy for documents over it; ` +
        `full-document embedding, Phase 2, would not run)`,
    );
  }
  warnings.push(...longSentenceWarnings(table, config.target_tokens));

  let boundaries: LateBoundary[];
  let drafts: ChunkDraft[];
  // The trace is what the rule in use compares, at the gaps where it compares it.
  let traced: (number | undefined)[];
  if (config.boundary_rule === "running-chunk") {
    let decisions: (number | undefined)[];
    ({ boundaries, decisions } = detectJaccardBoundaries(table.tokens, table.words, config));
    traced = decisions;
    drafts = await lateDrafts(doc, table, boundaries, { ...config, ...ids, chunker: "late" }, ctx.signal);
  } else {
    const gapSimilarity = adjacentJaccard(table.words);
    traced = gapSimilarity;
    const breaks = new Set<number>();
    gapSimilarity.forEach((s, g) => {
      if (s < config.similarity_threshold) breaks.add(g);
    });
    ({ boundaries, drafts } = await buildLateChunks(
      doc,
      table,
      { breaks, values: gapSimilarity },
      { ...config, ...ids, chunker: "late" },
      ctx.signal,
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
      "sentence.splitter": table.splitter,
      "document.tokens": table.documentTokens,
      boundary_rule: config.boundary_rule,
      "boundaries.similarity": count("similarity"),
      ...(config.boundary_rule === "running-chunk"
        ? { "boundaries.forced": count("forced") }
        : { "boundaries.size": count("size") }),
    },
    trace: {
      points: gapPoints(table, traced),
      threshold: config.similarity_threshold,
      boundaries: boundaryOffsets(table, boundaries),
    },
  };
}

export const lateJaccardChunker: ChunkerSpec<LateJaccardConfig> = {
  ...lateJaccardMeta,
  chunk: (doc, config, ctx) => runLateJaccard(doc, config, ctx),
};
