/**
 * pdf.js on the main thread, for drawing pages (extraction runs in its own worker, see src/pdf).
 * The data files are the static copies scripts/prepare-assets.mjs puts under /pdfjs/.
 */
import * as pdfjs from "pdfjs-dist";
import type { PDFDocumentProxy } from "pdfjs-dist";
import workerSrc from "pdfjs-dist/build/pdf.worker.min.mjs?url";

pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

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
export function openPdfForRendering(bytes: Uint8Array, password?: string): Promise<PDFDocumentProxy> {
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
