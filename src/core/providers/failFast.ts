/**
 * An endpoint embedder that, once it failed, fails again at once for a while instead of making
 * every run wait for the same timeout: a slider drag over a dead endpoint must fall back in
 * milliseconds, and must not keep sending it the document. New endpoints (a new wrapper) or the
 * retry delay passing try the endpoint again.
 */
import { EmbedderError, type Embedder } from "./embedder";

const RETRY_FAILED_AFTER_MS = 60_000;

export function failFastEmbedder(
  inner: Embedder,
  retryAfterMs = RETRY_FAILED_AFTER_MS,
  now: () => number = () => Date.now(),
): Embedder {
  let failure: { error: EmbedderError; at: number } | null = null;
  return {
    id: inner.id,
    label: inner.label,
    kind: inner.kind,
    ...(inner.batchSize !== undefined ? { batchSize: inner.batchSize } : {}),
    async embed(texts, signal) {
      if (failure && now() - failure.at < retryAfterMs) {
        const seconds = Math.round((now() - failure.at) / 1000);
        throw new EmbedderError(
          `${failure.error.reason} (${seconds} s ago; not retried for ${retryAfterMs / 1000} s in this session; new endpoint settings retry at once)`,
          failure.error.status,
          { code: failure.error.code },
        );
      }
      try {
        const vectors = await inner.embed(texts, signal);
        failure = null;
        return vectors;
      } catch (err) {
        // Only the endpoint's own failures are remembered; the caller's abort is not one.
        if (err instanceof EmbedderError && !signal?.aborted) failure = { error: err, at: now() };
        throw err;
      }
    },
  };
}
