/**
 * UI state in zustand slices: the open documents, the chosen chunker and its config, and the view.
 * Extraction results and runs live in react-query; this store holds what the user did.
 */
import { create } from "zustand";
import { getChunkerMeta, DEFAULT_CHUNKER } from "../../core/chunkers/metas";
import type { DocumentKind } from "../../core/fileKind";
import type { OcrPage } from "../../core/ocr";
import type { FurnitureSetting } from "../../core/document";
import type { HierarchyView } from "../viewer/ViewerToolbar";
import type { ZoomState } from "../viewer/zoom";

export type { ZoomState };

export interface OpenDocument {
  key: string;
  name: string;
  kind: DocumentKind;
  bytes: Uint8Array;
  /** Held in memory only: never persisted, never in the URL. */
  password?: string;
  /** How many passwords were tried: a wrong one asks again. */
  passwordAttempts: number;
  /** The pages OCR recognized (the user asked for it): merged into the model, its id + ":ocr". */
  ocr?: OcrPage[];
  /** Page furniture left out of the text (the default) or kept: a setting of this document (DESIGN §12). */
  furniture?: FurnitureSetting;
}

interface DocumentsSlice {
  docs: OpenDocument[];
  /** The document the user opened or chose last (doc-status speaks of it). */
  currentKey: string | null;
  /** The latest ready document, kept on screen while the current one loads or fails. */
  displayedKey: string | null;
  openDocument(doc: Omit<OpenDocument, "key" | "passwordAttempts">): string;
  setPassword(key: string, password: string): void;
  setOcr(key: string, pages: OcrPage[]): void;
  setFurniture(key: string, setting: FurnitureSetting): void;
  selectDocument(key: string): void;
  markDisplayed(key: string): void;
  closeDocument(key: string): void;
}

interface ParamsSlice {
  chunker: string;
  /** The config per chunker, so switching chunkers and back keeps what was tuned. */
  configs: Record<string, Record<string, unknown>>;
  setChunker(id: string): void;
  setParam(key: string, value: unknown): void;
  applyConfig(config: Record<string, unknown>): void;
  resetConfig(): void;
}

interface ViewSlice {
  zoom: ZoomState;
  /** Which levels of a parent/child run the page view draws (the list always shows every chunk). */
  hierarchyView: HierarchyView;
  selectedChunkId: string | null;
  scrollTarget: { chunkId: string; nonce: number } | null;
  filter: string;
  setZoom(zoom: ZoomState): void;
  setHierarchyView(view: HierarchyView): void;
  selectChunk(id: string | null, scroll: boolean): void;
  setFilter(filter: string): void;
}

export type WorkbenchState = DocumentsSlice & ParamsSlice & ViewSlice;

let keySeq = 0;

/** The config after the user sets one key (a chunker's meta may move linked keys with it). */
export function withParam(
  chunker: string,
  config: Readonly<Record<string, unknown>>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const meta = getChunkerMeta(chunker);
  return meta.withParam ? meta.withParam(config, key, value) : { ...config, [key]: value };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function defaultConfig(chunker: string): Record<string, unknown> {
  return { ...(getChunkerMeta(chunker).defaults as Record<string, unknown>) };
}

export const useWorkbench = create<WorkbenchState>()((set, get) => ({
  docs: [],
  currentKey: null,
  displayedKey: null,
  openDocument(doc) {
    // The same file opened again is switched to, not added twice.
    const open = get().docs.find((d) => d.name === doc.name && sameBytes(d.bytes, doc.bytes));
    if (open) {
      get().selectDocument(open.key);
      return open.key;
    }
    const key = `doc-${++keySeq}`;
    set((s) => ({ docs: [...s.docs, { ...doc, key, passwordAttempts: 0 }], currentKey: key }));
    return key;
  },
  setPassword(key, password) {
    set((s) => ({
      docs: s.docs.map((d) =>
        d.key === key ? { ...d, password, passwordAttempts: d.passwordAttempts + 1 } : d,
      ),
    }));
  },
  setOcr(key, ocr) {
    set((s) => ({ docs: s.docs.map((d) => (d.key === key ? { ...d, ocr } : d)) }));
  },
  setFurniture(key, furniture) {
    set((s) => ({
      docs: s.docs.map((d) => (d.key === key ? { ...d, furniture } : d)),
      selectedChunkId: null,
      scrollTarget: null,
    }));
  },
  selectDocument(key) {
    set({ currentKey: key, selectedChunkId: null, scrollTarget: null });
  },
  markDisplayed(key) {
    if (get().displayedKey !== key) set({ displayedKey: key, selectedChunkId: null, scrollTarget: null });
  },
  closeDocument(key) {
    set((s) => {
      const docs = s.docs.filter((d) => d.key !== key);
      const fallback = docs.at(-1)?.key ?? null;
      return {
        docs,
        currentKey: s.currentKey === key ? fallback : s.currentKey,
        displayedKey: s.displayedKey === key ? null : s.displayedKey,
      };
    });
  },

  chunker: DEFAULT_CHUNKER,
  configs: { [DEFAULT_CHUNKER]: defaultConfig(DEFAULT_CHUNKER) },
  setChunker(id) {
    set((s) => ({
      chunker: id,
      configs: s.configs[id] ? s.configs : { ...s.configs, [id]: defaultConfig(id) },
    }));
  },
  setParam(key, value) {
    set((s) => ({
      configs: { ...s.configs, [s.chunker]: withParam(s.chunker, s.configs[s.chunker] ?? {}, key, value) },
    }));
  },
  applyConfig(config) {
    set((s) => ({ configs: { ...s.configs, [s.chunker]: { ...defaultConfig(s.chunker), ...config } } }));
  },
  resetConfig() {
    set((s) => ({ configs: { ...s.configs, [s.chunker]: defaultConfig(s.chunker) } }));
  },

  zoom: { mode: "fit-width" },
  hierarchyView: "both",
  selectedChunkId: null,
  scrollTarget: null,
  filter: "",
  setZoom(zoom) {
    set({ zoom });
  },
  setHierarchyView(hierarchyView) {
    set({ hierarchyView });
  },
  selectChunk(id, scroll) {
    set((s) => ({
      selectedChunkId: id,
      scrollTarget: scroll && id ? { chunkId: id, nonce: (s.scrollTarget?.nonce ?? 0) + 1 } : s.scrollTarget,
    }));
  },
  setFilter(filter) {
    set({ filter });
  },
}));

export function currentConfig(state: WorkbenchState): Record<string, unknown> {
  return state.configs[state.chunker] ?? defaultConfig(state.chunker);
}
