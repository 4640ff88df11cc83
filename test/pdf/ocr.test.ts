/**
 * OCR end to end in Node: a PDF whose only content is an image of known words (drawn with
 * @napi-rs/canvas, placed with pdf-lib) has no text layer; recognized, its words come back as text
 * and runs whose boxes sit on the words' known positions, the page flagged `ocr`.
 */
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { extractPdfBytes } from "../../src/pdf/node";
import { recognizeDocumentNode, stopNodeOcr } from "../../src/pdf/ocrNode";
import { scannedPdf } from "../fixtures/scannedPdf";

const LINES = [
  { text: "Chunking documents for retrieval", x: 72, y: 100 },
  { text: "Bounding boxes land on words", x: 72, y: 160 },
];

afterAll(stopNodeOcr);

describe("OCR of an image-only page (Node)", () => {
  it("recognizes the words, with boxes on them and the page flagged", { timeout: 60_000 }, async () => {
    const { bytes, truth } = await scannedPdf(LINES);
    const doc = await extractPdfBytes(bytes, { name: "scan.pdf" });
    expect(doc.pages[0]!.hasText).toBe(false);
    const progress: number[] = [];
    const ocred = await recognizeDocumentNode(bytes, doc, { onProgress: (done) => progress.push(done) });
    expect(progress).toEqual([1]);
    expect(ocred.id).toBe(`${doc.id}:ocr`);
    expect(ocred.text).toBe(LINES.map((l) => l.text).join("\n"));
    expect(ocred.pages[0]).toMatchObject({ hasText: true, textStart: 0, textEnd: ocred.text.length });
    expect(ocred.pages[0]!.ocr!.confidence).toBeGreaterThan(80);
    expect(ocred.runs).toHaveLength(truth.length);
    ocred.runs.forEach((run, i) => {
      const t = truth[i]!;
      expect(ocred.text.slice(run.start, run.end)).toBe(t.word);
      // Within 2 pt of the drawn word: left and right edges, and the baseline inside the box.
      expect(Math.abs(run.x0 - t.x0)).toBeLessThan(2);
      expect(Math.abs(run.x1 - t.x1)).toBeLessThan(2);
      expect(run.y0).toBeLessThan(t.baseline);
      expect(run.y1).toBeGreaterThan(t.baseline - 2);
      expect(run.y1 - run.y0).toBeLessThan(30);
    });
  });

  it("leaves a document with a text layer as it is", async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText("Hello pages", { x: 50, y: 700 });
    const bytes = await pdf.save();
    const doc = await extractPdfBytes(bytes, { name: "text.pdf" });
    expect(await recognizeDocumentNode(bytes, doc)).toBe(doc);
  });
});
