/**
 * One page of the list: always a sized placeholder (the e2e contract's `page-<n>`), and, while it
 * is near the viewport, the stacked layers — canvas below, chunk boxes above, the selected chunk's
 * marks on top.
 */
import { memo } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { Furniture, FurnitureSetting, PageInfo } from "../../core/document";
import { ChunkOverlay } from "./ChunkOverlay";
import { CompareOverlay } from "./CompareOverlay";
import { DraftOverlay, EvalOverlay } from "./EvalOverlay";
import { FurnitureOverlay } from "./FurnitureOverlay";
import { HoverOverlay } from "./HoverOverlay";
import { MarkOverlay } from "./MarkOverlay";
import { PageCanvas } from "./PageCanvas";
import { useEvalMarks } from "../state/evalMarks";
import { useLayers } from "../state/layers";
import type { PageBox, PageMark } from "./pageBoxes";
import type { RenderScheduler } from "./renderScheduler";

const NO_BOXES: readonly PageBox[] = [];
const NO_MARKS: readonly PageMark[] = [];

interface PageViewProps {
  page: PageInfo;
  /** Position and size in CSS pixels (from PageLayout). */
  top: number;
  width: number;
  height: number;
  scale: number;
  pixelRatio: number;
  /** Whether the layers are mounted; a page far from the viewport is only its placeholder. */
  rendered: boolean;
  pdf: PDFDocumentProxy | null;
  boxes: readonly PageBox[] | undefined;
  /** The selected chunk's marks on this page. */
  marks: readonly PageMark[] | undefined;
  selectedChunkId: string | null;
  /** The page's running heads, footers and page numbers, and whether the text left them out. */
  furniture: readonly Furniture[] | undefined;
  furnitureSetting: FurnitureSetting;
  priority: number;
  scheduler: RenderScheduler;
}

function pageBadge(page: PageInfo): { text: string; title: string } | null {
  if (page.error) return { text: "page failed", title: page.error };
  if (!page.hasText)
    return { text: "no text layer", title: "No extractable text on this page: no chunk can cite it." };
  return null;
}

export const PageView = memo(function PageView({
  page,
  top,
  width,
  height,
  scale,
  pixelRatio,
  rendered,
  pdf,
  boxes = NO_BOXES,
  marks = NO_MARKS,
  selectedChunkId,
  furniture,
  furnitureSetting,
  priority,
  scheduler,
}: PageViewProps) {
  const badge = pageBadge(page);
  const layers = useLayers();
  // A selected question: its retrieved chunks stand out, every other box steps back.
  const questionIds = useEvalMarks((s) => s.retrievedIds);
  return (
    <div
      className={questionIds ? "pdf-page pdf-page--question" : "pdf-page"}
      data-testid={`page-${page.number}`}
      data-page-number={page.number}
      // Centred, but never pushed left of the list's padding when zoomed wider than the viewport.
      style={{ top, width, height, left: `max(0px, calc(50% - ${width / 2}px))` }}
    >
      {rendered && pdf && (
        <PageCanvas
          pdf={pdf}
          pageNumber={page.number}
          scale={scale}
          pixelRatio={pixelRatio}
          priority={priority}
          scheduler={scheduler}
        />
      )}
      {rendered && furniture && furniture.length > 0 && (
        <FurnitureOverlay pageNumber={page.number} furniture={furniture} setting={furnitureSetting} />
      )}
      {rendered && layers.a && boxes.length > 0 && (
        <ChunkOverlay
          pageNumber={page.number}
          boxes={boxes}
          selectedChunkId={selectedChunkId}
          questionIds={questionIds}
        />
      )}
      {rendered && marks.length > 0 && <MarkOverlay pageNumber={page.number} marks={marks} />}
      {rendered && layers.b && <CompareOverlay pageNumber={page.number} />}
      {rendered && (
        <EvalOverlay
          pageNumber={page.number}
          scale={scale}
          references={layers.references}
          retrieved={layers.retrieved}
        />
      )}
      {rendered && <DraftOverlay pageNumber={page.number} />}
      {rendered && <HoverOverlay pageNumber={page.number} />}
      {badge && (
        <div className="pdf-page-badge" title={badge.title}>
          {badge.text}
        </div>
      )}
    </div>
  );
});
