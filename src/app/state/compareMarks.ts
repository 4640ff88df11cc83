/**
 * The current A/B comparison's boundary marks by page, for the page overlays: handed over through a
 * store so the viewer's memoized page list needs no new props and only the overlays re-render when
 * the marks change. Apart from state/compare.ts so the viewer does not import the engine's queries.
 */
import { create } from "zustand";
import type { BoundaryMark } from "../../core/compare";

export type CompareMarksByPage = ReadonlyMap<number, readonly BoundaryMark[]>;

export const useCompareMarks = create<{ byPage: CompareMarksByPage | null }>()(() => ({ byPage: null }));
