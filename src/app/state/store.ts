/**
 * UI state in zustand slices: the open documents, the chosen chunker and its config, and the view.
 * Extraction results and runs live in react-query; this store holds what the user did.
 *
 * Chunker and config belong to a document (DESIGN §12): `chunker` and `configs` are always the
 * current document's, and `settingsByDoc` keeps every open document's, so tuning one manual never
 * moves another's. A newly opened document starts from the settings in use (`inheritedSettings`
 * says so until the user changes or accepts them); "apply to all" is its own action.
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

/** A document's chunker and its config per chunker. */
export interface DocSettings {
  chunker: string;
  configs: Record<string, Record<string, unknown>>;
}

interface ParamsSlice {
  chunker: string;
  /** The config per chunker, so switching chunkers and back keeps what was tuned. */
  configs: Record<string, Record<string, unknown>>;
  setChunker(id: string): void;
  setParam(key: string, value: unknown): void;
  applyConfig(config: Record<string, unknown>): void;
  resetConfig(): void;
  /** Every open document's settings by key (the current one's equal `chunker` and `configs`). */
  settingsByDoc: Record<string, DocSettings>;
  /** The current document took the settings in use when it was opened, from the document named. */
  inheritedSettings: { key: string; fromName: string } | null;
  /** Puts the given settings on one document (a link, a restored workspace); the current one's show at once. */
  setDocSettings(key: string, settings: DocSettings): void;
  /** The current document's chunker and config on every open document. */
  applyToAllDocuments(): void;
  dismissInheritedSettings(): void;
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

/** The settings to show for `key`: its own, or (a document never tuned) those in use. */
function settingsOf(s: WorkbenchState, key: string): DocSettings {
  return s.settingsByDoc[key] ?? { chunker: s.chunker, configs: s.configs };
}

/** A change of the current document's chunker or config, kept as that document's. */
function tuned(
  s: WorkbenchState,
  chunker: string,
  configs: DocSettings["configs"],
): Pick<WorkbenchState, "chunker" | "configs" | "settingsByDoc" | "inheritedSettings"> {
  return {
    chunker,
    configs,
    settingsByDoc: s.currentKey
      ? { ...s.settingsByDoc, [s.currentKey]: { chunker, configs } }
      : s.settingsByDoc,
    // Tuning the new document is taking its settings as its own: the note has said what it had to.
    inheritedSettings: null,
  };
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
    set((s) => {
      const from = s.docs.find((d) => d.key === s.currentKey);
      return {
        docs: [...s.docs, { ...doc, key, passwordAttempts: 0 }],
        currentKey: key,
        // The settings in use go with the new document (a copy: tuning it never moves the other).
        settingsByDoc: { ...s.settingsByDoc, [key]: { chunker: s.chunker, configs: s.configs } },
        inheritedSettings: from ? { key, fromName: from.name } : null,
      };
    });
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
    set((s) => ({
      currentKey: key,
      selectedChunkId: null,
      scrollTarget: null,
      ...settingsOf(s, key),
      inheritedSettings: s.inheritedSettings?.key === key ? s.inheritedSettings : null,
    }));
  },
  markDisplayed(key) {
    if (get().displayedKey !== key) set({ displayedKey: key, selectedChunkId: null, scrollTarget: null });
  },
  closeDocument(key) {
    set((s) => {
      const docs = s.docs.filter((d) => d.key !== key);
      const fallback = docs.at(-1)?.key ?? null;
      const currentKey = s.currentKey === key ? fallback : s.currentKey;
      const { [key]: _closed, ...settingsByDoc } = s.settingsByDoc;
      return {
        docs,
        currentKey,
        displayedKey: s.displayedKey === key ? null : s.displayedKey,
        settingsByDoc,
        ...(currentKey !== s.currentKey && currentKey ? settingsOf(s, currentKey) : {}),
        inheritedSettings: s.inheritedSettings?.key === key ? null : s.inheritedSettings,
      };
    });
  },

  chunker: DEFAULT_CHUNKER,
  configs: { [DEFAULT_CHUNKER]: defaultConfig(DEFAULT_CHUNKER) },
  setChunker(id) {
    set((s) => tuned(s, id, s.configs[id] ? s.configs : { ...s.configs, [id]: defaultConfig(id) }));
  },
  setParam(key, value) {
    set((s) =>
      tuned(s, s.chunker, {
        ...s.configs,
        [s.chunker]: withParam(s.chunker, s.configs[s.chunker] ?? {}, key, value),
      }),
    );
  },
  applyConfig(config) {
    set((s) =>
      tuned(s, s.chunker, { ...s.configs, [s.chunker]: { ...defaultConfig(s.chunker), ...config } }),
    );
  },
  resetConfig() {
    set((s) => tuned(s, s.chunker, { ...s.configs, [s.chunker]: defaultConfig(s.chunker) }));
  },
  settingsByDoc: {},
  inheritedSettings: null,
  setDocSettings(key, settings) {
    set((s) => ({
      settingsByDoc: { ...s.settingsByDoc, [key]: settings },
      ...(key === s.currentKey ? settings : {}),
      inheritedSettings: s.inheritedSettings?.key === key ? null : s.inheritedSettings,
    }));
  },
  applyToAllDocuments() {
    set((s) => ({
      settingsByDoc: Object.fromEntries(
        s.docs.map((d) => [d.key, { chunker: s.chunker, configs: s.configs }]),
      ),
      inheritedSettings: null,
    }));
  },
  dismissInheritedSettings() {
    set({ inheritedSettings: null });
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
