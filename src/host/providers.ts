/**
 * The session's providers built from its endpoint settings, the same way in the engine worker and
 * the CLI: an embedding endpoint is cached (vectors reused across runs and models switched back to)
 * and fails fast after a failure, so a fallback and the coherence score do not each wait for — and
 * send the document to — an endpoint that just failed. One rate limiter per LLM endpoint, shared by
 * the agentic chunker and the LLM judge at the lowest limit either asks for, kept across runs so a
 * new run never resets the seed's calls-per-minute window.
 */
import { cachedEmbedder, MemoryEmbeddingCache } from "../core/providers/cache";
import type { Embedder } from "../core/providers/embedder";
import { failFastEmbedder } from "../core/providers/failFast";
import type { Llm } from "../core/providers/llm";
import { createOpenAIEmbedder } from "../core/providers/openaiEmbedder";
import { createOpenAILlm } from "../core/providers/openaiLlm";
import { EndpointLimiters, type RateLimiter } from "../core/providers/rateLimit";
import type { SessionEndpoints } from "../core/providers/session";

export class SessionProviders {
  /** Outlives the endpoints (keys include the embedder id). */
  private readonly embeddingCache = new MemoryEmbeddingCache();
  private readonly limiters = new EndpointLimiters();
  private llmEndpoint = "";
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
    // The endpoint is its URL: two models behind one URL share the server's limit.
    this.llmEndpoint = endpoints.llm?.baseUrl ?? "";
    this.generation++;
  }

  /** The LLM endpoint's one limiter, at the lowest limit its callers ask for. */
  rateLimiter = (perMinute: number, caller = "agentic"): RateLimiter =>
    this.limiters.for(this.llmEndpoint, caller, perMinute);
}
