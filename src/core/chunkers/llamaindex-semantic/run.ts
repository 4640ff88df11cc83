/**
 * LlamaIndex's SemanticSplitterNodeParser (llama-index-core, node_parser/text/semantic_splitter.py),
 * ported from its published source over ranges of the document:
 * - sentences as split_by_sentence_tokenizer lays them out: each from its first character to the
 *   next one's (whitespace after a sentence belongs to it), text before the first dropped — the cut
 *   points from natural's tokenizer (LlamaIndex TS's, ../llamaindex-sentence/sentenceTokenizer) where
 *   Python's default is NLTK's Punkt with its trained English model (a declared difference);
 * - _build_sentence_groups: sentence i with buffer_size sentences before and after, joined with ""
 *   (they are contiguous: the combined text is a slice);
 * - distances 1 − cosine of each combined sentence's embedding and the next's (BaseEmbedding.similarity);
 * - _build_node_chunks: the threshold is numpy's percentile of the distances at
 *   breakpoint_percentile_threshold; a break after sentence i where its distance is strictly above;
 *   chunks are their sentences joined with "" — a slice of the document, so offsets are exact. One
 *   sentence is one chunk.
 */
import type { ChunkDraft, ChunkerOutput, ChunkerSpec, RunContext } from "../../chunk";
import type { DocModel } from "../../document";
import { cosineSimilarity } from "../../providers/vectors";
import { percentile } from "../../similarity/breakpoints";
import { documentLocalEmbedder, embedWindows } from "../late-embedding/run";
import {
  abbreviationPattern,
  LLAMAINDEX_ABBREVIATIONS,
  sentenceCuts,
} from "../llamaindex-sentence/sentenceTokenizer";
import { type LlamaindexSemanticConfig, llamaindexSemanticMeta } from "./meta";

const EMBED_BATCH = 64;
const ABBREVIATIONS = abbreviationPattern(LLAMAINDEX_ABBREVIATIONS);

const isSpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x3000;

/** The last document's distances, keyed by what makes them. */
let lastDistances: { key: string; text: string; distances: number[] } | null = null;

/** The last document's sentence starts, so a threshold drag does not re-tokenize. */
let lastStarts: { id: string; text: string; starts: number[] } | null = null;

/** Sentence starts as span_tokenize gives them: each sentence's first non-space character. */
export function sentenceStarts(text: string, signal?: AbortSignal): number[] {
  const starts: number[] = [];
  const push = (from: number) => {
    let i = from;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (i < text.length && i !== starts[starts.length - 1]) starts.push(i);
  };
  push(0);
  for (const cut of sentenceCuts(text, 0, text.length, ABBREVIATIONS, signal)) push(cut);
  return starts;
}

/** _build_node_chunks: [first, last] sentence indices of each chunk. */
export function nodeChunks(
  distances: readonly number[],
  sentences: number,
  percentileThreshold: number,
): [number, number][] {
  if (distances.length === 0) return sentences > 0 ? [[0, sentences - 1]] : [];
  const threshold = percentile(distances, percentileThreshold);
  const groups: [number, number][] = [];
  let start = 0;
  distances.forEach((d, i) => {
    if (d > threshold) {
      groups.push([start, i]);
      start = i + 1;
    }
  });
  if (start < sentences) groups.push([start, sentences - 1]);
  return groups;
}

async function runSemanticSplitter(
  doc: DocModel,
  config: LlamaindexSemanticConfig,
  ctx: RunContext,
): Promise<ChunkerOutput> {
  const text = doc.text;
  if (!lastStarts || lastStarts.id !== doc.id || lastStarts.text !== text)
    lastStarts = { id: doc.id, text, starts: sentenceStarts(text, ctx.signal) };
  const starts = lastStarts.starts;
  const n = starts.length;
  if (n === 0) return { drafts: [], stats: { "chunk.count": 0, "sentence.count": 0 } };
  const endOf = (k: number) => (k + 1 < n ? starts[k + 1]! : text.length);
  const stats: Record<string, unknown> = { "sentence.count": n };
  let distances: number[] = [];
  if (n > 1) {
    const local = ctx.embedder ? undefined : await documentLocalEmbedder(doc, ctx);
    const embedder = ctx.embedder ?? local!.embedder;
    const b = config.buffer_size;
    // A percentile drag re-reads the last distances: only the sentences, buffer and embedder make them.
    const key = JSON.stringify([doc.id, b, embedder.id]);
    if (lastDistances && lastDistances.key === key && lastDistances.text === text)
      distances = lastDistances.distances;
    else {
      const combined = starts.map((_, i) =>
        text.slice(starts[Math.max(0, i - b)]!, endOf(Math.min(n - 1, i + b))),
      );
      const { vectors } = await embedWindows(embedder, combined, EMBED_BATCH, ctx.signal);
      for (let i = 0; i + 1 < n; i++) distances.push(1 - cosineSimilarity(vectors[i]!, vectors[i + 1]!));
      lastDistances = { key, text, distances };
    }
    Object.assign(stats, {
      "embedding.model": embedder.label,
      "embedding.id": embedder.id,
      "embedding.kind": embedder.kind,
      "threshold.value": percentile(distances, config.breakpoint_percentile_threshold),
    });
    if (local?.warning) stats["embedding.note"] = local.warning;
  } else distances = [];
  ctx.signal?.throwIfAborted();
  const groups = nodeChunks(distances, n, config.breakpoint_percentile_threshold);
  const drafts: ChunkDraft[] = groups.map(([first, last], k) => ({
    id: `chunk_${k}`,
    start: starts[first]!,
    end: endOf(last),
  }));
  stats["chunk.count"] = drafts.length;
  const threshold = typeof stats["threshold.value"] === "number" ? stats["threshold.value"] : null;
  return {
    drafts,
    stats,
    ...(distances.length > 0
      ? {
          trace: {
            points: distances.map((d, i) => ({ offset: endOf(i), value: 1 - d })),
            ...(threshold === null ? {} : { threshold: 1 - threshold }),
            boundaries: drafts.slice(0, -1).map((d) => d.end),
          },
        }
      : {}),
    ...(typeof stats["embedding.note"] === "string" ? { warnings: [stats["embedding.note"]] } : {}),
  };
}

export const llamaindexSemanticChunker: ChunkerSpec<LlamaindexSemanticConfig> = {
  ...llamaindexSemanticMeta,
  chunk: (doc, config, ctx) => runSemanticSplitter(doc, config, ctx),
};
