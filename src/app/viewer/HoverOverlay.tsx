/**
 * The range under the pointer elsewhere (a point of the similarity curve: the sentence pair it
 * compares), outlined on its pages so a user sees which text a dip belongs to.
 */
import { memo } from "react";
import { useHover } from "../state/hover";
import type { StyleWithVars } from "./cssVars";

export const HoverOverlay = memo(function HoverOverlay({ pageNumber }: { pageNumber: number }) {
  const boxes = useHover((s) => s.range?.byPage.get(pageNumber));
  if (!boxes || boxes.length === 0) return null;
  return (
    <div className="hover-overlay">
      {boxes.map((box, i) => {
        const style: StyleWithVars = { "--x0": box.x0, "--y0": box.y0, "--x1": box.x1, "--y1": box.y1 };
        // Lines of one range never repeat, and the list is rebuilt per hover: the index is stable.
        return (
          <div
            key={i}
            className="hover-range"
            data-testid="hover-range"
            data-page={pageNumber}
            style={style}
          />
        );
      })}
    </div>
  );
});
