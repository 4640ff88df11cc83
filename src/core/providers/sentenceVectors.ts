/**
 * A document's sentences — the workbench segmenter's (text/sentences), one segmentation for the
 * similarity curve and the coherence scores — embedded once per (document, embedder) and kept for
 * the last few: the curve and every run's coherence read the same vectors. On the 2,415-page
 * manual each embedding of its sentences cost ~2 s and ~300 MB of garbage, and both did it.
 */
import type { DocModel } from "../document";
import type { Span } from "../text/segment";
import { documentSentences } from "../text/sentences";
import type { Embedder } from "./embedder";

/**
 * A sentence vector as kept between runs: dense, or — when few of its dimensions are non-zero, as
 * with the lexical embedder's hashed features — its non-zero entries alone. A 2,415-page manual's
 * ~75k sentences take ~600 MB as dense 2,048-wide vectors, a fifth of that as sparse ones.
 */
export type StoredVector =
  Float32Array | { dims: number; index: Uint16Array | Uint32Array; value: Float32Array };

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

export interface SentenceVectors {
  /** The text the spans index (a kept entry is checked against the document's). */
  text: string;
  spans: Span[];
  /** One per span, in order. */
  vectors: StoredVector[];
}

/** Sentences embedded at a time (an endpoint batches within a slice as it likes). */
const EMBED_SLICE = 2048;
const CAPACITY = 4;
const cache = new Map<string, SentenceVectors>();

/**
 * The document's sentences and their vectors with `embedder`: computed on the first call, kept for
 * the calls after. Only a finished embedding is kept (an aborted one belongs to its caller).
 */
export async function documentSentenceVectors(
  doc: DocModel,
  embedder: Embedder,
  signal?: AbortSignal,
): Promise<SentenceVectors> {
  const key = `${doc.id}|${embedder.id}`;
  const known = cache.get(key);
  // Checked against the text too: a DocModel built from text can reuse an id for other text.
  if (known && known.text === doc.text) {
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
  const entry = { text: doc.text, spans, vectors };
  cache.set(key, entry);
  while (cache.size > CAPACITY) cache.delete(cache.keys().next().value!);
  return entry;
}
