/**
 * The current A/B comparison's boundary marks by page, for the page overlays: handed over through a
 * store so the viewer's memoized page list needs no new props and only the overlays re-render when
 * the marks change. Apart from state/compare.ts so the viewer does not import the engine's queries.
 */
import { create } from "zustand";
import type { BoundaryMark } from "../../core/compare";
import type { PageRect } from "../../core/document";

export type CompareMarksByPage = ReadonlyMap<number, readonly BoundaryMark[]>;

/** One box of one of B's chunks, with the chunk it belongs to (outlined on the page in B's colour). */
export interface BBox extends PageRect {
  chunkId: string;
}

export type BBoxesByPage = ReadonlyMap<number, readonly BBox[]>;

export const useCompareMarks = create<{ byPage: CompareMarksByPage | null; bBoxes: BBoxesByPage | null }>()(
  () => ({ byPage: null, bBoxes: null }),
);
