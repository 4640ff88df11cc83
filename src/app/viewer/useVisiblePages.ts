/**
 * Follows the scroll area and says which pages to draw. The answer only changes (and React only
 * re-renders) when a page enters or leaves the drawn window or the current page changes — not on
 * every scrolled pixel.
 *
 * Also keeps the reading position across a relayout: the position is remembered as "page i, this
 * far down" (ScrollAnchor), and after a new layout is committed the scroll area is put back there.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  anchorAt,
  dominantPageIndex,
  pagesInSpan,
  scrollTopFor,
  type PageLayout,
  type ScrollAnchor,
} from "./pageLayout";

export interface PageWindow {
  /** Index of the page covering most of the viewport. */
  current: number;
  /** Inclusive index range intersecting the viewport: rendered first, in page order. */
  visibleFirst: number;
  visibleLast: number;
  /** Inclusive index range whose layers are mounted (the visible pages plus a margin). */
  renderFirst: number;
  renderLast: number;
}

const EMPTY_WINDOW: PageWindow = {
  current: 0,
  visibleFirst: 0,
  visibleLast: -1,
  renderFirst: 0,
  renderLast: -1,
};

/**
 * Mounted pages reach one viewport beyond each edge; they stay mounted until they are more than
 * three viewports away, so scrolling back and forth a little never re-renders a page.
 */
const RENDER_MARGIN = 1;
const NEED_MARGIN = 0.5;
const RETAIN_MARGIN = 3;
/** A hard cap for tiny zooms, where three viewports can hold dozens of pages. */
const MAX_RENDERED = 30;

function sameWindow(a: PageWindow, b: PageWindow): boolean {
  return (
    a.current === b.current &&
    a.visibleFirst === b.visibleFirst &&
    a.visibleLast === b.visibleLast &&
    a.renderFirst === b.renderFirst &&
    a.renderLast === b.renderLast
  );
}

export function computeWindow(layout: PageLayout, top: number, height: number, prev: PageWindow): PageWindow {
  const visible = pagesInSpan(layout, top, top + height);
  if (!visible || height <= 0) return EMPTY_WINDOW;
  const need = pagesInSpan(layout, top - NEED_MARGIN * height, top + (1 + NEED_MARGIN) * height)!;
  const retain = pagesInSpan(layout, top - RETAIN_MARGIN * height, top + (1 + RETAIN_MARGIN) * height)!;
  let renderFirst = prev.renderFirst;
  let renderLast = prev.renderLast;
  const keep =
    renderFirst <= need[0] && renderLast >= need[1] && renderFirst >= retain[0] && renderLast <= retain[1];
  if (!keep) {
    [renderFirst, renderLast] = pagesInSpan(
      layout,
      top - RENDER_MARGIN * height,
      top + (1 + RENDER_MARGIN) * height,
    )!;
  }
  if (renderLast - renderFirst + 1 > MAX_RENDERED) {
    // Keep the visible pages and share what is left of the cap around them.
    const spare = Math.max(0, MAX_RENDERED - (visible[1] - visible[0] + 1));
    renderFirst = Math.max(renderFirst, visible[0] - Math.floor(spare / 2));
    renderLast = Math.min(renderLast, visible[1] + Math.ceil(spare / 2));
  }
  const next: PageWindow = {
    current: dominantPageIndex(layout, top, height),
    visibleFirst: visible[0],
    visibleLast: visible[1],
    renderFirst,
    renderLast,
  };
  return sameWindow(prev, next) ? prev : next;
}

/** Horizontal centre of the viewport as a fraction of the scrollable width. */
function xFraction(el: HTMLElement): number {
  return el.scrollWidth > 0 ? (el.scrollLeft + el.clientWidth / 2) / el.scrollWidth : 0.5;
}

/**
 * @param scrollEl the scroll area (state, not a ref: it appears only once there are pages)
 * @param documentKey changes when a different document is shown: the position resets to its top
 */
export function useVisiblePages(
  scrollEl: HTMLElement | null,
  layout: PageLayout,
  documentKey: unknown,
): PageWindow {
  const [pageWindow, setPageWindow] = useState<PageWindow>(EMPTY_WINDOW);
  const layoutRef = useRef(layout);
  const anchorRef = useRef<ScrollAnchor | null>(null);
  const documentRef = useRef(documentKey);

  // After every relayout, before paint: put the reading position back. The window follows in the
  // next frame (from the scroll event, or from here when the position did not move).
  useLayoutEffect(() => {
    if (!scrollEl) return;
    const sameDocument = documentRef.current === documentKey;
    documentRef.current = documentKey;
    layoutRef.current = layout;
    const anchor = anchorRef.current;
    if (!sameDocument) {
      scrollEl.scrollTo({ top: 0, left: 0 });
    } else if (anchor) {
      scrollEl.scrollTo({
        top: scrollTopFor(layout, anchor, scrollEl.clientHeight),
        left: anchor.xFraction * scrollEl.scrollWidth - scrollEl.clientWidth / 2,
      });
    }
    anchorRef.current = anchorAt(layout, scrollEl.scrollTop, scrollEl.clientHeight, xFraction(scrollEl));
    const frame = requestAnimationFrame(() => {
      setPageWindow((prev) => computeWindow(layout, scrollEl.scrollTop, scrollEl.clientHeight, prev));
    });
    return () => cancelAnimationFrame(frame);
  }, [scrollEl, layout, documentKey]);

  useEffect(() => {
    if (!scrollEl) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const current = layoutRef.current;
      const top = scrollEl.scrollTop;
      const height = scrollEl.clientHeight;
      anchorRef.current = anchorAt(current, top, height, xFraction(scrollEl));
      setPageWindow((prev) => computeWindow(current, top, height, prev));
    };
    // Once per frame however many scroll events arrive. The anchor is at most a frame old when a
    // zoom uses it: a few pixels, never a different page.
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    const resize = new ResizeObserver(onScroll);
    resize.observe(scrollEl);
    scrollEl.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      scrollEl.removeEventListener("scroll", onScroll);
      resize.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [scrollEl]);

  return pageWindow;
}
