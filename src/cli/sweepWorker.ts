/**
 * A sweep worker thread: holds the sweep's documents (their DocModels, encoded once — here or by
 * another thread of the pool, whose encoding it is handed) and question set once, and runs the
 * points it is sent, one at a time (DESIGN §9).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { DocModel } from "../core/document";
import type { SessionEndpoints } from "../core/providers/session";
import type { SweepLine } from "../core/sweep/result";
import type { SweepPoint } from "../core/sweep/space";
import type { EncodedText } from "../core/text/encodedText";
import type { EncodingName } from "../core/text/tokenizer";
import { EngineHost } from "../host/engine";
import { uiText } from "../host/errors";
import { SweepHost, type SweepSettings } from "../host/sweep";
import { extractPdfBytes } from "../pdf/node";
import { readWordVectorsFile } from "./wordVectorsFile";

export interface SweepWorkerData {
  entry: string;
  docs: DocModel[];
  settings: SweepSettings;
  endpoints: SessionEndpoints;
}

export interface SweepPointJob {
  kind: "point";
  index: number;
  point: SweepPoint;
}

/** Encode one document for the whole pool. */
export interface SweepEncodeJob {
  kind: "encode";
  index: number;
  docId: string;
  encoding: EncodingName;
}

export type SweepJob = SweepPointJob | SweepEncodeJob;

export type SweepReply =
  | { kind: "point"; index: number; line: SweepLine }
  | { kind: "encoded"; index: number; docId: string; encoded: EncodedText | null; error: string | null };

/** Not a job: an encoding another thread made, to hold before the points that read it. */
interface AdoptMessage {
  adopt: { docId: string; encoded: EncodedText };
}

const data = workerData as SweepWorkerData;
const engine = new EngineHost(extractPdfBytes, Number.POSITIVE_INFINITY);
engine.providers.useWordVectors(readWordVectorsFile);
for (const doc of data.docs) engine.keep(doc);
engine.setEndpoints(data.endpoints);
const sweep = new SweepHost(engine);

const reply = (message: SweepReply) => parentPort!.postMessage(message);

async function encode(job: SweepEncodeJob): Promise<SweepReply> {
  try {
    const encoded = await engine.encodedText(job.docId, job.encoding);
    return { kind: "encoded", index: job.index, docId: job.docId, encoded, error: null };
  } catch (err) {
    return { kind: "encoded", index: job.index, docId: job.docId, encoded: null, error: uiText(err) };
  }
}

async function runPoint(job: SweepPointJob): Promise<SweepReply> {
  try {
    return { kind: "point", index: job.index, line: await sweep.runPoint(job.point, data.settings) };
  } catch (err) {
    const { chunker, config } = job.point;
    return { kind: "point", index: job.index, line: { chunker, config, error: String(err) } };
  }
}

// Loaded (the documents held): the pool may send jobs now.
parentPort!.postMessage({ ready: true });

parentPort!.on("message", (message: SweepJob | AdoptMessage) => {
  if ("adopt" in message) {
    engine.adoptEncoding(message.adopt.docId, message.adopt.encoded);
    return;
  }
  void (message.kind === "encode" ? encode(message) : runPoint(message)).then(reply);
});
