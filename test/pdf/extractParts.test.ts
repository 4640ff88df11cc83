/**
 * A PDF read in parts (each part's pages on their own, as batch's threads read a big manual's halves)
 * and joined is the very DocModel one pass makes: text, pages, runs, headings, labels.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractPdfBytes, extractPdfBytesFromParts, extractPdfPartBytes } from "../../src/pdf/node";
import { layoutPdf } from "../fixtures/pdfs";
import { haveCorpus, SHARED } from "../support/fixtures";

const SAMPLE = path.resolve(import.meta.dirname, "../../public/sample.pdf");

async function inParts(bytes: Uint8Array, name: string, parts: number) {
  const read = await Promise.all(
    Array.from({ length: parts }, (_, i) => extractPdfPartBytes(bytes, { name }, i, parts)),
  );
  return extractPdfBytesFromParts(bytes, { name }, read);
}

describe("extraction in parts", () => {
  it("joins to the one-pass model of the sample (outline headings, labels, a rotated page)", async () => {
    const bytes = new Uint8Array(readFileSync(SAMPLE));
    const whole = await extractPdfBytes(bytes, { name: "sample.pdf" });
    for (const parts of [2, 3, whole.pages.length])
      expect(await inParts(bytes, "sample.pdf", parts)).toEqual(whole);
  });

  it("joins a generated PDF's parts, and refuses parts that miss pages", async () => {
    const { bytes } = await layoutPdf();
    const whole = await extractPdfBytes(bytes, { name: "layout.pdf" });
    expect(await inParts(bytes, "layout.pdf", 2)).toEqual(whole);
    const first = await extractPdfPartBytes(bytes, { name: "layout.pdf" }, 0, 2);
    if (whole.pages.length > 1)
      await expect(extractPdfBytesFromParts(bytes, { name: "layout.pdf" }, [first])).rejects.toThrow(
        /a part is missing/,
      );
  });

  it.skipIf(!haveCorpus())("joins the 69-page manual's halves to its one-pass model (corpus)", async () => {
    const bytes = new Uint8Array(readFileSync(path.join(SHARED, "corpus/manual-r-lang-69p.pdf")));
    expect(await inParts(bytes, "m.pdf", 2)).toEqual(await extractPdfBytes(bytes, { name: "m.pdf" }));
  });
});
