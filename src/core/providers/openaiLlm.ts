import { DEFAULT_TIMEOUT_MS, resolveEndpointUrl, type LlmEndpoint } from "./endpoint";
import { isRecord, redact, type ProviderErrorCode } from "./errors";
import { postJson } from "./http";
import { LlmError, type ChatMessage, type Llm, type LlmUsage } from "./llm";

/**
 * An OpenAI-compatible `/v1/chat/completions` endpoint asked for a JSON object: `response_format
 * {type: "json_object"}` and temperature 0, so that a re-run asks the same question the same way.
 */
export function createOpenAILlm(endpoint: LlmEndpoint): Llm {
  const resolved = resolveEndpointUrl(endpoint.baseUrl, "chat/completions");
  if ("error" in resolved) throw new LlmError(resolved.error, undefined, { code: resolved.code });
  const model = endpoint.model.trim();
  if (model === "") throw new LlmError("No LLM model is set.", undefined, { code: "invalid-config" });
  const what = `LLM endpoint ${resolved.display}`;
  const fail = (code: ProviderErrorCode, message: string, details: { status?: number; cause?: unknown }) =>
    new LlmError(message, details.status, { ...details, code });

  return {
    id: `openai-compatible:${resolved.display}:${model}`,
    label: `${model} @ ${resolved.host}`,
    model,
    async completeJSON(messages, options = {}) {
      const body: Record<string, unknown> = { model, messages: messages.map(copyMessage), temperature: 0 };
      if ((endpoint.responseFormat ?? "json_object") === "json_object") {
        body.response_format = { type: "json_object" };
      }
      if (endpoint.maxTokens !== undefined) body.max_tokens = endpoint.maxTokens;
      const reply = await postJson(
        resolved.url,
        body,
        {
          apiKey: endpoint.apiKey,
          signal: options.signal,
          timeoutMs: options.timeoutMs ?? endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          what,
        },
        fail,
      );
      return readCompletion(reply, model, what, endpoint.apiKey);
    },
  };
}

function copyMessage(m: ChatMessage): ChatMessage {
  return { role: m.role, content: m.content };
}

function readCompletion(reply: unknown, model: string, what: string, apiKey: string | undefined) {
  const bad = (why: string) =>
    new LlmError(`${what} sent an unusable chat reply: ${why}.`, undefined, { code: "bad-response" });
  if (!isRecord(reply) || !Array.isArray(reply.choices) || reply.choices.length === 0) {
    throw bad('no "choices"');
  }
  const choice: unknown = reply.choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) throw bad('the first choice has no "message"');
  const content = choice.message.content;
  if (typeof content !== "string") throw bad("the message has no text content");
  const usage = readUsage(reply.usage);
  const answeredBy = typeof reply.model === "string" && reply.model !== "" ? reply.model : model;
  try {
    return { json: JSON.parse(stripFence(content)) as unknown, usage, model: answeredBy };
  } catch (cause) {
    const cut = choice.finish_reason === "length" ? " (the reply was cut off at the token limit)" : "";
    const excerpt = redact(content.replace(/\s+/g, " ").trim(), apiKey).slice(0, 120);
    throw new LlmError(`${what} replied with invalid JSON${cut}: "${excerpt}".`, undefined, {
      code: "invalid-json",
      cause,
      usage,
    });
  }
}

/**
 * Models asked for JSON without JSON mode (responseFormat "none") often wrap it in a Markdown code
 * fence; one fence around the whole reply is taken off, nothing else is repaired.
 */
function stripFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(content);
  return fenced ? fenced[1]! : content;
}

function readUsage(usage: unknown): LlmUsage | null {
  if (!isRecord(usage)) return null;
  const prompt = usage.prompt_tokens;
  const completion = usage.completion_tokens;
  if (typeof prompt !== "number" || typeof completion !== "number") return null;
  const total = typeof usage.total_tokens === "number" ? usage.total_tokens : prompt + completion;
  return { promptTokens: prompt, completionTokens: completion, totalTokens: total };
}
