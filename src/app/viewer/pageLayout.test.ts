import { describe, expect, it } from "vitest";
import type { PageInfo } from "../../core/document";
import {
  anchorAt,
  dominantPageIndex,
  layoutPages,
  PAGE_GAP,
  PAGE_PADDING,
  pageIndexAt,
  pagesInSpan,
  scrollTopFor,
} from "./pageLayout";

function pages(sizes: [number, number][]): PageInfo[] {
  return sizes.map(([width, height], i) => ({
    number: i + 1,
    width,
    height,
    rotate: 0,
    textStart: 0,
    textEnd: 0,
    hasText: true,
  }));
}

describe("layoutPages", () => {
  it("stacks pages with padding and gaps, scaled", () => {
    const layout = layoutPages(
      pages([
        [100, 200],
        [300, 100],
        [100, 200],
      ]),
      2,
    );
    expect([...layout.tops]).toEqual([
      PAGE_PADDING,
      PAGE_PADDING + 400 + PAGE_GAP,
      PAGE_PADDING + 600 + 2 * PAGE_GAP,
    ]);
    expect([...layout.widths]).toEqual([200, 600, 200]);
    expect(layout.totalHeight).toBe(2 * PAGE_PADDING + 1000 + 2 * PAGE_GAP);
    expect(layout.minWidth).toBe(600 + 2 * PAGE_PADDING);
  });

  it("handles 2,000 pages and finds pages by offset", () => {
    const layout = layoutPages(pages(Array.from({ length: 2000 }, () => [612, 792] as [number, number])), 1);
    const step = 792 + PAGE_GAP;
    expect(pageIndexAt(layout, 0)).toBe(0);
    expect(pageIndexAt(layout, PAGE_PADDING + 1500 * step + 10)).toBe(1500);
    expect(pagesInSpan(layout, PAGE_PADDING + 10 * step, PAGE_PADDING + 12 * step)).toEqual([10, 11]);
  });

  it("gives no span without pages", () => {
    expect(pagesInSpan(layoutPages([], 1), 0, 100)).toBeNull();
  });
});

describe("dominantPageIndex", () => {
  const layout = layoutPages(pages(Array.from({ length: 10 }, () => [100, 100] as [number, number])), 1);

  it("is the page most of whose area is visible", () => {
    // Page 0 shows its last 10 px, page 1 all of it, page 2 a sliver.
    const top = layout.tops[1]! - 10;
    expect(dominantPageIndex(layout, top, 150)).toBe(1);
  });

  it("prefers the first page at the top and the last page at the bottom", () => {
    expect(dominantPageIndex(layout, 0, 500)).toBe(0);
    expect(dominantPageIndex(layout, layout.totalHeight - 500, 500)).toBe(9);
  });

  it("prefers the page at the centre when several are wholly visible", () => {
    const top = layout.tops[3]! - 5;
    expect(dominantPageIndex(layout, top, 3 * (100 + PAGE_GAP) + 10)).toBe(4);
  });
});

describe("scroll anchors", () => {
  it("keeps the point at the viewport's centre on the same spot of the same page across a zoom", () => {
    const info = pages(Array.from({ length: 50 }, () => [600, 800] as [number, number]));
    const before = layoutPages(info, 1);
    const height = 700;
    const scrollTop = before.tops[20]! + 123;
    const anchor = anchorAt(before, scrollTop, height, 0.5);
    const after = layoutPages(info, 2);
    const restored = scrollTopFor(after, anchor, height);
    const centreBefore = (scrollTop + height / 2 - before.tops[20]!) / before.scale;
    const centreAfter = (restored + height / 2 - after.tops[20]!) / after.scale;
    expect(centreAfter).toBeCloseTo(centreBefore, 0);
  });

  it("stays at the top when it was at the top", () => {
    const info = pages([
      [600, 800],
      [600, 800],
    ]);
    const anchor = anchorAt(layoutPages(info, 1), 0, 700, 0.5);
    expect(scrollTopFor(layoutPages(info, 3), anchor, 700)).toBe(0);
  });
});
