/**
 * One PDF's extraction, in a worker of its own that the engine worker starts for it and ends after
 * (workers/extractInWorker): pdf.js's text items and the pages' intermediate objects — gigabytes
 * allocated for a 2,415-page manual — are garbage of this worker's heap, returned whole when it
 * ends, not left in the engine worker's heap beside the documents it keeps. The model crosses
 * packed (core/packedDocModel), its buffers transferred.
 */
import * as Comlink from "comlink";
import type { DocModel } from "../core/document";
import { packDocModel, packedDocModelTransferables, type PackedDocModel } from "../core/packedDocModel";
import { extractPdfBytes } from "../pdf/browser";
import { settle, type WorkerResult } from "./workerResult";

const transferred = (model: DocModel): PackedDocModel => {
  const packed = packDocModel(model);
  return Comlink.transfer(packed, packedDocModelTransferables(packed));
};

const api = {
  extract(
    bytes: Uint8Array,
    request: { name: string; password?: string },
    onProgress?: (done: number, total: number) => void,
    onProvisional?: (doc: PackedDocModel) => void,
  ): Promise<WorkerResult<PackedDocModel>> {
    return settle(async () =>
      transferred(
        await extractPdfBytes(bytes, {
          ...request,
          ...(onProgress ? { onProgress } : {}),
          ...(onProvisional ? { onProvisional: (doc: DocModel) => onProvisional(transferred(doc)) } : {}),
        }),
      ),
    ).then((result) =>
      result.ok ? Comlink.transfer(result, packedDocModelTransferables(result.value)) : result,
    );
  },
};

export type ExtractWorkerApi = typeof api;

Comlink.expose(api);
