import { describe, expect, it } from "vitest";
import type { PageInfo } from "../../core/document";
import { layoutPages } from "./pageLayout";
import { computeWindow, type PageWindow } from "./useVisiblePages";

const pages: PageInfo[] = Array.from({ length: 2000 }, (_, i) => ({
  number: i + 1,
  width: 612,
  height: 792,
  rotate: 0,
  textStart: 0,
  textEnd: 0,
  hasText: true,
}));
const EMPTY: PageWindow = { current: 0, visibleFirst: 0, visibleLast: -1, renderFirst: 0, renderLast: -1 };

describe("computeWindow", () => {
  const layout = layoutPages(pages, 1);
  const height = 900;

  it("mounts the visible pages plus a margin, never the whole document", () => {
    const w = computeWindow(layout, layout.tops[1000]!, height, EMPTY);
    expect(w.visibleFirst).toBe(1000);
    expect(w.visibleLast).toBe(1001);
    expect(w.current).toBe(1000);
    expect(w.renderFirst).toBeLessThan(1000);
    expect(w.renderLast).toBeGreaterThan(1001);
    expect(w.renderLast - w.renderFirst).toBeLessThan(10);
  });

  it("returns the same object while nothing changes, and keeps the mounted range for small scrolls", () => {
    const a = computeWindow(layout, layout.tops[1000]!, height, EMPTY);
    expect(computeWindow(layout, layout.tops[1000]! + 5, height, a)).toBe(a);
    const b = computeWindow(layout, layout.tops[1001]!, height, a);
    expect([b.renderFirst, b.renderLast]).toEqual([a.renderFirst, a.renderLast]);
  });

  it("caps the mounted pages at tiny zooms", () => {
    const tiny = layoutPages(pages, 0.05);
    const w = computeWindow(tiny, tiny.tops[500]!, height, EMPTY);
    expect(w.renderLast - w.renderFirst + 1).toBeLessThanOrEqual(30);
    expect(w.renderFirst).toBeLessThanOrEqual(w.visibleFirst);
  });
});
