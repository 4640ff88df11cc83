/**
 * The session's endpoints, as the settings panel holds them and the engine worker receives them.
 * Endpoints are not chunker config (CHUNKERS.md): they never enter a config, an export or the URL.
 * A key may be present here, in memory; everything that leaves the session goes through
 * `publicEndpoints`, which drops it.
 */
import { resolveEndpointUrl, type EmbeddingEndpoint, type LlmEndpoint } from "./endpoint";

export interface SessionEndpoints {
  embedding?: EmbeddingEndpoint;
  llm?: LlmEndpoint;
}

/** The endpoints without their keys: what may be persisted, logged, or put in a cache key. */
export function publicEndpoints(endpoints: SessionEndpoints): SessionEndpoints {
  const out: SessionEndpoints = {};
  if (endpoints.embedding) {
    const { apiKey: _key, ...rest } = endpoints.embedding;
    out.embedding = rest;
  }
  if (endpoints.llm) {
    const { apiKey: _key, ...rest } = endpoints.llm;
    out.llm = rest;
  }
  return out;
}

/**
 * What identifies the results an endpoint set produces (URL, model, dimensions): a run cache key
 * part that changes when the model does, and never carries a key.
 */
export function endpointsFingerprint(endpoints: SessionEndpoints): string {
  const e = endpoints.embedding;
  const l = endpoints.llm;
  return [
    e ? `embed:${e.baseUrl}|${e.model}|${e.dimensions ?? ""}` : "embed:local",
    l ? `llm:${l.baseUrl}|${l.model}` : "llm:none",
  ].join(";");
}

export class EndpointConfigError extends Error {
  override readonly name = "EndpointConfigError";
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A base URL the providers can call (the same rules as the clients apply), trimmed; else a typed error naming the field. */
export function normalizeBaseUrl(input: string, field = "url"): string {
  const resolved = resolveEndpointUrl(input, "embeddings");
  if ("error" in resolved) throw new EndpointConfigError(field, `${field}: ${resolved.error}`);
  return input.trim().replace(/\/+$/, "");
}
