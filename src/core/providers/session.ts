/**
 * The session's endpoints, as the settings panel holds them and the engine worker receives them.
 * Endpoints are not chunker config (CHUNKERS.md): they never enter a config, an export or the URL.
 * A key may be present here, in memory; everything that leaves the session goes through
 * `publicEndpoints`, which drops it.
 */

export interface EmbeddingEndpoint {
  /** Base URL of an OpenAI-compatible API, e.g. "http://127.0.0.1:11434/v1" or "https://api.openai.com/v1". */
  baseUrl: string;
  model: string;
  apiKey?: string;
  batchSize: number;
  /** Requested output dimensions (text-embedding-3 models accept it); absent → the model's own. */
  dimensions?: number;
  timeoutMs: number;
}

export interface LlmEndpoint {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

export interface SessionEndpoints {
  embedding?: EmbeddingEndpoint;
  llm?: LlmEndpoint;
}

export const DEFAULT_EMBED_BATCH = 16;
export const DEFAULT_TIMEOUT_MS = 30_000;

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

/** A base URL the providers can call: http(s), no credentials in it, no trailing slash. */
export function normalizeBaseUrl(input: string, field = "url"): string {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new EndpointConfigError(
      field,
      `${field}: "${trimmed}" is not a URL (e.g. http://127.0.0.1:11434/v1)`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new EndpointConfigError(field, `${field}: only http and https endpoints are supported`);
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(trimmed))
    throw new EndpointConfigError(field, `${field}: put the key in the key field, not in the URL`);
  return trimmed.replace(/\/+$/, "");
}
