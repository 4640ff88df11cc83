/**
 * A page's furniture (running heads, footers, page numbers), greyed over the page: the user sees
 * what was left out of the text and why (a native tooltip), or that it was kept. Below the chunk
 * boxes; the pointer reaches it only for the tooltip.
 */
import { memo } from "react";
import type { Furniture, FurnitureSetting } from "../../core/document";
import type { StyleWithVars } from "./cssVars";

interface FurnitureOverlayProps {
  pageNumber: number;
  furniture: readonly Furniture[];
  setting: FurnitureSetting;
}

const WHY: Record<Furniture["kind"], string> = {
  header: "a running header: it recurs at this height in the top band of many pages",
  footer: "a running footer: it recurs at this height in the bottom band of many pages",
  "page-number": "a page number: it stands alone at the top or bottom of the page",
};

function furnitureTooltip(item: Pick<Furniture, "kind" | "text">, setting: FurnitureSetting): string {
  const said = setting === "drop" ? "Left out of the text" : "Kept in the text (Page furniture: keep)";
  return `${said} — “${item.text}” is ${WHY[item.kind]}.`;
}

export const FurnitureOverlay = memo(function FurnitureOverlay({
  pageNumber,
  furniture,
  setting,
}: FurnitureOverlayProps) {
  return (
    <div className="furniture-overlay">
      {furniture.map((item, i) => {
        const style: StyleWithVars = { "--x0": item.x0, "--y0": item.y0, "--x1": item.x1, "--y1": item.y1 };
        return (
          <div
            // One page's furniture does not change while it is shown: the index is stable.
            key={i}
            className={`furniture furniture--${setting}`}
            data-testid="furniture-box"
            data-kind={item.kind}
            data-page={pageNumber}
            title={furnitureTooltip(item, setting)}
            style={style}
          />
        );
      })}
    </div>
  );
});
