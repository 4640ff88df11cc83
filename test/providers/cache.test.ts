import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cachedEmbedder, MemoryEmbeddingCache } from "../../src/core/providers/cache";
import type { Embedder } from "../../src/core/providers/embedder";
import { createOpenAIEmbedder } from "../../src/core/providers/openaiEmbedder";
import { sha256HexSync } from "../../src/core/text/hash";
import { startOpenAIServer, type OpenAIServer } from "../support/openaiServer";

let server: OpenAIServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const remote = (model = "fake-embed", batchSize = 4) =>
  createOpenAIEmbedder({ baseUrl: `${server.url}/v1`, model, batchSize });
const inputs = () => server.requests.map((r) => (r.body as { input: string[] }).input);

describe("cachedEmbedder", () => {
  it("re-running over the same texts sends nothing (a threshold drag never re-embeds)", async () => {
    const cache = new MemoryEmbeddingCache();
    const e = cachedEmbedder(remote(), cache);
    const texts = ["a b c", "b c d", "c d e", "d e f", "e f g", "f g h"];
    const first = await e.embed(texts);
    expect(server.count("/v1/embeddings")).toBe(2);
    const second = await e.embed(texts);
    expect(server.count("/v1/embeddings")).toBe(2);
    expect(second).toEqual(first);
    expect(cache.hits).toBe(6);
  });

  it("sends only new texts, each once however often it repeats, and keeps the order", async () => {
    const cache = new MemoryEmbeddingCache();
    const direct = remote();
    const e = cachedEmbedder(direct, cache);
    await e.embed(["one", "two"]);
    const texts = ["two", "three", "three", "one", "four"];
    const vectors = await e.embed(texts);
    expect(inputs()).toEqual([
      ["one", "two"],
      ["three", "four"],
    ]);
    expect(vectors.map((v) => Array.from(v))).toEqual((await direct.embed(texts)).map((v) => Array.from(v)));
  });

  it("keys by embedder id: another model (or dimensions) embeds afresh", async () => {
    const cache = new MemoryEmbeddingCache();
    await cachedEmbedder(remote("model-a"), cache).embed(["same text"]);
    await cachedEmbedder(remote("model-b"), cache).embed(["same text"]);
    await cachedEmbedder(remote("model-a"), cache).embed(["same text"]);
    expect(server.count("/v1/embeddings")).toBe(2);
    expect(cache.size).toBe(2);
    expect(cache.get(remote("model-a").id, sha256HexSync("same text"))).toBeInstanceOf(Float32Array);
  });

  it("keeps the batches finished before a failure, so a retry sends only the rest", async () => {
    const cache = new MemoryEmbeddingCache();
    const e = cachedEmbedder(remote("fake-embed", 2), cache);
    // The second request fails with 500; the first batch is already cached.
    server.scriptEmbeddings({ delayMs: 0 }, { status: 500 });
    await expect(e.embed(["p", "q", "r", "s"])).rejects.toMatchObject({ code: "http-5xx" });
    expect(cache.size).toBe(2);
    await e.embed(["p", "q", "r", "s"]);
    expect(inputs()).toEqual([
      ["p", "q"],
      ["r", "s"],
      ["r", "s"],
    ]);
  });

  it("checks the embedder returned one vector per text", async () => {
    const broken: Embedder = {
      id: "broken",
      label: "broken",
      kind: "neural",
      embed: async () => [new Float32Array(2)],
    };
    await expect(cachedEmbedder(broken, new MemoryEmbeddingCache()).embed(["a", "b"])).rejects.toMatchObject({
      code: "bad-response",
    });
  });
});

describe("MemoryEmbeddingCache", () => {
  it("evicts the least recently used vectors beyond maxBytes", () => {
    const cache = new MemoryEmbeddingCache({ maxBytes: 3 * 16 });
    const v = () => new Float32Array(4);
    cache.set("e", "a", v());
    cache.set("e", "b", v());
    cache.set("e", "c", v());
    cache.get("e", "a");
    cache.set("e", "d", v());
    expect(cache.get("e", "b")).toBeUndefined();
    expect(cache.get("e", "a")).toBeDefined();
    expect(cache.get("e", "d")).toBeDefined();
    expect([cache.size, cache.byteSize]).toEqual([3, 48]);
    cache.set("e", "d", v());
    expect([cache.size, cache.byteSize]).toEqual([3, 48]);
  });
});
