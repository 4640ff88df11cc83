import { EmbedderError, type Embedder } from "./embedder";
import { sha256HexSync } from "../text/hash";

/**
 * Where vectors are kept between runs, keyed by embedder id and SHA-256 of the text. Vectors handed
 * out are shared, not copied: callers treat them as read-only.
 */
export interface EmbeddingCache {
  get(embedderId: string, textHash: string): Float32Array | undefined;
  set(embedderId: string, textHash: string, vector: Float32Array): void;
}

export interface MemoryEmbeddingCacheOptions {
  /** Evict least recently used vectors beyond this many bytes; default 256 MiB. */
  maxBytes?: number;
}

/** An in-memory LRU cache, bounded by the bytes its vectors hold. */
export class MemoryEmbeddingCache implements EmbeddingCache {
  private readonly entries = new Map<string, Float32Array>();
  private bytes = 0;
  private readonly maxBytes: number;
  hits = 0;
  misses = 0;

  constructor(options: MemoryEmbeddingCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  }

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  get(embedderId: string, textHash: string): Float32Array | undefined {
    const key = cacheKey(embedderId, textHash);
    const vector = this.entries.get(key);
    if (vector === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Re-inserting moves the entry to the end of the Map's order: the most recently used.
    this.entries.delete(key);
    this.entries.set(key, vector);
    return vector;
  }

  set(embedderId: string, textHash: string, vector: Float32Array): void {
    const key = cacheKey(embedderId, textHash);
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.bytes -= old.byteLength;
      this.entries.delete(key);
    }
    this.entries.set(key, vector);
    this.bytes += vector.byteLength;
    for (const [oldest, v] of this.entries) {
      if (this.bytes <= this.maxBytes || oldest === key) break;
      this.entries.delete(oldest);
      this.bytes -= v.byteLength;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

function cacheKey(embedderId: string, textHash: string): string {
  return `${embedderId}\u0000${textHash}`;
}

/**
 * The embedder with a cache in front: only texts never seen with this embedder id reach it, each
 * once per call however often it repeats, in batches of the embedder's own size so that every
 * finished batch is kept even when a later one fails or the run is aborted. Re-running a chunker
 * after a threshold drag therefore sends nothing.
 */
export function cachedEmbedder(embedder: Embedder, cache: EmbeddingCache): Embedder {
  return {
    id: embedder.id,
    label: embedder.label,
    kind: embedder.kind,
    batchSize: embedder.batchSize,
    async embed(texts, signal) {
      signal?.throwIfAborted();
      const hashes = texts.map((t) => sha256HexSync(t));
      const out = new Array<Float32Array | undefined>(texts.length);
      const missing = new Map<string, number[]>();
      hashes.forEach((hash, i) => {
        const waiting = missing.get(hash);
        if (waiting) {
          waiting.push(i);
          return;
        }
        const known = cache.get(embedder.id, hash);
        if (known !== undefined) out[i] = known;
        else missing.set(hash, [i]);
      });
      const pending = [...missing.entries()];
      const step = embedder.batchSize ?? Math.max(1, pending.length);
      for (let start = 0; start < pending.length; start += step) {
        const slice = pending.slice(start, start + step);
        const vectors = await embedder.embed(
          slice.map(([, positions]) => texts[positions[0]!]!),
          signal,
        );
        if (vectors.length !== slice.length) {
          throw new EmbedderError(
            `${embedder.label} returned ${vectors.length} vectors for ${slice.length} texts.`,
            undefined,
            { code: "bad-response" },
          );
        }
        slice.forEach(([hash, positions], k) => {
          const vector = vectors[k]!;
          cache.set(embedder.id, hash, vector);
          for (const i of positions) out[i] = vector;
        });
      }
      return out as Float32Array[];
    },
  };
}
