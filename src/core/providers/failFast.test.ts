import { describe, expect, it } from "vitest";
import { EmbedderError, type Embedder } from "./embedder";
import { failFastEmbedder } from "./failFast";

function flaky(): Embedder & { calls: number; fail: boolean } {
  const e = {
    id: "e",
    label: "e",
    kind: "neural" as const,
    calls: 0,
    fail: true,
    embed(texts: readonly string[]) {
      e.calls++;
      return e.fail
        ? Promise.reject(new EmbedderError("HTTP 500: down", 500))
        : Promise.resolve(texts.map(() => Float32Array.of(1)));
    },
  };
  return e;
}

describe("failFastEmbedder", () => {
  it("fails at once while a failure is recent, then tries the endpoint again", async () => {
    let t = 0;
    const inner = flaky();
    const e = failFastEmbedder(inner, 60_000, () => t);
    await expect(e.embed(["a"])).rejects.toThrow("HTTP 500: down");
    t = 10_000;
    await expect(e.embed(["a"])).rejects.toThrow(/10 s ago/);
    expect(inner.calls).toBe(1);
    inner.fail = false;
    t = 61_000;
    await expect(e.embed(["a"])).resolves.toHaveLength(1);
    expect(inner.calls).toBe(2);
  });

  it("does not remember the caller's own abort", async () => {
    const inner = flaky();
    const e = failFastEmbedder(inner);
    const controller = new AbortController();
    controller.abort(new Error("superseded"));
    await expect(e.embed(["a"], controller.signal)).rejects.toThrow(EmbedderError);
    inner.fail = false;
    await expect(e.embed(["a"])).resolves.toHaveLength(1);
  });
});
