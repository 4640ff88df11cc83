/**
 * The similarity of adjacent sentences along a document, with the session's embedder (or the local
 * one fitted on the document, providers/localEmbedder): the curve the chart draws for a run whose chunker has no
 * curve of its own, so a user sees whether its boundaries fall at dips. Sentences are the
 * workbench segmenter's (text/sentences): one sentence segmentation for the curve and the quality
 * scores. The seed's regex made a point of every dot of a contents page's dot leaders, a flat line
 * over most of a manual's chart; a late chunker's own trace follows its `sentence_splitter`.
 */
import type { DocModel } from "../document";
import type { Embedder } from "../providers/embedder";
import { localEmbedderForDocument, type LocalEmbedderSetting } from "../providers/localEmbedder";
import { cosineSimilarity } from "../providers/vectors";
import { denseVector, documentSentenceVectors, type StoredVector } from "../providers/sentenceVectors";
import { firstIndexWhere } from "../text/bisect";

interface CurvePoint {
  /** The gap between sentence i and i + 1 (the end of sentence i, with any vector-less ones after it). */
  offset: number;
  value: number;
  /** The pair compared: start of sentence i to end of sentence i + 1. */
  start: number;
  end: number;
}

export interface SimilarityCurve {
  embedderId: string;
  embedderLabel: string;
  kind: Embedder["kind"];
  points: CurvePoint[];
  /** Why the local embedder is not the one chosen (asset missing, text not covered). */
  warning?: string;
}

export async function adjacentSimilarity(
  doc: DocModel,
  embedder: Embedder | undefined,
  signal?: AbortSignal,
  local?: LocalEmbedderSetting,
): Promise<SimilarityCurve> {
  const pick = embedder ? { embedder } : await localEmbedderForDocument(doc, local);
  const active = pick.embedder;
  // The vectors the coherence scores use too (embedded once per document and embedder).
  const { spans: sentences, vectors } = await documentSentenceVectors(doc, active, signal);
  const units = measuredUnits(sentences, vectors);
  const points: CurvePoint[] = [];
  for (let i = 0; i + 1 < units.length; i++)
    points.push({
      offset: units[i]!.end,
      // Densified a pair at a time: a manual's sparse lexical vectors, all dense, were ~800 MB.
      value: cosineSimilarity(denseVector(units[i]!.vector), denseVector(units[i + 1]!.vector)),
      start: units[i]!.start,
      end: units[i + 1]!.end,
    });
  return {
    embedderId: active.id,
    embedderLabel: active.label,
    kind: active.kind,
    points,
    ...(pick.warning ? { warning: pick.warning } : {}),
  };
}

/**
 * Sentences with a vector, each carrying the vector-less sentences after it (before it, for the
 * first). A sentence the embedder has no vector for — a code line of words outside the local
 * embedder's vocabulary — has no similarity to anything: a cosine with it would read 0 and draw
 * flat stretches that say nothing. The local embedders' sentence vectors are sums over known
 * words, so a unit's vector is its first sentence's: the same as embedding the unit whole.
 */
export function measuredUnits<V extends StoredVector>(
  sentences: readonly { start: number; end: number }[],
  vectors: readonly V[],
): { start: number; end: number; vector: V }[] {
  const units: { start: number; end: number; vector: V }[] = [];
  let pendingStart: number | null = null;
  sentences.forEach((s, i) => {
    const vector = vectors[i]!;
    const values = vector instanceof Float32Array ? vector : vector.value;
    if (values.some((x) => x !== 0)) {
      units.push({ start: pendingStart ?? s.start, end: s.end, vector });
      pendingStart = null;
    } else if (units.length > 0) units[units.length - 1]!.end = s.end;
    else pendingStart ??= s.start;
  });
  return units;
}

/**
 * The curve points nearest each chunk start after the first: where the run put its boundaries, on
 * the curve's own gaps (a boundary inside a sentence lands on the gap closest to it).
 */
export function boundaryPoints(
  points: readonly { offset: number }[],
  chunkStarts: readonly number[],
): number[] {
  if (points.length === 0) return [];
  const out = new Set<number>();
  // Starts in document order (most runs) are matched in one walk beside the points, each from
  // where the last one stopped: 150,000 one-token chunks drawn at every step of a drag.
  const last = points.length - 1;
  let lo = 0;
  let previous = -Infinity;
  for (let k = 1; k < chunkStarts.length; k++) {
    const start = chunkStarts[k]!;
    if (start >= previous) while (lo < last && points[lo]!.offset < start) lo++;
    else lo = firstIndexWhere(0, last, (i) => points[i]!.offset >= start);
    previous = start;
    const best =
      lo > 0 && Math.abs(points[lo - 1]!.offset - start) <= Math.abs(points[lo]!.offset - start)
        ? lo - 1
        : lo;
    out.add(best);
  }
  return [...out].sort((a, b) => a - b);
}
