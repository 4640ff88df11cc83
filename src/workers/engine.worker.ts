/**
 * The engine worker: a thin comlink facade over host/EngineHost. A document is opened here from its
 * bytes (extracted once, kept here, sent to the page once); a run request carries only {docId,
 * chunker, config}. A run answers in stages (DESIGN §3): `run` sends ranges, pages and boxes as
 * transferred typed arrays, `scores` the per-chunk scores, `coherence` the run-level ones. Every
 * request has an id; `cancel(id)` aborts its signal, network calls included.
 */
import * as Comlink from "comlink";
import type { ChunkRun, FallbackNote } from "../core/chunk";
import type { DocModel } from "../core/document";
import { chunkerSummaries } from "../core/chunkers/registry";
import { preloadNlp } from "../core/entities/nlp";
import { packDocModel, packedDocModelTransferables, type PackedDocModel } from "../core/packedDocModel";
import type { CoherenceStage } from "../core/engine";
import { packChunks, packedTransferables, type PackedChunks } from "../core/packedChunks";
import type { SessionEndpoints } from "../core/providers/session";
import type { JudgeResult } from "../core/quality/llmJudge";
import {
  packedQualityTransferables,
  packQuality,
  type PackedRunQuality,
} from "../core/quality/packedQuality";
import {
  testConnection,
  type ConnectionResult,
  type ConnectionTarget,
} from "../core/providers/testConnection";
import {
  packCurve,
  packedCurveTransferables,
  type PackedSimilarityCurve,
} from "../core/similarity/packedCurve";
import type { SynthesisResult } from "../core/eval/synthesize";
import { EngineHost, type OpenRequest, type RunRequest } from "../host/engine";
import { EvaluationHost, type EvaluationRequest, type EvaluationResult } from "../host/evaluation";
import type { LlmMeter } from "../host/metering";
import { extractPdfInWorker } from "./extractInWorker";
import { indexedDbModelCache } from "./modelCache";
import { settle, type WorkerResult } from "./workerResult";
import { fetchWordVectors } from "./wordVectorsFetch";
import type { ChoiceSizes } from "../core/calibrateSizes";

/** Stage 1 as it crosses: the run without its chunks' texts and objects. */
export type PackedRun = Omit<ChunkRun, "chunks" | "quality"> & { chunks: PackedChunks };

/** Stage 3 as it crosses: its scores packed. */
export type PackedCoherenceStage = Omit<CoherenceStage, "quality"> & { quality: PackedRunQuality };

const host = new EngineHost(extractPdfInWorker);
host.providers.useWordVectors(fetchWordVectors);
// A stored model that cannot be read or written costs only an extraction: said in the console, not fatal.
const modelCache = indexedDbModelCache((message) => console.warn(`model cache: ${message}`));
const evaluation = new EvaluationHost(host);
const running = new Map<number, { controller: AbortController; meter?: LlmMeter }>();

/** Runs `work` under request `id`'s AbortController; a meter, when given, is abandoned on failure. */
function tracked<T>(
  id: number,
  work: (signal: AbortSignal) => Promise<T>,
  meter?: LlmMeter,
): Promise<WorkerResult<T>> {
  const controller = new AbortController();
  running.set(id, { controller, ...(meter ? { meter } : {}) });
  return settle(() => work(controller.signal))
    .then((result) => {
      if (!result.ok) meter?.abandon();
      return result;
    })
    .finally(() => running.delete(id));
}

/** Wait this long after the first document opens, then for a moment with no request in flight. */
const PRELOAD_DELAY_MS = 2000;
const PRELOAD_RETRY_MS = 1000;
let preloadScheduled = false;

/**
 * compromise (the entity chunker's NLP, ~0.5 s to load and set up) is loaded once the worker is
 * idle after a document opened, so choosing the entity chunker later costs only the document's NLP.
 */
function preloadEntityNlpWhenIdle(): void {
  if (preloadScheduled) return;
  preloadScheduled = true;
  const attempt = () => {
    if (running.size > 0) {
      setTimeout(attempt, PRELOAD_RETRY_MS);
      return;
    }
    preloadNlp().catch((err: unknown) => {
      // Not fatal: the entity chunker loads it on its first run and reports a failure there.
      console.warn(`entity NLP not preloaded: ${err instanceof Error ? err.message : String(err)}`);
    });
  };
  setTimeout(attempt, PRELOAD_DELAY_MS);
}

const api = {
  open(
    id: number,
    bytes: Uint8Array,
    request: OpenRequest,
    onProgress?: (done: number, total: number) => void,
    /** A long PDF's model of its first pages, while the rest is read (DESIGN §3). */
    onProvisional?: (doc: PackedDocModel) => void,
  ): Promise<WorkerResult<PackedDocModel>> {
    const tellProvisional = onProvisional
      ? (doc: DocModel) => {
          const packed = packDocModel(doc);
          onProvisional(Comlink.transfer(packed, packedDocModelTransferables(packed)));
        }
      : undefined;
    return tracked(id, async (signal) =>
      packDocModel(
        await host.open(bytes, request, {
          signal,
          ...(onProgress ? { onProgress } : {}),
          ...(tellProvisional ? { onProvisional: tellProvisional } : {}),
          ...(modelCache ? { cache: modelCache } : {}),
        }),
      ),
    ).then((result) => {
      if (result.ok) preloadEntityNlpWhenIdle();
      return result.ok ? Comlink.transfer(result, packedDocModelTransferables(result.value)) : result;
    });
  },

  has(docId: string): boolean {
    return host.has(docId);
  },

  forget(docId: string): void {
    host.forget(docId);
  },

  /** Endpoints (with their keys, in this worker's memory only); an endpoint left out returns to the local default. */
  setEndpoints(endpoints: SessionEndpoints): Promise<WorkerResult<void>> {
    return settle(async () => host.setEndpoints(endpoints));
  },

  /** Stage 1: ranges, pages and boxes, the buffers transferred. */
  run(id: number, request: RunRequest): Promise<WorkerResult<PackedRun>> {
    const meter = host.ledger.meter();
    return tracked(
      id,
      async (signal) => {
        const { chunks, quality: _none, ...rest } = await host.ranges(request, signal, meter);
        return { ...rest, chunks: packChunks(chunks) };
      },
      meter,
    ).then((result) =>
      result.ok ? Comlink.transfer(result, packedTransferables(result.value.chunks)) : result,
    );
  },

  /** Stage 2: per-chunk scores, their buffers transferred. */
  scores(
    id: number,
    request: RunRequest,
  ): Promise<WorkerResult<{ quality: PackedRunQuality; tokens: Int32Array | null }>> {
    return tracked(id, async (signal) => {
      const { quality, tokens } = await host.scoresAndCounts(request, signal);
      return { quality: packQuality(quality), tokens };
    }).then((result) =>
      result.ok
        ? Comlink.transfer(result, [
            ...packedQualityTransferables(result.value.quality),
            ...(result.value.tokens ? [result.value.tokens.buffer as ArrayBuffer] : []),
          ])
        : result,
    );
  },

  /** Stage 3: coherence and the scores with it, their buffers transferred. */
  coherence(id: number, request: RunRequest): Promise<WorkerResult<PackedCoherenceStage>> {
    return tracked(id, async (signal) => {
      const { quality, ...rest } = await host.coherence(request, signal);
      return { ...rest, quality: packQuality(quality) };
    }).then((result) =>
      result.ok ? Comlink.transfer(result, packedQualityTransferables(result.value.quality)) : result,
    );
  },

  /** Retrieval evaluation of a question set over the open documents it names (DESIGN §8). */
  evaluate(id: number, request: EvaluationRequest): Promise<WorkerResult<EvaluationResult>> {
    return tracked(id, (signal) => evaluation.evaluate(request, signal));
  },

  /** Questions written by the session's LLM about a document (on the user's request: it costs tokens). */
  synthesizeQuestions(
    id: number,
    docId: string,
    count: number,
    firstId: number,
  ): Promise<WorkerResult<SynthesisResult>> {
    const meter = host.ledger.meter();
    return tracked(
      id,
      (signal) => evaluation.synthesize(docId, count, meter, { signal, firstId }),
      meter,
    ).then((result) => {
      meter.abandon();
      return result;
    });
  },

  /** LLM tokens of abandoned runs since the last call (then zero). */
  takeUnbookedLlmTokens(): number {
    return host.ledger.takeUnbooked();
  },

  /** What each chunker (at its config) will run instead on this document, said before a run. */
  fallbackNotes(
    id: number,
    docId: string,
    configs: Record<string, Record<string, unknown>>,
  ): Promise<WorkerResult<Record<string, FallbackNote | null>>> {
    return tracked(id, () => host.fallbackNotes(docId, configs));
  },

  /** The threshold calibrator's chunk sizes for each choice's config. */
  calibrationSizes(
    id: number,
    docId: string,
    chunker: string,
    configs: Record<string, unknown>[],
  ): Promise<WorkerResult<ChoiceSizes[]>> {
    return tracked(id, (signal) => host.calibrationSizes(docId, chunker, configs, signal));
  },

  /** Adjacent-sentence similarity with the session's embedder (or the local one), for runs without a curve of their own. */
  similarityCurve(id: number, docId: string): Promise<WorkerResult<PackedSimilarityCurve>> {
    return tracked(id, async (signal) => packCurve(await host.similarityCurve(docId, signal))).then(
      (result) => (result.ok ? Comlink.transfer(result, packedCurveTransferables(result.value)) : result),
    );
  },

  /** LLM-as-judge coherence of a sample of a run's chunks (on the user's request only: it costs tokens). */
  judgeCoherence(
    id: number,
    docId: string,
    ranges: { start: number; end: number }[],
  ): Promise<WorkerResult<JudgeResult>> {
    const meter = host.ledger.meter();
    // Whatever the judge spent (all of it, or the batches before a failure) is the app's to book.
    return tracked(id, (signal) => host.judgeCoherence(docId, ranges, meter, signal), meter).then(
      (result) => {
        meter.abandon();
        return result;
      },
    );
  },

  /** One small real request to an endpoint the user is editing (the settings dialog's "Test connection"). */
  testConnection(id: number, target: ConnectionTarget): Promise<WorkerResult<ConnectionResult>> {
    return tracked(id, (signal) => testConnection(target, signal));
  },

  cancel(id: number): void {
    const entry = running.get(id);
    if (!entry) return;
    entry.controller.abort(new DOMException("superseded by a newer run", "AbortError"));
    // Now, not when the run unwinds: the app's next run asks for these right after this message.
    entry.meter?.abandon();
  },

  chunkers() {
    return chunkerSummaries();
  },
};

export type EngineWorkerApi = typeof api;
Comlink.expose(api);
