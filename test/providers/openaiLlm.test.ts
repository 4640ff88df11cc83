import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LlmError } from "../../src/core/providers/llm";
import { createOpenAILlm } from "../../src/core/providers/openaiLlm";
import { startOpenAIServer, type OpenAIServer } from "../support/openaiServer";

const KEY = "sk-llm-SECRET-77d1";
let server: OpenAIServer;

beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const llm = (extra: Partial<Parameters<typeof createOpenAILlm>[0]> = {}) =>
  createOpenAILlm({ baseUrl: `${server.url}/v1`, model: "fake-chat", apiKey: KEY, ...extra });
const messages = [
  { role: "system" as const, content: "Answer in JSON." },
  { role: "user" as const, content: "Where are the boundaries?" },
];

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmError);
  expect((error as LlmError).message).not.toContain(KEY);
  return error as LlmError;
}

describe("createOpenAILlm against a real server", () => {
  it("asks for a JSON object at temperature 0 and returns it parsed, with usage", async () => {
    const boundaries = { boundaries: [{ after_sentence: 3, reason: "topic shift" }] };
    server.scriptChat({ json: boundaries, usage: { prompt_tokens: 120, completion_tokens: 30 } });
    const reply = await llm({ maxTokens: 500 }).completeJSON(messages);
    expect(reply).toEqual({
      json: boundaries,
      usage: { promptTokens: 120, completionTokens: 30, totalTokens: 150 },
      model: "fake-chat",
    });
    const [request] = server.requests;
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.body).toEqual({
      model: "fake-chat",
      messages,
      temperature: 0,
      response_format: { type: "json_object" },
      max_tokens: 500,
    });
  });

  it("leaves response_format out when told to, and takes a fenced JSON reply", async () => {
    server.scriptChat({ content: '```json\n{"ok": true}\n```' });
    const reply = await llm({ responseFormat: "none" }).completeJSON(messages);
    expect(reply.json).toEqual({ ok: true });
    expect(server.requests[0]!.body).not.toHaveProperty("response_format");
  });

  it("reports usage as null when the server reports none", async () => {
    server.scriptChat({ json: { ok: 1 }, usage: null });
    expect((await llm().completeJSON(messages)).usage).toBeNull();
  });

  it("reports malformed JSON as invalid-json, with an excerpt and the tokens it still cost", async () => {
    server.scriptChat(
      { content: '{"boundaries": [ {"after_sentence": 2,' },
      { content: '{"a":', finishReason: "length" },
    );
    const error = await failure(llm().completeJSON(messages));
    expect(error.code).toBe("invalid-json");
    expect(error.message).toContain('{"boundaries": [ {"after_sentence": 2,');
    expect(error.usage).toEqual({ promptTokens: 10, completionTokens: 5, totalTokens: 15 });
    expect((await failure(llm().completeJSON(messages))).message).toMatch(/cut off at the token limit/);
  });

  it("times out per call when the reply is slower than timeoutMs", async () => {
    server.scriptChat({ delayMs: 1000, then: { json: { late: true } } });
    const error = await failure(llm({ timeoutMs: 10_000 }).completeJSON(messages, { timeoutMs: 100 }));
    expect(error.code).toBe("timeout");
  });

  it("maps 429 and 500 to their codes", async () => {
    server.scriptChat({ status: 429 }, { status: 503, message: "overloaded" });
    expect((await failure(llm().completeJSON(messages))).code).toBe("http-429");
    const busy = await failure(llm().completeJSON(messages));
    expect([busy.code, busy.status]).toEqual(["http-5xx", 503]);
    expect(busy.message).toContain("overloaded");
  });

  it("reports a reply without choices as bad-response", async () => {
    server.scriptChat({ rawBody: JSON.stringify({ choices: [] }) }, { rawBody: "not json" });
    expect((await failure(llm().completeJSON(messages))).code).toBe("bad-response");
    expect((await failure(llm().completeJSON(messages))).code).toBe("bad-response");
  });

  it("rethrows the caller's abort reason", async () => {
    server.scriptChat({ delayMs: 2000 });
    const controller = new AbortController();
    const reason = new Error("run superseded");
    setTimeout(() => controller.abort(reason), 30);
    await expect(llm().completeJSON(messages, { signal: controller.signal })).rejects.toBe(reason);
  });
});
