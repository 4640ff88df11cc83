/**
 * The range under the pointer elsewhere (a point of the similarity curve: the sentence pair it
 * compares), outlined on its pages so a user sees which text a dip belongs to.
 */
import { memo } from "react";
import { useHover } from "../state/hover";
import { RectLayer } from "./RectLayer";

export const HoverOverlay = memo(function HoverOverlay({ pageNumber }: { pageNumber: number }) {
  const boxes = useHover((s) => s.range?.byPage.get(pageNumber));
  if (!boxes || boxes.length === 0) return null;
  return (
    <RectLayer
      pageNumber={pageNumber}
      rects={boxes}
      layerClass="hover-overlay"
      boxClass="hover-range"
      testId="hover-range"
    />
  );
});
