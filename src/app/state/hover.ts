/**
 * A text range the pointer is over somewhere else (a point of the similarity curve), with its line
 * boxes: the page view outlines it. Apart from the main store so a hover re-renders only the overlay
 * that draws it.
 */
import { create } from "zustand";
import type { PageRect } from "../../core/document";

interface HoverRange {
  start: number;
  end: number;
  /** The range's line boxes (core/citations), grouped by page number. */
  byPage: Map<number, PageRect[]>;
}

interface HoverState {
  range: HoverRange | null;
  setHoverRange(range: HoverRange | null): void;
}

export const useHover = create<HoverState>()((set) => ({
  range: null,
  setHoverRange: (range) => set({ range }),
}));
