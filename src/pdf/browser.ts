/**
 * Browser / Web Worker entry: pdf.js's modern build with its own worker, CMaps and standard fonts
 * served as static assets (copied to /pdfjs/ at build time).
 */
import * as pdfjs from "pdfjs-dist";
import workerSrc from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import type { DocModel } from "../core/document";
import { extractPdf } from "./extract";

pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

const DEFAULT_CMAP_URL = "/pdfjs/cmaps/";
const DEFAULT_STANDARD_FONT_DATA_URL = "/pdfjs/standard_fonts/";

export interface BrowserExtractOptions {
  name: string;
  password?: string;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  onWarning?: (message: string) => void;
  /** A long PDF's model of its first pages, while the rest is read (extract.ts). */
  onProvisional?: (doc: DocModel) => void;
  /** Defaults to DEFAULT_CMAP_URL; must end with "/". */
  cMapUrl?: string;
  /** Defaults to DEFAULT_STANDARD_FONT_DATA_URL; must end with "/". */
  standardFontDataUrl?: string;
}

/** Absolute URL: pdf.js's worker fetches it, and a worker has no document base to resolve against. */
function absolute(url: string): string {
  return new URL(url, globalThis.location?.href).href;
}

export function extractPdfBytes(bytes: Uint8Array, options: BrowserExtractOptions): Promise<DocModel> {
  const {
    cMapUrl = DEFAULT_CMAP_URL,
    standardFontDataUrl = DEFAULT_STANDARD_FONT_DATA_URL,
    ...rest
  } = options;
  return extractPdf(pdfjs, bytes, {
    ...rest,
    cMapUrl: absolute(cMapUrl),
    standardFontDataUrl: absolute(standardFontDataUrl),
    // Explicit, so pdf.js does not probe `document.baseURI` (absent in a Web Worker) to decide.
    documentParams: { useWorkerFetch: true },
  });
}
