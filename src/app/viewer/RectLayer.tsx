/**
 * A page's layer of plain rectangles (a range's line boxes: the hovered sentence pair, the answer
 * being marked), each placed by its rectangle in page points as CSS variables (viewer.css scales
 * them). One component for every layer that draws a range and nothing more.
 */
import type { PageRect } from "../../core/document";
import type { StyleWithVars } from "./cssVars";

interface RectLayerProps {
  pageNumber: number;
  rects: readonly Pick<PageRect, "x0" | "y0" | "x1" | "y1">[];
  layerClass: string;
  boxClass: string;
  testId: string;
  title?: string;
}

export function RectLayer({ pageNumber, rects, layerClass, boxClass, testId, title }: RectLayerProps) {
  return (
    <div className={layerClass}>
      {rects.map((rect, i) => {
        const style: StyleWithVars = { "--x0": rect.x0, "--y0": rect.y0, "--x1": rect.x1, "--y1": rect.y1 };
        return (
          <div
            // A range's line boxes are rebuilt whole when it changes: the index is stable within one.
            key={i}
            className={boxClass}
            data-testid={testId}
            data-page={pageNumber}
            {...(title ? { title } : {})}
            style={style}
          />
        );
      })}
    </div>
  );
}
