import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testConnection } from "../../src/core/providers/testConnection";
import { startOpenAIServer, type OpenAIServer } from "../support/openaiServer";

const KEY = "sk-conn-SECRET-0b3e";
let server: OpenAIServer;
beforeAll(async () => {
  server = await startOpenAIServer({ dimensions: 48 });
});
afterAll(() => server.close());
afterEach(() => server.reset());

describe("testConnection", () => {
  it("embeds one text and reports model, dimensions and time", async () => {
    const result = await testConnection({
      kind: "embedding",
      baseUrl: `${server.url}/v1`,
      model: "fake-embed",
      apiKey: KEY,
    });
    expect(result).toMatchObject({
      ok: true,
      kind: "embedding",
      model: "fake-embed",
      dimensions: 48,
      detail: "48 dimensions",
    });
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(server.requests[0]!.authorization).toBe(`Bearer ${KEY}`);
  });

  it("asks the LLM for a JSON reply and reports the answering model and tokens", async () => {
    const result = await testConnection({ kind: "llm", baseUrl: server.url, model: "fake-chat" });
    expect(result).toMatchObject({
      ok: true,
      kind: "llm",
      model: "fake-chat",
      detail: "replied with valid JSON, 15 tokens",
    });
  });

  it("returns failures as results with a code and a key-free message", async () => {
    server.scriptEmbeddings({ status: 401, message: `bad key ${KEY}` });
    const denied = await testConnection({ kind: "embedding", baseUrl: server.url, model: "m", apiKey: KEY });
    expect(denied).toMatchObject({ ok: false, code: "http-4xx" });
    expect(JSON.stringify(denied)).not.toContain(KEY);

    server.scriptChat({ content: "Sure! Here is JSON: {ok}" });
    expect(await testConnection({ kind: "llm", baseUrl: server.url, model: "m" })).toMatchObject({
      ok: false,
      code: "invalid-json",
    });

    server.scriptChat({ delayMs: 500 });
    expect(
      await testConnection({ kind: "llm", baseUrl: server.url, model: "m", timeoutMs: 50 }),
    ).toMatchObject({
      ok: false,
      code: "timeout",
    });

    expect(await testConnection({ kind: "embedding", baseUrl: "localhost:11434", model: "m" })).toMatchObject(
      {
        ok: false,
        code: "invalid-config",
      },
    );
  });

  it("rethrows the caller's abort", async () => {
    server.scriptEmbeddings({ delayMs: 1000 });
    const controller = new AbortController();
    const reason = new Error("dialog closed");
    setTimeout(() => controller.abort(reason), 30);
    await expect(
      testConnection({ kind: "embedding", baseUrl: server.url, model: "m" }, controller.signal),
    ).rejects.toBe(reason);
  });
});
