/**
 * A/B compare: the workbench's chunker and config are A; compare pins a B beside it. B's chunker
 * and its config per chunker live here, apart from the main store, so A's panel, URL hash and runs
 * are untouched by anything done to B. B runs through the same query hook as A.
 */
import { useEffect, useMemo } from "react";
import { create } from "zustand";
import {
  boundaryMarksByPage,
  compareBoundaries,
  scoreDeltas,
  type BoundaryComparison,
} from "../../core/compare";
import type { ScoreDelta } from "../../core/compare";
import type { ChunkRun } from "../../core/chunk";
import type { DocModel } from "../../core/document";
import { useChunkRun, type ChunkRunState } from "../engine/queries";
import {
  type BBoxesByPage,
  chunkBoxesByPage,
  useCompareMarks,
  type CompareMarksByPage,
} from "./compareMarks";
import { currentConfig, defaultConfig, useWorkbench, withParam } from "./store";

interface CompareState {
  enabled: boolean;
  /** B's chunker. */
  chunker: string;
  /** B's config per chunker, so switching B's chunker and back keeps what was tuned. */
  configs: Record<string, Record<string, unknown>>;
  /** On: B starts as a copy of A's chunker and config. Off: B is forgotten. */
  setEnabled(on: boolean): void;
  setChunker(id: string): void;
  setParam(key: string, value: unknown): void;
  /** B becomes a copy of A again. */
  copyA(): void;
  /** A takes B's chunker and config and B takes A's. */
  swap(): void;
}

function snapshotA(): { chunker: string; config: Record<string, unknown> } {
  const wb = useWorkbench.getState();
  return { chunker: wb.chunker, config: { ...currentConfig(wb) } };
}

export const useCompare = create<CompareState>()((set, get) => ({
  enabled: false,
  chunker: useWorkbench.getState().chunker,
  configs: {},
  setEnabled(on) {
    if (!on) {
      set({ enabled: false, configs: {} });
      return;
    }
    const a = snapshotA();
    set({ enabled: true, chunker: a.chunker, configs: { [a.chunker]: a.config } });
  },
  setChunker(id) {
    set((s) => {
      if (s.configs[id]) return { chunker: id };
      // A chunker B has not used yet starts from what A tuned for it, if anything.
      const fromA = useWorkbench.getState().configs[id];
      return { chunker: id, configs: { ...s.configs, [id]: fromA ? { ...fromA } : defaultConfig(id) } };
    });
  },
  setParam(key, value) {
    set((s) => ({
      configs: { ...s.configs, [s.chunker]: withParam(s.chunker, s.configs[s.chunker] ?? {}, key, value) },
    }));
  },
  copyA() {
    const a = snapshotA();
    set((s) => ({ chunker: a.chunker, configs: { ...s.configs, [a.chunker]: a.config } }));
  },
  swap() {
    const a = snapshotA();
    const b = get();
    const bConfig = b.configs[b.chunker] ?? defaultConfig(b.chunker);
    const wb = useWorkbench.getState();
    wb.setChunker(b.chunker);
    // applyConfig overlays the defaults, so keys B never set come back as A would have them.
    useWorkbench.getState().applyConfig(bConfig);
    set((s) => ({ chunker: a.chunker, configs: { ...s.configs, [a.chunker]: a.config } }));
  },
}));

const NO_CONFIG: Record<string, unknown> = {};

export interface CompareRun {
  enabled: boolean;
  chunker: string;
  config: Record<string, unknown>;
  /** B's run; asked for only while compare is on. */
  state: ChunkRunState;
}

/** B's run: the second call of A's query hook, with the same document. */
export function useCompareRun(doc: DocModel | undefined): CompareRun {
  const enabled = useCompare((s) => s.enabled);
  const chunker = useCompare((s) => s.chunker);
  const config = useCompare((s) => s.configs[s.chunker]) ?? NO_CONFIG;
  const state = useChunkRun(enabled ? doc : undefined, chunker, config);
  return { enabled, chunker, config, state };
}

export interface Comparison {
  boundaries: BoundaryComparison;
  /** Null until both runs carry their scores. */
  scores: ScoreDelta[] | null;
  marksByPage: CompareMarksByPage;
  /** B's chunks' boxes by page: drawn as outlines over A's filled boxes. */
  bBoxesByPage: BBoxesByPage;
}

/**
 * The comparison of two runs of `doc`, recomputed only when a run or the document changes; its
 * marks and B's boxes are handed to the page overlays, placed per page when a page asks.
 */
export function useComparison(
  doc: DocModel | undefined,
  a: ChunkRun | undefined,
  b: ChunkRun | undefined,
): Comparison | null {
  const comparison = useMemo(() => {
    if (!doc || !a || !b) return null;
    const boundaries = compareBoundaries(doc.text, a.chunks, b.chunks);
    // Both by page, built for a page when its overlay first asks (the pages on screen).
    const marksByPage = boundaryMarksByPage(doc, boundaries.boundaries);
    const bBoxesByPage = chunkBoxesByPage(b.chunks);
    const scores = a.quality && b.quality ? scoreDeltas(a.quality, b.quality) : null;
    return { boundaries, scores, marksByPage, bBoxesByPage };
  }, [doc, a, b]);
  useEffect(() => {
    useCompareMarks.setState({
      byPage: comparison?.marksByPage ?? null,
      bBoxes: comparison?.bBoxesByPage ?? null,
    });
  }, [comparison]);
  return comparison;
}
