/**
 * The engine worker's PDF extractor: each extraction in a worker of its own (extract.worker),
 * ended when it answers or when the signal aborts — an abort stops it at once, and everything it
 * allocated goes with it. What the host sees is the extractor contract of host/document.
 */
import * as Comlink from "comlink";
import { unpackDocModel, type PackedDocModel } from "../core/packedDocModel";
import type { PdfExtractor } from "../host/document";
import { abortError } from "../pdf/errors";
import type { ExtractWorkerApi } from "./extract.worker";
import { unwrap } from "./workerResult";

export const extractPdfInWorker: PdfExtractor = async (bytes, options) => {
  const { signal } = options;
  if (signal?.aborted) throw abortError(signal);
  const worker = new Worker(new URL("./extract.worker.ts", import.meta.url), {
    type: "module",
    name: "extract",
  });
  const api = Comlink.wrap<ExtractWorkerApi>(worker);
  let onAbort: (() => void) | undefined;
  try {
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(abortError(signal!));
      signal?.addEventListener("abort", onAbort, { once: true });
    });
    // A worker that cannot load (or dies) would leave the call unanswered: its error ends it.
    const failed = new Promise<never>((_, reject) => {
      worker.addEventListener("error", (event) => {
        event.preventDefault();
        reject(new Error(`the extraction worker failed: ${event.message || "it could not be loaded"}`));
      });
    });
    const { onProgress, onProvisional } = options;
    // A copy crosses: the caller keeps its bytes (a retry with a password, a reopen after a restart).
    const copy = bytes.slice();
    const answer = api.extract(
      Comlink.transfer(copy, [copy.buffer]),
      { name: options.name, ...(options.password !== undefined ? { password: options.password } : {}) },
      onProgress ? Comlink.proxy(onProgress) : undefined,
      onProvisional
        ? Comlink.proxy((packed: PackedDocModel) => {
            if (!signal?.aborted) onProvisional(unpackDocModel(packed));
          })
        : undefined,
    );
    return unpackDocModel(unwrap(await Promise.race([answer, aborted, failed])));
  } finally {
    if (onAbort) signal?.removeEventListener("abort", onAbort);
    api[Comlink.releaseProxy]();
    worker.terminate();
  }
};
