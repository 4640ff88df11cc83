/**
 * The selected question on the page: its references (filled) and its retrieved chunks (outlined,
 * green for a hit, red for a miss, with the rank). While references are being marked, a drag on the
 * page draws a rectangle whose text becomes a reference.
 */
import { memo, useRef, useState, type PointerEvent } from "react";
import { useEvalMarks } from "../state/evalMarks";
import type { StyleWithVars } from "./cssVars";

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
  const marking = useEvalMarks((s) => s.onRect !== null);
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

function MarkingLayer({ pageNumber, scale }: Props) {
  const origin = useRef<{ x: number; y: number } | null>(null);
  const [band, setBand] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const point = (e: PointerEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  return (
    <div
      className="eval-marking"
      data-testid="mark-layer"
      data-page={pageNumber}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        origin.current = point(e);
        setBand({ x0: origin.current.x, y0: origin.current.y, x1: origin.current.x, y1: origin.current.y });
      }}
      onPointerMove={(e) => {
        if (!origin.current) return;
        const p = point(e);
        const o = origin.current;
        setBand({
          x0: Math.min(o.x, p.x),
          y0: Math.min(o.y, p.y),
          x1: Math.max(o.x, p.x),
          y1: Math.max(o.y, p.y),
        });
      }}
      onPointerUp={() => {
        const b = band;
        origin.current = null;
        setBand(null);
        if (b)
          useEvalMarks.getState().onRect?.({
            page: pageNumber,
            x0: b.x0 / scale,
            y0: b.y0 / scale,
            x1: b.x1 / scale,
            y1: b.y1 / scale,
          });
      }}
    >
      {band && (
        <div
          className="eval-band"
          style={{ left: band.x0, top: band.y0, width: band.x1 - band.x0, height: band.y1 - band.y0 }}
        />
      )}
    </div>
  );
}
