/**
 * Every page of the document, in blocks of BLOCK_SIZE (a new document's a few hundred per frame). A block outside the drawn window gets
 * constant props, so its memo skips it entirely: scrolling re-renders the one or two blocks the
 * window touches, not 2,000 page placeholders. Blocks are fragments, so the pages stay direct
 * children of the list (no wrapper in the DOM).
 */
import { memo, useEffect, useState } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { Furniture, FurnitureSetting, PageInfo } from "../../core/document";
import type { StyleWithVars } from "./cssVars";
import type { BoxesByPage, MarksByPage } from "./pageBoxes";
import type { PageLayout } from "./pageLayout";
import { PageView } from "./PageView";
import type { RenderScheduler } from "./renderScheduler";
import type { PageWindow } from "./useVisiblePages";

const BLOCK_SIZE = 50;
/**
 * Placeholders put in the DOM per animation frame once a document opens, the drawn window's pages
 * first: 2,415 of them in one commit (their styles, then a full layout) was a 150–350 ms task on
 * the R reference manual; 200 a frame is ~15 ms, and every page is there a dozen frames later.
 */
const PAGES_PER_FRAME = 200;

/** How many of `pages`' placeholders are mounted: PAGES_PER_FRAME more each frame, from a new document on. */
function useMountedPageCount(pages: readonly unknown[]): number {
  const [state, setState] = useState({ pages, count: PAGES_PER_FRAME });
  let current = state;
  if (state.pages !== pages) {
    // Adjusted while rendering (React's pattern for state derived from props): a new document.
    current = { pages, count: PAGES_PER_FRAME };
    setState(current);
  }
  const done = current.count >= pages.length;
  useEffect(() => {
    if (done) return;
    const frame = requestAnimationFrame(() =>
      setState((s) => (s.pages === pages ? { pages, count: s.count + PAGES_PER_FRAME } : s)),
    );
    return () => cancelAnimationFrame(frame);
  }, [pages, done, current.count]);
  return current.count;
}
/** What a block outside the window sees: nothing rendered, nothing visible. */
const OUTSIDE = { renderFirst: 0, renderLast: -1, visibleFirst: 0, visibleLast: -1 } as const;
const NO_MARKS: MarksByPage = new Map();

interface SharedProps {
  pages: readonly PageInfo[];
  layout: PageLayout;
  pdf: PDFDocumentProxy | null;
  boxesByPage: BoxesByPage;
  /** The selected chunk's marks; they change with the selection, so only touched blocks get them. */
  marksByPage: MarksByPage;
  selectedChunkId: string | null;
  furnitureByPage: ReadonlyMap<number, readonly Furniture[]>;
  furnitureSetting: FurnitureSetting;
  pixelRatio: number;
  scheduler: RenderScheduler;
}

interface PageListProps extends SharedProps {
  pageWindow: PageWindow;
}

export const PageList = memo(function PageList({ pageWindow, ...shared }: PageListProps) {
  const { pages, layout } = shared;
  const mounted = useMountedPageCount(pages);
  const style: StyleWithVars = {
    height: layout.totalHeight,
    minWidth: layout.minWidth,
    "--scale": layout.scale,
  };
  const blocks = [];
  for (let first = 0; first < pages.length; first += BLOCK_SIZE) {
    const last = Math.min(pages.length, first + BLOCK_SIZE) - 1;
    const touched = pageWindow.renderFirst <= last && pageWindow.renderLast >= first;
    if (first >= mounted && !touched) continue;
    const range = touched ? pageWindow : OUTSIDE;
    blocks.push(
      <PageBlock
        key={first}
        {...shared}
        first={first}
        last={last}
        renderFirst={range.renderFirst}
        renderLast={range.renderLast}
        visibleFirst={range.visibleFirst}
        visibleLast={range.visibleLast}
        selectedChunkId={touched ? shared.selectedChunkId : null}
        marksByPage={touched ? shared.marksByPage : NO_MARKS}
      />,
    );
  }
  return (
    <div className="pdf-viewer__pages" style={style}>
      {blocks}
    </div>
  );
});

interface PageBlockProps extends SharedProps {
  /** Index range of this block's pages (inclusive). */
  first: number;
  last: number;
  renderFirst: number;
  renderLast: number;
  visibleFirst: number;
  visibleLast: number;
}

const PageBlock = memo(function PageBlock({
  pages,
  layout,
  pdf,
  boxesByPage,
  marksByPage,
  selectedChunkId,
  furnitureByPage,
  furnitureSetting,
  pixelRatio,
  scheduler,
  first,
  last,
  renderFirst,
  renderLast,
  visibleFirst,
  visibleLast,
}: PageBlockProps) {
  const views = [];
  for (let i = first; i <= last; i++) {
    const page = pages[i]!;
    const rendered = i >= renderFirst && i <= renderLast;
    // Visible pages first, top to bottom; then the margin, nearest first. Pages that are not
    // rendered get a constant, so their memo is not broken by a priority nobody uses.
    const visible = i >= visibleFirst && i <= visibleLast;
    const distance = i < visibleFirst ? visibleFirst - i : i - visibleLast;
    const priority = !rendered ? 0 : visible ? i - visibleFirst : 1000 + distance;
    views.push(
      <PageView
        key={page.number}
        page={page}
        top={layout.tops[i]!}
        width={layout.widths[i]!}
        height={layout.heights[i]!}
        scale={layout.scale}
        pixelRatio={pixelRatio}
        rendered={rendered}
        pdf={pdf}
        // Asked for the pages drawn only: a page's boxes are built when it is first drawn.
        boxes={rendered ? boxesByPage.get(page.number) : undefined}
        marks={rendered ? marksByPage.get(page.number) : undefined}
        selectedChunkId={rendered ? selectedChunkId : null}
        furniture={rendered ? furnitureByPage.get(page.number) : undefined}
        furnitureSetting={furnitureSetting}
        priority={priority}
        scheduler={scheduler}
      />,
    );
  }
  return <>{views}</>;
});
