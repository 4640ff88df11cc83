/**
 * The session's endpoints, as the settings panel holds them and the engine worker receives them.
 * Endpoints are not chunker config (CHUNKERS.md): they never enter a config, an export or the URL.
 * A key may be present here, in memory; everything that leaves the session goes through
 * `publicEndpoints`, which drops it.
 */
import { resolveEndpointUrl, type EmbeddingEndpoint, type LlmEndpoint } from "./endpoint";

/** The embedders used without an embedding endpoint (providers/localEmbedder), as the settings offer them. */
export const LOCAL_EMBEDDER_CHOICES = ["glove", "tfidf"] as const;
export type LocalEmbedderChoice = (typeof LOCAL_EMBEDDER_CHOICES)[number];
export const DEFAULT_LOCAL_EMBEDDER: LocalEmbedderChoice = "glove";
/** The label every score made with the local embedder carries, and the settings dialog offers. */
export const LOCAL_EMBEDDER_LABELS: Record<LocalEmbedderChoice, string> = {
  glove: "local: GloVe 100d word vectors (SIF), static, English",
  tfidf: "Local lexical (TF-IDF, not neural)",
};

export function isLocalEmbedderChoice(value: unknown): value is LocalEmbedderChoice {
  return (LOCAL_EMBEDDER_CHOICES as readonly unknown[]).includes(value);
}

export interface SessionEndpoints {
  embedding?: EmbeddingEndpoint;
  llm?: LlmEndpoint;
  /** The embedder used without an embedding endpoint; absent → "glove" (DEFAULT_LOCAL_EMBEDDER). */
  localEmbedder?: LocalEmbedderChoice;
}

/** The endpoints without their keys: what may be persisted, logged, or put in a cache key. */
export function publicEndpoints(endpoints: SessionEndpoints): SessionEndpoints {
  const out: SessionEndpoints = endpoints.localEmbedder ? { localEmbedder: endpoints.localEmbedder } : {};
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
    // Only when chosen: fingerprints kept from before the choice existed stay valid for the default.
    ...(endpoints.localEmbedder ? [`local:${endpoints.localEmbedder}`] : []),
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
/** localhost, *.localhost, 127.0.0.0/8 and ::1: this machine, where plain http stays on it. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * A key is never sent over plain http to another machine (DESIGN §12): anyone on the way would read
 * it. https anywhere, or http to a loopback address, is fine.
 */
export function assertKeyTransport(baseUrl: string, field: string): void {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new EndpointConfigError(field, `${field}: "${baseUrl}" is not a URL`);
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname))
    throw new EndpointConfigError(
      field,
      `${field}: a key is never sent over plain http to another machine (${url.host}); use https, or a loopback address`,
    );
}

export function normalizeBaseUrl(input: string, field = "url"): string {
  const resolved = resolveEndpointUrl(input, "embeddings");
  if ("error" in resolved) throw new EndpointConfigError(field, `${field}: ${resolved.error}`);
  return input.trim().replace(/\/+$/, "");
}
