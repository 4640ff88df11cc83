import { httpStatusCode, type ProviderErrorCode, type ProviderErrorDetails } from "./errors";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

interface LlmJsonReply {
  /** The assistant's reply, parsed. Its shape is the caller's to validate. */
  json: unknown;
  /** As the endpoint reported it; null when it reported none (the caller may estimate). */
  usage: LlmUsage | null;
  /** The model the endpoint says answered (falls back to the configured one). */
  model: string;
}

interface CompleteOptions {
  signal?: AbortSignal;
  /** Overrides the endpoint's timeout for this call. */
  timeoutMs?: number;
}

/** What the agentic chunker needs from a language model: messages in, a JSON value out. */
export interface Llm {
  readonly id: string;
  readonly label: string;
  readonly model: string;
  completeJSON(messages: readonly ChatMessage[], options?: CompleteOptions): Promise<LlmJsonReply>;
}

export type LlmErrorCode = ProviderErrorCode | "invalid-json";

/** A language-model call failed; `reason` is what a user reads, `code` what a fallback reports. */
export class LlmError extends Error {
  override readonly name = "LlmError";
  readonly code: LlmErrorCode;
  readonly retryAfterMs: number | undefined;
  /** For invalid-json: the usage the failed reply still cost, so budgets stay honest. */
  readonly usage: LlmUsage | null;
  constructor(
    readonly reason: string,
    readonly status?: number,
    details: ProviderErrorDetails<LlmErrorCode> & { usage?: LlmUsage | null } = {},
  ) {
    super(reason, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = details.code ?? (status === undefined ? "bad-response" : httpStatusCode(status));
    this.retryAfterMs = details.retryAfterMs;
    this.usage = details.usage ?? null;
  }
}
