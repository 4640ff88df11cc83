/** What late-jaccard, late-embedding, agentic and hybrid share: sentence tables, Jaccard, the boundary builder and the drafts it makes. */
import type { ChunkDraft, RunContext, RunTrace } from "../../chunk";
import { ENCODING } from "../late-jaccard/meta";
import type { SizeLimits } from "./sizes";
import type { DocModel } from "../../document";
import { contentId } from "../../text/contentId";
import { docSlug } from "../../text/docSlug";
import { noesisWords } from "../../text/noesisSentences";
import type { Span } from "../../text/segment";
import { punctuationOnlyCount, type SentenceSplitter, splitSentences } from "../../text/sentences";
import { tokensInRange } from "../../text/spanTokens";
import { charsDiv4, type TokenCounter } from "./tokenCounter";
import { perDocument } from "../../docCache";
import { checkpoint } from "../../checkpoint";

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

/** For every gap i: Jaccard of the word sets of sentences i and i + 1 (boundary_rule "adjacent"). */
export function adjacentJaccard(words: readonly (readonly string[])[]): number[] {
  const known = adjacentByWords.get(words);
  if (known) return known;
  const out: number[] = [];
  for (let i = 0; i + 1 < words.length; i++) out.push(jaccard(new Set(words[i]), words[i + 1]!));
  adjacentByWords.set(words, out);
  return out;
}

/**
 * A document's adjacent similarities depend on its sentence table alone, which docCache keeps: a
 * threshold drag re-reads them instead of recomputing thousands of set intersections per move.
 * Callers never mutate the array.
 */
const adjacentByWords = new WeakMap<readonly (readonly string[])[], number[]>();

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
  /** The splitter that cut the spans (config `sentence_splitter`). */
  splitter: SentenceSplitter;
  /** How many spans hold no letter or digit (the seed's regex makes one per dot of a dot leader). */
  punctuationOnly: number;
  /** How `tokens` and `documentTokens` count (config `token_counter`). */
  counter: TokenCounter;
}

/**
 * The document's sentences as `splitter` cuts them, their token counts and word sets: computed once
 * per document and splitter (docCache), so switching the splitter back re-reads the first table.
 */
export function sentenceTable(
  doc: DocModel,
  ctx: RunContext,
  splitter: SentenceSplitter = "seed",
  counter: TokenCounter = "cl100k",
): Promise<SentenceTable> {
  return perDocument(doc, `late:sentence-table:${splitter}:${counter}`, () =>
    buildSentenceTable(doc, ctx, splitter, counter),
  );
}

async function buildSentenceTable(
  doc: DocModel,
  ctx: RunContext,
  splitter: SentenceSplitter,
  counter: TokenCounter,
): Promise<SentenceTable> {
  const spans = splitSentences(doc.text, splitter);
  let tokens: number[];
  let documentTokens: number;
  if (counter === "chars_div_4") {
    // NOESIS's estimate, per counted text: each sentence's own len // 4, the document's likewise.
    tokens = spans.map((s) => charsDiv4(doc.text.slice(s.start, s.end)));
    documentTokens = charsDiv4(doc.text);
  } else {
    const tokenizer = await ctx.tokenizer(ENCODING);
    const encoded = ctx.encoded.get(doc.id, tokenizer, doc.text);
    tokens = spans.map((s) => tokensInRange(encoded, s.start, s.end));
    documentTokens = encoded.ids.length;
  }
  return {
    spans,
    tokens,
    words: spans.map((s) => noesisWords(doc.text.slice(s.start, s.end))),
    documentTokens,
    splitter,
    punctuationOnly: punctuationOnlyCount(doc.text, spans),
    counter,
  };
}

/** Above this share of punctuation-only sentences the seed's splitter is reading dot leaders, not text. */
const PUNCTUATION_ONLY_WARNING_SHARE = 0.2;

/**
 * The seed's regex on a manual's contents and index pages: most of its "sentences" are single dots,
 * which the run says with the count and the other choice. The workbench splitter makes none.
 */
export function splitterWarnings(table: SentenceTable): string[] {
  const { punctuationOnly, spans } = table;
  if (table.splitter !== "seed" || punctuationOnly <= PUNCTUATION_ONLY_WARNING_SHARE * spans.length)
    return [];
  const count = (n: number) => n.toLocaleString("en-US");
  return [
    `sentence_splitter "seed": ${count(punctuationOnly)} of ${count(spans.length)} sentences are only punctuation ` +
      `(dot leaders?); sentence_splitter "workbench" reads them as lines`,
  ];
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
async function lateChunkId(
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
  signal?: AbortSignal,
): Promise<ChunkDraft[]> {
  const { spans } = table;
  const drafts: ChunkDraft[] = [];
  const cp = checkpoint(signal);
  for (let c = 0; c < boundaries.length; c++) {
    if (cp.due()) await cp.yield();
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
        // The seed's output dict: the document the chunk belongs to (no parent chunk in late chunking).
        parent_ref: doc.id,
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
  signal?: AbortSignal,
): Promise<LateChunks> {
  const boundaries = closeChunks(table.tokens, gaps, options);
  return { boundaries, drafts: await lateDrafts(doc, table, boundaries, options, signal) };
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
  const why =
    table.splitter === "seed"
      ? "the seed's regex splits only after . ! ? followed by whitespace"
      : "the workbench splitter found no sentence end inside them";
  return [
    `${longCount} sentence${longCount === 1 ? " is" : "s are"} longer than target_tokens ${targetTokens} ` +
      `(longest ${table.tokens.reduce((a, b) => Math.max(a, b), 0)} tokens): ${why}`,
  ];
}
