/**
 * Zoom, page navigation and (for a parent/child run) the levels drawn, above the pages.
 * Presentational: the viewer owns the scroll position and the zoom and hierarchy view come from the
 * parent, so this only reports what the user asked for.
 */
import { useState, type KeyboardEvent } from "react";
import type { FurnitureSetting } from "../../core/document";
import { LayerToggles } from "./LayerToggles";
import { MAX_SCALE, MIN_SCALE, type ZoomState } from "./zoom";

export type HierarchyView = "children" | "parents" | "both";

const HIERARCHY_VIEWS: readonly { value: HierarchyView; label: string }[] = [
  { value: "both", label: "parents + children" },
  { value: "children", label: "children" },
  { value: "parents", label: "parents" },
];

export interface ViewerToolbarProps {
  /** 1-based number of the page covering most of the viewport. */
  pageNumber: number;
  pageCount: number;
  /** The PDF's own label of that page (e.g. "xii"), shown when it differs from the number. */
  pageLabel?: string;
  /** The effective scale (CSS pixels per point), also in fit-width mode. */
  scale: number;
  zoom: ZoomState;
  onZoomIn(): void;
  onZoomOut(): void;
  onFitWidth(): void;
  /** 1-based page number, already clamped by the caller. */
  onGoToPage(pageNumber: number): void;
  /** Resolves a typed label (e.g. "xii") to a page number, or null. */
  pageForLabel?(label: string): number | null;
  /** Present only when the run has parent/child levels. */
  hierarchy?: { view: HierarchyView; onChange(view: HierarchyView): void };
  /** The document's page-furniture setting (DESIGN §12), with how much furniture was found. */
  furniture?: { setting: FurnitureSetting; count: number; onChange(setting: FurnitureSetting): void };
}

export function ViewerToolbar({
  pageNumber,
  pageCount,
  pageLabel,
  scale,
  zoom,
  onZoomIn,
  onZoomOut,
  onFitWidth,
  onGoToPage,
  pageForLabel,
  hierarchy,
  furniture,
}: ViewerToolbarProps) {
  // What the user is typing; null shows the current page (which follows the scrolling).
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const typed = draft.trim();
    const asNumber = /^\d+$/.test(typed) ? Number(typed) : (pageForLabel?.(typed) ?? NaN);
    if (Number.isFinite(asNumber) && pageCount > 0) {
      onGoToPage(Math.min(pageCount, Math.max(1, asNumber)));
    }
    setDraft(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      commit();
      event.currentTarget.blur();
    } else if (event.key === "Escape") {
      setDraft(null);
      event.currentTarget.blur();
    }
  };

  const showLabel = pageLabel !== undefined && pageLabel !== String(pageNumber);

  return (
    <div className="viewer-toolbar" role="toolbar" aria-label="Page view">
      <div className="viewer-toolbar__group">
        <button
          type="button"
          data-testid="viewer-prev-page"
          aria-label="Previous page"
          disabled={pageNumber <= 1}
          onClick={() => onGoToPage(pageNumber - 1)}
        >
          ‹
        </button>
        <label className="viewer-toolbar__page">
          page{" "}
          <input
            data-testid="viewer-page-input"
            aria-label="Page number"
            inputMode="numeric"
            size={Math.max(2, String(pageCount).length)}
            value={draft ?? String(pageNumber)}
            onChange={(event) => setDraft(event.target.value)}
            onFocus={(event) => event.target.select()}
            onKeyDown={onKeyDown}
            onBlur={commit}
          />{" "}
          of <span data-testid="viewer-page-count">{pageCount}</span>
          {showLabel && <span className="viewer-toolbar__label"> ({pageLabel})</span>}
        </label>
        <button
          type="button"
          data-testid="viewer-next-page"
          aria-label="Next page"
          disabled={pageNumber >= pageCount}
          onClick={() => onGoToPage(pageNumber + 1)}
        >
          ›
        </button>
      </div>
      {hierarchy && (
        <label
          className="viewer-toolbar__group"
          title="Parents are drawn as outlines, children as fills; the list keeps every chunk"
        >
          show{" "}
          <select
            data-testid="hierarchy-toggle"
            value={hierarchy.view}
            onChange={(event) => hierarchy.onChange(event.currentTarget.value as HierarchyView)}
          >
            {HIERARCHY_VIEWS.map((v) => (
              <option key={v.value} value={v.value}>
                {v.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {furniture && (
        <label
          className="viewer-toolbar__group"
          title={
            furniture.count === 0
              ? "No running heads, footers or page numbers were found in this document: both settings give the same text."
              : `${furniture.count} running heads, footers and page numbers found (greyed on the pages). Left out, no chunk, score or curve sees them; kept, they are ordinary text.`
          }
        >
          page furniture{" "}
          <select
            data-testid="furniture-setting"
            value={furniture.setting}
            onChange={(event) => furniture.onChange(event.currentTarget.value as FurnitureSetting)}
          >
            <option value="drop">leave out</option>
            <option value="keep">keep</option>
          </select>
        </label>
      )}
      <LayerToggles />
      <div className="viewer-toolbar__group">
        <button
          type="button"
          data-testid="viewer-zoom-out"
          aria-label="Zoom out"
          disabled={scale <= MIN_SCALE}
          onClick={onZoomOut}
        >
          −
        </button>
        <span className="viewer-toolbar__zoom" data-testid="viewer-zoom-level">
          {Math.round(scale * 100)}%
        </span>
        <button
          type="button"
          data-testid="viewer-zoom-in"
          aria-label="Zoom in"
          disabled={scale >= MAX_SCALE}
          onClick={onZoomIn}
        >
          +
        </button>
        <button
          type="button"
          data-testid="viewer-fit-width"
          aria-pressed={zoom.mode === "fit-width"}
          onClick={onFitWidth}
        >
          Fit width
        </button>
      </div>
    </div>
  );
}
