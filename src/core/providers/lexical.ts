import type { Embedder } from "./embedder";
import { sha256HexSync } from "../text/hash";
import { normalizeInPlace } from "./vectors";
import { LOCAL_EMBEDDER_LABELS } from "./session";

/**
 * The local default embedder: hashed TF-IDF over words and character n-grams, with IDF fitted on
 * the document's own sentences. No network, no weights, the same vectors everywhere. It measures
 * shared vocabulary and word forms ("chunk", "chunking"), not meaning: a paraphrase with other
 * words scores low, which is why the UI labels it lexical, never neural.
 *
 * Recipe (version v1; any change to it must change the version, because ids key the cache):
 * - words: lower-cased runs of letters, digits and "_";
 * - character n-grams of 3, 4 and 5 characters of each word padded as "<word>" (fastText's scheme);
 * - weight tf · idf with raw counts and idf = ln((1 + N) / (1 + df)) + 1 (scikit-learn's
 *   TfidfVectorizer defaults), N the number of corpus texts, df the number of texts with the
 *   feature (counted in a table keyed by 20 bits of its hash); features absent from the corpus get df 0;
 * - each feature hashed (FNV-1a, murmur3 finaliser) to one of `dimensions` buckets with a sign
 *   taken from the hash, so collisions cancel on average instead of piling up;
 * - the word part and the n-gram part are each scaled to unit length and added, then the sum is
 *   scaled to unit length: both views weigh the same whatever the word lengths.
 */
const LEXICAL_VERSION = "lexical-tfidf-v1";
export const LEXICAL_LABEL = LOCAL_EMBEDDER_LABELS.tfidf;
const DEFAULT_LEXICAL_DIMENSIONS = 2048;

export interface LexicalEmbedderOptions {
  /** Hashed feature space; default 2048. */
  dimensions?: number;
}

export interface LexicalEmbedder extends Embedder {
  readonly kind: "lexical";
  readonly dimensions: number;
  /** The same vectors as `embed`, synchronously (the embedder never waits for anything). */
  embedSync(texts: readonly string[]): Float32Array[];
}

// Buckets come from 19 bits of the hash.
const MAX_DIMENSIONS = 1 << 19;
const NGRAM_MIN = 3;
const NGRAM_MAX = 5;
// Document frequencies are counted in a table far larger than the output space, keyed by the top
// 20 bits of a feature's hash, so that two features rarely share a df even when they share a bucket.
// A fitted embedder keeps the df table (2^20 uint32s, 4 MB).
const DF_BITS = 20;
const WORD_SEED = 0x811c9dc5;
const GRAM_SEED = 0x050c5d1f;
const WORD = /[\p{L}\p{N}_]+/gu;

/** Fit IDF on `corpus` (for the workbench: the document's sentences) and return the embedder. */
export function createLexicalEmbedder(
  corpus: readonly string[],
  options: LexicalEmbedderOptions = {},
): LexicalEmbedder {
  const dimensions = options.dimensions ?? DEFAULT_LEXICAL_DIMENSIONS;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_DIMENSIONS) {
    throw new RangeError(`dimensions must be an integer from 1 to ${MAX_DIMENSIONS}, got ${dimensions}.`);
  }
  const df = new Uint32Array(1 << DF_BITS);
  // Which corpus text last counted a df slot, so a feature repeated in one text counts once.
  const lastText = new Int32Array(1 << DF_BITS).fill(-1);
  corpus.forEach((text, t) => {
    forEachFeature(text, (h) => {
      const slot = h >>> (32 - DF_BITS);
      if (lastText[slot] !== t) {
        lastText[slot] = t;
        df[slot]!++;
      }
    });
  });
  const n = corpus.length;
  // idf depends on df alone, and df ≤ N: one logarithm per possible df, looked up per feature.
  const idfOfDf = Float64Array.from({ length: n + 1 }, (_, d) => Math.log((1 + n) / (1 + d)) + 1);

  const embedOne = (text: string): Float32Array => {
    const wordPart = new Float32Array(dimensions);
    const gramPart = new Float32Array(dimensions);
    forEachFeature(text, (h, isGram) => {
      const target = isGram ? gramPart : wordPart;
      // Bucket from bits 0–18, sign from bit 19: independent bits of one well-mixed hash.
      const bucket = (h & 0x7ffff) % dimensions;
      const weight = idfOfDf[df[h >>> (32 - DF_BITS)]!]!;
      target[bucket] = target[bucket]! + (h & 0x80000 ? -weight : weight);
    });
    normalizeInPlace(wordPart);
    normalizeInPlace(gramPart);
    for (let i = 0; i < dimensions; i++) wordPart[i] = wordPart[i]! + gramPart[i]!;
    return normalizeInPlace(wordPart);
  };
  const embedSync = (texts: readonly string[]): Float32Array[] => texts.map(embedOne);

  return {
    id: `${LEXICAL_VERSION}:d${dimensions}:${corpusFingerprint(corpus)}`,
    label: LEXICAL_LABEL,
    kind: "lexical",
    dimensions,
    embedSync,
    async embed(texts, signal) {
      signal?.throwIfAborted();
      return embedSync(texts);
    },
  };
}

/** 12 hex digits of SHA-256 over the corpus texts, each prefixed by its length so splits count. */
function corpusFingerprint(corpus: readonly string[]): string {
  let joined = "";
  for (const text of corpus) joined += `${text.length}:${text}`;
  return sha256HexSync(joined).slice(0, 12);
}

/** Calls `visit` with the hash of every word and every character n-gram of the text, repeats included. */
function forEachFeature(text: string, visit: (hash: number, isGram: boolean) => void): void {
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    visit(finalize(fnv(word, 0, word.length, WORD_SEED)), false);
    const padded = `<${word}>`;
    for (let size = NGRAM_MIN; size <= NGRAM_MAX; size++) {
      for (let start = 0; start + size <= padded.length; start++) {
        visit(finalize(fnv(padded, start, start + size, GRAM_SEED)), true);
      }
    }
  }
}

/** FNV-1a over UTF-16 code units of text[start, end). */
function fnv(text: string, start: number, end: number, seed: number): number {
  let h = seed;
  for (let i = start; i < end; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** murmur3's fmix32: spreads FNV's weak low bits over the whole word. */
function finalize(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
