/**
 * A sweep worker thread: holds the sweep's documents (their DocModels, encoded on first use and
 * kept) and question set once, and runs the points it is sent, one at a time (DESIGN §9).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { DocModel } from "../core/document";
import type { SessionEndpoints } from "../core/providers/session";
import type { SweepPoint } from "../core/sweep/space";
import { EngineHost } from "../host/engine";
import { SweepHost, type SweepSettings } from "../host/sweep";
import { extractPdfBytes } from "../pdf/node";
import { readWordVectorsFile } from "./wordVectorsFile";

export interface SweepWorkerData {
  entry: string;
  docs: DocModel[];
  settings: SweepSettings;
  endpoints: SessionEndpoints;
}

export interface SweepJob {
  index: number;
  point: SweepPoint;
}

const data = workerData as SweepWorkerData;
const engine = new EngineHost(extractPdfBytes, Number.POSITIVE_INFINITY);
engine.providers.useWordVectors(readWordVectorsFile);
for (const doc of data.docs) engine.keep(doc);
engine.setEndpoints(data.endpoints);
const sweep = new SweepHost(engine);

// Loaded (its TypeScript compiled, the documents held): the pool may send points now.
parentPort!.postMessage({ ready: true });

parentPort!.on("message", (job: SweepJob) => {
  void sweep.runPoint(job.point, data.settings).then(
    (line) => parentPort!.postMessage({ index: job.index, line }),
    (err: unknown) =>
      parentPort!.postMessage({
        index: job.index,
        line: { chunker: job.point.chunker, config: job.point.config, error: String(err) },
      }),
  );
});
