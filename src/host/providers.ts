/**
 * The session's providers built from its endpoint settings, the same way in the engine worker and
 * the CLI: an embedding endpoint is cached (vectors reused across runs and models switched back to)
 * and fails fast after a failure, so a fallback and the coherence score do not each wait for — and
 * send the document to — an endpoint that just failed. Rate limiters are kept per limit, so a new
 * run never resets the seed's calls-per-minute window.
 */
import { cachedEmbedder, MemoryEmbeddingCache } from "../core/providers/cache";
import type { Embedder } from "../core/providers/embedder";
import { failFastEmbedder } from "../core/providers/failFast";
import type { Llm } from "../core/providers/llm";
import { createOpenAIEmbedder } from "../core/providers/openaiEmbedder";
import { createOpenAILlm } from "../core/providers/openaiLlm";
import { RateLimiter } from "../core/providers/rateLimit";
import type { SessionEndpoints } from "../core/providers/session";

export class SessionProviders {
  /** Outlives the endpoints (keys include the embedder id). */
  private readonly embeddingCache = new MemoryEmbeddingCache();
  private readonly limiters = new Map<number, RateLimiter>();
  embedder: Embedder | undefined;
  llm: Llm | undefined;
  /** Changes with every setEndpoints: results computed under other endpoints are not reused. */
  generation = 0;

  /** An endpoint left out returns to the local default. Keys stay in this object's memory. */
  setEndpoints(endpoints: SessionEndpoints): void {
    this.embedder = endpoints.embedding
      ? failFastEmbedder(cachedEmbedder(createOpenAIEmbedder(endpoints.embedding), this.embeddingCache))
      : undefined;
    this.llm = endpoints.llm ? createOpenAILlm(endpoints.llm) : undefined;
    this.generation++;
  }

  rateLimiter = (perMinute: number): RateLimiter => {
    let limiter = this.limiters.get(perMinute);
    if (!limiter) this.limiters.set(perMinute, (limiter = new RateLimiter(perMinute)));
    return limiter;
  };
}
