/**
 * LLM tokens, counted per run. The app books a finished run's `agentic.tokens_used`; a run that
 * never reports (superseded mid-run, failed) leaves its spending here as "unbooked" for the app to
 * take, so a slider drag over an agentic run cannot spend the day's budget without counting it.
 */
import { LlmError, type ChatMessage, type Llm } from "../core/providers/llm";

/** Roughly 4 characters a token: only for replies that report no usage, as a lower bound. */
const CHARS_PER_TOKEN = 4;

export class LlmLedger {
  private unbooked = 0;

  meter(): LlmMeter {
    return new LlmMeter((tokens) => (this.unbooked += tokens));
  }

  /** Tokens of abandoned runs since the last call (then zero). */
  takeUnbooked(): number {
    const tokens = this.unbooked;
    this.unbooked = 0;
    return tokens;
  }
}

export class LlmMeter {
  private tokens = 0;
  private abandoned = false;
  constructor(private readonly toUnbooked: (tokens: number) => void) {}

  add(tokens: number): void {
    if (this.abandoned) this.toUnbooked(tokens);
    else this.tokens += tokens;
  }

  /** The run will not report its spending: what it spent so far (and later) is the app's to book. */
  abandon(): void {
    if (this.abandoned) return;
    this.abandoned = true;
    this.toUnbooked(this.tokens);
    this.tokens = 0;
  }
}

/** The session's LLM, counting what each reply (or invalid-JSON reply) says it cost. */
export function metered(inner: Llm, meter: LlmMeter): Llm {
  const estimate = (messages: readonly ChatMessage[]) =>
    Math.ceil(messages.reduce((sum, m) => sum + m.content.length, 0) / CHARS_PER_TOKEN);
  return {
    id: inner.id,
    label: inner.label,
    model: inner.model,
    async completeJSON(messages, options) {
      try {
        const reply = await inner.completeJSON(messages, options);
        meter.add(reply.usage?.totalTokens ?? estimate(messages));
        return reply;
      } catch (error) {
        // An invalid-JSON reply was billed; a refused or aborted call was not (as the agentic chunker counts).
        if (error instanceof LlmError && error.code === "invalid-json")
          meter.add(error.usage?.totalTokens ?? estimate(messages));
        throw error;
      }
    },
  };
}
