/**
 * What can go wrong talking to an endpoint, as codes a caller can branch on (a chunker falls back,
 * the settings panel shows a hint) and messages a user can read. Messages never carry the API key:
 * the key only ever travels in the Authorization header, and any text an endpoint echoes back is
 * scrubbed of it before it reaches a message.
 */
export type ProviderErrorCode =
  | "timeout"
  | "http-429"
  | "http-5xx"
  | "http-4xx"
  | "network"
  | "bad-response"
  /** The endpoint settings themselves are unusable (no base URL, not http(s), no model). */
  | "invalid-config";

export interface ProviderErrorDetails<C extends string = ProviderErrorCode> {
  code?: C;
  /** From a 429's Retry-After header, when the endpoint sent one. */
  retryAfterMs?: number;
  cause?: unknown;
}

/** The code an HTTP status maps to. */
export function httpStatusCode(status: number): ProviderErrorCode {
  if (status === 429) return "http-429";
  if (status >= 500) return "http-5xx";
  if (status >= 400) return "http-4xx";
  return "bad-response";
}

/** Retry-After is either delay-seconds or an HTTP date; anything else is ignored. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const MAX_DETAIL = 200;

/**
 * A short, key-free excerpt of what an endpoint said: OpenAI-style `{"error":{"message":…}}` or
 * `{"error":"…"}`, else the raw text, on one line and cut to a readable length.
 */
export function endpointDetail(body: string, apiKey: string | undefined): string {
  let detail = body;
  try {
    const parsed: unknown = JSON.parse(body);
    if (isRecord(parsed)) {
      const error = parsed.error;
      if (typeof error === "string") detail = error;
      else if (isRecord(error) && typeof error.message === "string") detail = error.message;
      else if (typeof parsed.message === "string") detail = parsed.message;
      else if (typeof parsed.detail === "string") detail = parsed.detail;
    }
  } catch {
    // Not JSON: the raw text is the detail (an HTML error page, a proxy's plain-text reply).
    detail = body;
  }
  return clip(redact(detail.replace(/\s+/g, " ").trim(), apiKey));
}

/** Replace every occurrence of the key (and of its "Bearer " form) with "***". */
export function redact(text: string, apiKey: string | undefined): string {
  if (!apiKey) return text;
  return text.split(apiKey).join("***");
}

function clip(text: string): string {
  return text.length > MAX_DETAIL ? text.slice(0, MAX_DETAIL - 1) + "…" : text;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
