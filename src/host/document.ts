/**
 * Bytes → DocModel, the one way the engine worker and the CLI open a file: its kind detected once
 * (core/fileKind), PDFs through src/pdf (the caller hands in its environment's extractor: pdf.js's
 * modern build in a worker, the legacy build in Node), Markdown and text as they are.
 */
import { textDocModel, type DocModel } from "../core/document";
import { detectKind, extensionOf, type DocumentKind } from "../core/fileKind";
import { sha256Hex } from "../core/text/hash";
import { markdownHeadings } from "../core/text/markdown";
import { PdfError } from "../pdf/errors";
import { InputError } from "./errors";

interface PdfExtractOptions {
  name: string;
  password?: string;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** A long PDF's model of its first pages, while the rest is read (src/pdf/extract). */
  onProvisional?: (doc: DocModel) => void;
}

export type PdfExtractor = (bytes: Uint8Array, options: PdfExtractOptions) => Promise<DocModel>;

export interface OpenOptions {
  extractPdf: PdfExtractor;
  /** The kind the caller already detected (the page does, to know whether to render); else detected here. */
  kind?: DocumentKind;
  password?: string;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  onProvisional?: (doc: DocModel) => void;
}

export async function openDocument(bytes: Uint8Array, name: string, options: OpenOptions): Promise<DocModel> {
  const kind = options.kind ?? detectKind(name, bytes);
  if (kind === null)
    throw new InputError(
      `unsupported file type "${extensionOf(name) || "(none)"}": give a .pdf, .md or .txt file`,
    );
  if (kind !== "pdf") {
    const text = decodeUtf8(bytes, name);
    return textDocModel(
      await sha256Hex(bytes),
      name,
      text,
      kind === "markdown" ? markdownHeadings(text) : [],
    );
  }
  const doc = await options.extractPdf(bytes, {
    name,
    ...(options.password !== undefined ? { password: options.password } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProvisional ? { onProvisional: options.onProvisional } : {}),
  });
  // A valid PDF with an empty page tree opens "fine" and would read as ready over a blank viewer.
  if (doc.pages.length === 0)
    throw new PdfError("no-text", "the PDF has no pages — nothing to show or chunk");
  return doc;
}

function decodeUtf8(bytes: Uint8Array, name: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new InputError(`${name} is not UTF-8 text`);
  }
}
