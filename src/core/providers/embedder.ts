/**
 * What every embedding provider offers the chunkers and the quality scores: texts in, one vector per
 * text out, in order. Providers are the local lexical embedder (no network) and OpenAI-compatible
 * endpoints; callers never know which, except through `id`/`label` (shown beside every score made
 * with it) and `kind` (the UI labels lexical vectors honestly as not neural).
 */
export interface Embedder {
  /** Stable identity for caches and labels, e.g. "lexical-tfidf-v1" or "openai:text-embedding-3-small". */
  readonly id: string;
  /** What the UI prints beside a score: "local lexical (TF-IDF n-grams)", "nomic-embed-text @ localhost". */
  readonly label: string;
  readonly kind: "lexical" | "neural";
  /** One vector per text, same order; vectors of one embedder share a length. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** An embedding provider failed (network, HTTP status, a malformed reply); `reason` is what a user reads. */
export class EmbedderError extends Error {
  override readonly name = "EmbedderError";
  constructor(
    readonly reason: string,
    readonly status?: number,
  ) {
    super(reason);
  }
}
