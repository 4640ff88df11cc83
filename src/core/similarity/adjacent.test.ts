import { describe, expect, it } from "vitest";
import type { DocModel } from "../document";
import type { Embedder } from "../providers/embedder";
import { adjacentSimilarity, boundaryPoints, measuredUnits } from "./adjacent";
import { localEmbedderForDocument } from "../providers/localEmbedder";

function doc(text: string, id = "d1"): DocModel {
  return { id, name: "t.txt", text, pages: [], runs: [], headings: [] };
}

const text =
  "Cats purr when content. Cats purr loudly at night. Interest rates rose in March. Interest rates may fall.";

describe("adjacentSimilarity", () => {
  it("dips where the topic changes, with each gap between its sentence pair", async () => {
    const curve = await adjacentSimilarity(doc(text), undefined);
    expect(curve.kind).toBe("lexical");
    expect(curve.points).toHaveLength(3);
    const [a, b, c] = curve.points.map((p) => p.value);
    expect(b!).toBeLessThan(a!);
    expect(b!).toBeLessThan(c!);
    const gap = curve.points[1]!;
    expect(text.slice(gap.start, gap.offset)).toBe("Cats purr loudly at night.");
    expect(text.slice(gap.offset).trimStart().startsWith("Interest rates rose")).toBe(true);
    expect(text.slice(gap.start, gap.end)).toBe("Cats purr loudly at night. Interest rates rose in March.");
  });

  it("uses the session's embedder when there is one, in sentence order", async () => {
    const seen: string[][] = [];
    const embedder: Embedder = {
      id: "fake",
      label: "fake",
      kind: "neural",
      embed: (texts) => {
        seen.push([...texts]);
        return Promise.resolve(
          texts.map((t) => Float32Array.of(t.startsWith("Cats") ? 1 : 0, t.startsWith("Cats") ? 0 : 1)),
        );
      },
    };
    const curve = await adjacentSimilarity(doc(text), embedder);
    expect(seen[0]).toHaveLength(4);
    expect(curve.points.map((p) => p.value)).toEqual([1, 0, 1]);
    expect(curve.embedderId).toBe("fake");
  });

  it("cuts the workbench's sentences: a contents line is one point, never one per leader dot", async () => {
    const manual =
      "Contents\n1 Cats . . . . . . . . . . . . 1\n2 Interest rates . . . . . . . . . 7\n\n" +
      "Cats purr when content. Interest rates rose in March.";
    const seen: string[][] = [];
    const embedder: Embedder = {
      id: "fake",
      label: "fake",
      kind: "neural",
      embed: (texts) => {
        seen.push([...texts]);
        return Promise.resolve(texts.map(() => Float32Array.of(1, 0)));
      },
    };
    const curve = await adjacentSimilarity(doc(manual), embedder);
    expect(seen[0]).toEqual([
      "Contents",
      "1 Cats . . . . . . . . . . . . 1",
      "2 Interest rates . . . . . . . . . 7",
      "Cats purr when content.",
      "Interest rates rose in March.",
    ]);
    expect(curve.points).toHaveLength(4);
  });

  it("keeps the fitted local embedder per document", async () => {
    const first = await localEmbedderForDocument(doc(text, "same"), undefined);
    const again = await localEmbedderForDocument(doc(text, "same"), undefined);
    expect(again.embedder).toBe(first.embedder);
  });
});

describe("boundaryPoints", () => {
  it("puts every chunk start after the first on its nearest gap", () => {
    const points = [{ offset: 10 }, { offset: 20 }, { offset: 30 }];
    expect(boundaryPoints(points, [0, 21, 29, 100])).toEqual([1, 2]);
    expect(boundaryPoints([], [0, 5])).toEqual([]);
  });

  it("gives the same gaps for starts out of order (parents and children interleaved) as in order", () => {
    const points = Array.from({ length: 50 }, (_, i) => ({ offset: i * 10 + 5 }));
    const starts = [0, 3, 44, 120, 121, 260, 490, 999];
    const shuffled = [0, 260, 44, 999, 3, 121, 490, 120];
    expect(boundaryPoints(points, shuffled)).toEqual(boundaryPoints(points, starts));
    expect(boundaryPoints(points, starts)).toEqual([0, 4, 11, 12, 25, 48, 49]);
  });
});

describe("measuredUnits", () => {
  const v = (...xs: number[]) => Float32Array.from(xs);
  it("folds sentences without a vector into the measured sentence before them (after, at the start)", () => {
    const sentences = [
      { start: 0, end: 5 },
      { start: 6, end: 10 },
      { start: 11, end: 15 },
      { start: 16, end: 20 },
      { start: 21, end: 25 },
    ];
    const units = measuredUnits(sentences, [v(0, 0), v(1, 0), v(0, 0), v(0, 0), v(0, 1)]);
    expect(units.map(({ start, end }) => [start, end])).toEqual([
      [0, 20],
      [21, 25],
    ]);
    expect(units[0]!.vector).toEqual(v(1, 0));
  });

  it("has nothing to measure when no sentence has a vector", () => {
    expect(measuredUnits([{ start: 0, end: 3 }], [v(0, 0)])).toEqual([]);
  });
});
