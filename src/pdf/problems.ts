/**
 * What is wrong with an extracted document, said for people (CLI stderr, UI warnings) and, for a
 * document with no text at all, as the typed error the CLI turns into exit code 3.
 */
import type { DocModel } from "../core/document";
import { PdfError } from "./errors";

/** One line per page that failed or has no text, in page order. */
export function pageProblems(doc: Pick<DocModel, "pages">): string[] {
  const out: string[] = [];
  for (const page of doc.pages) {
    if (page.error !== undefined) out.push(`page ${page.number} failed: ${page.error}`);
    else if (!page.hasText) out.push(`page ${page.number}: no text layer (image only?)`);
  }
  return out;
}

/** Throws PdfError "no-text" when no page of the document has any text. */
export function assertHasText(doc: Pick<DocModel, "pages" | "name">): void {
  // Text input (Markdown, plain text) has no pages and is never "image only".
  if (doc.pages.length === 0 || doc.pages.some((p) => p.hasText)) return;
  const failed = doc.pages.filter((p) => p.error !== undefined);
  if (failed.length === doc.pages.length) {
    const which = failed.length === 1 ? "its only page" : `any of its ${failed.length} pages`;
    throw new PdfError(
      "no-text",
      `${doc.name}: no text to chunk — pdf.js could not read ${which} (${failed[0]!.error}).`,
    );
  }
  const what =
    doc.pages.length === 1 ? "its only page has no" : `none of its ${doc.pages.length} pages has a`;
  throw new PdfError(
    "no-text",
    `${doc.name}: no text to chunk — ${what} text layer (a scan or image-only PDF? run OCR first, --ocr).`,
  );
}
