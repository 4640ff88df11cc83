import { describe, expect, it } from "vitest";
import type { DocModel } from "../document";
import type { Embedder } from "./embedder";
import { compactVector, denseVector, documentSentenceVectors } from "./sentenceVectors";

function countingEmbedder(): Embedder & { texts: number } {
  const embedder = {
    id: "count",
    label: "counting",
    kind: "lexical" as const,
    texts: 0,
    async embed(texts: readonly string[]) {
      embedder.texts += texts.length;
      return texts.map((t) => Float32Array.from([t.length, 1]));
    },
  };
  return embedder as unknown as Embedder & { texts: number };
}

const doc = (id: string, text: string): DocModel => ({
  id,
  name: "t.txt",
  text,
  pages: [],
  runs: [],
  headings: [],
});

describe("documentSentenceVectors", () => {
  it("embeds a document's sentences once per embedder, and again for other text under the same id", async () => {
    const embedder = countingEmbedder();
    const a = doc("sv-1", "Cats purr. Dogs bark loudly. Birds sing.");
    const first = await documentSentenceVectors(a, embedder);
    expect(first.spans).toHaveLength(3);
    expect(first.vectors.map((v) => denseVector(v)[0])).toEqual(
      first.spans.map((s) => a.text.slice(s.start, s.end).length),
    );
    expect(await documentSentenceVectors(a, embedder)).toBe(first);
    expect(embedder.texts).toBe(3);
    const other = await documentSentenceVectors(doc("sv-1", "One sentence only."), embedder);
    expect(other.spans).toHaveLength(1);
    expect(embedder.texts).toBe(4);
  });

  it("keeps nothing of an embedding that failed", async () => {
    const embedder = countingEmbedder();
    const failing = { ...embedder, embed: () => Promise.reject(new Error("down")) } as Embedder;
    const d = doc("sv-2", "A sentence. Another one.");
    await expect(documentSentenceVectors(d, failing)).rejects.toThrow("down");
    expect((await documentSentenceVectors(d, embedder)).vectors).toHaveLength(2);
  });
});

describe("compactVector / denseVector", () => {
  it("keeps a mostly-zero vector as its non-zero entries and gives it back exactly", () => {
    const v = new Float32Array(64);
    v[3] = 0.5;
    v[40] = -0.25;
    const stored = compactVector(v);
    expect(stored).not.toBeInstanceOf(Float32Array);
    expect(denseVector(stored)).toEqual(v);
  });
  it("keeps a dense vector as it is", () => {
    const v = Float32Array.from({ length: 16 }, (_, i) => i + 1);
    expect(compactVector(v)).toBe(v);
    expect(denseVector(v)).toBe(v);
  });
  it("indexes past 65,535 dimensions with 32 bits", () => {
    const v = new Float32Array(70_000);
    v[69_999] = 1;
    const stored = compactVector(v) as { index: Uint32Array };
    expect(stored.index).toBeInstanceOf(Uint32Array);
    expect(denseVector(stored as never)[69_999]).toBe(1);
  });
});
