/**
 * The CLI's extraction thread (DESIGN §12): reads one PDF's bytes into a DocModel under the limits
 * the main thread set on it (`--timeout`, a heap limit), so a PDF built to stall or exhaust pdf.js
 * costs a thread, never the process. Errors travel as payloads (host/errors) and keep their type.
 */
import { parentPort } from "node:worker_threads";
import type { DocModel } from "../core/document";
import { toErrorPayload, type ErrorPayload } from "../host/errors";
import { extractPdfBytes } from "../pdf/node";

export interface ExtractJob {
  index: number;
  bytes: Uint8Array;
  name: string;
  password?: string;
}

export interface ExtractReply {
  index: number;
  doc: DocModel | null;
  error: ErrorPayload | null;
  /** The extractor's progress, last seen (the CLI reports it once, at the end). */
  pages: { done: number; total: number } | null;
}

async function extract(job: ExtractJob): Promise<ExtractReply> {
  let pages: ExtractReply["pages"] = null;
  try {
    const doc = await extractPdfBytes(job.bytes, {
      name: job.name,
      ...(job.password !== undefined ? { password: job.password } : {}),
      onProgress: (done, total) => (pages = { done, total }),
    });
    return { index: job.index, doc, error: null, pages };
  } catch (err) {
    return { index: job.index, doc: null, error: toErrorPayload(err), pages };
  }
}

parentPort!.postMessage({ ready: true });
parentPort!.on("message", (job: ExtractJob) => {
  void extract(job).then((reply) => parentPort!.postMessage(reply));
});
