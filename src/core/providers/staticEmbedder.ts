/**
 * The local semantic embedder: static GloVe word vectors averaged into sentence vectors by SIF
 * ("smooth inverse frequency", Arora, Liang & Ma, ICLR 2017). Static: a word has one vector
 * whatever its context, so it sees synonyms and paraphrases ("large"/"big", "mandatory
 * arbitration"/"binding dispute resolution") that a lexical embedder scores 0, but not word order
 * or negation scope — the label says so.
 *
 * Recipe (version v1; a change to it must change the version, since ids key the caches):
 * - words as the vocabulary spells them (vocabularyWords.ts); words it lacks are skipped;
 * - v(s) = (1/n) Σ a / (a + p(w)) · v(w) over the n words of s the vocabulary holds, a = 1e-3,
 *   p(w) estimated from the word's frequency rank r (1-based) by Zipf's law: p = 1 / (r · H_V),
 *   H_V the harmonic number of the source vocabulary's size;
 * - the first principal component u of the corpus's sentence vectors (uncentred, as the paper's
 *   TruncatedSVD) is removed from every vector: v ← v − (u·v) u. A corpus of fewer than
 *   MIN_SENTENCES_FOR_COMPONENT sentences has too few to estimate it, and uses the asset's reference
 *   component (fitted on the build corpus) instead.
 * Weighted sums are kept per sentence (a window or a chunk adds its sentences' sums) and vectors per
 * text, so a threshold drag or a second score embeds nothing again.
 */
import type { Embedder } from "./embedder";
import { sha256HexSync } from "../text/hash";
import { forEachVocabularyRank } from "./vocabularyWords";
import type { WordVectors } from "./wordVectors";
import { workbenchSentences } from "../text/sentences";
import { LOCAL_EMBEDDER_LABELS } from "./session";

const STATIC_VERSION = "glove100d-sif-v1";
export const STATIC_LABEL = LOCAL_EMBEDDER_LABELS.glove;
/** SIF's a: the paper's range is 1e-4 … 1e-3; 1e-3 keeps mid-frequency words' weight near 1. */
export const SIF_A = 1e-3;
export const MIN_SENTENCES_FOR_COMPONENT = 50;
/**
 * Sentence sums and text vectors kept per embedder (400 bytes each, float32); beyond it the older
 * half goes. A 352-page book has ~6k sentences; a 2,415-page manual's ~75k are re-summed as needed.
 */
const MAX_KEPT_VECTORS = 30_000;
const EULER_GAMMA = 0.5772156649015329;

export interface StaticEmbedder extends Embedder {
  readonly kind: "static";
  /** Share of the corpus's distinct texts' words the vocabulary holds (1 for an empty corpus). */
  readonly coverage: number;
  /** Where the removed component came from. */
  readonly component: "document" | "reference";
  embedSync(texts: readonly string[]): Float32Array[];
}

/** SIF weight of the word at 0-based frequency rank `rank`: a / (a + p(w)), p from Zipf's law. */
export function sifWeight(rank: number, sourceVocabulary: number, a = SIF_A): number {
  const p = 1 / ((rank + 1) * harmonicNumber(sourceVocabulary));
  return a / (a + p);
}

function harmonicNumber(n: number): number {
  return Math.log(n) + EULER_GAMMA + 1 / (2 * n);
}

/** A text's SIF-weighted sum of word vectors, with its word counts: additive over pieces cut at whitespace. */
interface SifSum {
  sum: Float64Array | Float32Array;
  words: number;
  covered: number;
}

// Every word's weight, computed once per vocabulary (and a): a text then costs lookups, not logarithms.
const weightTables = new WeakMap<WordVectors, Map<number, Float32Array>>();

function weightTable(vectors: WordVectors, a: number): Float32Array {
  let byA = weightTables.get(vectors);
  if (!byA) weightTables.set(vectors, (byA = new Map()));
  let table = byA.get(a);
  if (!table) {
    const h = harmonicNumber(vectors.sourceVocabulary);
    table = Float32Array.from({ length: vectors.count }, (_, rank) => a / (a + 1 / ((rank + 1) * h)));
    byA.set(a, table);
  }
  return table;
}

/** `into`, when given, is zeroed and summed into (a caller's scratch row: no allocation per text). */
function sifSum(text: string, vectors: WordVectors, a = SIF_A, into?: Float64Array): SifSum {
  const sum = into ? into.fill(0) : new Float64Array(vectors.dimensions);
  const weights = weightTable(vectors, a);
  const { words, covered } = forEachVocabularyRank(text, vectors, (rank) =>
    vectors.addScaled(rank, weights[rank]!, sum),
  );
  return { sum, words, covered };
}

/** SIF's weighted average of a text's word vectors, before the component is removed. */
export function sifAverage(
  text: string,
  vectors: WordVectors,
  a = SIF_A,
): { vector: Float64Array; words: number; covered: number } {
  const { sum, words, covered } = sifSum(text, vectors, a);
  return { vector: averageOf(sum, covered), words, covered };
}

function averageOf(
  sum: ArrayLike<number>,
  covered: number,
  out: Float64Array = new Float64Array(sum.length),
): Float64Array {
  const scale = covered > 0 ? 1 / covered : 1;
  for (let d = 0; d < out.length; d++) out[d] = sum[d]! * scale;
  return out;
}

/**
 * Σ x xᵀ and Σ x over rows added one at a time, so a document's sentence vectors need not all be
 * held to find their first principal component.
 */
class ComponentAccumulator {
  private readonly gram: Float64Array;
  private readonly sum: Float64Array;
  rows = 0;

  constructor(private readonly dimensions: number) {
    this.gram = new Float64Array(dimensions * dimensions);
    this.sum = new Float64Array(dimensions);
  }

  add(x: ArrayLike<number>): void {
    const { dimensions, gram, sum } = this;
    this.rows++;
    // The upper triangle only (the matrix is symmetric), mirrored when the component is asked for.
    for (let i = 0; i < dimensions; i++) {
      const xi = x[i]!;
      if (xi === 0) continue;
      sum[i] = sum[i]! + xi;
      const row = i * dimensions;
      for (let j = i; j < dimensions; j++) gram[row + j] = gram[row + j]! + xi * x[j]!;
    }
  }

  /**
   * The first right singular vector of the rows (uncentred), by power iteration on Σ x xᵀ; null
   * when every row is zero. Deterministic: it starts from the rows' sum.
   */
  component(): Float32Array | null {
    const { dimensions } = this;
    const gram = this.gram.slice();
    for (let i = 0; i < dimensions; i++)
      for (let j = 0; j < i; j++) gram[i * dimensions + j] = gram[j * dimensions + i]!;
    let u = unit(this.sum) ?? unit(Float64Array.from({ length: dimensions }, () => 1));
    if (!u) return null;
    for (let step = 0; step < 200; step++) {
      const next = new Float64Array(dimensions);
      for (let i = 0; i < dimensions; i++) {
        let s = 0;
        for (let j = 0; j < dimensions; j++) s += gram[i * dimensions + j]! * u[j]!;
        next[i] = s;
      }
      const n = unit(next);
      if (!n) return null;
      let change = 0;
      for (let i = 0; i < dimensions; i++) change = Math.max(change, Math.abs(n[i]! - u[i]!));
      u = n;
      if (change < 1e-9) break;
    }
    return Float32Array.from(u);
  }
}

/** The first principal component (uncentred) of the rows; null when every row is zero. */
export function firstPrincipalComponent(
  rows: readonly ArrayLike<number>[],
  dimensions: number,
): Float32Array | null {
  const acc = new ComponentAccumulator(dimensions);
  for (const x of rows) acc.add(x);
  return acc.component();
}

/** Bounds a per-text cache: Maps iterate in insertion order, so the older half goes. */
function dropOlderHalf(map: Map<string, unknown>): void {
  let drop = map.size / 2;
  for (const key of map.keys()) {
    if (drop-- <= 0) break;
    map.delete(key);
  }
}

function unit(v: Float64Array): Float64Array | null {
  let n = 0;
  for (const x of v) n += x * x;
  if (n === 0) return null;
  n = Math.sqrt(n);
  return v.map((x) => x / n);
}

/** v − (u·v) u, as float32. */
function withoutComponent(v: Float64Array, u: Float32Array): Float32Array {
  let projection = 0;
  for (let d = 0; d < v.length; d++) projection += u[d]! * v[d]!;
  const out = new Float32Array(v.length);
  for (let d = 0; d < v.length; d++) out[d] = v[d]! - projection * u[d]!;
  return out;
}

/**
 * The SIF embedder for a corpus (the document's sentences, or a collection's): fits the common
 * component on it and embeds any text against it.
 */
interface StaticEmbedderOptions {
  /** SIF's a; default SIF_A. */
  a?: number;
  /** Remove the common component (default true). */
  removeComponent?: boolean;
}

export function createStaticEmbedder(
  vectors: WordVectors,
  corpus: readonly string[],
  options: StaticEmbedderOptions = {},
): StaticEmbedder {
  const a = options.a ?? SIF_A;
  // Per sentence: its weighted sum. A text of several sentences (late-embedding's windows, a chunk)
  // is the sum of its sentences' sums — words never span a sentence cut, which the workbench
  // segmenter (the fit corpus's, the curve's) makes at whitespace or after a CJK or Arabic full stop,
  // neither of which a word holds — so a window costs three lookups, not three sentences' words again.
  const sentenceSums = new Map<string, SifSum>();
  // Scratch rows, reused text after text: a manual's 59,000 sentences each allocated three
  // float64 rows here, ~140 MB of short-lived buffers outside the JS heap (the renderer's memory).
  const exactRow = new Float64Array(vectors.dimensions);
  const averageRow = new Float64Array(vectors.dimensions);
  const totalRow = new Float64Array(vectors.dimensions);
  const sumOf = (sentence: string): SifSum => {
    let known = sentenceSums.get(sentence);
    if (!known) {
      if (sentenceSums.size >= MAX_KEPT_VECTORS) dropOlderHalf(sentenceSums);
      const exact = sifSum(sentence, vectors, a, exactRow);
      // Summed in float64, kept in float32: half the bytes, far below the int8 vectors' precision.
      known = { ...exact, sum: Float32Array.from(exact.sum) };
      sentenceSums.set(sentence, known);
    }
    return known;
  };
  let words = 0;
  let covered = 0;
  const fit = new ComponentAccumulator(vectors.dimensions);
  for (const text of new Set(corpus)) {
    const s = sumOf(text);
    words += s.words;
    covered += s.covered;
    if (s.covered > 0) fit.add(averageOf(s.sum, s.covered, averageRow));
  }
  const own = fit.rows >= MIN_SENTENCES_FOR_COMPONENT ? fit.component() : null;
  const component =
    options.removeComponent === false
      ? new Float32Array(vectors.dimensions)
      : (own ?? vectors.referenceComponent);

  const kept = new Map<string, Float32Array>();
  const embedOne = (text: string): Float32Array => {
    const known = kept.get(text);
    if (known) return known;
    const pieces = workbenchSentences(text);
    let total: SifSum;
    if (pieces.length === 1) total = sumOf(text.slice(pieces[0]!.start, pieces[0]!.end));
    else {
      total = { sum: totalRow.fill(0), words: 0, covered: 0 };
      for (const p of pieces) {
        const s = sumOf(text.slice(p.start, p.end));
        for (let d = 0; d < s.sum.length; d++) total.sum[d] = total.sum[d]! + s.sum[d]!;
        total.covered += s.covered;
      }
    }
    const v = withoutComponent(averageOf(total.sum, total.covered, averageRow), component);
    if (kept.size >= MAX_KEPT_VECTORS) dropOlderHalf(kept);
    kept.set(text, v);
    return v;
  };
  const embedSync = (texts: readonly string[]) => texts.map(embedOne);
  const componentId = sha256HexSync(
    new Uint8Array(component.buffer, component.byteOffset, component.byteLength),
  );
  return {
    id: `${STATIC_VERSION}:${vectors.sha256.slice(0, 12)}:${componentId.slice(0, 12)}`,
    label: STATIC_LABEL,
    kind: "static",
    coverage: words === 0 ? 1 : covered / words,
    component: own ? "document" : "reference",
    embedSync,
    async embed(texts, signal) {
      signal?.throwIfAborted();
      return embedSync(texts);
    },
  };
}
