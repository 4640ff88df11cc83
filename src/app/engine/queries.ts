/**
 * react-query hooks for the two slow things: extracting a document and running a chunker.
 * Query keys are what identifies a result (document + password attempt; document + chunker +
 * config), so a result computed once is reused, and the previous run stays on screen while the
 * next computes. Queries consume their AbortSignal: a superseded run is abandoned in the worker.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { create } from "zustand";
import type { ChunkRun, ConfigProblem } from "../../core/chunk";
import { getChunker } from "../../core/chunkers/registry";
import { resolveConfig } from "../../core/config";
import type { DocModel } from "../../core/document";
import { useLlmBudget } from "../state/llmBudget";
import { useSettings } from "../state/settings";
import type { OpenDocument } from "../state/store";
import type { SimilarityCurve } from "../../core/similarity/adjacent";
import {
  extractDocument,
  runChunks,
  sendEndpoints,
  sendToEngine,
  similarityCurve,
  takeUnbookedLlmTokens,
} from "./workers";

let sentEndpoints: unknown = null;

/** The worker holds the endpoints of the settings store before a run uses them (sent once per change). */
export async function syncEndpoints(): Promise<void> {
  const { endpoints } = useSettings.getState();
  if (endpoints === sentEndpoints) return;
  await sendEndpoints(endpoints);
  sentEndpoints = endpoints;
}

interface ProgressState {
  progress: Record<string, { done: number; total: number }>;
  report(key: string, done: number, total: number): void;
}

/** Per-page extraction progress, apart from the main store so a page tick re-renders only the bar. */
export const useExtractionProgress = create<ProgressState>()((set) => ({
  progress: {},
  report: (key, done, total) => set((s) => ({ progress: { ...s.progress, [key]: { done, total } } })),
}));

export function useDocumentExtraction(doc: OpenDocument | undefined) {
  return useQuery<DocModel, Error>({
    queryKey: ["extract", doc?.key ?? null, doc?.passwordAttempts ?? 0],
    enabled: doc !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      const d = doc!;
      const report = useExtractionProgress.getState().report;
      const model = await extractDocument(
        {
          bytes: d.bytes,
          name: d.name,
          kind: d.kind,
          ...(d.password !== undefined ? { password: d.password } : {}),
        },
        (done, total) => report(d.key, done, total),
        signal,
      );
      await sendToEngine(model, "cl100k_base");
      return model;
    },
  });
}

/**
 * The value, settled: the first change after a quiet spell passes at once (a typed number, a
 * preset), while the changes of a burst (a slider drag) wait until it has been quiet for `ms`.
 */
export function useBurstDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const lastChange = useRef(-Infinity);
  useEffect(() => {
    const now = performance.now();
    const delay = now - lastChange.current > ms ? 0 : ms;
    lastChange.current = now;
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface ChunkRunState {
  run: ChunkRun | undefined;
  /** The run on screen belongs to an older config (the next one is computing). */
  isPlaceholder: boolean;
  isFetching: boolean;
  error: Error | null;
  problems: ConfigProblem[];
  /** Identifies the run the current inputs ask for; "done" means this key is drawn. */
  requestKey: string;
  /** The parameters changed and the burst debounce has not settled yet. */
  pending: boolean;
  /** The user cancelled the run these inputs ask for: it stays cancelled until an input changes. */
  cancelled: boolean;
  /** Cancels the run in flight (its network calls abort in the worker). */
  cancel(): void;
}

/**
 * Run keys the user cancelled. A key leaves the set as soon as its hook asks for another one, so
 * going back to the same settings later runs again.
 */
const useCancelledRuns = create<{
  keys: ReadonlySet<string>;
  add(key: string): void;
  remove(key: string): void;
}>()((set) => ({
  keys: new Set(),
  add: (key) => set((s) => ({ keys: new Set(s.keys).add(key) })),
  remove: (key) =>
    set((s) => {
      if (!s.keys.has(key)) return s;
      const keys = new Set(s.keys);
      keys.delete(key);
      return { keys };
    }),
}));

const RUN_DEBOUNCE_MS = 120;

export function useChunkRun(
  doc: DocModel | undefined,
  chunker: string,
  config: Record<string, unknown>,
): ChunkRunState {
  // The document is never debounced: a run always belongs to the document on screen.
  const docId = doc?.id ?? null;
  const paramsKey = JSON.stringify([chunker, config]);
  const settledParams = useBurstDebounced(paramsKey, RUN_DEBOUNCE_MS);
  const [settledChunker, settledConfig] = useMemo(
    () => JSON.parse(settledParams) as [string, Record<string, unknown>],
    [settledParams],
  );
  const problems = resolveConfig(getChunker(settledChunker), settledConfig).problems;
  const currentProblems = resolveConfig(getChunker(chunker), config).problems;

  const endpointsRevision = useSettings((s) => s.revision);
  const queryClient = useQueryClient();
  const queryKey = useMemo(
    () => ["run", docId, settledChunker, settledConfig, endpointsRevision] as const,
    [docId, settledChunker, settledConfig, endpointsRevision],
  );
  const requestKey = JSON.stringify([docId, paramsKey, endpointsRevision]);
  const cancelled = useCancelledRuns((s) => s.keys.has(requestKey));
  useEffect(() => () => useCancelledRuns.getState().remove(requestKey), [requestKey]);
  const query = useQuery<ChunkRun, Error>({
    queryKey,
    enabled: docId !== null && problems.length === 0 && !cancelled,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
    // Keep the last good run on screen while the next computes — for the same document only.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === docId ? keepPreviousData(previous) : undefined,
    queryFn: async ({ signal }) => {
      await syncEndpoints();
      const budget = useLlmBudget.getState();
      // What superseded runs spent first (the budget this run checks must include it), and again
      // after: a run abandoned while this one ran is counted now rather than on the next run.
      budget.book(await takeUnbookedLlmTokens());
      const run = await runChunks(docId!, settledChunker, settledConfig, signal, budget.usedToday());
      const spent = run.stats["agentic.tokens_used"];
      if (typeof spent === "number") budget.book(spent);
      budget.book(await takeUnbookedLlmTokens());
      return run;
    },
  });

  return {
    run: query.data,
    isPlaceholder: query.isPlaceholderData,
    isFetching: query.isFetching,
    error: query.error,
    problems: currentProblems,
    requestKey,
    pending: settledParams !== paramsKey && !cancelled,
    cancelled,
    cancel: () => {
      useCancelledRuns.getState().add(requestKey);
      void queryClient.cancelQueries({ queryKey, exact: true });
    },
  };
}

/** The adjacent-sentence curve of a document with the session's embedder; asked for only when shown. */
export function useSimilarityCurve(docId: string | undefined, enabled: boolean) {
  const endpointsRevision = useSettings((s) => s.revision);
  return useQuery<SimilarityCurve, Error>({
    queryKey: ["curve", docId ?? null, endpointsRevision],
    enabled: enabled && docId !== undefined,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      await syncEndpoints();
      return similarityCurve(docId!, signal);
    },
  });
}
