/**
 * Per-chunk semantic coherence for every run (issue 5: "mean similarity of its sentences with the
 * active embedder"). The document's sentences — the workbench segmenter's (text/sentences): one
 * sentence segmentation for the curve and the quality scores — are embedded once per (document,
 * embedder) and kept; a run then only sums vectors per chunk, so a slider move costs milliseconds,
 * not embeddings.
 *
 * A network embedder is used for documents of up to ENDPOINT_SENTENCE_CAP sentences: beyond that,
 * scoring every run would send thousands of texts to a paid endpoint unasked, so the local embedder
 * (providers/localEmbedder: GloVe by default, lexical when chosen or when the text is not covered)
 * scores and the label says so. An endpoint failure falls back the same way, with a warning.
 */
import type { Chunk } from "../chunk";
import type { DocModel } from "../document";
import { EmbedderError, type Embedder } from "../providers/embedder";
import { localEmbedderForDocument, type LocalEmbedderSetting } from "../providers/localEmbedder";
import type { Span } from "../text/segment";
import { documentSentences } from "../text/sentences";
import { sentenceCoherence } from "./coherence";
import { firstIndexWhere } from "../text/bisect";

export const ENDPOINT_SENTENCE_CAP = 2000;

export interface ChunkCoherence {
  /** One score per chunk, in run order; null where a chunk has fewer than two sentences. */
  scores: (number | null)[];
  embedderId: string;
  embedderLabel: string;
  warning?: string;
}

/**
 * A sentence vector as kept between runs: dense, or — when few of its dimensions are non-zero, as
 * with the lexical embedder's hashed features — its non-zero entries alone. A 2,415-page manual's
 * ~75k sentences take ~600 MB as dense 2,048-wide vectors, a fifth of that as sparse ones.
 */
type StoredVector = Float32Array | { dims: number; index: Uint16Array | Uint32Array; value: Float32Array };

export function compactVector(v: Float32Array): StoredVector {
  let nonZero = 0;
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) nonZero++;
  const wide = v.length > 0xffff;
  // Sparse costs 6 (or 8) bytes a non-zero against 4 a dimension: worth it below half full.
  if (nonZero * (wide ? 8 : 6) >= v.length * 2) return v;
  const index = wide ? new Uint32Array(nonZero) : new Uint16Array(nonZero);
  const value = new Float32Array(nonZero);
  for (let i = 0, k = 0; i < v.length; i++)
    if (v[i] !== 0) {
      index[k] = i;
      value[k++] = v[i]!;
    }
  return { dims: v.length, index, value };
}

export function denseVector(v: StoredVector): Float32Array {
  if (v instanceof Float32Array) return v;
  const out = new Float32Array(v.dims);
  for (let k = 0; k < v.index.length; k++) out[v.index[k]!] = v.value[k]!;
  return out;
}

interface SentenceVectors {
  spans: Span[];
  vectors: StoredVector[];
  /**
   * Scores by the sentences a chunk covers ("from:to"): consecutive runs of a slider drag share most
   * of their chunks, and a score is a pass over 2,048-wide vectors per sentence — remembered, a
   * re-run costs lookups.
   */
  scores: Map<string, number | null>;
}

const MAX_REMEMBERED_SCORES = 200_000;
/** Sentences embedded at a time (an endpoint batches within a slice as it likes). */
const EMBED_SLICE = 2048;

const CAPACITY = 4;
const cache = new Map<string, SentenceVectors>();

async function sentenceVectors(
  doc: DocModel,
  embedder: Embedder,
  signal?: AbortSignal,
): Promise<SentenceVectors> {
  const key = `${doc.id}|${embedder.id}`;
  const known = cache.get(key);
  if (known) {
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const spans = documentSentences(doc);
  // In slices, each compacted as it arrives: the dense vectors of a whole manual never coexist.
  const vectors: StoredVector[] = [];
  for (let i = 0; i < spans.length; i += EMBED_SLICE) {
    const texts = spans.slice(i, i + EMBED_SLICE).map((s) => doc.text.slice(s.start, s.end));
    for (const v of await embedder.embed(texts, signal)) vectors.push(compactVector(v));
  }
  const entry = { spans, vectors, scores: new Map<string, number | null>() };
  cache.set(key, entry);
  while (cache.size > CAPACITY) cache.delete(cache.keys().next().value!);
  return entry;
}

/** Index of the first span starting at or after `offset`. */
function firstAtOrAfter(spans: readonly Span[], offset: number): number {
  return firstIndexWhere(0, spans.length, (i) => spans[i]!.start >= offset);
}

/** Coherence of each chunk over the sentences that start inside its range. */
function scoreChunks(
  sv: SentenceVectors,
  chunks: readonly Pick<Chunk, "start" | "end">[],
  embedderId: string,
) {
  if (sv.scores.size > MAX_REMEMBERED_SCORES) sv.scores.clear();
  return chunks.map((c) => {
    const from = firstAtOrAfter(sv.spans, c.start);
    const to = firstAtOrAfter(sv.spans, c.end);
    const key = `${from}:${to}`;
    const known = sv.scores.get(key);
    if (known !== undefined) return known;
    const score = sentenceCoherence(sv.vectors.slice(from, to).map(denseVector), embedderId).score;
    sv.scores.set(key, score);
    return score;
  });
}

export async function chunkCoherence(
  doc: DocModel,
  chunks: readonly Pick<Chunk, "start" | "end">[],
  embedder: Embedder | undefined,
  signal?: AbortSignal,
  local?: LocalEmbedderSetting,
): Promise<ChunkCoherence> {
  // The local embedder scores unless an endpoint does; its own fallback (asset, coverage) is a warning then.
  const useLocal = async () => {
    const pick = await localEmbedderForDocument(doc, local);
    return { embedder: pick.embedder, warning: pick.warning };
  };
  let note = "";
  let chosen: { embedder: Embedder; warning: string | undefined } | undefined;
  if (embedder) {
    const sentences = documentSentences(doc).length;
    if (sentences <= ENDPOINT_SENTENCE_CAP) chosen = { embedder, warning: undefined };
    else
      note = ` (${sentences} sentences: over ${ENDPOINT_SENTENCE_CAP}, scored locally rather than sent to ${embedder.label})`;
  }
  chosen ??= await useLocal();
  let { embedder: active, warning } = chosen;
  let sv: SentenceVectors;
  try {
    sv = await sentenceVectors(doc, active, signal);
  } catch (err) {
    if (signal?.aborted || !(err instanceof EmbedderError)) throw err;
    const failed = active.label;
    ({ embedder: active, warning } = await useLocal());
    warning = [
      `coherence scored with the local embedder (${active.label}): ${failed} failed: ${err.message}`,
      warning,
    ]
      .filter(Boolean)
      .join("; ");
    sv = await sentenceVectors(doc, active, signal);
  }
  return {
    scores: scoreChunks(sv, chunks, active.id),
    embedderId: active.id,
    embedderLabel: active.label + note,
    ...(warning ? { warning } : {}),
  };
}
