/**
 * pdf.js documents for drawing pages, one per open document (and password try), opened as soon as
 * the document is chosen — beside its extraction in the worker, not after it — so a restored or
 * dropped document's first page is drawn moments after its model arrives. Only the documents on
 * screen or about to be are kept; the rest are destroyed.
 */
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { OpenDocument } from "../state/store";
import { openPdfForRendering } from "./loadPdf";

const opened = new Map<string, Promise<PDFDocumentProxy>>();

const idOf = (doc: OpenDocument) => `${doc.key}#${doc.passwordAttempts}`;

/** The document's pdf.js proxy, opened once; a failed open is forgotten so a later try opens again. */
export function renderingDocument(doc: OpenDocument): Promise<PDFDocumentProxy> {
  const id = idOf(doc);
  let pending = opened.get(id);
  if (!pending) {
    pending = openPdfForRendering(doc.bytes, doc.password);
    opened.set(id, pending);
    pending.catch(() => opened.delete(id));
  }
  return pending;
}

/** Destroys every proxy but those of the documents given (the current and the displayed one). */
export function keepRenderingDocuments(keep: readonly (OpenDocument | undefined)[]): void {
  const ids = new Set(keep.filter((d): d is OpenDocument => d !== undefined).map(idOf));
  for (const [id, pending] of opened) {
    if (ids.has(id)) continue;
    opened.delete(id);
    pending.then(
      (pdf) => void pdf.destroy(),
      () => undefined, // it failed to open: nothing to destroy (the failure was the extraction's to report)
    );
  }
}
