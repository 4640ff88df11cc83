/**
 * OCR in the browser (DESIGN §10): each image-only page drawn by pdf.js at 150 dpi, handed to
 * tesseract.js — its own Web Worker, its core and the English model served from this origin
 * (scripts/prepare-assets.mjs puts them under /tesseract/), so nothing is fetched elsewhere.
 * Cancelling terminates the recognizer; pages finished before it are kept by the caller's choice.
 */
import type { Worker as TesseractWorker } from "tesseract.js";
import type { OcrPage } from "../../core/ocr";
import { OCR_DPI, ocrPageOf } from "../../pdf/ocrResult";
import type { OpenDocument } from "../state/store";
import { renderingDocument } from "../viewer/renderingDocuments";

const assetUrl = (path: string) =>
  new URL(`${import.meta.env.BASE_URL}tesseract/${path}`, location.href).href;

async function startRecognizer(): Promise<TesseractWorker> {
  const { createWorker } = await import("tesseract.js");
  return createWorker("eng", 1, {
    workerPath: assetUrl("worker.min.js"),
    corePath: assetUrl("core/"),
    langPath: assetUrl("lang"),
    gzip: true,
    // The model is served locally: caching a copy in IndexedDB would only double the storage.
    cacheMethod: "none",
    workerBlobURL: false,
  });
}

function pageImage(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("the page image could not be encoded"))),
      "image/png",
    ),
  );
}

export interface OcrProgress {
  done: number;
  total: number;
}

/**
 * Recognizes the pages given, in order; `onPage` receives each page as it is read (so a cancel
 * keeps the finished ones). A page that fails is reported through `onPageError` and skipped.
 */
export async function recognizePages(
  source: OpenDocument,
  pages: readonly number[],
  handlers: {
    onPage(page: OcrPage, progress: OcrProgress): void;
    onPageError(page: number, message: string): void;
  },
  signal: AbortSignal,
): Promise<void> {
  const pdf = await renderingDocument(source);
  const recognizer = await startRecognizer();
  const stop = () => void recognizer.terminate();
  signal.addEventListener("abort", stop, { once: true });
  const scale = OCR_DPI / 72;
  try {
    for (const [i, number] of pages.entries()) {
      if (signal.aborted) break;
      try {
        const page = await pdf.getPage(number);
        const viewport = page.getViewport({ scale });
        const canvas = document.createElement("canvas");
        canvas.width = Math.ceil(viewport.width);
        canvas.height = Math.ceil(viewport.height);
        await page.render({ canvas, viewport }).promise;
        const image = await pageImage(canvas);
        canvas.width = 0;
        canvas.height = 0;
        const result = await recognizer.recognize(image, {}, { blocks: true, text: false });
        if (signal.aborted) break;
        handlers.onPage(ocrPageOf(number, scale, result.data.blocks), { done: i + 1, total: pages.length });
      } catch (err) {
        if (signal.aborted) break;
        handlers.onPageError(number, err instanceof Error ? err.message : String(err));
      }
    }
  } finally {
    signal.removeEventListener("abort", stop);
    if (!signal.aborted) await recognizer.terminate();
  }
}
