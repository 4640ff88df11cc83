/**
 * A long PDF is told first as a provisional model of its first pages (DESIGN §3): the same text,
 * pages and runs the whole document has there, marked and named apart; the whole document is the
 * model one pass makes without it.
 */
import { describe, expect, it } from "vitest";
import type { DocModel } from "../../src/core/document";
import { PROVISIONAL_MIN_PAGES, PROVISIONAL_PAGES } from "../../src/pdf/extract";
import { extractPdfBytes } from "../../src/pdf/node";
import { furniturePdf, layoutPdf } from "../fixtures/pdfs";

describe("a provisional model of a long PDF's first pages", () => {
  it("comes first, the prefix of the whole document's model, and changes nothing of the whole", async () => {
    const pages = PROVISIONAL_MIN_PAGES + 7;
    const { bytes } = await furniturePdf({ pages, numbers: true });
    const told: DocModel[] = [];
    const progressAtTell: number[] = [];
    let done = 0;
    const whole = await extractPdfBytes(bytes, {
      name: "long.pdf",
      onProgress: (d) => (done = d),
      onProvisional: (doc) => {
        told.push(doc);
        progressAtTell.push(done);
      },
    });
    expect(told).toHaveLength(1);
    const first = told[0]!;
    expect(first.id).toBe(`${whole.id}:provisional`);
    expect(first.provisional).toEqual({ pages: PROVISIONAL_PAGES, of: pages });
    // Told while the rest was still to be read.
    expect(progressAtTell[0]).toBe(PROVISIONAL_PAGES);
    expect(first.pages).toHaveLength(PROVISIONAL_PAGES);
    const lastPage = whole.pages[PROVISIONAL_PAGES - 1]!;
    expect(first.text).toBe(whole.text.slice(0, lastPage.textEnd));
    expect(first.pages.map((p) => ({ ...p, label: undefined }))).toEqual(
      whole.pages.slice(0, PROVISIONAL_PAGES).map((p) => ({ ...p, label: undefined })),
    );
    expect(first.runs).toEqual(whole.runs.filter((r) => r.page <= PROVISIONAL_PAGES));
    // The printed page numbers are furniture on the first pages too.
    expect(first.furniture?.filter((f) => f.kind === "page-number").length).toBeGreaterThan(90);

    expect(whole.provisional).toBeUndefined();
    expect(whole).toEqual(await extractPdfBytes(bytes, { name: "long.pdf" }));
  });

  it("is never told for a short PDF", async () => {
    const { bytes } = await layoutPdf();
    let told = 0;
    await extractPdfBytes(bytes, { name: "short.pdf", onProvisional: () => told++ });
    expect(told).toBe(0);
  });
});
