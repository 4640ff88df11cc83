/**
 * Notices about the workspace itself, apart from a document's own status: storage (`storage-notice`:
 * storing failed, IndexedDB unavailable, a store migrated or unreadable) and the link the page was
 * opened with (`link-notice`: an unknown chunker or an invalid config, the defaults used instead).
 */
import { create } from "zustand";

interface NoticeState {
  storage: string | null;
  link: string | null;
  setStorage(message: string | null): void;
  setLink(message: string | null): void;
}

export const useNotices = create<NoticeState>()((set) => ({
  storage: null,
  link: null,
  setStorage: (storage) => set({ storage }),
  setLink: (link) => set({ link }),
}));
