/**
 * What the selected question draws (DESIGN §8): its references and its retrieved chunks — hits and
 * misses apart, with their ranks — by page for the PDF overlays and as ranges for the text view.
 * Handed over through a store, as compare's marks are, so the memoized page list needs no new props.
 */
import { create } from "zustand";
import type { PageRect } from "../../core/document";

type EvalMarkKind = "reference" | "hit" | "miss";

export interface EvalBox extends PageRect {
  kind: EvalMarkKind;
  /** 1-based rank of a retrieved chunk. */
  rank?: number;
  chunkId?: string;
}

export interface EvalRange {
  start: number;
  end: number;
  kind: EvalMarkKind;
  rank?: number;
}

interface EvalMarksState {
  byPage: ReadonlyMap<number, readonly EvalBox[]> | null;
  ranges: readonly EvalRange[];
  /** The selected question's retrieved chunks in the document on screen. */
  retrievedIds: ReadonlySet<string> | null;
  /** Set while references are being marked: a rectangle dragged on a page, in page points. */
  onRect: ((rect: PageRect) => void) | null;
}

export const useEvalMarks = create<EvalMarksState>()(() => ({
  byPage: null,
  ranges: [],
  retrievedIds: null,
  onRect: null,
}));

/** Boxes grouped by page, in the order given. */
export function groupByPage(boxes: readonly EvalBox[]): Map<number, EvalBox[]> {
  const byPage = new Map<number, EvalBox[]>();
  for (const box of boxes) {
    const list = byPage.get(box.page);
    if (list) list.push(box);
    else byPage.set(box.page, [box]);
  }
  return byPage;
}
