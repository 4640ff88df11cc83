/**
 * pdf.js on the main thread, for drawing pages (extraction runs in the engine worker, see src/pdf).
 * The data files are the static copies scripts/prepare-assets.mjs puts under /pdfjs/. pdf.js is
 * ~400 KB: it loads on the first document to draw, not before the first paint.
 */
import type * as Pdfjs from "pdfjs-dist";
import type { PDFDocumentProxy } from "pdfjs-dist";
import workerSrc from "pdfjs-dist/build/pdf.worker.min.mjs?url";

let library: Promise<typeof Pdfjs> | undefined;

function loadPdfjs(): Promise<typeof Pdfjs> {
  library ??= import("pdfjs-dist").then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;
    return pdfjs;
  });
  return library;
}

/** Absolute, because pdf.js's worker resolves them and has no document base of its own. */
function assetUrl(path: string): string {
  return new URL(path, location.href).href;
}

/**
 * Opens a PDF for rendering. The bytes are copied: pdf.js transfers the buffer it is given to its
 * worker, which would leave the caller's array (still needed for extraction, hashing, re-opening)
 * detached and empty.
 *
 * Rejects with pdf.js's PasswordException (name "PasswordException") when a password is needed
 * or wrong. The caller owns the returned document and must `destroy()` it when done.
 */
export async function openPdfForRendering(bytes: Uint8Array, password?: string): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes), // a copy (a Node Buffer's `slice` would share memory)
    password,
    cMapUrl: assetUrl("/pdfjs/cmaps/"),
    cMapPacked: true,
    standardFontDataUrl: assetUrl("/pdfjs/standard_fonts/"),
    wasmUrl: assetUrl("/pdfjs/wasm/"),
    isEvalSupported: false,
    // Font and rendering warnings are pdf.js's business; the console stays for real errors.
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  return task.promise;
}
