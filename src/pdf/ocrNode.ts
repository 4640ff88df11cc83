/**
 * OCR in Node (`--ocr`, DESIGN §10): each image-only page rendered by pdf.js onto @napi-rs/canvas
 * at 150 dpi, recognized by tesseract.js (its core and the English data read from node_modules —
 * no request leaves the machine), and merged into the DocModel by core/ocr. A page that cannot be
 * rendered or read is reported and skipped; the rest are done.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { createWorker, type Worker as TesseractWorker } from "tesseract.js";
import type { DocModel } from "../core/document";
import { applyOcr, pagesWithoutText, type OcrPage } from "../core/ocr";
import { openPdfjs } from "./node";
import { OCR_DPI, ocrPageOf } from "./ocrResult";

const require = createRequire(import.meta.url);
/** The npm-packaged English model (the int8 "best" LSTM: 2.9 MB, tesseract's recommended accuracy). */
const ENG_DIR = path.join(
  path.dirname(require.resolve("@tesseract.js-data/eng/package.json")),
  "4.0.0_best_int",
);

export interface NodeOcrOptions {
  password?: string;
  /** After each page: pages done, pages to do. */
  onProgress?: (done: number, total: number) => void;
  onWarning?: (message: string) => void;
  signal?: AbortSignal;
}

interface NodeCanvas {
  toBuffer(mime: "image/png"): Buffer;
}

interface CanvasFactory {
  create(width: number, height: number): { canvas: NodeCanvas; context: unknown };
  destroy(entry: { canvas: NodeCanvas; context: unknown }): void;
}

let tesseract: Promise<TesseractWorker> | null = null;

/** One recognizer per process, made on first use (loading the model costs ~0.4 s). */
function recognizer(): Promise<TesseractWorker> {
  tesseract ??= createWorker("eng", 1, { langPath: ENG_DIR, gzip: true, cacheMethod: "none" });
  return tesseract;
}

/** Ends the recognizer's thread so the process can exit. */
export async function stopNodeOcr(): Promise<void> {
  const pending = tesseract;
  tesseract = null;
  if (pending) await (await pending).terminate();
}

/** The document with its image-only pages recognized; unchanged (same id) when it has none. */
export async function recognizeDocumentNode(
  bytes: Uint8Array,
  doc: DocModel,
  options: NodeOcrOptions = {},
): Promise<DocModel> {
  const todo = pagesWithoutText(doc);
  if (todo.length === 0) return doc;
  const pdf = await openPdfjs(bytes, options.password);
  const recognized: OcrPage[] = [];
  try {
    const worker = await recognizer();
    const factory = (pdf as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    const scale = OCR_DPI / 72;
    for (const [i, number] of todo.entries()) {
      if (options.signal?.aborted) throw options.signal.reason;
      try {
        const page = await pdf.getPage(number);
        const viewport = page.getViewport({ scale });
        const entry = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
        // pdf.js's Node canvas factory hands out @napi-rs/canvas objects; its render types name the DOM's.
        await page.render({
          canvas: entry.canvas as unknown as HTMLCanvasElement,
          canvasContext: entry.context as CanvasRenderingContext2D,
          viewport,
        }).promise;
        const png = entry.canvas.toBuffer("image/png");
        factory.destroy(entry);
        page.cleanup();
        const result = await worker.recognize(png, {}, { blocks: true, text: false });
        recognized.push(ocrPageOf(number, scale, result.data.blocks));
      } catch (err) {
        options.onWarning?.(
          `page ${number}: not recognized (${err instanceof Error ? err.message : String(err)})`,
        );
      }
      options.onProgress?.(i + 1, todo.length);
    }
  } finally {
    await pdf.destroy();
  }
  return applyOcr(doc, recognized);
}
