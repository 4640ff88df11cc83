/**
 * Extraction off the main thread: pdf.js (with its own nested worker) → DocModel, page by page,
 * progress reported through a comlink callback. Text and Markdown files are read here too, so
 * every document reaches the app the same way.
 */
import * as Comlink from "comlink";
import { textDocModel, type DocModel } from "../core/document";
import { sha256Hex } from "../core/text/hash";
import { markdownHeadings } from "../core/text/markdown";
import { extractPdfBytes } from "../pdf/browser";
import { PdfError, looksLikePdf } from "../pdf/errors";
import { settle, type WorkerResult } from "./workerResult";

export type DocumentKind = "pdf" | "markdown" | "text";

export interface ExtractRequest {
  requestId: number;
  name: string;
  kind: DocumentKind;
  password?: string;
}

const running = new Map<number, AbortController>();

async function readText(bytes: Uint8Array, request: ExtractRequest): Promise<DocModel> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new PdfError("not-a-pdf", `${request.name} is not UTF-8 text`);
  }
  const headings = request.kind === "markdown" ? markdownHeadings(text) : [];
  return textDocModel(await sha256Hex(bytes), request.name, text, headings);
}

const api = {
  extract(
    bytes: Uint8Array,
    request: ExtractRequest,
    onProgress: (done: number, total: number) => void,
  ): Promise<WorkerResult<DocModel>> {
    const controller = new AbortController();
    running.set(request.requestId, controller);
    return settle(async () => {
      if (request.kind !== "pdf") return readText(bytes, request);
      if (!looksLikePdf(bytes))
        throw new PdfError("not-a-pdf", `${request.name} is not a PDF (no %PDF header)`);
      return extractPdfBytes(bytes, {
        name: request.name,
        signal: controller.signal,
        onProgress,
        ...(request.password !== undefined ? { password: request.password } : {}),
      });
    }).finally(() => running.delete(request.requestId));
  },

  cancel(requestId: number): void {
    running.get(requestId)?.abort(new DOMException("superseded", "AbortError"));
  },
};

export type ExtractWorkerApi = typeof api;
Comlink.expose(api);
