import { describe, expect, it } from "vitest";
import type { Chunk } from "../../core/chunk";
import {
  chunksForView,
  firstWords,
  hasLevels,
  indexBoxesByPage,
  indexChunksById,
  indexMarksByPage,
  mergeLineBoxes,
  pageCitation,
} from "./pageBoxes";
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
    // Built once per page: a page redrawn gets the same array (its memo holds).
    expect(byPage.get(2)).toBe(byPage.get(2));
  });
});

function makeChunk(id: string, index: number, boxes: Chunk["boxes"], extra: Partial<Chunk> = {}): Chunk {
  return {
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
    ...extra,
  };
}

const line = (page: number, y: number, x0 = 72, x1 = 520) => ({ page, x0, y0: y, x1, y1: y + 10 });

describe("parent/child runs", () => {
  it("merges a parent's lines into one block per column and page", () => {
    const left = [line(1, 100, 72, 290), line(1, 112, 72, 280), line(1, 124, 72, 250)];
    const right = [line(1, 100, 310, 520), line(1, 112, 310, 500)];
    const nextPage = [line(2, 80, 72, 290)];
    expect(mergeLineBoxes([...left, ...right, ...nextPage])).toEqual([
      { page: 1, x0: 72, y0: 100, x1: 290, y1: 134 },
      { page: 1, x0: 310, y0: 100, x1: 520, y1: 122 },
      { page: 2, x0: 72, y0: 80, x1: 290, y1: 90 },
    ]);
  });

  it("joins paragraphs one blank line apart, and starts a new block after a larger gap", () => {
    expect(mergeLineBoxes([line(1, 100), line(1, 112), line(1, 134)])).toHaveLength(1);
    expect(mergeLineBoxes([line(1, 100), line(1, 112), line(1, 150)])).toHaveLength(2);
  });

  it("draws parents as block outlines and children line by line, with their level", () => {
    const lines = [line(1, 100), line(1, 112), line(1, 124)];
    const parent = makeChunk("p", 0, lines, { level: "parent" });
    const child = makeChunk("c", 1, lines.slice(0, 2), { level: "child", parentId: "p" });
    const boxes = indexBoxesByPage([parent, child]).get(1)!;
    expect(boxes.map((b) => [b.chunkId, b.level])).toEqual([
      ["p", "parent"],
      ["c", "child"],
      ["c", "child"],
    ]);
    expect(hasLevels([parent, child])).toBe(true);
    expect(hasLevels([makeChunk("t", 0, lines)])).toBe(false);
  });

  it("filters by view, keeping a selected chunk of a hidden level", () => {
    const parent = makeChunk("p", 0, [line(1, 100)], { level: "parent" });
    const child = makeChunk("c", 1, [line(1, 100)], { level: "child" });
    const all = [parent, child];
    expect(chunksForView(all, "both", null)).toBe(all);
    expect(chunksForView(all, "children", null).map((c) => c.id)).toEqual(["c"]);
    expect(chunksForView(all, "parents", null).map((c) => c.id)).toEqual(["p"]);
    expect(chunksForView(all, "parents", "c").map((c) => c.id)).toEqual(["p", "c"]);
  });
});

describe("marks", () => {
  it("groups the selected chunk's mark boxes by page", () => {
    const chunk = makeChunk("a", 0, [line(1, 100), line(2, 80)], {
      marks: [
        {
          start: 0,
          end: 3,
          kind: "entity",
          label: "customer: Acme",
          boxes: [{ page: 1, x0: 80, y0: 100, x1: 120, y1: 110 }],
        },
        {
          start: 5,
          end: 6,
          kind: "boundary",
          label: "topic shift",
          boxes: [{ page: 2, x0: 72, y0: 80, x1: 90, y1: 90 }],
        },
      ],
    });
    const byPage = indexMarksByPage(chunk);
    expect(byPage.get(1)).toEqual([
      { kind: "entity", label: "customer: Acme", x0: 80, y0: 100, x1: 120, y1: 110 },
    ]);
    expect(byPage.get(2)?.map((m) => m.kind)).toEqual(["boundary"]);
    expect(indexMarksByPage(undefined).size).toBe(0);
  });
});

describe("indexChunksById", () => {
  const chunk = (id: string, index: number) => ({ id, index }) as Chunk;

  it("finds chunk_<index> ids at their index and any other id through an index built once", () => {
    const chunks = [chunk("chunk_0", 0), chunk("chunk_1", 1), chunk("p0", 2), chunk("chunk_9", 3)];
    const byId = indexChunksById(chunks);
    expect(byId.get("chunk_1")).toBe(chunks[1]);
    expect(byId.get("p0")).toBe(chunks[2]);
    // An id that names another index than its own is still found.
    expect(byId.get("chunk_9")).toBe(chunks[3]);
    expect(byId.get("chunk_2")).toBeUndefined();
    expect(byId.get("nope")).toBeUndefined();
  });
});
