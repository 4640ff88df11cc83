/**
 * The marks of the selected chunk on one page (entity spans, the reason a boundary fell where it
 * did), above the chunk boxes. Each box names its mark in a native tooltip; clicks pass through to
 * the viewer, whose hit test looks under the pointer for chunk boxes, not at the event target.
 */
import { memo } from "react";
import type { StyleWithVars } from "./cssVars";
import { markKindClass, type PageMark } from "./pageBoxes";

interface MarkOverlayProps {
  pageNumber: number;
  marks: readonly PageMark[];
}

export const MarkOverlay = memo(function MarkOverlay({ pageNumber, marks }: MarkOverlayProps) {
  return (
    <div className="mark-overlay">
      {marks.map((mark, i) => {
        const style: StyleWithVars = { "--x0": mark.x0, "--y0": mark.y0, "--x1": mark.x1, "--y1": mark.y1 };
        return (
          <div
            // Marks can share a label and a line; the index is stable for one selected chunk.
            key={i}
            className={`mark mark--${markKindClass(mark.kind)}`}
            data-testid="mark"
            data-kind={mark.kind}
            data-page={pageNumber}
            data-label={mark.label}
            title={`${mark.label} (${mark.kind})`}
            style={style}
          />
        );
      })}
    </div>
  );
});
