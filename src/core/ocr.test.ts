import { describe, expect, it } from "vitest";
import type { DocModel, TextRun } from "./document";
import { createRunContext, runChunker } from "./engine";
import { applyOcr, ocrPageText, pagesWithoutText, type OcrPage, type OcrWord } from "./ocr";

const run = (page: number, start: number, end: number): TextRun => ({
  page,
  start,
  end,
  x0: 10,
  y0: 10,
  x1: 50,
  y1: 20,
  fontSize: 10,
  fontName: "f1",
});

// Page 1 "Alpha one.", page 2 a scan (no text), page 3 "Gamma three."
const doc: DocModel = {
  id: "abc",
  name: "scan.pdf",
  text: "Alpha one.\n\nGamma three.",
  pages: [
    { number: 1, width: 600, height: 800, rotate: 0, textStart: 0, textEnd: 10, hasText: true },
    { number: 2, width: 600, height: 800, rotate: 0, textStart: 10, textEnd: 10, hasText: false },
    { number: 3, width: 600, height: 800, rotate: 0, textStart: 12, textEnd: 24, hasText: true },
  ],
  runs: [run(1, 0, 10), run(3, 12, 24)],
  headings: [{ level: 1, title: "Gamma three.", start: 12 }],
};

const word = (text: string, x0: number, y0: number, confidence = 90): OcrWord => ({
  text,
  x0,
  y0,
  x1: x0 + 100,
  y1: y0 + 30,
  confidence,
});

const scanned: OcrPage = {
  page: 2,
  scale: 2,
  paragraphs: [
    [[word("Beta", 100, 100, 80), word("two", 220, 100, 100)], [word("lines", 100, 150)]],
    [[word("End.", 100, 300)]],
  ],
};

describe("ocrPageText", () => {
  it("joins words by spaces, lines by newlines, paragraphs by a blank line; boxes in points", () => {
    const page = ocrPageText(scanned);
    expect(page.text).toBe("Beta two\nlines\n\nEnd.");
    expect(page.runs.map((r) => page.text.slice(r.start, r.end))).toEqual(["Beta", "two", "lines", "End."]);
    expect(page.runs[1]).toMatchObject({
      page: 2,
      x0: 110,
      y0: 50,
      x1: 160,
      y1: 65,
      fontSize: 15,
      fontName: "ocr",
    });
    expect(page.confidence).toBe(90);
  });
});

describe("applyOcr", () => {
  const ocred = applyOcr(doc, [scanned]);
  it("puts the page's text in place and moves every later offset along", () => {
    expect(ocred.id).toBe("abc:ocr");
    expect(ocred.text).toBe("Alpha one.\n\nBeta two\nlines\n\nEnd.\n\nGamma three.");
    expect(ocred.pages[1]).toMatchObject({
      textStart: 12,
      textEnd: 32,
      hasText: true,
      ocr: { confidence: 90 },
    });
    expect(ocred.pages[2]).toMatchObject({ textStart: 34, textEnd: 46 });
    for (const r of ocred.runs) expect(ocred.pages[r.page - 1]!.textStart).toBeLessThanOrEqual(r.start);
    expect(ocred.text.slice(ocred.runs.at(-1)!.start, ocred.runs.at(-1)!.end)).toBe("Gamma three.");
    expect(ocred.headings[0]!.start).toBe(34);
    expect(ocred.text.slice(ocred.headings[0]!.start).startsWith("Gamma")).toBe(true);
    expect(applyOcr(ocred, []).id).toBe("abc:ocr");
  });
  it("names the pages OCR can read", () => {
    expect(pagesWithoutText(doc)).toEqual([2]);
    expect(pagesWithoutText(ocred)).toEqual([]);
  });
  it("flags the chunks on recognized pages, and only those", async () => {
    const result = await runChunker(ocred, "token", { chunk_size: 4, overlap: 0 }, createRunContext());
    const flagged = result.chunks.filter((c) => c.flags.includes("ocr"));
    expect(flagged.length).toBeGreaterThan(0);
    for (const c of result.chunks) expect(c.flags.includes("ocr")).toBe(c.pages.includes(2));
    const onlyScanned = flagged.filter((c) => c.pages.length === 1);
    expect(onlyScanned.length).toBeGreaterThan(0);
    for (const c of onlyScanned) expect(c.boxes.every((b) => b.page === 2)).toBe(true);
  });
});
