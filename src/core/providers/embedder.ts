import { httpStatusCode, type ProviderErrorCode, type ProviderErrorDetails } from "./errors";

/**
 * What every embedding provider offers the chunkers and the quality scores: texts in, one vector per
 * text out, in order. Providers are the local embedders (no network: static GloVe word vectors, or
 * lexical TF-IDF) and OpenAI-compatible endpoints; callers never know which, except through
 * `id`/`label` (shown beside every score made with it) and `kind` (the UI labels local vectors
 * honestly: lexical is word overlap, static is one vector per word whatever its context).
 */
export interface Embedder {
  /** Stable identity for caches and labels, e.g. "lexical-tfidf-v1" or "openai:text-embedding-3-small". */
  readonly id: string;
  /** What the UI prints beside a score: "local: GloVe 100d word vectors (SIF), static, English", "nomic-embed-text @ localhost". */
  readonly label: string;
  readonly kind: "lexical" | "static" | "neural";
  /**
   * How many texts one request carries, for embedders that batch (network endpoints); the cache
   * uses it to store each finished batch, so an aborted run keeps what it already paid for.
   */
  readonly batchSize?: number;
  /** One vector per text, same order; vectors of one embedder share a length. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export type EmbedderErrorCode = ProviderErrorCode;

/** An embedding provider failed (network, HTTP status, a malformed reply); `reason` is what a user reads. */
export class EmbedderError extends Error {
  override readonly name = "EmbedderError";
  /** What kind of failure: without details, derived from `status` ("bad-response" when there is none). */
  readonly code: EmbedderErrorCode;
  readonly retryAfterMs: number | undefined;
  constructor(
    readonly reason: string,
    readonly status?: number,
    details: ProviderErrorDetails = {},
  ) {
    super(reason, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = details.code ?? (status === undefined ? "bad-response" : httpStatusCode(status));
    this.retryAfterMs = details.retryAfterMs;
  }
}
