import { EmbedderError } from "./embedder";
import type { EmbeddingEndpoint, LlmEndpoint } from "./endpoint";
import { LlmError, type LlmErrorCode } from "./llm";
import { createOpenAIEmbedder } from "./openaiEmbedder";
import { createOpenAILlm } from "./openaiLlm";

export type ConnectionTarget = ({ kind: "embedding" } & EmbeddingEndpoint) | ({ kind: "llm" } & LlmEndpoint);

export type ConnectionResult =
  | {
      ok: true;
      kind: "embedding" | "llm";
      /** The model the endpoint says answered. */
      model: string;
      /** Length of the vectors (embedding endpoints). */
      dimensions?: number;
      /** One line for the settings panel: "1536 dimensions", "replied with valid JSON". */
      detail: string;
      ms: number;
    }
  | { ok: false; kind: "embedding" | "llm"; code: LlmErrorCode; message: string; ms: number };

/**
 * The settings panel's "test connection": one small real request — one text embedded, or one chat
 * reply asked for as JSON — timed. Failures come back as a result (code and a key-free message),
 * never thrown; only the caller's own abort rethrows its reason.
 */
export async function testConnection(
  target: ConnectionTarget,
  signal?: AbortSignal,
): Promise<ConnectionResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    if (target.kind === "embedding") {
      const [vector] = await createOpenAIEmbedder(target).embed(["Connection test."], signal);
      const dimensions = vector!.length;
      return {
        ok: true,
        kind: "embedding",
        model: target.model,
        dimensions,
        detail: `${dimensions} dimensions`,
        ms: ms(),
      };
    }
    const reply = await createOpenAILlm(target).completeJSON(
      [
        { role: "system", content: "You answer with a JSON object only." },
        { role: "user", content: 'Reply with exactly this JSON object: {"ok": true}' },
      ],
      { signal },
    );
    const tokens = reply.usage ? `, ${reply.usage.totalTokens} tokens` : "";
    return {
      ok: true,
      kind: "llm",
      model: reply.model,
      detail: `replied with valid JSON${tokens}`,
      ms: ms(),
    };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof EmbedderError || error instanceof LlmError) {
      return { ok: false, kind: target.kind, code: error.code, message: error.reason, ms: ms() };
    }
    throw error;
  }
}
