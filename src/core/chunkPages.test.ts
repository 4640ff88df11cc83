import { describe, expect, it } from "vitest";
import { chunkIndicesByPage } from "./chunkPages";

const box = (page: number) => ({ page, x0: 0, y0: 0, x1: 1, y1: 1 });

describe("chunkIndicesByPage", () => {
  it("lists each page's chunks once, in run order, a chunk on several pages under each", () => {
    const byPage = chunkIndicesByPage([
      { boxes: [box(1), box(1), box(2)] },
      { boxes: [box(2), box(3), box(2)] },
      { boxes: [] },
      { boxes: [box(3)] },
    ]);
    expect([...byPage.entries()]).toEqual([
      [1, [0]],
      [2, [0, 1]],
      [3, [1, 3]],
    ]);
  });
});
