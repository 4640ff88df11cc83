import { describe, expect, it } from "vitest";
import type { Chunk } from "../../core/chunk";
import { firstWords, indexBoxesByPage, pageCitation } from "./pageBoxes";
import { chunkHue } from "./palette";

describe("chunk colours and labels", () => {
  it("gives neighbours far-apart hues", () => {
    for (let i = 0; i < 50; i++) {
      const d = Math.abs(chunkHue(i) - chunkHue(i + 1));
      expect(Math.min(d, 360 - d)).toBeGreaterThan(90);
    }
  });

  it("cites pages and shortens text", () => {
    expect(pageCitation([3])).toBe("p. 3");
    expect(pageCitation([3, 4])).toBe("pp. 3–4");
    expect(pageCitation([])).toBe("");
    expect(firstWords("  a b\n c  d ", 3)).toBe("a b c …");
    expect(firstWords("a b", 3)).toBe("a b");
  });

  it("indexes boxes by page", () => {
    const chunk = (id: string, index: number, boxes: Chunk["boxes"]): Chunk => ({
      id,
      index,
      start: 0,
      end: 1,
      prefixChars: 0,
      text: "x",
      tokens: 1,
      pages: [...new Set(boxes.map((b) => b.page))],
      boxes,
      flags: [],
      meta: {},
    });
    const byPage = indexBoxesByPage([
      chunk("a", 0, [
        { page: 1, x0: 0, y0: 0, x1: 1, y1: 1 },
        { page: 2, x0: 0, y0: 0, x1: 1, y1: 1 },
      ]),
      chunk("b", 1, [{ page: 2, x0: 2, y0: 2, x1: 3, y1: 3 }]),
    ]);
    expect(byPage.get(1)?.map((b) => b.chunkId)).toEqual(["a"]);
    expect(byPage.get(2)?.map((b) => b.chunkId)).toEqual(["a", "b"]);
    expect(byPage.get(3)).toBeUndefined();
  });
});
