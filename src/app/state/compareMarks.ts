/**
 * The current A/B comparison's boundary marks by page, for the page overlays: handed over through a
 * store so the viewer's memoized page list needs no new props and only the overlays re-render when
 * the marks change. Apart from state/compare.ts so the viewer does not import the engine's queries.
 */
import { create } from "zustand";
import type { Chunk } from "../../core/chunk";
import { chunkIndicesByPage } from "../../core/chunkPages";
import type { BoundaryMark } from "../../core/compare";
import type { PageRect } from "../../core/document";

export interface CompareMarksByPage {
  get(page: number): readonly BoundaryMark[] | undefined;
}

/** One box of one of B's chunks, with the chunk it belongs to (outlined on the page in B's colour). */
interface BBox extends PageRect {
  chunkId: string;
}

export interface BBoxesByPage {
  get(page: number): readonly BBox[] | undefined;
}

/** B's chunks' boxes by page: a run lists which chunks touch a page; a page's boxes are made when asked for. */
export function chunkBoxesByPage(chunks: readonly Chunk[]): BBoxesByPage {
  const chunksOnPage = chunkIndicesByPage(chunks);
  const built = new Map<number, BBox[]>();
  return {
    get(page) {
      let list = built.get(page);
      if (list) return list;
      const onPage = chunksOnPage.get(page);
      if (!onPage) return undefined;
      list = [];
      for (const i of onPage)
        for (const box of chunks[i]!.boxes)
          if (box.page === page) list.push({ ...box, chunkId: chunks[i]!.id });
      built.set(page, list);
      return list;
    },
  };
}

export const useCompareMarks = create<{ byPage: CompareMarksByPage | null; bBoxes: BBoxesByPage | null }>()(
  () => ({ byPage: null, bBoxes: null }),
);
