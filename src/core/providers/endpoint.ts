import type { ProviderErrorCode } from "./errors";

/**
 * An OpenAI-compatible endpoint as the settings panel and the CLI describe it. A session setting,
 * never chunker config: the key lives in memory (or session storage) and is never part of an id,
 * a label, a URL, a message or an export.
 */
interface EndpointSettings {
  /**
   * Where the API lives: "https://api.openai.com/v1", "http://localhost:11434/v1" (Ollama),
   * "http://localhost:1234/v1" (LM Studio), or a server root ("http://localhost:8080"), to which
   * "/v1" is added. A full ".../embeddings" or ".../chat/completions" URL is used as it is.
   */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Per request; default 30 000 ms (the agentic seed's 30 s timeout). */
  timeoutMs?: number;
}

export interface EmbeddingEndpoint extends EndpointSettings {
  /** Texts per request; default 16 (the late-chunking seed's batch_size). */
  batchSize?: number;
  /** Sent as `dimensions` (OpenAI text-embedding-3 honour it); replies of another length are rejected. */
  dimensions?: number;
}

export interface LlmEndpoint extends EndpointSettings {
  /** Sent as `max_tokens` when set. */
  maxTokens?: number;
  /**
   * "json_object" asks for JSON through `response_format` (OpenAI, vLLM, Ollama); "none" leaves it
   * out, for servers that reject that field, and relies on the prompt alone.
   */
  responseFormat?: "json_object" | "none";
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_BATCH_SIZE = 16;

export interface ResolvedUrl {
  /** The URL requests go to. */
  url: string;
  /** Origin and path only — what ids, labels and messages show. */
  display: string;
  host: string;
}

/**
 * The request URL for an API path ("embeddings", "chat/completions") under a base URL. Credentials
 * written into the URL (user:pass@) are refused: keys belong in the key field, which travels as a
 * header and stays out of every displayed string.
 */
export function resolveEndpointUrl(
  baseUrl: string,
  apiPath: "embeddings" | "chat/completions",
): ResolvedUrl | { error: string; code: ProviderErrorCode } {
  const trimmed = baseUrl.trim();
  if (trimmed === "") return { error: "No endpoint URL is set.", code: "invalid-config" };
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    // new URL throws a TypeError on anything unparsable; the input itself is the useful message.
    // The input is not echoed: a key pasted into the URL field would be printed with it.
    return {
      error: "The endpoint URL is not a valid URL (e.g. http://127.0.0.1:11434/v1).",
      code: "invalid-config",
    };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return { error: `The endpoint URL must start with http:// or https://.`, code: "invalid-config" };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(trimmed)) {
    return {
      error: "The endpoint URL contains credentials; put the key in the key field instead.",
      code: "invalid-config",
    };
  }
  if (/[?#]/.test(trimmed)) {
    return { error: "The endpoint URL must not have a query or a fragment.", code: "invalid-config" };
  }
  let path = parsed.pathname.replace(/\/+$/, "");
  if (!path.endsWith(`/${apiPath}`)) {
    if (!/\/v\d+[a-z]*$/i.test(path)) path += "/v1";
    path += `/${apiPath}`;
  }
  const url = parsed.origin + path;
  return { url, display: url, host: parsed.host };
}
