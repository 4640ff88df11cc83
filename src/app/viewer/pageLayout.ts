/**
 * Where every page sits in the scroll list, computed from the page sizes alone — no DOM reads — so
 * a 2,000-page document costs a few arrays, and the visible range is a binary search.
 *
 * Pages are absolutely positioned at these offsets (not left to the browser's flow), so the
 * numbers here and the pixels on screen cannot drift apart over thousands of fractional heights.
 */
import type { PageInfo } from "../../core/document";
import { firstIndexWhere } from "../../core/text/bisect";

/** Space above the first page, below the last one, and at least either side of every page. */
export const PAGE_PADDING = 16;
/** Vertical space between two pages. */
export const PAGE_GAP = 12;

export interface PageLayout {
  scale: number;
  /** Top edge of each page (by index, not page number) in CSS pixels from the list's top. */
  tops: Float64Array;
  /** Displayed width and height of each page in CSS pixels. */
  widths: Float64Array;
  heights: Float64Array;
  /** Height of the whole list, padding included. */
  totalHeight: number;
  /** Width of the widest page plus the padding on both sides: the list never gets narrower. */
  minWidth: number;
}

export function layoutPages(pages: readonly PageInfo[], scale: number): PageLayout {
  const n = pages.length;
  const tops = new Float64Array(n);
  const widths = new Float64Array(n);
  const heights = new Float64Array(n);
  let y = PAGE_PADDING;
  let maxWidth = 0;
  for (let i = 0; i < n; i++) {
    const page = pages[i]!;
    tops[i] = y;
    widths[i] = page.width * scale;
    heights[i] = page.height * scale;
    maxWidth = Math.max(maxWidth, widths[i]!);
    y += heights[i]! + (i < n - 1 ? PAGE_GAP : 0);
  }
  return {
    scale,
    tops,
    widths,
    heights,
    totalHeight: y + PAGE_PADDING,
    minWidth: maxWidth + 2 * PAGE_PADDING,
  };
}

/** Index of the last page whose top is at or above `y` (0 when `y` lies above the first page). */
export function pageIndexAt(layout: PageLayout, y: number): number {
  const { tops } = layout;
  return Math.max(0, firstIndexWhere(1, tops.length, (i) => tops[i]! > y) - 1);
}

/** Inclusive index range of the pages that intersect [top, bottom); null without pages. */
export function pagesInSpan(layout: PageLayout, top: number, bottom: number): [number, number] | null {
  const n = layout.tops.length;
  if (n === 0) return null;
  const first = pageIndexAt(layout, Math.max(0, top));
  let last = pageIndexAt(layout, Math.max(0, bottom));
  // The page starting exactly at `bottom` is not inside the span.
  if (last > first && layout.tops[last]! >= bottom) last -= 1;
  return [first, Math.min(last, n - 1)];
}

/**
 * The "current page": the one whose own area is most visible in the viewport [top, top + height).
 * Several pages may be wholly visible (zoomed out); then the one nearest the focus line wins — the
 * viewport's centre, or its top edge at the start of the list and its bottom edge at the end, so
 * the first and last pages can be current.
 */
export function dominantPageIndex(layout: PageLayout, top: number, height: number): number {
  const bottom = top + height;
  const span = pagesInSpan(layout, top, bottom);
  if (!span) return 0;
  const focus = top <= 0 ? top : bottom >= layout.totalHeight - 1 ? bottom : top + height / 2;
  let best = span[0];
  let bestShown = -1;
  let bestDistance = Infinity;
  for (let i = span[0]; i <= span[1]; i++) {
    const pageTop = layout.tops[i]!;
    const pageHeight = layout.heights[i]!;
    const shown = (Math.min(bottom, pageTop + pageHeight) - Math.max(top, pageTop)) / pageHeight;
    const distance = Math.max(0, pageTop - focus, focus - (pageTop + pageHeight));
    const clearlyMore = shown > bestShown + 0.01;
    const aboutEqual = Math.abs(shown - bestShown) <= 0.01;
    if (clearlyMore || (aboutEqual && distance < bestDistance)) {
      best = i;
      bestShown = Math.max(shown, bestShown);
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * A scroll position expressed against the pages rather than in pixels, so that it survives a zoom:
 * the point at the viewport's vertical centre is "page i, this far down" (a fraction of its height;
 * a little over 1 in the gap below it). Anchoring the centre keeps the current page current when zooming out,
 * where anchoring the top edge would let the next pages crowd it out. At the very top the list
 * stays at the top.
 */
export interface ScrollAnchor {
  atTop: boolean;
  index: number;
  fraction: number;
  /** Horizontal centre of the viewport as a fraction of the list's width. */
  xFraction: number;
}

export function anchorAt(
  layout: PageLayout,
  scrollTop: number,
  viewportHeight: number,
  xFraction: number,
): ScrollAnchor {
  if (layout.tops.length === 0 || scrollTop <= 0) return { atTop: true, index: 0, fraction: 0, xFraction };
  const y = scrollTop + viewportHeight / 2;
  const index = pageIndexAt(layout, y);
  return { atTop: false, index, fraction: (y - layout.tops[index]!) / layout.heights[index]!, xFraction };
}

export function scrollTopFor(layout: PageLayout, anchor: ScrollAnchor, viewportHeight: number): number {
  const index = Math.min(anchor.index, layout.tops.length - 1);
  if (anchor.atTop || index < 0) return 0;
  const y = layout.tops[index]! + anchor.fraction * layout.heights[index]!;
  return Math.max(0, y - viewportHeight / 2);
}
