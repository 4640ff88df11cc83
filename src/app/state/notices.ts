/**
 * Notices about the workspace itself, apart from a document's own status: storage (`storage-notice`:
 * storing failed, IndexedDB unavailable, a store migrated or unreadable), a refused import
 * (`import-error`) and the link the page was
 * opened with (`link-notice`: an unknown chunker or an invalid config, the defaults used instead; a
 * link made on a document that is not open, which waits for that document — `pendingLink`).
 */
import { create } from "zustand";
import type { HashState } from "./urlHash";

/** A link made on a document not open here: applied to that document once it is opened, never to another. */
interface PendingLink {
  doc: { id: string; name: string };
  state: HashState;
}

interface NoticeState {
  storage: string | null;
  /** Why an import was refused (`import-error`); the workspace on screen is as it was. */
  importError: string | null;
  link: string | null;
  pendingLink: PendingLink | null;
  setStorage(message: string | null): void;
  setImportError(message: string | null): void;
  setLink(message: string | null): void;
  setPendingLink(link: PendingLink | null): void;
}

export const useNotices = create<NoticeState>()((set) => ({
  storage: null,
  importError: null,
  link: null,
  pendingLink: null,
  setStorage: (storage) => set({ storage }),
  setImportError: (importError) => set({ importError }),
  setLink: (link) => set(link === null ? { link, pendingLink: null } : { link }),
  setPendingLink: (pendingLink) => set({ pendingLink }),
}));
