/**
 * A text range the pointer is over somewhere else (a point of the similarity curve): the page view
 * outlines it. Apart from the main store so a hover re-renders only the overlay that draws it.
 */
import { create } from "zustand";

export interface HoverRange {
  start: number;
  end: number;
}

interface HoverState {
  range: HoverRange | null;
  setHoverRange(range: HoverRange | null): void;
}

export const useHover = create<HoverState>()((set) => ({
  range: null,
  setHoverRange: (range) => set({ range }),
}));
