import { describe, expect, it } from "vitest";
import { firstChunkOnPage } from "./pageInView";

describe("firstChunkOnPage", () => {
  const chunks = [{ pages: [1] }, { pages: [1, 2] }, { pages: [2] }, { pages: [] }, { pages: [5, 6] }];
  it("is the first chunk that touches the page", () => {
    expect(firstChunkOnPage(chunks, 1)).toBe(0);
    expect(firstChunkOnPage(chunks, 2)).toBe(1);
    expect(firstChunkOnPage(chunks, 6)).toBe(4);
  });
  it("is the next chunk for a page no chunk cites, and -1 past the last", () => {
    expect(firstChunkOnPage(chunks, 3)).toBe(4);
    expect(firstChunkOnPage(chunks, 7)).toBe(-1);
  });
});
