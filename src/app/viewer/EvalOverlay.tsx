/**
 * The selected question on the page: its references (filled) and its retrieved chunks (outlined,
 * green for a hit, red for a miss, with the rank). While references are being marked, a drag from
 * word to word on the pages selects the words between; the draft's references are drawn apart.
 */
import { memo, useRef } from "react";
import { spanOfWords, type WordRange } from "../../core/wordAtPoint";
import { useEvalMarks } from "../state/evalMarks";
import type { StyleWithVars } from "./cssVars";
import { RectLayer } from "./RectLayer";

interface Props {
  pageNumber: number;
  /** CSS pixels per PDF point. */
  scale: number;
}

interface OverlayProps extends Props {
  /** Whether the references layer and the retrieved layer are drawn (the page's layer switches). */
  references: boolean;
  retrieved: boolean;
}

export const EvalOverlay = memo(function EvalOverlay({
  pageNumber,
  scale,
  references,
  retrieved,
}: OverlayProps) {
  const all = useEvalMarks((s) => s.byPage?.get(pageNumber));
  const boxes =
    references && retrieved ? all : all?.filter((box) => (box.kind === "reference" ? references : retrieved));
  const marking = useEvalMarks((s) => s.marker !== null);
  return (
    <>
      {boxes && boxes.length > 0 && (
        <div className="eval-overlay">
          {boxes.map((box, i) => {
            const style: StyleWithVars = { "--x0": box.x0, "--y0": box.y0, "--x1": box.x1, "--y1": box.y1 };
            const isRetrieved = box.kind !== "reference";
            return (
              <div
                // A chunk or reference may have several boxes on a page; the order is stable per question.
                key={i}
                className={`eval-box eval-box--${box.kind}`}
                data-testid={isRetrieved ? "retrieved-box" : "reference-box"}
                data-kind={box.kind}
                data-page={pageNumber}
                {...(box.rank !== undefined ? { "data-rank": box.rank } : {})}
                {...(box.chunkId !== undefined ? { "data-chunk-id": box.chunkId } : {})}
                title={
                  isRetrieved
                    ? `retrieved #${box.rank} (${box.kind === "hit" ? "holds part of the answer" : "misses the answer"}): ${box.chunkId}`
                    : "reference: the text that answers the question"
                }
                style={style}
              >
                {isRetrieved && box.rank !== undefined && <span className="eval-rank">{box.rank}</span>}
              </div>
            );
          })}
        </div>
      )}
      {marking && <MarkingLayer pageNumber={pageNumber} scale={scale} />}
    </>
  );
});

/** The page under a client point and the point in its CSS pixels: a drag may run on to another page. */
function layerAt(clientX: number, clientY: number): { page: number; x: number; y: number } | null {
  for (const el of document.elementsFromPoint(clientX, clientY)) {
    if (!(el instanceof HTMLElement) || el.dataset.testid !== "mark-layer") continue;
    const r = el.getBoundingClientRect();
    return { page: Number(el.dataset.page), x: clientX - r.left, y: clientY - r.top };
  }
  return null;
}

/**
 * Marking an answer (DESIGN §12): press on a word, drag to another — mid-line, across lines and on
 * to other pages — and the words between become a reference. By keyboard, on a focused page:
 * Shift+→/← grows or shrinks the last reference by a word at its end, Alt+Shift+←/→ at its start.
 */
function MarkingLayer({ pageNumber, scale }: Props) {
  const anchor = useRef<WordRange | null>(null);
  const last = useRef<{ range: WordRange; page: number } | null>(null);
  const wordUnder = (clientX: number, clientY: number) => {
    const marker = useEvalMarks.getState().marker;
    const at = layerAt(clientX, clientY);
    if (!marker || !at) return null;
    const word = marker.wordAt(at.page, at.x / scale, at.y / scale);
    return word ? { word, page: at.page } : null;
  };
  return (
    <div
      className="eval-marking"
      data-testid="mark-layer"
      data-page={pageNumber}
      tabIndex={0}
      aria-label={`Page ${pageNumber}: drag from the answer's first word to its last; Shift+arrows grow or shrink it by a word`}
      onPointerDown={(e) => {
        const hit = wordUnder(e.clientX, e.clientY);
        if (!hit) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        e.currentTarget.focus({ preventScroll: true });
        anchor.current = hit.word;
        last.current = { range: hit.word, page: hit.page };
        useEvalMarks.getState().marker?.preview(hit.word);
      }}
      onPointerMove={(e) => {
        if (!anchor.current) return;
        const hit = wordUnder(e.clientX, e.clientY);
        if (!hit) return;
        const range = spanOfWords(anchor.current, hit.word);
        last.current = { range, page: last.current?.page ?? hit.page };
        useEvalMarks.getState().marker?.preview(range);
      }}
      onPointerUp={() => {
        const done = last.current;
        anchor.current = null;
        last.current = null;
        const marker = useEvalMarks.getState().marker;
        marker?.preview(null);
        if (done) marker?.select(done.range, done.page);
      }}
      onKeyDown={(e) => {
        if (!e.shiftKey || (e.key !== "ArrowRight" && e.key !== "ArrowLeft")) return;
        e.preventDefault();
        const right = e.key === "ArrowRight";
        const marker = useEvalMarks.getState().marker;
        // At the end: → grows, ← shrinks; at the start (Alt): ← grows, → shrinks.
        if (e.altKey) marker?.step("start", !right);
        else marker?.step("end", right);
      }}
    />
  );
}

/** The draft question's references (and the selection being dragged) on this page. */
export const DraftOverlay = memo(function DraftOverlay({ pageNumber }: { pageNumber: number }) {
  const boxes = useEvalMarks((s) => s.draftByPage?.get(pageNumber));
  if (!boxes || boxes.length === 0) return null;
  return (
    <RectLayer
      pageNumber={pageNumber}
      rects={boxes}
      layerClass="eval-overlay"
      boxClass="eval-box eval-box--draft"
      testId="draft-reference"
      title="The answer being marked (not saved yet)"
    />
  );
});
