import { endpointDetail, httpStatusCode, parseRetryAfter, type ProviderErrorCode } from "./errors";

export interface PostJsonOptions {
  apiKey?: string;
  signal?: AbortSignal;
  timeoutMs: number;
  /** Names the endpoint in messages: "Embedding endpoint http://…/v1/embeddings". */
  what: string;
}

/** Builds the caller's typed error (EmbedderError, LlmError) from a failure. */
export type FailureFactory = (
  code: ProviderErrorCode,
  message: string,
  details: { status?: number; retryAfterMs?: number; cause?: unknown },
) => Error;

/**
 * POST a JSON body and return the parsed JSON reply. Every failure becomes the caller's typed error
 * with a code, except a caller's abort, which rethrows `signal.reason` untouched so that whoever
 * aborted recognises their own reason. The timeout covers the whole exchange, body included.
 */
export async function postJson(
  url: string,
  body: unknown,
  options: PostJsonOptions,
  fail: FailureFactory,
): Promise<unknown> {
  const { signal, apiKey, timeoutMs, what } = options;
  signal?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });

  const failed = (cause: unknown): unknown => {
    if (signal?.aborted) return signal.reason;
    if (timedOut) {
      return fail("timeout", `${what} did not answer within ${formatMs(timeoutMs)}.`, { cause });
    }
    return fail("network", `Could not reach ${what}: ${networkDetail(cause)}.`, { cause });
  };

  try {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
    let text: string;
    let response: Response;
    const payload = JSON.stringify(body);
    let target = url;
    let refused: unknown = null;
    try {
      // Redirects are followed by hand, and only within the endpoint's origin: fetch would re-post the
      // document (and a browser, the key) to wherever a 307/308 points.
      for (let hop = 0; ; hop++) {
        response = await fetch(target, {
          method: "POST",
          headers,
          body: payload,
          signal: controller.signal,
          redirect: "manual",
        });
        const next = redirectTarget(response, target);
        if (next === null) break;
        if (next === undefined || new URL(next).origin !== new URL(url).origin || hop >= MAX_REDIRECTS) {
          refused = fail(
            "bad-response",
            `${what} redirects to ${next ? new URL(next).origin : "a place the browser hides"}: not followed, so the document is not sent anywhere else. Set the endpoint's final URL.`,
            { status: response.status },
          );
          break;
        }
        target = next;
      }
      text = refused === null ? await response.text() : "";
    } catch (cause) {
      throw failed(cause);
    }
    if (refused !== null) throw refused;
    if (!response.ok) {
      const status = response.status;
      const code = httpStatusCode(status);
      const detail = endpointDetail(text, apiKey);
      const retryAfterMs = status === 429 ? parseRetryAfter(response.headers.get("retry-after")) : undefined;
      const retry = retryAfterMs === undefined ? "" : ` Retry after ${formatMs(retryAfterMs)}.`;
      const lead =
        code === "http-429"
          ? `${what} is rate-limiting requests (HTTP 429)`
          : `${what} answered HTTP ${status}`;
      throw fail(code, `${lead}${detail ? `: ${detail}` : ""}.${retry}`, { status, retryAfterMs });
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (cause) {
      throw fail("bad-response", `${what} answered with something that is not JSON.`, { cause });
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

const MAX_REDIRECTS = 3;

/**
 * Where a redirect points: null when the response is not one, undefined when it is one whose target
 * is hidden (a browser's opaque redirect) or missing.
 */
function redirectTarget(response: Response, from: string): string | null | undefined {
  if (response.type === "opaqueredirect") return undefined;
  if (response.status < 300 || response.status > 399 || response.status === 304) return null;
  const location = response.headers.get("location");
  if (!location) return undefined;
  try {
    return new URL(location, from).href;
  } catch {
    // An unparseable Location is a redirect we cannot follow: said by the caller as such.
    return undefined;
  }
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/**
 * fetch's own message is vague ("fetch failed", "Failed to fetch"); Node puts the system error
 * (ECONNREFUSED …) on `cause`. Browsers say nothing more, and a CORS refusal looks the same there.
 */
function networkDetail(cause: unknown): string {
  const inner = cause instanceof Error ? cause.cause : undefined;
  if (inner instanceof Error) {
    const code = (inner as Error & { code?: unknown }).code;
    return typeof code === "string" ? `${code} (${inner.message})` : inner.message;
  }
  const message = cause instanceof Error ? cause.message : String(cause);
  return `${message} (is the server running, and does it allow this page's origin through CORS?)`;
}
