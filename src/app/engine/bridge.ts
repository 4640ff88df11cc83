/**
 * The engine worker's lifecycle, apart from the worker itself so it can be tested with a fake: one
 * request id per call; an abort cancels the call in the worker and rejects at once; a worker still
 * busy `deadlineMs` after an abort is terminated and replaced (DESIGN §3). The replacement reopens
 * the documents from the bytes kept here and gets the endpoints again, and calls that were waiting
 * on the old worker (not aborted) are sent to the new one.
 */
import { fileIdOf } from "../../core/furniture";
import type { PackedDocModel } from "../../core/packedDocModel";
import type { SessionEndpoints } from "../../core/providers/session";
import type { OpenRequest } from "../../host/engine";
import type { EngineWorkerApi } from "../../workers/engine.worker";
import { unwrap, type WorkerResult } from "../../workers/workerResult";
import { EngineActivity } from "./activity";

/** DESIGN §3: a run still busy this long after its abort gets its worker terminated and replaced. */
const CANCEL_DEADLINE_MS = 2000;

/** The worker's methods as the page calls them: every one answers with a promise. */
export type EngineApi = {
  [K in keyof EngineWorkerApi]: (
    ...args: Parameters<EngineWorkerApi[K]>
  ) => Promise<Awaited<ReturnType<EngineWorkerApi[K]>>>;
};

export interface EngineWorkerHandle {
  api: EngineApi;
  terminate(): void;
}

interface Instance extends EngineWorkerHandle {
  /** Documents this worker holds (reopened lazily after a replacement). */
  opened: Set<string>;
  /** Told when the worker is replaced: the calls still waiting on it are sent again. */
  onReplaced: Set<() => void>;
}

export class EngineBridge {
  private instance: Instance | null = null;
  private nextId = 1;
  private readonly sources = new Map<string, { bytes: Uint8Array; request: OpenRequest }>();
  private endpoints: SessionEndpoints | null = null;
  /** How many workers were terminated for ignoring an abort. */
  restarts = 0;

  constructor(
    private readonly spawn: () => EngineWorkerHandle,
    /** Marks a buffer for transfer (comlink's transfer in the page; identity in tests). */
    private readonly transfer: (bytes: Uint8Array) => Uint8Array = (bytes) => bytes,
    private readonly deadlineMs = CANCEL_DEADLINE_MS,
    /** Told of every call while it is in flight (background sweeps give way to them). */
    private readonly activity = new EngineActivity(),
    /** Makes a callback callable from the worker (comlink's proxy in the page; identity in tests). */
    private readonly callback: <F extends (...args: never[]) => void>(f: F) => F = (f) => f,
  ) {}

  private current(): Instance {
    if (!this.instance) {
      this.instance = { ...this.spawn(), opened: new Set(), onReplaced: new Set() };
      if (this.endpoints) void this.instance.api.setEndpoints(this.endpoints);
    }
    return this.instance;
  }

  private replace(stuck: Instance): void {
    if (this.instance !== stuck) return;
    this.restarts++;
    stuck.terminate();
    this.instance = null;
    this.current();
    for (const resend of stuck.onReplaced) resend();
    stuck.onReplaced.clear();
  }

  /**
   * Sends `call` to the current worker, the document `docId` opened there first. An abort cancels
   * it there and rejects here at once; if the worker has not finished it `deadlineMs` later, the
   * worker is replaced. A call waiting on a worker that gets replaced is sent again to the new one.
   */
  async request<T>(
    signal: AbortSignal | undefined,
    call: (api: EngineApi, id: number) => Promise<WorkerResult<T>>,
    /** The document the call needs opened in the worker; "all" for every document the page holds. */
    docId?: string | "all",
  ): Promise<T> {
    const settled = this.activity.begin();
    try {
      return await this.requestOnce(signal, call, docId);
    } finally {
      settled();
    }
  }

  private async requestOnce<T>(
    signal: AbortSignal | undefined,
    call: (api: EngineApi, id: number) => Promise<WorkerResult<T>>,
    docId?: string | "all",
  ): Promise<T> {
    for (;;) {
      signal?.throwIfAborted();
      const instance = this.current();
      const id = this.nextId++;
      let settled = false;
      const pending = (async () => {
        if (docId === "all") for (const id of this.sources.keys()) await this.ensureOpen(instance, id);
        else if (docId !== undefined) await this.ensureOpen(instance, docId);
        return call(instance.api, id);
      })().finally(() => (settled = true));
      const outcome = await new Promise<{ result: WorkerResult<T> } | "replaced">((resolve, reject) => {
        const onReplaced = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve("replaced");
        };
        const onAbort = () => {
          instance.onReplaced.delete(onReplaced);
          void instance.api.cancel(id);
          const timer = setTimeout(() => {
            if (!settled) this.replace(instance);
          }, this.deadlineMs);
          void pending.finally(() => clearTimeout(timer)).catch(() => undefined);
          reject(
            signal!.reason instanceof Error ? signal!.reason : new DOMException("aborted", "AbortError"),
          );
        };
        instance.onReplaced.add(onReplaced);
        signal?.addEventListener("abort", onAbort, { once: true });
        pending.then(
          (result) => {
            instance.onReplaced.delete(onReplaced);
            signal?.removeEventListener("abort", onAbort);
            resolve({ result });
          },
          (err: unknown) => {
            instance.onReplaced.delete(onReplaced);
            signal?.removeEventListener("abort", onAbort);
            reject(err instanceof Error ? err : new Error(String(err)));
          },
        );
      });
      if (outcome !== "replaced") return unwrap(outcome.result);
    }
  }

  /**
   * Opens a document in the worker, which extracts and keeps it; the bytes stay here for a restart.
   * A long PDF's provisional model (its first pages) is told to `onProvisional` while the rest is
   * read: the worker holds it, so runs may ask for it, until the whole document replaces it.
   */
  async open(
    bytes: Uint8Array,
    request: OpenRequest,
    onProgress: (done: number, total: number) => void,
    signal?: AbortSignal,
    onProvisional?: (doc: PackedDocModel) => void,
  ): Promise<PackedDocModel> {
    let openedIn: Instance | null = null;
    const doc = await this.request(signal, (api, id) => {
      const instance = this.instance;
      openedIn = instance;
      const provisional = onProvisional
        ? this.callback((first: PackedDocModel) => {
            // Not after the call was abandoned or sent again to a replacement.
            if (signal?.aborted || this.instance !== instance) return;
            instance?.opened.add(first.id);
            onProvisional(first);
          })
        : undefined;
      // A copy crosses: the page keeps its bytes for rendering, a retry with a password, a restart.
      return api.open(id, this.transfer(bytes.slice()), request, this.callback(onProgress), provisional);
    });
    this.sources.set(doc.id, { bytes, request });
    const opened = (openedIn as Instance | null)?.opened;
    if (opened) {
      // The worker holds one model per file (host/engine keep): another setting's or the model
      // before OCR is let go there, and reopened from its source if asked for again.
      for (const id of [...opened]) if (id !== doc.id && fileIdOf(id) === fileIdOf(doc.id)) opened.delete(id);
      opened.add(doc.id);
    }
    return doc;
  }

  private async ensureOpen(instance: Instance, docId: string): Promise<void> {
    if (instance.opened.has(docId)) return;
    const source = this.sources.get(docId);
    if (!source) throw new Error(`the engine does not hold document ${docId}; open it again`);
    unwrap(await instance.api.open(this.nextId++, this.transfer(source.bytes.slice()), source.request));
    instance.opened.add(docId);
  }

  close(docId: string): void {
    this.sources.delete(docId);
    if (this.instance) {
      this.instance.opened.delete(docId);
      void this.instance.api.forget(docId);
    }
  }

  async setEndpoints(endpoints: SessionEndpoints): Promise<void> {
    this.endpoints = endpoints;
    unwrap(await this.current().api.setEndpoints(endpoints));
  }

  takeUnbookedLlmTokens(): Promise<number> {
    return this.current().api.takeUnbookedLlmTokens();
  }
}
