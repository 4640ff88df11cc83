/**
 * react-query hooks for the slow things: opening a document, and running a chunker in its three
 * stages (DESIGN §3) — ranges and boxes, then per-chunk scores, then coherence — each drawn as it
 * arrives. Query keys come from one factory (`queryKeys`): what identifies a result (document +
 * password attempt; document + chunker + config + endpoints), so a result computed once is reused,
 * and the previous run stays on screen while the next computes. Queries consume their AbortSignal:
 * a superseded run is abandoned in the worker.
 */
import { InputError } from "../../host/errors";
import { withTimeLimit } from "./timeLimit";
import { spendsLlm, useLinkHold } from "../state/linkHold";
import {
  hashKey,
  keepPreviousData,
  queryOptions,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { create } from "zustand";
import { TOKENS_PENDING, type ChunkRun, type ConfigProblem, type FallbackNote } from "../../core/chunk";
import { CHUNKER_METAS, getChunkerMeta } from "../../core/chunkers/metas";
import { resolveConfig } from "../../core/config";
import { isProvisionalOf, type DocModel, type FurnitureSetting } from "../../core/document";
import type { CoherenceStage } from "../../core/engine";
import type { SimilarityCurve } from "../../core/similarity/adjacent";
import type { EncodingName } from "../../core/text/tokenizer";
import { useLlmBudget } from "../state/llmBudget";
import { useSettings } from "../state/settings";
import { currentConfig, defaultConfig, useWorkbench, type OpenDocument } from "../state/store";
import type { ChoiceSizes } from "../../core/calibrateSizes";
import {
  closeDocument,
  fallbackNotes,
  openDocument,
  runCoherence,
  runRanges,
  runScores,
  sendEndpoints,
  similarityCurve,
  calibrationSizes,
  takeUnbookedLlmTokens,
  type ScoresStage,
} from "./workers";

type Config = Record<string, unknown>;

/** Every react-query key the app uses: stages of a run share the run's key as their prefix. */
export const queryKeys = {
  extract: (
    docKey: string | null,
    passwordAttempts: number,
    ocrPages = 0,
    furniture: FurnitureSetting = "drop",
  ) => ["extract", docKey, passwordAttempts, ocrPages, furniture] as const,
  /** The extraction key of an open document as it is now (password tries, OCR'd pages, furniture setting). */
  extractOf: (doc: Pick<OpenDocument, "key" | "passwordAttempts" | "ocr" | "furniture">) =>
    queryKeys.extract(doc.key, doc.passwordAttempts, doc.ocr?.length ?? 0, doc.furniture ?? "drop"),
  run: (docId: string | null, chunker: string, config: Config, endpointsRevision: number) =>
    ["run", docId, chunker, config, endpointsRevision] as const,
  runScores: (docId: string | null, chunker: string, config: Config, endpointsRevision: number) =>
    [...queryKeys.run(docId, chunker, config, endpointsRevision), "scores"] as const,
  runCoherence: (docId: string | null, chunker: string, config: Config, endpointsRevision: number) =>
    [...queryKeys.run(docId, chunker, config, endpointsRevision), "coherence"] as const,
  curve: (docId: string | null, endpointsRevision: number) => ["curve", docId, endpointsRevision] as const,
};

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

/** The encoding the current chunker counts with, so the worker encodes a new document ahead of its first run. */
function currentEncoding(chunker: string, config: Config): EncodingName {
  const meta = getChunkerMeta(chunker);
  return meta.encodingOf(resolveConfig(meta, config).config);
}

export function useDocumentExtraction(doc: OpenDocument | undefined) {
  return useQuery<DocModel, Error>(extractionQuery(doc, useQueryClient()));
}

/**
 * Whether every one of `docs` has been extracted, or failed to be (its error is its panel's to
 * show): asking extracts those not yet. An evaluation after a reload waits on the documents its
 * set names, so it never reads the engine before they are in it (DESIGN §12's restore order).
 */
export function useDocumentsSettled(docs: readonly OpenDocument[]): boolean {
  const client = useQueryClient();
  return useQueries({
    queries: docs.map((doc) => extractionQuery(doc, client)),
    // Not while a long PDF's first pages stand in for it: the evaluation reads the whole document.
    combine: (results) => results.every((r) => r.isError || (r.isSuccess && !r.isFetching)),
  });
}

function extractionQuery(doc: OpenDocument | undefined, queryClient: QueryClient) {
  const queryKey = queryKeys.extract(
    doc?.key ?? null,
    doc?.passwordAttempts ?? 0,
    doc?.ocr?.length ?? 0,
    doc?.furniture ?? "drop",
  );
  return queryOptions<DocModel, Error>({
    queryKey,
    // A change of the furniture setting keeps the document on screen while the worker derives the other text.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === (doc?.key ?? null) &&
      previousQuery?.queryKey[3] === (doc?.ocr?.length ?? 0)
        ? previous
        : undefined,
    enabled: doc !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    // A model is never edited, only replaced: comparing two of them deep (100,000+ runs each, read
    // from their lazy property) would only cost.
    structuralSharing: false,
    queryFn: ({ signal: querySignal }) => {
      const d = doc!;
      const report = useExtractionProgress.getState().report;
      // The CLI's per-input limit, in the tab too (DESIGN §12): a PDF built to stall pdf.js ends
      // with a message, its worker replaced, rather than "extracting" for ever.
      return withTimeLimit(
        querySignal,
        EXTRACTION_TIME_LIMIT_S * 1000,
        (signal) =>
          openDocument(
            d.bytes,
            {
              name: d.name,
              kind: d.kind,
              encoding: currentEncoding(
                useWorkbench.getState().chunker,
                currentConfig(useWorkbench.getState()),
              ),
              ...(d.password !== undefined ? { password: d.password } : {}),
              ...(d.ocr ? { ocr: d.ocr } : {}),
              furniture: d.furniture ?? "drop",
            },
            (done, total) => report(d.key, done, total),
            signal,
            // A long PDF's first pages are shown (and chunked) while the rest is read: the query holds
            // them as its data, still fetching, until the whole document replaces them (DESIGN §3).
            (first) => {
              if (!signal.aborted) queryClient.setQueryData(queryKey, first);
            },
          ),
        () =>
          new InputError(
            `${d.name}: extraction stopped after ${EXTRACTION_TIME_LIMIT_S} s — pdf.js could not read this PDF in time`,
          ),
      );
    },
  });
}

/** The tab's limit on one document's extraction: the CLI batch's default per input. */
const EXTRACTION_TIME_LIMIT_S = 300;

/**
 * The value, coalesced to the latest while the run of the settled value is in flight: a change
 * passes at once when nothing is in flight (a typed number, a preset, the first step of a drag);
 * during a run the changes of a drag wait, and the run after it takes only the latest. So a drag
 * re-chunks as fast as the engine can — boxes move under the hand — and never queues or abandons a
 * run per pointer move. A run still in flight after `patienceMs` (an LLM call, a huge document) is
 * not waited for: the latest value supersedes it, and the worker abandons it.
 */
function useCoalesced<T>(value: T, runKeyOf: (settled: T) => QueryKey, patienceMs: number): T {
  const [settled, setSettled] = useState(value);
  // The settled value whose run has outlived the patience.
  const [outwaited, setOutwaited] = useState<{ value: T } | null>(null);
  const inFlight = useQueryFetching(runKeyOf(settled));
  const busy = inFlight && !(outwaited !== null && Object.is(outwaited.value, settled));
  // Adjusted while rendering (React's pattern for state derived from props): no extra commit.
  if (!busy && !Object.is(settled, value)) setSettled(value);
  useEffect(() => {
    const timer = setTimeout(() => setOutwaited({ value: settled }), patienceMs);
    return () => clearTimeout(timer);
  }, [settled, patienceMs]);
  return settled;
}

/**
 * Whether the query of `queryKey` is fetching, watched through that query's own events. The
 * obvious useIsFetching rescans every query in the cache on every cache event, and
 * queryClient.isFetching({exact}) hashes the key once per query it compares: after a drag, or in a
 * session of several documents, the cache holds hundreds of runs and that was a tenth of the main
 * thread during a drag.
 */
function useQueryFetching(queryKey: QueryKey): boolean {
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  const subscribe = useCallback(
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [client, hash],
  );
  return useSyncExternalStore(
    subscribe,
    () => client.getQueryCache().get(hash)?.state.fetchStatus === "fetching",
  );
}

/** How long a drag's changes wait for the run in flight before superseding it. */
const COALESCE_PATIENCE_MS = 250;

/** How far the run the inputs ask for has come: its boxes are drawn at "ranges", every score is in at "complete". */
type RunStage = "none" | "ranges" | "complete";

export interface ChunkRunState {
  /** Stage 1, with stage 2's scores and stage 3's coherence, stats and warnings folded in as they arrive. */
  run: ChunkRun | undefined;
  /** Stage 1 alone: its identity holds while the scores arrive, so views of the chunks alone do not redraw. */
  ranges: ChunkRun | undefined;
  /** The run on screen belongs to an older config (the next one is computing). */
  isPlaceholder: boolean;
  /** run.quality scores this run's chunks (not an older run's, kept on screen while the next arrive). */
  qualityCurrent: boolean;
  isFetching: boolean;
  /** Stage 1 of the current inputs is in; stages 2 and 3 have settled too. */
  stage: RunStage;
  error: Error | null;
  problems: ConfigProblem[];
  /** Identifies the run the current inputs ask for; "done" means this key is drawn. */
  requestKey: string;
  /** The parameters changed while a run was in flight: the next run takes them when it is done. */
  pending: boolean;
  /** The user cancelled the run these inputs ask for: it stays cancelled until an input changes. */
  cancelled: boolean;
  /** A link asked for a run on the user's LLM endpoint: it waits for a click (link-run-confirm). */
  held: boolean;
  /** Cancels the run in flight, every stage (their network calls abort in the worker). */
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

export function useChunkRun(doc: DocModel | undefined, chunker: string, config: Config): ChunkRunState {
  // The document is never debounced: a run always belongs to the document on screen.
  const docId = doc?.id ?? null;
  const paramsKey = JSON.stringify([chunker, config]);
  const endpointsRevision = useSettings((s) => s.revision);
  const queryClient = useQueryClient();
  // While stage 1 of the settled parameters is in flight, the latest parameters wait.
  const settledParams = useCoalesced(
    paramsKey,
    (settled) => queryKeys.run(docId, ...(JSON.parse(settled) as [string, Config]), endpointsRevision),
    COALESCE_PATIENCE_MS,
  );
  const [settledChunker, settledConfig] = useMemo(
    () => JSON.parse(settledParams) as [string, Config],
    [settledParams],
  );
  const problems = resolveConfig(getChunkerMeta(settledChunker), settledConfig).problems;
  const currentProblems = resolveConfig(getChunkerMeta(chunker), config).problems;

  const runKey = useMemo(
    () => queryKeys.run(docId, settledChunker, settledConfig, endpointsRevision),
    [docId, settledChunker, settledConfig, endpointsRevision],
  );
  const requestKey = JSON.stringify([docId, paramsKey, endpointsRevision]);
  const cancelled = useCancelledRuns((s) => s.keys.has(requestKey));
  // A link's run on the user's own LLM endpoint waits for a click (state/linkHold).
  const llmConfigured = useSettings((s) => s.endpoints.llm !== undefined);
  const held = useLinkHold((s) => s.held) && llmConfigured && spendsLlm(settledChunker);
  useEffect(() => () => useCancelledRuns.getState().remove(requestKey), [requestKey]);
  // A run measured in characters draws its boxes before its token counts (stage 2 brings them).
  const request = { docId: docId!, chunker: settledChunker, config: settledConfig, deferTokens: true };

  const ranges = useQuery<ChunkRun, Error>({
    queryKey: runKey,
    enabled: docId !== null && problems.length === 0 && !cancelled && !held,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
    // Keep the last good run on screen while the next computes — for the same document only (its
    // provisional model's first pages included: their boxes stay while the whole document's compute).
    placeholderData: (previous, previousQuery) => {
      const previousDoc = previousQuery?.queryKey[1];
      return previousDoc === docId ||
        (typeof previousDoc === "string" && docId !== null && isProvisionalOf(previousDoc, docId))
        ? keepPreviousData(previous)
        : undefined;
    },
    queryFn: async ({ signal }) => {
      await syncEndpoints();
      const budget = useLlmBudget.getState();
      // What superseded runs spent first (the budget this run checks must include it), and again
      // after: a run abandoned while this one ran is counted now rather than on the next run.
      budget.book(await takeUnbookedLlmTokens());
      const run = await runRanges(doc!, { ...request, llmTokensUsedToday: budget.usedToday() }, signal);
      const spent = run.stats["agentic.tokens_used"];
      if (typeof spent === "number") budget.book(spent);
      budget.book(await takeUnbookedLlmTokens());
      return run;
    },
  });
  const rangesIn = ranges.data !== undefined && !ranges.isPlaceholderData;

  // Stages 2 and 3 start once stage 1 of these inputs is in; they keep the last scores on screen.
  const laterStage = {
    enabled: rangesIn && !cancelled,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  } as const;
  const scores = useQuery<ScoresStage, Error>({
    ...laterStage,
    queryKey: queryKeys.runScores(docId, settledChunker, settledConfig, endpointsRevision),
    queryFn: ({ signal }) => runScores(request, signal),
  });
  const coherence = useQuery<CoherenceStage, Error>({
    ...laterStage,
    queryKey: queryKeys.runCoherence(docId, settledChunker, settledConfig, endpointsRevision),
    queryFn: async ({ signal }) => {
      await syncEndpoints();
      return runCoherence(request, signal);
    },
  });

  // Stage 1's identity holds while the scores arrive, except once for a run measured in characters:
  // when stage 2 brings the token counts its chunks were drawn without.
  const countedTokens = rangesIn && !scores.isPlaceholderData ? scores.data?.tokens : undefined;
  const stage1 = useMemo(
    () => (ranges.data && countedTokens ? withTokens(ranges.data, countedTokens) : ranges.data),
    [ranges.data, countedTokens],
  );
  const run = useMemo(
    () =>
      mergeStages(
        ranges.data,
        // The scores on screen while the next arrive may be an older run's: the panel keeps them a
        // few ms rather than flashing empty, but they are never matched to another run's chunks.
        scores.data,
        coherence.data,
        rangesIn && !scores.isPlaceholderData,
        rangesIn && !coherence.isPlaceholderData,
      ),
    [
      ranges.data,
      scores.data,
      coherence.data,
      rangesIn,
      scores.isPlaceholderData,
      coherence.isPlaceholderData,
    ],
  );
  const laterStagesSettled =
    rangesIn &&
    (scores.isSuccess || scores.isError) &&
    !scores.isPlaceholderData &&
    !scores.isFetching &&
    (coherence.isSuccess || coherence.isError) &&
    !coherence.isPlaceholderData &&
    !coherence.isFetching;

  return {
    run,
    ranges: stage1,
    isPlaceholder: ranges.isPlaceholderData,
    qualityCurrent:
      rangesIn &&
      ((coherence.isSuccess && !coherence.isPlaceholderData) ||
        (scores.isSuccess && !scores.isPlaceholderData)),
    isFetching: ranges.isFetching,
    stage: !rangesIn || ranges.isFetching ? "none" : laterStagesSettled ? "complete" : "ranges",
    error: ranges.error ?? scores.error ?? coherence.error,
    problems: currentProblems,
    requestKey,
    pending: settledParams !== paramsKey && !cancelled,
    cancelled,
    held,
    cancel: () => {
      useCancelledRuns.getState().add(requestKey);
      // The stages' keys extend the run's: one call cancels all three.
      void queryClient.cancelQueries({ queryKey: runKey });
    },
  };
}

/**
 * The finished run of these inputs as react-query holds it, its later stages folded in; undefined
 * until stage 1 is in. For views outside the document view that owns the run (the report).
 * Placeholder data never enters the cache, so every stage read here is this run's own.
 */
export function cachedRun(
  client: QueryClient,
  docId: string,
  chunker: string,
  config: Config,
): ChunkRun | undefined {
  const revision = useSettings.getState().revision;
  const run = mergeStages(
    client.getQueryData<ChunkRun>(queryKeys.run(docId, chunker, config, revision)),
    client.getQueryData<ScoresStage>(queryKeys.runScores(docId, chunker, config, revision)),
    client.getQueryData<CoherenceStage>(queryKeys.runCoherence(docId, chunker, config, revision)),
    true,
    true,
  );
  // Its token counts still to come (stage 2): not finished for an export or a report.
  return run?.tokensPending ? undefined : run;
}

/**
 * Stage 1 with what the later stages added; a later stage's result is folded in only when it is
 * this run's. Stage 2 brings the token counts stage 1 left pending (a run measured in characters).
 */
function mergeStages(
  stage1: ChunkRun | undefined,
  scoresStage: ScoresStage | undefined,
  coherence: CoherenceStage | undefined,
  scoresCurrent: boolean,
  coherenceCurrent: boolean,
): ChunkRun | undefined {
  if (!stage1) return undefined;
  const ranges = scoresCurrent && scoresStage?.tokens ? withTokens(stage1, scoresStage.tokens) : stage1;
  const scores = scoresStage?.quality;
  if (coherence && coherenceCurrent)
    return {
      ...ranges,
      stats: { ...ranges.stats, ...coherence.stats },
      warnings: [...ranges.warnings, ...coherence.warnings],
      timings: { ...ranges.timings, coherence_ms: coherence.coherence_ms, quality_ms: coherence.quality_ms },
      quality: coherence.quality,
    };
  const quality = scoresCurrent ? scores : (coherence?.quality ?? scores);
  return quality ? { ...ranges, quality } : ranges;
}

/**
 * Stage 1 as an export reads it: with its token counts, from stage 2 when stage 1 left them pending
 * (a run measured in characters); undefined while they are still to come.
 */
export function countedStage1(
  stage1: ChunkRun | undefined,
  scores: ScoresStage | undefined,
): ChunkRun | undefined {
  if (!stage1?.tokensPending) return stage1;
  return scores?.tokens ? withTokens(stage1, scores.tokens) : undefined;
}

function withTokens(run: ChunkRun, tokens: Int32Array): ChunkRun {
  if (!run.tokensPending || tokens.length !== run.chunks.length) return run;
  const { tokensPending: _filled, ...rest } = run;
  return {
    ...rest,
    chunks: run.chunks.map((c, i) => (c.tokens === TOKENS_PENDING ? { ...c, tokens: tokens[i]! } : c)),
  };
}

/**
 * The chunk sizes each threshold choice yields (the calibrator), asked of the engine worker only while
 * the calibrator is open; the last answer stays while the next computes.
 */
export function useCalibrationSizes(
  docId: string | undefined,
  chunker: string,
  configs: Record<string, unknown>[],
  enabled: boolean,
) {
  const endpointsRevision = useSettings((s) => s.revision);
  return useQuery<ChoiceSizes[], Error>({
    queryKey: ["calibration", docId ?? null, chunker, configs, endpointsRevision],
    enabled: enabled && docId !== undefined && configs.length > 0,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    placeholderData: (previous) => previous,
    queryFn: async ({ signal }) => {
      await syncEndpoints();
      return calibrationSizes(docId!, chunker, configs, signal);
    },
  });
}

/** The adjacent-sentence curve of a document with the session's embedder; asked for only when shown. */
export function useSimilarityCurve(docId: string | undefined, enabled: boolean) {
  const endpointsRevision = useSettings((s) => s.revision);
  return useQuery<SimilarityCurve, Error>({
    queryKey: queryKeys.curve(docId ?? null, endpointsRevision),
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

/**
 * For every chunker at the config the user has for it, what it will run instead on this document
 * (null: as chosen), asked of the engine worker — the picker says so before a run. Asked only while
 * no run is in flight (`enabled`): the answer may encode the document, which the first run of a
 * 2,415-page manual in characters would otherwise wait behind. The last answer stays meanwhile.
 */
export function useFallbackNotes(docId: string | undefined, enabled: boolean) {
  const endpointsRevision = useSettings((s) => s.revision);
  const configs = useWorkbench((s) => s.configs);
  const all = useMemo(
    () => Object.fromEntries(CHUNKER_METAS.map((c) => [c.id, configs[c.id] ?? defaultConfig(c.id)])),
    [configs],
  );
  return useQuery<Record<string, FallbackNote | null>, Error>({
    queryKey: ["fallback-notes", docId ?? null, all, endpointsRevision],
    enabled: enabled && docId !== undefined,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === (docId ?? null) ? previous : undefined,
    queryFn: async ({ signal }) => {
      await syncEndpoints();
      return fallbackNotes(docId!, all, signal);
    },
  });
}

/**
 * Closes a document (doc-remove): the store forgets it, the engine worker drops it and its runs,
 * and react-query its extraction and runs — a failed document too, which has no model to drop.
 */
export function useRemoveDocument(): (key: string) => void {
  const queryClient = useQueryClient();
  return (key) => {
    const extractions = queryClient.getQueriesData<DocModel>({ queryKey: ["extract", key] });
    for (const [, model] of extractions) {
      if (!model) continue;
      if (
        !useWorkbench.getState().docs.some((d) => d.key !== key && sameDocument(queryClient, d.key, model.id))
      ) {
        closeDocument(model.id);
        queryClient.removeQueries({ queryKey: ["run", model.id] });
        queryClient.removeQueries({ queryKey: ["curve", model.id] });
      }
    }
    queryClient.removeQueries({ queryKey: ["extract", key] });
    useWorkbench.getState().closeDocument(key);
  };
}

/** The same file opened twice shares its document id: closing one must leave the other's engine copy. */
function sameDocument(queryClient: ReturnType<typeof useQueryClient>, key: string, docId: string): boolean {
  return queryClient
    .getQueriesData<DocModel>({ queryKey: ["extract", key] })
    .some(([, m]) => m?.id === docId);
}
