/** Typed errors, their worker-boundary payloads, and the problem reports the CLI and UI print. */
import { describe, expect, it } from "vitest";
import type { PageInfo } from "../../src/core/document";
import { isPdfError, looksLikePdf, pdfjsOpenError, PdfError } from "../../src/pdf/errors";
import { extractPdfBytes } from "../../src/pdf/node";
import { assertHasText, pageProblems } from "../../src/pdf/problems";

function page(number: number, extra: Partial<PageInfo> = {}): PageInfo {
  return { number, width: 612, height: 792, rotate: 0, textStart: 0, textEnd: 0, hasText: true, ...extra };
}

describe("PdfError", () => {
  it("names an aborted extraction AbortError, the others PdfError", () => {
    expect(new PdfError("aborted", "x").name).toBe("AbortError");
    expect(new PdfError("corrupt", "x").name).toBe("PdfError");
  });

  it("maps pdf.js's exceptions by name and password code", () => {
    const pw = (code: number) =>
      Object.assign(new Error("No password given"), { name: "PasswordException", code });
    expect(pdfjsOpenError(pw(1)).code).toBe("needs-password");
    expect(pdfjsOpenError(pw(2)).code).toBe("wrong-password");
    const invalid = Object.assign(new Error("Invalid PDF structure."), { name: "InvalidPDFException" });
    const mapped = pdfjsOpenError(invalid);
    expect(mapped.code).toBe("corrupt");
    expect(mapped.message).toContain("Invalid PDF structure.");
    expect(mapped.cause).toBe(invalid);
  });
});

describe("looksLikePdf", () => {
  const bytesWith = (at: number, size = 2048): Uint8Array => {
    const b = new Uint8Array(size).fill(0x20);
    b.set(new TextEncoder().encode("%PDF-1.7"), at);
    return b;
  };
  it("accepts %PDF anywhere in the first 1024 bytes, nowhere else", () => {
    expect(looksLikePdf(bytesWith(0))).toBe(true);
    expect(looksLikePdf(bytesWith(500))).toBe(true);
    expect(looksLikePdf(bytesWith(1020))).toBe(true);
    expect(looksLikePdf(bytesWith(1021))).toBe(false);
    expect(looksLikePdf(new Uint8Array(0))).toBe(false);
    expect(looksLikePdf(new TextEncoder().encode("<html>%PD"))).toBe(false);
  });
});

describe("extraction of bytes that are not a PDF", () => {
  it.each([
    ["text", new TextEncoder().encode("Hello, this is not a PDF at all.\n")],
    ["empty", new Uint8Array(0)],
    ["html", new TextEncoder().encode("<!doctype html><title>PDF</title>")],
  ])("rejects %s with not-a-pdf", async (_label, bytes) => {
    await expect(extractPdfBytes(bytes, { name: "x.pdf" })).rejects.toMatchObject({
      name: "PdfError",
      code: "not-a-pdf",
    });
  });

  it("rejects a header with garbage after it as corrupt, with pdf.js's words", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.4\nthis is not really a pdf\n");
    const err: unknown = await extractPdfBytes(bytes, { name: "x.pdf" }).catch((e: unknown) => e);
    expect(isPdfError(err, "corrupt")).toBe(true);
    expect((err as PdfError).message).toMatch(/pdf\.js could not open the PDF: .+/);
  });
});

describe("pageProblems and assertHasText", () => {
  it("says which pages failed or have no text, in page order", () => {
    const doc = {
      pages: [
        page(1, { hasText: false }),
        page(2),
        page(3, { hasText: false, error: "End of file inside array.", width: 0, height: 0 }),
      ],
    };
    expect(pageProblems(doc)).toEqual([
      "page 1: no text layer (image only?)",
      "page 3 failed: End of file inside array.",
    ]);
    expect(pageProblems({ pages: [page(1)] })).toEqual([]);
  });

  it("throws no-text only when no page has text", () => {
    expect(() =>
      assertHasText({ name: "a.pdf", pages: [page(1, { hasText: false }), page(2)] }),
    ).not.toThrow();
    const err: unknown = (() => {
      try {
        assertHasText({ name: "scan.pdf", pages: [page(1, { hasText: false })] });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(isPdfError(err, "no-text")).toBe(true);
    expect((err as Error).message).toContain("scan.pdf");
    // Text input (Markdown, plain text) has no pages at all: there is no text layer to miss.
    expect(() => assertHasText({ name: "notes.md", pages: [] })).not.toThrow();
    expect(() =>
      assertHasText({
        name: "broken.pdf",
        pages: [page(1, { hasText: false, error: "End of file inside array." })],
      }),
    ).toThrow(/could not read its only page \(End of file inside array\.\)/);
  });
});
