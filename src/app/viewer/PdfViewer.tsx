/**
 * The page view of the workbench: every page of the document as a sized placeholder in one
 * vertical scroll list, the pages near the viewport drawn as stacked layers (pdf.js canvas, chunk
 * boxes, the selected chunk's marks), a toolbar for zoom, page navigation and — for a parent/child
 * run — which levels to draw, and a hover card for the boxes.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { Chunk } from "../../core/chunk";
import type { Furniture, FurnitureSetting, PageInfo } from "../../core/document";
import { ChunkTooltip } from "./ChunkTooltip";
import { chunkIdsAtPoint, chunkToSelect } from "./hitTest";
import { chunksForView, hasLevels, indexBoxesByPage, indexChunksById, indexMarksByPage } from "./pageBoxes";
import { layoutPages, PAGE_PADDING } from "./pageLayout";
import { PageList } from "./PageList";
import { RenderScheduler } from "./renderScheduler";
import { usePageInView } from "../state/pageInView";
import { useClientWidth } from "./useClientWidth";
import { useDevicePixelRatio } from "./useDevicePixelRatio";
import { useVisiblePages } from "./useVisiblePages";
import { ViewerToolbar, type HierarchyView } from "./ViewerToolbar";
import { fitWidthScale, resolveScale, zoomIn, zoomOut, type ZoomState } from "./zoom";
import "./viewer.css";

export type { HierarchyView } from "./ViewerToolbar";

export interface PdfViewerProps {
  /** pdf.js document for rendering (main thread); null while loading and for .md/.txt input. */
  pdf: PDFDocumentProxy | null;
  /** Displayed page sizes (crop box and /Rotate applied) in points, from the DocModel. */
  pages: readonly PageInfo[];
  /** The current run's chunks; their boxes are in displayed-page points, origin top-left. */
  chunks: readonly Chunk[];
  selectedChunkId: string | null;
  onSelectChunk(id: string): void;
  /** A new object (new nonce) scrolls the chunk's first box into view, e.g. after a click in the list. */
  scrollTarget: { chunkId: string; nonce: number } | null;
  zoom: ZoomState;
  onZoomChange(zoom: ZoomState): void;
  /** Which levels of a parent/child run are drawn; ignored for a run without levels. */
  hierarchyView: HierarchyView;
  onHierarchyViewChange(view: HierarchyView): void;
  /** The document's running heads, footers and page numbers, drawn greyed (DESIGN §12). */
  furniture?: readonly Furniture[] | undefined;
  furnitureSetting?: FurnitureSetting;
  /** The document setting, offered in the toolbar (a PDF's pages). */
  onFurnitureSettingChange?(setting: FurnitureSetting): void;
}

/** Where a scrolled-to box lands: a third of the way down the viewport, like a search hit. */
const TARGET_VIEWPORT_FRACTION = 1 / 3;
/** A page navigated to shows a sliver of the gap above it. */
const PAGE_TOP_MARGIN = PAGE_PADDING / 2;

export function PdfViewer({
  pdf,
  pages,
  chunks,
  selectedChunkId,
  onSelectChunk,
  scrollTarget,
  zoom,
  onZoomChange,
  hierarchyView,
  onHierarchyViewChange,
  furniture,
  furnitureSetting = "drop",
  onFurnitureSettingChange,
}: PdfViewerProps) {
  const furnitureByPage = useMemo(() => indexFurnitureByPage(furniture ?? []), [furniture]);
  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);
  const [scheduler] = useState(() => new RenderScheduler());

  const clientWidth = useClientWidth(scrollEl);
  const pixelRatio = useDevicePixelRatio();
  const maxPageWidth = useMemo(() => pages.reduce((max, page) => Math.max(max, page.width), 0), [pages]);
  const fitScale = fitWidthScale(clientWidth - 2 * PAGE_PADDING, maxPageWidth);
  const scale = resolveScale(zoom, fitScale);
  const layout = useMemo(() => layoutPages(pages, scale), [pages, scale]);
  // A new `pages` array means a new document: the position resets instead of being carried over.
  const pageWindow = useVisiblePages(scrollEl, layout, pages);
  // The chunk list follows the page in view (DESIGN §12).
  const pageInView = pages[pageWindow.current]?.number ?? null;
  useEffect(() => usePageInView.getState().setPage(pageInView), [pageInView]);

  const levels = useMemo(() => hasLevels(chunks), [chunks]);
  const chunksById = useMemo(() => indexChunksById(chunks), [chunks]);
  const selectedChunk = selectedChunkId === null ? undefined : chunksById.get(selectedChunkId);
  // The selection matters to what is drawn only when it is a chunk of a hidden level (it is drawn
  // anyway); otherwise selecting must not rebuild the boxes of every page.
  const hiddenLevel = hierarchyView === "children" ? "parent" : hierarchyView === "parents" ? "child" : null;
  const hiddenSelection =
    levels && selectedChunk && selectedChunk.level === hiddenLevel ? selectedChunk.id : null;
  const boxesByPage = useMemo(
    () => indexBoxesByPage(levels ? chunksForView(chunks, hierarchyView, hiddenSelection) : chunks),
    [chunks, levels, hierarchyView, hiddenSelection],
  );
  const marksByPage = useMemo(() => indexMarksByPage(selectedChunk), [selectedChunk]);

  const goToPage = useCallback(
    (pageNumber: number) => {
      const index = pages.findIndex((page) => page.number === pageNumber);
      if (!scrollEl || index < 0) return;
      scrollEl.scrollTo({ top: layout.tops[index]! - PAGE_TOP_MARGIN });
    },
    [pages, layout, scrollEl],
  );

  const pageForLabel = useCallback(
    (label: string) => pages.find((page) => page.label === label)?.number ?? null,
    [pages],
  );

  // Scroll to a chunk once per scrollTarget object; a zoom or a new run must not scroll again.
  const handledTarget = useRef<PdfViewerProps["scrollTarget"]>(null);
  useEffect(() => {
    if (!scrollTarget || handledTarget.current === scrollTarget || !scrollEl || pages.length === 0) return;
    const chunk = chunksById.get(scrollTarget.chunkId);
    if (!chunk) return;
    handledTarget.current = scrollTarget;
    const box = chunk.boxes[0];
    const pageNumber = box?.page ?? chunk.pages[0];
    const index = pages.findIndex((page) => page.number === pageNumber);
    if (index < 0) return;
    const pageTop = layout.tops[index]!;
    if (!box) {
      scrollEl.scrollTo({ top: pageTop - PAGE_TOP_MARGIN });
      return;
    }
    const boxTop = pageTop + box.y0 * scale;
    const boxBottom = pageTop + box.y1 * scale;
    const viewTop = scrollEl.scrollTop;
    const viewBottom = viewTop + scrollEl.clientHeight;
    // Already comfortably on screen: moving it would only make the user lose their place.
    const margin = scrollEl.clientHeight * 0.1;
    const visible = boxTop >= viewTop + margin && boxBottom <= viewBottom - margin;
    const top = visible ? viewTop : boxTop - scrollEl.clientHeight * TARGET_VIEWPORT_FRACTION;
    // Zoomed wider than the viewport: bring the box's left edge into view too.
    const pageLeft = Math.max(0, (scrollEl.scrollWidth - layout.widths[index]!) / 2);
    const boxLeft = pageLeft + box.x0 * scale;
    const inView =
      boxLeft >= scrollEl.scrollLeft && boxLeft <= scrollEl.scrollLeft + scrollEl.clientWidth - PAGE_PADDING;
    scrollEl.scrollTo({ top, left: inView ? scrollEl.scrollLeft : boxLeft - PAGE_PADDING });
  }, [scrollTarget, chunksById, pages, layout, scale, scrollEl]);

  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const next = chunkToSelect(chunkIdsAtPoint(event.clientX, event.clientY), selectedChunkId);
      if (next !== null) onSelectChunk(next);
    },
    [selectedChunkId, onSelectChunk],
  );

  if (pages.length === 0) return null;

  const current = pages[pageWindow.current] ?? pages[0]!;
  return (
    <div className="pdf-viewer">
      <ViewerToolbar
        pageNumber={current.number}
        pageCount={pages.length}
        pageLabel={current.label}
        scale={scale}
        zoom={zoom}
        onZoomIn={() => onZoomChange(zoomIn(scale))}
        onZoomOut={() => onZoomChange(zoomOut(scale))}
        onFitWidth={() => onZoomChange({ mode: "fit-width" })}
        onGoToPage={goToPage}
        pageForLabel={pageForLabel}
        {...(levels ? { hierarchy: { view: hierarchyView, onChange: onHierarchyViewChange } } : {})}
        {...(onFurnitureSettingChange
          ? {
              furniture: {
                setting: furnitureSetting,
                count: furniture?.length ?? 0,
                onChange: onFurnitureSettingChange,
              },
            }
          : {})}
      />
      <div
        ref={setScrollEl}
        className="pdf-viewer__scroll"
        data-testid="pdf-viewer"
        role="region"
        aria-label="Document pages"
        // Focusable so the pages scroll by keyboard (arrows, Page Down) like any scrolled region.
        tabIndex={0}
        onClick={onClick}
      >
        <PageList
          pages={pages}
          layout={layout}
          pageWindow={pageWindow}
          pdf={pdf}
          boxesByPage={boxesByPage}
          marksByPage={marksByPage}
          selectedChunkId={selectedChunkId}
          furnitureByPage={furnitureByPage}
          furnitureSetting={furnitureSetting}
          pixelRatio={pixelRatio}
          scheduler={scheduler}
        />
      </div>
      <ChunkTooltip scrollEl={scrollEl} chunksById={chunksById} />
    </div>
  );
}

function indexFurnitureByPage(furniture: readonly Furniture[]): ReadonlyMap<number, Furniture[]> {
  const byPage = new Map<number, Furniture[]>();
  for (const item of furniture) {
    const list = byPage.get(item.page);
    if (list) list.push(item);
    else byPage.set(item.page, [item]);
  }
  return byPage;
}
