/**
 * Vectors for the entity chunker's semantic_coherence and its back-references' content similarity.
 * With the session's embedder: its vectors. Without one: a deterministic lexical bag of words —
 * each sentence a term-frequency vector over lower-cased letter/digit runs (the same words as the
 * seeds' regex word mode). A chunk's vector is the centroid of its unit-length sentence vectors;
 * semantic_coherence is the mean cosine of the chunk's sentences to that centroid (1 for a chunk of
 * one sentence: nothing in it disagrees).
 */
import { EmbedderError, type Embedder } from "../providers/embedder";
import { regexWords } from "../text/segment";
import { dot } from "../providers/vectors";

/** Sparse (word → weight) or dense (an embedder's) vector, always unit length or all zero. */
export type Vec = Map<string, number> | Float32Array;

const LEXICAL_TF_ID = "lexical-tf-v1";

function unitSparse(v: Map<string, number>): Map<string, number> {
  let sum = 0;
  for (const x of v.values()) sum += x * x;
  const n = Math.sqrt(sum);
  if (n > 0) for (const [k, x] of v) v.set(k, x / n);
  return v;
}

function unitDense(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const n = Math.sqrt(sum);
  const out = new Float32Array(v.length);
  if (n > 0) for (let i = 0; i < v.length; i++) out[i] = v[i]! / n;
  return out;
}

/** A text's unit-length term-frequency vector. */
export function termVector(text: string): Map<string, number> {
  const tf = new Map<string, number>();
  for (const w of regexWords(text)) tf.set(w, (tf.get(w) ?? 0) + 1);
  return unitSparse(tf);
}

/**
 * The cosine of two unit vectors, which is their dot product (no norms to divide by: the entity
 * chunker's vectors are unit length by construction); 0 when either is all zero. Dense vectors use
 * providers/vectors' dot, the one dot product of the code base.
 */
export function unitCosine(a: Vec, b: Vec): number {
  // The centroid of no sentences (a chunk of whitespace) is an empty map whatever the vectors' kind.
  if ((a instanceof Map && a.size === 0) || (b instanceof Map && b.size === 0)) return 0;
  if (a instanceof Float32Array && b instanceof Float32Array) return dot(a, b);
  if (a instanceof Map && b instanceof Map) {
    const [small, large] = a.size <= b.size ? [a, b] : [b, a];
    let s = 0;
    for (const [k, x] of small) s += x * (large.get(k) ?? 0);
    return s;
  }
  throw new TypeError("cannot compare a lexical vector with an embedding");
}

/** The unit-length centroid of unit vectors (all zero when they cancel or there are none). */
export function centroid(vectors: readonly Vec[]): Vec {
  const first = vectors[0];
  if (first instanceof Float32Array) {
    const sum = new Float32Array(first.length);
    for (const v of vectors) {
      const d = v as Float32Array;
      for (let i = 0; i < sum.length; i++) sum[i] = sum[i]! + d[i]!;
    }
    return unitDense(sum);
  }
  const sum = new Map<string, number>();
  for (const v of vectors) for (const [k, x] of v as Map<string, number>) sum.set(k, (sum.get(k) ?? 0) + x);
  return unitSparse(sum);
}

/** Mean cosine of the sentence vectors to their centroid; 1 with fewer than two sentences. */
export function coherence(sentences: readonly Vec[], c: Vec = centroid(sentences)): number {
  if (sentences.length < 2) return 1;
  let sum = 0;
  for (const s of sentences) sum += unitCosine(s, c);
  return sum / sentences.length;
}

/** A source of unit-length sentence vectors: lexical TF, or the embedder's (one call for all texts). */
export interface SentenceVectors {
  /** LEXICAL_TF_ID or the embedder's id — recorded beside every score made with it. */
  id: string;
  vectors(texts: readonly string[], signal?: AbortSignal): Promise<Vec[]>;
}

export const lexicalVectors: SentenceVectors = {
  id: LEXICAL_TF_ID,
  vectors: (texts) => Promise.resolve(texts.map(termVector)),
};

export function embedderVectors(embedder: Embedder): SentenceVectors {
  return {
    id: embedder.id,
    async vectors(texts, signal) {
      const unique = [...new Set(texts)];
      const out = await embedder.embed(unique, signal);
      if (out.length !== unique.length) {
        throw new EmbedderError(
          `embedder ${embedder.id} returned ${out.length} vectors for ${unique.length} texts`,
        );
      }
      const byText = new Map(unique.map((t, i) => [t, unitDense(out[i]!)]));
      return texts.map((t) => byText.get(t)!);
    },
  };
}
