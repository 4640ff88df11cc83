/**
 * A sweep worker (DESIGN §9): a thin comlink facade over host/SweepHost. `init` hands it the
 * sweep's documents (already extracted on the page), the settings and the session's endpoints
 * once; each `runPoint` is then a chunking and an evaluation, nothing more. The page keeps
 * `hardwareConcurrency − 1` of these (app/engine/sweepPool) and terminates them on cancel.
 */
import * as Comlink from "comlink";
import type { DocModel } from "../core/document";
import type { SessionEndpoints } from "../core/providers/session";
import type { SweepLine } from "../core/sweep/result";
import type { SweepPoint } from "../core/sweep/space";
import type { PdfExtractor } from "../host/document";
import { EngineHost } from "../host/engine";
import { SweepHost, type SweepSettings } from "../host/sweep";
import { settle, type WorkerResult } from "./workerResult";
import { fetchWordVectors } from "./wordVectorsFetch";

/**
 * The documents arrive extracted: this worker never opens a file, so it does not load pdf.js (a
 * few MB per worker, parsed before the first point) — an attempt is a bug, and says so.
 */
const noPdf: PdfExtractor = () =>
  Promise.reject(new Error("a sweep worker opens no files: the page sends extracted documents"));

let state: { sweep: SweepHost; settings: SweepSettings } | null = null;
const running = new Map<number, AbortController>();

const api = {
  /** Holds every document of the sweep (no eviction: a point reads them all) and the settings. */
  init(docs: DocModel[], settings: SweepSettings, endpoints: SessionEndpoints): Promise<WorkerResult<void>> {
    return settle(async () => {
      const engine = new EngineHost(noPdf, Number.POSITIVE_INFINITY);
      engine.providers.useWordVectors(fetchWordVectors);
      for (const doc of docs) engine.keep(doc);
      engine.setEndpoints(endpoints);
      state = { sweep: new SweepHost(engine), settings };
    });
  },

  /** One point: a line (its metrics, or its skip reason, or its error); an abort is an error result. */
  runPoint(id: number, point: SweepPoint): Promise<WorkerResult<SweepLine>> {
    const controller = new AbortController();
    running.set(id, controller);
    return settle(async () => {
      if (!state) throw new Error("the sweep worker was not initialised");
      return state.sweep.runPoint(point, state.settings, controller.signal);
    }).finally(() => running.delete(id));
  },

  cancel(id: number): void {
    running.get(id)?.abort(new DOMException("sweep cancelled", "AbortError"));
  },
};

export type SweepWorkerApi = typeof api;
Comlink.expose(api);
