import { describe, expect, it } from "vitest";
import type { DocModel } from "../document";
import { EmbedderError, type Embedder } from "../providers/embedder";
import { chunkCoherence, ENDPOINT_SENTENCE_CAP } from "./chunkCoherence";

const text =
  "Cats purr when content. Cats purr loudly at night. Cats purr at the vet. " +
  "Interest rates rose in March. Cats nap. Bonds fell in May.";
const doc = (id = "coh"): DocModel => ({ id, name: "t.txt", text, pages: [], runs: [], headings: [] });
const cut = text.indexOf("Interest");
const chunks = [
  { start: 0, end: cut },
  { start: cut, end: text.length },
];

function countingEmbedder(id: string, fail = false): Embedder & { calls: number } {
  const e = {
    id,
    label: id,
    kind: "neural" as const,
    calls: 0,
    embed(texts: readonly string[]) {
      e.calls++;
      if (fail) return Promise.reject(new EmbedderError("HTTP 500 from the endpoint", 500));
      return Promise.resolve(
        texts.map((t) => Float32Array.of(/cat/i.test(t) ? 1 : 0, /cat/i.test(t) ? 0 : 1)),
      );
    },
  };
  return e;
}

describe("chunkCoherence", () => {
  it("scores over the workbench's sentences: abbreviations and leaders do not cut them", async () => {
    const manual = "Cats purr, e.g. Loudly at night. Cats . . . . . 4\nCats nap.";
    const seen: string[] = [];
    const embedder: Embedder = {
      id: "seen",
      label: "seen",
      kind: "neural",
      embed: (texts) => {
        seen.push(...texts);
        return Promise.resolve(texts.map(() => Float32Array.of(1, 0)));
      },
    };
    const d: DocModel = { id: "wb", name: "m.txt", text: manual, pages: [], runs: [], headings: [] };
    const result = await chunkCoherence(d, [{ start: 0, end: manual.length }], embedder);
    expect(seen).toEqual(["Cats purr, e.g. Loudly at night.", "Cats . . . . . 4", "Cats nap."]);
    expect(result.scores[0]).toBeCloseTo(1, 6);
  });

  it("scores a topical chunk above a mixed one with the local embedder", async () => {
    const result = await chunkCoherence(doc(), chunks, undefined);
    expect(result.embedderLabel).toMatch(/lexical/i);
    const [topical, mixed] = result.scores;
    expect(topical!).toBeGreaterThan(mixed!);
  });

  it("uses the session's embedder and embeds the document once for any number of runs", async () => {
    const embedder = countingEmbedder("fake-1");
    const first = await chunkCoherence(doc("once"), chunks, embedder);
    await chunkCoherence(doc("once"), [{ start: 0, end: text.length }], embedder);
    expect(embedder.calls).toBe(1);
    expect(first.scores[0]).toBe(1);
    // "Interest…", "Cats nap.", "Bonds…": one of three pairs alike.
    expect(first.scores[1]).toBeCloseTo(1 / 3, 9);
    expect(first.embedderId).toBe("fake-1");
  });

  it("falls back to the local embedder with a warning when the endpoint fails", async () => {
    const result = await chunkCoherence(doc("fails"), chunks, countingEmbedder("broken", true));
    expect(result.warning).toMatch(/local embedder \(Local lexical.*HTTP 500/);
    expect(result.embedderLabel).toMatch(/lexical/i);
    expect(result.scores[0]).not.toBeNull();
  });

  it("gives null to a chunk of one sentence, and keeps large documents off the endpoint", async () => {
    const one = await chunkCoherence(doc(), [{ start: 0, end: 20 }], undefined);
    expect(one.scores).toEqual([null]);
    const big = "A cat sat. ".repeat(ENDPOINT_SENTENCE_CAP + 1);
    const embedder = countingEmbedder("fake-big");
    const result = await chunkCoherence(
      { id: "big", name: "b.txt", text: big, pages: [], runs: [], headings: [] },
      [{ start: 0, end: big.length }],
      embedder,
    );
    expect(embedder.calls).toBe(0);
    expect(result.embedderLabel).toMatch(/scored locally/);
  });
});
