/**
 * The app's side of the engine worker: one call per request, typed errors rebuilt (host/errors),
 * and abandonment — an aborted signal cancels the request in the worker and the caller gets an
 * AbortError at once. A worker still busy CANCEL_DEADLINE_MS after an abort (a chunker that never
 * reaches a checkpoint) is terminated and replaced: the new one reopens the documents from the bytes
 * kept here, gets the endpoints again, and the calls that were still waiting are sent to it.
 */
import * as Comlink from "comlink";
import type { ChunkRun } from "../../core/chunk";
import type { DocModel } from "../../core/document";
import type { CoherenceStage } from "../../core/engine";
import type { DocumentKind } from "../../core/fileKind";
import { unpackChunks } from "../../core/packedChunks";
import type { SessionEndpoints } from "../../core/providers/session";
import type { JudgeResult } from "../../core/quality/llmJudge";
import type { ConnectionResult, ConnectionTarget } from "../../core/providers/testConnection";
import type { RunQuality } from "../../core/quality/runQuality";
import type { SimilarityCurve } from "../../core/similarity/adjacent";
import type { EncodingName } from "../../core/text/tokenizer";
import type { RunRequest } from "../../host/engine";
import type { EngineWorkerApi } from "../../workers/engine.worker";
import { unwrap, type WorkerResult } from "../../workers/workerResult";

export { isAbortError } from "../../workers/workerResult";

/** DESIGN §3: a run still busy this long after its abort gets its worker terminated and replaced. */
export const CANCEL_DEADLINE_MS = 2000;

type Api = Comlink.Remote<EngineWorkerApi>;

interface EngineInstance {
  worker: Worker;
  api: Api;
  /** Documents this worker holds (reopened lazily after a replacement). */
  opened: Set<string>;
  /** Told when the worker is replaced: the calls still waiting on it are sent again. */
  onReplaced: Set<() => void>;
}

let engine: EngineInstance | null = null;
let nextRequestId = 1;
let restarts = 0;
const sources = new Map<string, { bytes: Uint8Array; request: OpenInput }>();
let endpoints: SessionEndpoints | null = null;

function start(): EngineInstance {
  const worker = new Worker(new URL("../../workers/engine.worker.ts", import.meta.url), {
    type: "module",
    name: "engine",
  });
  const instance: EngineInstance = {
    worker,
    api: Comlink.wrap<EngineWorkerApi>(worker),
    opened: new Set(),
    onReplaced: new Set(),
  };
  if (endpoints) void instance.api.setEndpoints(endpoints);
  return instance;
}

function current(): EngineInstance {
  engine ??= start();
  return engine;
}

/** Terminates a worker that ignores cancellation and starts another in its place. */
function replace(stuck: EngineInstance): void {
  if (engine !== stuck) return;
  restarts++;
  stuck.worker.terminate();
  engine = start();
  for (const resend of stuck.onReplaced) resend();
  stuck.onReplaced.clear();
}

/** How many times a worker was replaced (the e2e tests and the benchmark read it). */
export function engineRestarts(): number {
  return restarts;
}

/**
 * Sends `call` to the current worker. An abort cancels it there and rejects here at once; if the
 * worker has not finished it CANCEL_DEADLINE_MS later, the worker is replaced. A call waiting on
 * a worker that gets replaced (for another call's sake) is sent again to the new one.
 */
async function request<T>(
  signal: AbortSignal | undefined,
  call: (api: Api, id: number, instance: EngineInstance) => Promise<WorkerResult<T>>,
): Promise<T> {
  signal?.throwIfAborted();
  for (;;) {
    const instance = current();
    const id = nextRequestId++;
    let settled = false;
    const pending = call(instance.api, id, instance).finally(() => (settled = true));
    const outcome = await new Promise<{ result: WorkerResult<T> } | "replaced">((resolve, reject) => {
      const onReplaced = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve("replaced");
      };
      instance.onReplaced.add(onReplaced);
      void pending.finally(() => instance.onReplaced.delete(onReplaced));
      const onAbort = () => {
        instance.onReplaced.delete(onReplaced);
        void instance.api.cancel(id);
        const timer = setTimeout(() => {
          if (!settled) replace(instance);
        }, CANCEL_DEADLINE_MS);
        void pending.finally(() => clearTimeout(timer));
        reject(signal!.reason instanceof Error ? signal!.reason : new DOMException("aborted", "AbortError"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      pending.then(
        (result) => {
          signal?.removeEventListener("abort", onAbort);
          resolve({ result });
        },
        (err: unknown) => {
          signal?.removeEventListener("abort", onAbort);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
    if (outcome !== "replaced") return unwrap(outcome.result);
    signal?.throwIfAborted();
  }
}

export interface OpenInput {
  name: string;
  kind: DocumentKind;
  password?: string;
  /** The encoding the first run will use: the worker encodes the document ahead of it. */
  encoding?: EncodingName;
}

/** Opens a document in the engine worker, which extracts and keeps it; the page gets one copy. */
export async function openDocument(
  bytes: Uint8Array,
  input: OpenInput,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<DocModel> {
  const doc = await request(signal, (api, id) => {
    // A copy crosses: the app keeps its bytes for rendering, a retry with a password, and a restart.
    const copy = bytes.slice();
    return api.open(id, Comlink.transfer(copy, [copy.buffer]), input, Comlink.proxy(onProgress));
  });
  sources.set(doc.id, { bytes, request: input });
  current().opened.add(doc.id);
  return doc;
}

/** Makes sure the current worker holds the document (a replaced worker reopens it from the bytes kept here). */
async function ensureOpen(instance: EngineInstance, docId: string): Promise<void> {
  if (instance.opened.has(docId)) return;
  const source = sources.get(docId);
  if (!source) throw new Error(`the engine does not hold document ${docId}; open it again`);
  const copy = source.bytes.slice();
  unwrap(await instance.api.open(nextRequestId++, Comlink.transfer(copy, [copy.buffer]), source.request));
  instance.opened.add(docId);
}

/** The document is closed in the app: the worker may drop it and its runs. */
export function closeDocument(docId: string): void {
  sources.delete(docId);
  engine?.opened.delete(docId);
  void engine?.api.forget(docId);
}

/** Stage 1: the run's chunks, their texts sliced from the document the page holds. */
export async function runRanges(doc: DocModel, run: RunRequest, signal?: AbortSignal): Promise<ChunkRun> {
  const packed = await request(signal, async (api, id, instance) => {
    await ensureOpen(instance, doc.id);
    return api.run(id, run);
  });
  return { ...packed, chunks: unpackChunks(packed.chunks, doc.text) };
}

/** Stage 2: per-chunk scores of a run. */
export function runScores(run: RunRequest, signal?: AbortSignal): Promise<RunQuality> {
  return request(signal, async (api, id, instance) => {
    await ensureOpen(instance, run.docId);
    return api.scores(id, run);
  });
}

/** Stage 3: coherence and the run-level scores. */
export function runCoherence(run: RunRequest, signal?: AbortSignal): Promise<CoherenceStage> {
  return request(signal, async (api, id, instance) => {
    await ensureOpen(instance, run.docId);
    return api.coherence(id, run);
  });
}

export function similarityCurve(docId: string, signal?: AbortSignal): Promise<SimilarityCurve> {
  return request(signal, async (api, id, instance) => {
    await ensureOpen(instance, docId);
    return api.similarityCurve(id, docId);
  });
}

export function judgeRunCoherence(
  docId: string,
  ranges: { start: number; end: number }[],
  signal?: AbortSignal,
): Promise<JudgeResult> {
  return request(signal, async (api, id, instance) => {
    await ensureOpen(instance, docId);
    return api.judgeCoherence(id, docId, ranges);
  });
}

/** Tests an endpoint from the engine worker, where provider code lives (the page has none). */
export function testEndpoint(target: ConnectionTarget, signal?: AbortSignal): Promise<ConnectionResult> {
  return request(signal, (api, id) => api.testConnection(id, target));
}

/** LLM tokens spent by runs that never reported them (superseded or failed); zero after the call. */
export function takeUnbookedLlmTokens(): Promise<number> {
  return current().api.takeUnbookedLlmTokens();
}

/** The session's endpoints, keys included, to the engine worker's memory (never persisted there). */
export async function sendEndpoints(next: SessionEndpoints): Promise<void> {
  endpoints = next;
  unwrap(await current().api.setEndpoints(next));
}
