/**
 * The session's providers built from its endpoint settings, the same way in the engine worker and
 * the CLI: an embedding endpoint is cached (vectors reused across runs and models switched back to)
 * and fails fast after a failure, so a fallback and the coherence score do not each wait for — and
 * send the document to — an endpoint that just failed. One rate limiter per LLM endpoint, shared by
 * the agentic chunker and the LLM judge at the lowest limit either asks for, kept across runs so a
 * new run never resets the seed's calls-per-minute window.
 *
 * The local embedder (no endpoint) is the session's choice — GloVe word vectors by default, lexical
 * TF-IDF one setting away — with the word vectors loaded once, through the reader the host hands in
 * (`useWordVectors`: the CLI reads the asset from disk, the engine worker fetches it from its
 * origin) and checked against the checksum the build recorded.
 */
import { cachedEmbedder, MemoryEmbeddingCache } from "../core/providers/cache";
import type { Embedder } from "../core/providers/embedder";
import { failFastEmbedder } from "../core/providers/failFast";
import type { Llm } from "../core/providers/llm";
import { createOpenAIEmbedder } from "../core/providers/openaiEmbedder";
import { createOpenAILlm } from "../core/providers/openaiLlm";
import { EndpointLimiters, type RateLimiter } from "../core/providers/rateLimit";
import {
  DEFAULT_LOCAL_EMBEDDER,
  type LocalEmbedderChoice,
  type SessionEndpoints,
} from "../core/providers/session";
import type { LocalEmbedderSetting } from "../core/providers/localEmbedder";
import { loadWordVectors, WordVectorsError, type WordVectors } from "../core/providers/wordVectors";
import { WORD_VECTORS_ASSET } from "../core/providers/wordVectorsAsset";

/** The performance.measure name of a word-vector load (bench:e2e's embedder_load_ms_worker). */
export const WORD_VECTORS_LOAD_MEASURE = "word-vectors-load";

/** Reads the asset's bytes (file name: WORD_VECTORS_ASSET.file); any failure means the asset is missing. */
export type WordVectorsReader = (file: string) => Promise<Uint8Array>;

export class SessionProviders {
  /** Outlives the endpoints (keys include the embedder id). */
  private readonly embeddingCache = new MemoryEmbeddingCache();
  private readonly limiters = new EndpointLimiters();
  private llmEndpoint = "";
  embedder: Embedder | undefined;
  llm: Llm | undefined;
  localChoice: LocalEmbedderChoice = DEFAULT_LOCAL_EMBEDDER;
  private wordVectorsLoad: (() => Promise<WordVectors>) | undefined;
  /** Changes with every setEndpoints: results computed under other endpoints are not reused. */
  generation = 0;

  /** An endpoint left out returns to the local default. Keys stay in this object's memory. */
  setEndpoints(endpoints: SessionEndpoints): void {
    this.embedder = endpoints.embedding
      ? failFastEmbedder(cachedEmbedder(createOpenAIEmbedder(endpoints.embedding), this.embeddingCache))
      : undefined;
    this.llm = endpoints.llm ? createOpenAILlm(endpoints.llm) : undefined;
    this.localChoice = endpoints.localEmbedder ?? DEFAULT_LOCAL_EMBEDDER;
    // The endpoint is its URL: two models behind one URL share the server's limit.
    this.llmEndpoint = endpoints.llm?.baseUrl ?? "";
    this.generation++;
  }

  /**
   * Where this host's word vectors come from. Loaded on first use and kept, failure included (a
   * missing asset is not fetched again on every slider move; a new worker or process tries again).
   */
  useWordVectors(read: WordVectorsReader): void {
    let loading: Promise<WordVectors> | undefined;
    const load = async () => {
      const start = performance.now();
      const vectors = await read(WORD_VECTORS_ASSET.file).then(
        (bytes) => loadWordVectors(bytes, WORD_VECTORS_ASSET.sha256),
        (err: unknown) => {
          throw new WordVectorsError(
            "missing",
            `word vectors: cannot read ${WORD_VECTORS_ASSET.file}: ${err instanceof Error ? err.message : String(err)}`,
            { cause: err },
          );
        },
      );
      // A user-timing entry (read, checksum, parse): DevTools shows it, bench:e2e reads it in the worker.
      performance.measure(WORD_VECTORS_LOAD_MEASURE, { start, end: performance.now() });
      return vectors;
    };
    this.wordVectorsLoad = () => (loading ??= load());
  }

  /** The local embedder the session chose, with this host's loader (none: lexical, with a warning). */
  get localEmbedder(): LocalEmbedderSetting {
    return {
      choice: this.localChoice,
      ...(this.wordVectorsLoad ? { wordVectors: this.wordVectorsLoad } : {}),
    };
  }

  /** The word vectors, loaded (for a host that must fail clearly, the CLI); a typed error when unusable. */
  wordVectors(): Promise<WordVectors> {
    if (!this.wordVectorsLoad)
      return Promise.reject(
        new WordVectorsError("missing", "word vectors: this host has no reader for them"),
      );
    return this.wordVectorsLoad();
  }

  /** The LLM endpoint's one limiter, at the lowest limit its callers ask for. */
  rateLimiter = (perMinute: number, caller = "agentic"): RateLimiter =>
    this.limiters.for(this.llmEndpoint, caller, perMinute);
}
