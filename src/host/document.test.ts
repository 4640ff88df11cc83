import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { isPdfError } from "../pdf/errors";
import { extractPdfBytes } from "../pdf/node";
import { openDocument } from "./document";
import { exitCodeOf, uiText } from "./errors";

describe("openDocument", () => {
  it("refuses a valid PDF with no pages, saying so (exit 3), rather than opening a blank document", async () => {
    // pdf-lib adds a blank page to an empty document unless told not to.
    const bytes = await (await PDFDocument.create()).save({ addDefaultPage: false });
    const error = await openDocument(bytes, "empty.pdf", { extractPdf: extractPdfBytes }).catch(
      (e: unknown) => e,
    );
    expect(isPdfError(error, "no-text")).toBe(true);
    expect(uiText(error)).toMatch(/^the PDF has no pages/);
    expect(exitCodeOf(error)).toBe(3);
  });

  it("opens a one-page PDF", async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText("Hello pages", { x: 50, y: 700 });
    const doc = await openDocument(await pdf.save(), "one.pdf", { extractPdf: extractPdfBytes });
    expect(doc.pages).toHaveLength(1);
    expect(doc.text).toContain("Hello pages");
  });
});
