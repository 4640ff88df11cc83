/**
 * The app's side of the engine worker: one call per request, typed errors rebuilt (host/errors),
 * and abandonment — an aborted signal cancels the request in the worker and the caller gets an
 * AbortError at once. A worker still busy CANCEL_DEADLINE_MS after an abort (a chunker that never
 * reaches a checkpoint) is terminated and replaced (engine/bridge): the new one reopens the
 * documents from the bytes kept here, gets the endpoints again, and the calls that were still
 * waiting are sent to it.
 */
import * as Comlink from "comlink";
import type { ChunkRun, FallbackNote } from "../../core/chunk";
import type { DocModel, FurnitureSetting } from "../../core/document";
import type { CoherenceStage } from "../../core/engine";
import type { DocumentKind } from "../../core/fileKind";
import type { OcrPage } from "../../core/ocr";
import { unpackChunks } from "../../core/packedChunks";
import { unpackDocModel } from "../../core/packedDocModel";
import { unpackQuality } from "../../core/quality/packedQuality";
import type { SessionEndpoints } from "../../core/providers/session";
import type { ConnectionResult, ConnectionTarget } from "../../core/providers/testConnection";
import type { RunQuality } from "../../core/quality/runQuality";
import type { JudgeResult } from "../../core/quality/llmJudge";
import type { SimilarityCurve } from "../../core/similarity/adjacent";
import { unpackCurve } from "../../core/similarity/packedCurve";
import type { SynthesisResult } from "../../core/eval/synthesize";
import type { EncodingName } from "../../core/text/tokenizer";
import type { RunRequest } from "../../host/engine";
import type { EvaluationRequest, EvaluationResult } from "../../host/evaluation";
import type { EngineWorkerApi } from "../../workers/engine.worker";
import { engineActivity } from "./activity";
import { EngineBridge, type EngineApi } from "./bridge";
import type { ChoiceSizes } from "../../core/calibrateSizes";

export { isAbortError } from "../../workers/workerResult";

const bridge = new EngineBridge(
  () => {
    const worker = new Worker(new URL("../../workers/engine.worker.ts", import.meta.url), {
      type: "module",
      name: "engine",
    });
    return { api: Comlink.wrap<EngineWorkerApi>(worker) as EngineApi, terminate: () => worker.terminate() };
  },
  (bytes) => Comlink.transfer(bytes, [bytes.buffer]),
  undefined,
  engineActivity,
  (f) => Comlink.proxy(f),
);

export interface OpenInput {
  name: string;
  kind: DocumentKind;
  password?: string;
  /** The encoding the first run will use: the worker encodes the document ahead of it. */
  encoding?: EncodingName;
  /** Pages recognized by OCR, merged into the model in the worker. */
  ocr?: OcrPage[];
  /** Page furniture left out of the text (the default) or kept. */
  furniture?: FurnitureSetting;
}

/**
 * Opens a document in the engine worker, which extracts and keeps it; the page gets one copy. A
 * long PDF's model of its first pages comes first, to `onProvisional` (DESIGN §3).
 */
export async function openDocument(
  bytes: Uint8Array,
  input: OpenInput,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
  onProvisional?: (doc: DocModel) => void,
): Promise<DocModel> {
  return unpackDocModel(
    await bridge.open(
      bytes,
      input,
      onProgress,
      signal,
      onProvisional ? (packed) => onProvisional(unpackDocModel(packed)) : undefined,
    ),
  );
}

/** The document is closed in the app: the worker may drop it and its runs. */
export function closeDocument(docId: string): void {
  bridge.close(docId);
}

/** Stage 1: the run's chunks, their texts sliced from the document the page holds. */
export async function runRanges(doc: DocModel, run: RunRequest, signal?: AbortSignal): Promise<ChunkRun> {
  const packed = await bridge.request(signal, (api, id) => api.run(id, run), doc.id);
  return { ...packed, chunks: unpackChunks(packed.chunks, doc.text) };
}

/** Stage 2: per-chunk scores, and the token counts a run measured in characters left to it. */
export interface ScoresStage {
  quality: RunQuality;
  /** One per chunk, when the request deferred them (RunRequest.deferTokens). */
  tokens: Int32Array | null;
}

export async function runScores(run: RunRequest, signal?: AbortSignal): Promise<ScoresStage> {
  const { quality, tokens } = await bridge.request(signal, (api, id) => api.scores(id, run), run.docId);
  return { quality: unpackQuality(quality), tokens };
}

/** Stage 3: coherence and the run-level scores. */
export async function runCoherence(run: RunRequest, signal?: AbortSignal): Promise<CoherenceStage> {
  const { quality, ...rest } = await bridge.request(signal, (api, id) => api.coherence(id, run), run.docId);
  return { ...rest, quality: unpackQuality(quality) };
}

/** A question set asked of the open documents it names, each chunked with the run's config. */
export function evaluate(request: EvaluationRequest, signal?: AbortSignal): Promise<EvaluationResult> {
  return bridge.request(signal, (api, id) => api.evaluate(id, request), "all");
}

/** Questions about a document from the session's LLM; their tokens are the app's to book (takeUnbookedLlmTokens). */
export function synthesizeQuestions(
  docId: string,
  count: number,
  firstId: number,
  signal?: AbortSignal,
): Promise<SynthesisResult> {
  return bridge.request(signal, (api, id) => api.synthesizeQuestions(id, docId, count, firstId), docId);
}

/** For each chunker and its config, what it will run instead on the document (null: as chosen). */
export function fallbackNotes(
  docId: string,
  configs: Record<string, Record<string, unknown>>,
  signal?: AbortSignal,
): Promise<Record<string, FallbackNote | null>> {
  return bridge.request(signal, (api, id) => api.fallbackNotes(id, docId, configs), docId);
}

/** The threshold calibrator's chunk sizes, one entry per config, in the chunker's size unit. */
export function calibrationSizes(
  docId: string,
  chunker: string,
  configs: Record<string, unknown>[],
  signal?: AbortSignal,
): Promise<ChoiceSizes[]> {
  return bridge.request(signal, (api, id) => api.calibrationSizes(id, docId, chunker, configs), docId);
}

export async function similarityCurve(docId: string, signal?: AbortSignal): Promise<SimilarityCurve> {
  return unpackCurve(await bridge.request(signal, (api, id) => api.similarityCurve(id, docId), docId));
}

export function judgeRunCoherence(
  docId: string,
  ranges: { start: number; end: number }[],
  signal?: AbortSignal,
): Promise<JudgeResult> {
  return bridge.request(signal, (api, id) => api.judgeCoherence(id, docId, ranges), docId);
}

/** Tests an endpoint from the engine worker, where provider code lives (the page has none). */
export function testEndpoint(target: ConnectionTarget, signal?: AbortSignal): Promise<ConnectionResult> {
  return bridge.request(signal, (api, id) => api.testConnection(id, target));
}

/** LLM tokens spent by runs that never reported them (superseded or failed); zero after the call. */
export function takeUnbookedLlmTokens(): Promise<number> {
  return bridge.takeUnbookedLlmTokens();
}

/** The session's endpoints, keys included, to the engine worker's memory (never persisted there). */
export function sendEndpoints(next: SessionEndpoints): Promise<void> {
  return bridge.setEndpoints(next);
}
