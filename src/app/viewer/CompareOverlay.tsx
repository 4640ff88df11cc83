/**
 * A/B compare on the page: B's chunks as dashed outlines in B's colour over A's filled boxes, and
 * the boundaries — A's, B's, and where the two agree — as bars at the leading edge of the first
 * character after each cut. The marks come from the
 * compare state (the workbench computes them), so the page list and its memoized blocks need no new
 * props: only the pages' overlays re-render when the comparison changes.
 */
import { memo } from "react";
import type { BoundaryStatus } from "../../core/compare";
import { useCompareMarks } from "../state/compareMarks";
import type { StyleWithVars } from "./cssVars";
import "./compare.css";

const STATUS_TEXT: Record<BoundaryStatus, string> = {
  shared: "A and B both cut here",
  "only-a": "only A cuts here",
  "only-b": "only B cuts here",
};

export const CompareOverlay = memo(function CompareOverlay({ pageNumber }: { pageNumber: number }) {
  const marks = useCompareMarks((s) => s.byPage?.get(pageNumber));
  const bBoxes = useCompareMarks((s) => s.bBoxes?.get(pageNumber));
  if ((!marks || marks.length === 0) && (!bBoxes || bBoxes.length === 0)) return null;
  return (
    <div className="compare-overlay">
      {(bBoxes ?? []).map((box, i) => {
        const style: StyleWithVars = { "--x0": box.x0, "--y0": box.y0, "--x1": box.x1, "--y1": box.y1 };
        return (
          <div
            // A chunk may have several boxes on a page; their order is stable within a run.
            key={`${box.chunkId}:${i}`}
            className="compare-b-box"
            data-testid="compare-b-box"
            data-chunk-id={box.chunkId}
            data-page={pageNumber}
            title={`B: ${box.chunkId}`}
            style={style}
          />
        );
      })}
      {(marks ?? []).map((mark) => {
        const style: StyleWithVars = { "--x0": mark.x0, "--y0": mark.y0, "--x1": mark.x1, "--y1": mark.y1 };
        return (
          <div
            // A boundary offset is unique within a comparison.
            key={mark.offset}
            className={`compare-boundary compare-boundary--${mark.status}`}
            data-testid="compare-boundary"
            data-status={mark.status}
            data-page={pageNumber}
            data-offset={mark.offset}
            title={`${STATUS_TEXT[mark.status]} (offset ${mark.offset})`}
            style={style}
          />
        );
      })}
    </div>
  );
});
