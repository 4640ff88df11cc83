/**
 * The app's side of the worker bridge: lazily started workers, one call per request, typed errors
 * rebuilt, and abandonment — an aborted signal cancels the request in the worker and the caller
 * gets an AbortError at once, whatever the worker is still doing.
 */
import * as Comlink from "comlink";
import type { ChunkRun } from "../../core/chunk";
import type { DocModel } from "../../core/document";
import type { SessionEndpoints } from "../../core/providers/session";
import type { JudgeResult } from "../../core/quality/llmJudge";
import type { SimilarityCurve } from "../../core/similarity/adjacent";
import type { EncodingName } from "../../core/text/tokenizer";
import type { EngineWorkerApi } from "../../workers/engine.worker";
import type { DocumentKind, ExtractWorkerApi } from "../../workers/extract.worker";
import { unwrap, type WorkerResult } from "../../workers/workerResult";

let extractApi: Comlink.Remote<ExtractWorkerApi> | null = null;
let engineApi: Comlink.Remote<EngineWorkerApi> | null = null;
let nextRequestId = 1;

function extractWorker(): Comlink.Remote<ExtractWorkerApi> {
  extractApi ??= Comlink.wrap<ExtractWorkerApi>(
    new Worker(new URL("../../workers/extract.worker.ts", import.meta.url), {
      type: "module",
      name: "extract",
    }),
  );
  return extractApi;
}

function engineWorker(): Comlink.Remote<EngineWorkerApi> {
  engineApi ??= Comlink.wrap<EngineWorkerApi>(
    new Worker(new URL("../../workers/engine.worker.ts", import.meta.url), {
      type: "module",
      name: "engine",
    }),
  );
  return engineApi;
}

function abortable<T>(
  signal: AbortSignal | undefined,
  call: Promise<WorkerResult<T>>,
  cancel: () => void,
): Promise<T> {
  if (!signal) return call.then(unwrap);
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      cancel();
      reject(signal.reason instanceof Error ? signal.reason : new DOMException("aborted", "AbortError"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    call.then(
      (result) => {
        signal.removeEventListener("abort", onAbort);
        try {
          resolve(unwrap(result));
        } catch (err) {
          reject(err);
        }
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

export interface ExtractInput {
  bytes: Uint8Array;
  name: string;
  kind: DocumentKind;
  password?: string;
}

export function extractDocument(
  input: ExtractInput,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<DocModel> {
  const requestId = nextRequestId++;
  const api = extractWorker();
  // A copy crosses: the app keeps its bytes for rendering and for a retry with a password.
  const bytes = input.bytes.slice();
  const call = api.extract(
    Comlink.transfer(bytes, [bytes.buffer]),
    {
      requestId,
      name: input.name,
      kind: input.kind,
      ...(input.password !== undefined ? { password: input.password } : {}),
    },
    Comlink.proxy(onProgress),
  );
  return abortable(signal, call, () => void api.cancel(requestId));
}

/** Hands a document to the engine once and encodes it ahead of its first run. */
export async function sendToEngine(doc: DocModel, encoding: EncodingName): Promise<void> {
  const api = engineWorker();
  await api.setDocument(doc);
  unwrap(await api.prepare(doc.id, encoding));
}

export function runChunks(
  docId: string,
  chunker: string,
  config: Record<string, unknown>,
  signal?: AbortSignal,
  llmTokensUsedToday = 0,
): Promise<ChunkRun> {
  const requestId = nextRequestId++;
  const api = engineWorker();
  return abortable(
    signal,
    api.run({ requestId, docId, chunker, config, llmTokensUsedToday }),
    () => void api.cancel(requestId),
  );
}

export function similarityCurve(docId: string, signal?: AbortSignal): Promise<SimilarityCurve> {
  const requestId = nextRequestId++;
  const api = engineWorker();
  return abortable(signal, api.similarityCurve(requestId, docId), () => void api.cancel(requestId));
}

export function judgeRunCoherence(
  docId: string,
  ranges: { start: number; end: number }[],
  signal?: AbortSignal,
): Promise<JudgeResult> {
  const requestId = nextRequestId++;
  const api = engineWorker();
  return abortable(signal, api.judgeCoherence(requestId, docId, ranges), () => void api.cancel(requestId));
}

/** LLM tokens spent by runs that never reported them (superseded or failed); zero after the call. */
export function takeUnbookedLlmTokens(): Promise<number> {
  return engineWorker().takeUnbookedLlmTokens();
}

/** The session's endpoints, keys included, to the engine worker's memory (never persisted there). */
export async function sendEndpoints(endpoints: SessionEndpoints): Promise<void> {
  unwrap(await engineWorker().setEndpoints(endpoints));
}
