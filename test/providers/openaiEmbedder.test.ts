import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EmbedderError } from "../../src/core/providers/embedder";
import { createOpenAIEmbedder } from "../../src/core/providers/openaiEmbedder";
import { fakeEmbedding, startOpenAIServer, type OpenAIServer } from "../support/openaiServer";

const KEY = "sk-test-SECRET-4f2a9c";
let server: OpenAIServer;

beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.reset();
  vi.restoreAllMocks();
});

const embedder = (extra: Partial<Parameters<typeof createOpenAIEmbedder>[0]> = {}) =>
  createOpenAIEmbedder({ baseUrl: `${server.url}/v1`, model: "fake-embed", apiKey: KEY, ...extra });

async function failure(promise: Promise<unknown>): Promise<EmbedderError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbedderError);
  const typed = error as EmbedderError;
  expect(typed.message).not.toContain(KEY);
  expect(String(typed.stack)).not.toContain(KEY);
  return typed;
}

describe("createOpenAIEmbedder against a real server", () => {
  it("returns the server's vectors in input order, in batches of batchSize", async () => {
    const texts = Array.from({ length: 7 }, (_, i) => `text number ${i} about topic ${i % 3}`);
    const vectors = await embedder({ batchSize: 3 }).embed(texts);
    expect(vectors.map((v) => Array.from(v))).toEqual(
      texts.map((t) => Array.from(Float32Array.from(fakeEmbedding(t, 64)))),
    );
    const inputs = server.requests.map((r) => (r.body as { input: string[] }).input);
    expect(inputs.map((i) => i.length)).toEqual([3, 3, 1]);
    expect(inputs.flat()).toEqual(texts);
  });

  it("reorders by index when the server lists embeddings out of order", async () => {
    server.scriptEmbeddings({
      json: {
        data: [
          { index: 1, embedding: [0, 1] },
          { index: 0, embedding: [1, 0] },
        ],
      },
    });
    const [a, b] = await embedder().embed(["first", "second"]);
    expect(Array.from(a!)).toEqual([1, 0]);
    expect(Array.from(b!)).toEqual([0, 1]);
  });

  it("sends the key only as a Bearer header, and model, dimensions and float encoding in the body", async () => {
    await embedder({ dimensions: 8 }).embed(["hello"]);
    const [request] = server.requests;
    expect(request!.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.path).toBe("/v1/embeddings");
    expect(request!.body).toEqual({
      model: "fake-embed",
      input: ["hello"],
      encoding_format: "float",
      dimensions: 8,
    });
    await createOpenAIEmbedder({ baseUrl: server.url, model: "m" }).embed(["no key"]);
    expect(server.requests[1]!.authorization).toBeUndefined();
    expect(server.requests[1]!.path).toBe("/v1/embeddings");
  });

  it("keeps the key out of its id and label, and names server and model", () => {
    const e = embedder({ dimensions: 256 });
    expect(e.id).toBe(`openai-compatible:${server.url}/v1/embeddings:fake-embed:d256`);
    expect(e.label).toBe(`fake-embed @ 127.0.0.1:${server.port}`);
    expect(e.kind).toBe("neural");
    expect(JSON.stringify(e)).not.toContain(KEY);
  });

  it("sends nothing for no texts", async () => {
    expect(await embedder().embed([])).toEqual([]);
    expect(server.count("/v1/embeddings")).toBe(0);
  });

  it("times out with code 'timeout' when the server is slower than timeoutMs", async () => {
    server.scriptEmbeddings({ delayMs: 1000 });
    const started = Date.now();
    const error = await failure(embedder({ timeoutMs: 100 }).embed(["slow"]));
    expect(error.code).toBe("timeout");
    expect(error.message).toMatch(/did not answer within 100 ms/);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("reports 429 with its Retry-After, 500 as http-5xx, 401 as http-4xx, with the server's message", async () => {
    server.scriptEmbeddings(
      { status: 429, retryAfter: "7", message: "slow down" },
      { status: 500, message: "model crashed" },
      { status: 401, message: `Incorrect API key provided: ${KEY}` },
    );
    const e = embedder();
    const limited = await failure(e.embed(["a"]));
    expect([limited.code, limited.status, limited.retryAfterMs]).toEqual(["http-429", 429, 7000]);
    expect(limited.message).toMatch(/rate-limiting.*slow down.*Retry after 7 s/);
    const crashed = await failure(e.embed(["a"]));
    expect([crashed.code, crashed.status]).toEqual(["http-5xx", 500]);
    expect(crashed.message).toContain("model crashed");
    const denied = await failure(e.embed(["a"]));
    expect([denied.code, denied.status]).toEqual(["http-4xx", 401]);
    // The server echoed the key; the message shows the rest of what it said, the key scrubbed.
    expect(denied.message).toContain("Incorrect API key provided: ***");
  });

  it("reports unusable replies as bad-response", async () => {
    server.scriptEmbeddings(
      { rawBody: "<html>gateway</html>" },
      { json: { data: [{ index: 0, embedding: [1, 2] }] } },
      {
        json: {
          data: [
            { index: 0, embedding: [1, "x"] },
            { index: 1, embedding: [1, 2] },
          ],
        },
      },
      { json: { result: [] } },
    );
    const e = embedder();
    expect((await failure(e.embed(["a"]))).message).toMatch(/not JSON/);
    expect((await failure(e.embed(["a", "b"]))).message).toMatch(/1 embeddings for 2 texts/);
    expect((await failure(e.embed(["a", "b"]))).message).toMatch(/non-number/);
    const shape = await failure(e.embed(["a"]));
    expect(shape.code).toBe("bad-response");
  });

  it("rejects replies whose length is not the dimensions asked for", async () => {
    server.scriptEmbeddings({ json: { data: [{ index: 0, embedding: [1, 2, 3] }] } });
    const error = await failure(embedder({ dimensions: 8 }).embed(["a"]));
    expect([error.code, error.message]).toEqual([
      "bad-response",
      expect.stringMatching(/asked for 8 dimensions, got 3/),
    ]);
  });

  it("reports an unreachable server and a dropped connection as network errors", async () => {
    const closed = await startOpenAIServer();
    await closed.close();
    const refused = await failure(
      createOpenAIEmbedder({ baseUrl: closed.url, model: "m", apiKey: KEY, timeoutMs: 2000 }).embed(["a"]),
    );
    expect(refused.code).toBe("network");
    expect(refused.message).toMatch(/Could not reach Embedding endpoint/);
    server.scriptEmbeddings({ drop: true });
    expect((await failure(embedder().embed(["a"]))).code).toBe("network");
  });

  it("rethrows the caller's abort reason, before and during a request", async () => {
    const before = new AbortController();
    before.abort(new Error("superseded before"));
    await expect(embedder().embed(["a"], before.signal)).rejects.toThrow("superseded before");
    expect(server.count("/v1/embeddings")).toBe(0);

    server.scriptEmbeddings({ delayMs: 2000 });
    const during = new AbortController();
    const reason = new Error("slider moved");
    setTimeout(() => during.abort(reason), 50);
    await expect(embedder().embed(["a"], during.signal)).rejects.toBe(reason);
  });

  it("refuses unusable settings with invalid-config, before any request", () => {
    const bad = (settings: Parameters<typeof createOpenAIEmbedder>[0]) => {
      try {
        createOpenAIEmbedder(settings);
      } catch (e) {
        expect(e).toBeInstanceOf(EmbedderError);
        return (e as EmbedderError).code;
      }
      return "accepted";
    };
    expect(bad({ baseUrl: "", model: "m" })).toBe("invalid-config");
    expect(bad({ baseUrl: "ftp://x", model: "m" })).toBe("invalid-config");
    expect(bad({ baseUrl: `http://user:${KEY}@127.0.0.1/v1`, model: "m" })).toBe("invalid-config");
    expect(bad({ baseUrl: server.url, model: " " })).toBe("invalid-config");
    expect(bad({ baseUrl: server.url, model: "m", batchSize: 0 })).toBe("invalid-config");
    expect(bad({ baseUrl: server.url, model: "m", dimensions: 1.5 })).toBe("invalid-config");
  });

  it("logs nothing, so the key cannot leak through the console", async () => {
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => undefined),
    );
    await embedder().embed(["a"]);
    server.scriptEmbeddings({ status: 500 }, { delayMs: 500 });
    await failure(embedder().embed(["a"]));
    await failure(embedder({ timeoutMs: 50 }).embed(["a"]));
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});

describe("redirects", () => {
  it("never follows a redirect to another origin: the document is not re-posted there", async () => {
    const other = await startOpenAIServer();
    try {
      server.scriptEmbeddings({ status: 307, location: `${other.url}/v1/embeddings` });
      const error = await failure(embedder().embed(["secret contract text"]));
      expect(error.message).toMatch(/redirects to http:\/\/127\.0\.0\.1:\d+: not followed/);
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it("follows a redirect within the endpoint's origin", async () => {
    server.scriptEmbeddings({ status: 308, location: "/v1/embeddings" });
    const vectors = await embedder().embed(["a", "b"]);
    expect(vectors).toHaveLength(2);
    expect(server.requests.filter((r) => r.path === "/v1/embeddings")).toHaveLength(2);
  });
});
