/**
 * The page the viewer shows most of, for the chunk list to follow (DESIGN §12: the list follows the
 * page in view, the page follows the list). Its own store: it changes as the pages scroll, and
 * nothing that saves the workspace needs to hear of it.
 */
import { create } from "zustand";

interface PageInViewState {
  page: number | null;
  setPage(page: number | null): void;
}

export const usePageInView = create<PageInViewState>()((set, get) => ({
  page: null,
  setPage: (page) => {
    if (get().page !== page) set({ page });
  },
}));

/**
 * The index of the chunk the list should show for `page`: the first that touches it, else (a page
 * no chunk cites) the first after it; -1 when there is none.
 */
export function firstChunkOnPage(chunks: readonly { pages: readonly number[] }[], page: number): number {
  let after = -1;
  for (let i = 0; i < chunks.length; i++) {
    const pages = chunks[i]!.pages;
    if (pages.includes(page)) return i;
    if (after < 0 && pages.length > 0 && pages[0]! > page) after = i;
  }
  return after;
}
