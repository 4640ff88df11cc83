import { describe, expect, it } from "vitest";
import type { Chunk } from "../../core/chunk";
import { chunkBoxesByPage } from "./compareMarks";

const box = (page: number, x0: number) => ({ page, x0, y0: 0, x1: x0 + 1, y1: 1 });
const chunk = (id: string, boxes: ReturnType<typeof box>[]) => ({ id, boxes }) as unknown as Chunk;

describe("chunkBoxesByPage", () => {
  it("gives a page its chunks' boxes, in run order, built once per page", () => {
    const byPage = chunkBoxesByPage([
      chunk("a", [box(1, 0), box(2, 1)]),
      chunk("b", [box(2, 2), box(2, 3)]),
      chunk("c", [box(4, 4)]),
    ]);
    expect(byPage.get(2)).toEqual([
      { ...box(2, 1), chunkId: "a" },
      { ...box(2, 2), chunkId: "b" },
      { ...box(2, 3), chunkId: "b" },
    ]);
    expect(byPage.get(2)).toBe(byPage.get(2));
    expect(byPage.get(1)).toEqual([{ ...box(1, 0), chunkId: "a" }]);
    expect(byPage.get(3)).toBeUndefined();
  });
});
