/**
 * Node entry (CLI, vitest): pdf.js's legacy build, with its CMaps and standard fonts read from
 * node_modules/pdfjs-dist as files.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { DocModel } from "../core/document";
import { keepingNatives } from "./keepNatives";
import {
  documentInit,
  extractPdf,
  extractPdfFromParts,
  extractPdfPart,
  type ExtractOptions,
  type PageExtract,
  type PdfjsLib,
} from "./extract";

export type { PageExtract };

/** node_modules/pdfjs-dist, wherever the resolver finds it (hoisted or nested). */
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

/** pdf.js reads these by concatenating file names: they must end with a separator. */
const NODE_CMAP_DIR = path.join(PDFJS_DIR, "cmaps") + path.sep;
const NODE_STANDARD_FONT_DIR = path.join(PDFJS_DIR, "standard_fonts") + path.sep;
const NODE_WASM_DIR = path.join(PDFJS_DIR, "wasm") + path.sep;

let legacy: Promise<PdfjsLib> | undefined;

/**
 * The legacy build, loaded once on first use (it is the build that supports Node), with its worker
 * module, which pdf.js's in-process ("fake") worker takes from `globalThis.pdfjsWorker` rather than
 * importing it on the first document. Both are loaded before the built-ins core-js replaced are put
 * back (keepNatives.ts).
 */
function loadPdfjs(): Promise<PdfjsLib> {
  legacy ??= keepingNatives(async () => {
    const [lib, worker] = await Promise.all([
      import("pdfjs-dist/legacy/build/pdf.mjs"),
      import("pdfjs-dist/legacy/build/pdf.worker.mjs"),
    ]);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return lib;
  });
  return legacy;
}

const NODE_RESOURCES = {
  cMapUrl: NODE_CMAP_DIR,
  standardFontDataUrl: NODE_STANDARD_FONT_DIR,
  documentParams: { wasmUrl: NODE_WASM_DIR },
} satisfies Partial<ExtractOptions>;

/**
 * Opens a PDF with bare pdf.js, same build and parameters as extraction (a baseline for benchmarks
 * and a probe for tests). The caller must `destroy()` it. pdf.js's own exceptions are not mapped.
 */
export async function openPdfjs(bytes: Uint8Array, password?: string): Promise<PDFDocumentProxy> {
  const lib = await loadPdfjs();
  return lib.getDocument(documentInit(bytes, { ...NODE_RESOURCES, password })).promise;
}

export interface NodeExtractOptions {
  name: string;
  password?: string;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  onWarning?: (message: string) => void;
  /** A long PDF's model of its first pages, while the rest is read (extract.ts). */
  onProvisional?: (doc: DocModel) => void;
}

/** Extracts a PDF held in memory. Rejects with PdfError (not-a-pdf, corrupt, needs-/wrong-password, aborted). */
export async function extractPdfBytes(bytes: Uint8Array, options: NodeExtractOptions): Promise<DocModel> {
  const lib = await loadPdfjs();
  return extractPdf(lib, bytes, { ...options, ...NODE_RESOURCES });
}

/** Part `part` of `parts` of the pages (an even split): a thread's share of a big PDF (`batch`). */
export async function extractPdfPartBytes(
  bytes: Uint8Array,
  options: NodeExtractOptions,
  part: number,
  parts: number,
): Promise<PageExtract[]> {
  return extractPdfPart(await loadPdfjs(), bytes, { ...options, ...NODE_RESOURCES }, part, parts);
}

/** The parts joined into the DocModel `extractPdfBytes` makes of the same bytes. */
export async function extractPdfBytesFromParts(
  bytes: Uint8Array,
  options: NodeExtractOptions,
  parts: readonly (readonly PageExtract[])[],
): Promise<DocModel> {
  return extractPdfFromParts(await loadPdfjs(), bytes, { ...options, ...NODE_RESOURCES }, parts);
}

/**
 * Extracts a PDF file; DocModel.name is its base name. A file that cannot be read rejects with
 * Node's own error (code ENOENT, EACCES, …), which the CLI reports as an unreadable input.
 */
export async function extractPdfFile(
  file: string,
  options: Omit<NodeExtractOptions, "name"> & { name?: string } = {},
): Promise<DocModel> {
  const bytes = await readFile(file);
  return extractPdfBytes(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    ...options,
    name: options.name ?? path.basename(file),
  });
}
