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

/**
 * A lexical vector: ids of one Vocabulary's words and their weights, in the order the words first
 * appear (the order every sum below runs in, so each figure is the one a word → weight map gave).
 */
export interface SparseVec {
  readonly ids: Int32Array;
  readonly weights: Float64Array;
}

/** Sparse (a lexical vector) or dense (an embedder's), always unit length or all zero. */
export type Vec = SparseVec | Float32Array;

/** Word ids for a document's lexical vectors: vectors compare only within one vocabulary. */
export class Vocabulary {
  private readonly ids = new Map<string, number>();
  idOf(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) this.ids.set(word, (id = this.ids.size));
    return id;
  }
}

const LEXICAL_TF_ID = "lexical-tf-v1";

/**
 * Dense scratch indexed by word id, shared by every sparse sum (they are synchronous, so never
 * interleave): `value[id]` counts only where `stamp[id]` is the current pass's.
 */
const scratch = { value: new Float64Array(1024), stamp: new Int32Array(1024), pass: 0 };

function nextPass(maxId: number): number {
  if (maxId >= scratch.value.length) {
    let size = scratch.value.length;
    while (size <= maxId) size *= 2;
    scratch.value = new Float64Array(size);
    scratch.stamp = new Int32Array(size);
    scratch.pass = 0;
  }
  scratch.pass = (scratch.pass + 1) & 0x3fffffff;
  if (scratch.pass === 0) {
    scratch.stamp.fill(0);
    scratch.pass = 1;
  }
  // The vector the cosine scratch holds is gone once another pass writes.
  scattered = null;
  return scratch.pass;
}

function maxOf(ids: Int32Array, max: number): number {
  for (const id of ids) if (id > max) max = id;
  return max;
}

/** Ids in first-touch order with their summed values (the scratch's current pass), scaled to unit length. */
function unitFromScratch(order: readonly number[]): SparseVec {
  const { value } = scratch;
  let sum = 0;
  for (const id of order) sum += value[id]! * value[id]!;
  const n = Math.sqrt(sum);
  if (!(n > 0)) return EMPTY;
  const weights = new Float64Array(order.length);
  for (let i = 0; i < order.length; i++) weights[i] = value[order[i]!]! / n;
  return { ids: Int32Array.from(order), weights };
}

const EMPTY: SparseVec = { ids: new Int32Array(0), weights: new Float64Array(0) };

function unitDense(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const n = Math.sqrt(sum);
  const out = new Float32Array(v.length);
  if (n > 0) for (let i = 0; i < v.length; i++) out[i] = v[i]! / n;
  return out;
}

/** A text's unit-length term-frequency vector over `vocabulary`. */
export function termVector(text: string, vocabulary: Vocabulary): SparseVec {
  const words = regexWords(text);
  if (words.length === 0) return EMPTY;
  const ids = words.map((w) => vocabulary.idOf(w));
  const pass = nextPass(ids.reduce((a, b) => (b > a ? b : a), 0));
  const { value, stamp } = scratch;
  const order: number[] = [];
  for (const id of ids) {
    if (stamp[id] === pass) value[id]! += 1;
    else {
      stamp[id] = pass;
      value[id] = 1;
      order.push(id);
    }
  }
  return unitFromScratch(order);
}

/** The sparse vector whose weights the scratch holds for the cosine (by identity), if any. */
let scattered: SparseVec | null = null;

function scatter(v: SparseVec): void {
  if (scattered === v) return;
  const pass = nextPass(maxOf(v.ids, 0));
  const { value, stamp } = scratch;
  for (let i = 0; i < v.ids.length; i++) {
    stamp[v.ids[i]!] = pass;
    value[v.ids[i]!] = v.weights[i]!;
  }
  scattered = v;
}

/**
 * The cosine of two unit vectors, which is their dot product (no norms to divide by: the entity
 * chunker's vectors are unit length by construction); 0 when either is all zero. Dense vectors use
 * providers/vectors' dot, the one dot product of the code base. Sparse ones run over the shorter
 * vector's words in their order, looking each up in the longer one (held in the scratch, so a run
 * of cosines against one vector — a chunk's sentences to its centroid — spreads it out once).
 */
export function unitCosine(a: Vec, b: Vec): number {
  // The centroid of no sentences (a chunk of whitespace) is an empty sparse vector whatever the
  // vectors' kind.
  if (
    (!(a instanceof Float32Array) && a.ids.length === 0) ||
    (!(b instanceof Float32Array) && b.ids.length === 0)
  )
    return 0;
  if (a instanceof Float32Array && b instanceof Float32Array) return dot(a, b);
  if (a instanceof Float32Array || b instanceof Float32Array)
    throw new TypeError("cannot compare a lexical vector with an embedding");
  const [small, large] = a.ids.length <= b.ids.length ? [a, b] : [b, a];
  scatter(large);
  const pass = scratch.pass;
  const { value, stamp } = scratch;
  let s = 0;
  // A word the longer vector lacks adds nothing (its weight there is 0), so it is skipped.
  for (let i = 0; i < small.ids.length; i++) {
    const id = small.ids[i]!;
    if (stamp[id] === pass) s += small.weights[i]! * value[id]!;
  }
  return s;
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
  const sparse = vectors as readonly SparseVec[];
  let max = 0;
  for (const v of sparse) max = maxOf(v.ids, max);
  const pass = nextPass(max);
  const { value, stamp } = scratch;
  const order: number[] = [];
  for (const v of sparse)
    for (let i = 0; i < v.ids.length; i++) {
      const id = v.ids[i]!;
      if (stamp[id] === pass) value[id]! += v.weights[i]!;
      else {
        stamp[id] = pass;
        value[id] = v.weights[i]!;
        order.push(id);
      }
    }
  return unitFromScratch(order);
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

/** Lexical TF vectors over one vocabulary (a document's: its vectors compare with each other). */
export function lexicalVectors(vocabulary: Vocabulary): SentenceVectors {
  return {
    id: LEXICAL_TF_ID,
    vectors: (texts) => Promise.resolve(texts.map((t) => termVector(t, vocabulary))),
  };
}

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
