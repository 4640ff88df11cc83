/**
 * What the selected question draws (DESIGN §8): its references and its retrieved chunks — hits and
 * misses apart, with their ranks — by page for the PDF overlays and as ranges for the text view.
 * Handed over through a store, as compare's marks are, so the memoized page list needs no new props.
 */
import { create } from "zustand";
import type { PageRect } from "../../core/document";
import type { WordRange } from "../../core/wordAtPoint";

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
  /** Set while references are being marked (DESIGN §12: word to word, by pointer or keyboard). */
  marker: Marker | null;
  /** The draft question's references and the selection being dragged, as boxes by page (`draft-reference`). */
  draftByPage: ReadonlyMap<number, readonly PageRect[]> | null;
}

/** What the pages' marking layers ask of the panel that owns the draft. */
interface Marker {
  /** The word under a point of a page, in page points. */
  wordAt(page: number, x: number, y: number): WordRange | null;
  /** The selection while it is dragged (drawn as a draft), or null once it ends. */
  preview(range: WordRange | null): void;
  /** A finished selection: it becomes one of the draft's references. */
  select(range: WordRange, page: number): void;
  /** The keyboard: the last reference grows or shrinks by a word at its end or start. */
  step(edge: "end" | "start", grow: boolean): void;
}

export const useEvalMarks = create<EvalMarksState>()(() => ({
  byPage: null,
  ranges: [],
  retrievedIds: null,
  marker: null,
  draftByPage: null,
}));

/** Boxes grouped by page, in the order given. */
export function groupByPage<Box extends { page: number }>(boxes: readonly Box[]): Map<number, Box[]> {
  const byPage = new Map<number, Box[]>();
  for (const box of boxes) {
    const list = byPage.get(box.page);
    if (list) list.push(box);
    else byPage.set(box.page, [box]);
  }
  return byPage;
}
