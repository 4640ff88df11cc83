/**
 * `ocr_s_per_page` (DESIGN §11): the OCR step of `--ocr` — a page rendered at 150 dpi and
 * recognized by tesseract.js — per page, once the recognizer has loaded (its load is reported apart).
 * On the corpus's scanned page when ../shared exists, else on a generated image-only page.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { extractPdfBytes } from "../src/pdf/node";
import { recognizeDocumentNode, stopNodeOcr } from "../src/pdf/ocrNode";
import { scannedPdf } from "../test/fixtures/scannedPdf";

const SCAN = resolve(import.meta.dirname, "../../shared/corpus/scanned-no-text.pdf");
const REPEATS = 5;

export async function benchOcr(): Promise<{ ocr_s_per_page: number; ocr: Record<string, unknown> }> {
  const source = existsSync(SCAN) ? "corpus/scanned-no-text.pdf" : "generated page";
  const bytes = existsSync(SCAN)
    ? new Uint8Array(readFileSync(SCAN))
    : (await scannedPdf([{ text: "Chunking documents for retrieval", x: 72, y: 100 }])).bytes;
  const doc = await extractPdfBytes(bytes, { name: "scan.pdf" });
  const pages = doc.pages.filter((p) => !p.hasText).length;
  try {
    const t0 = performance.now();
    await recognizeDocumentNode(bytes, doc);
    const firstMs = performance.now() - t0;
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const t = performance.now();
      await recognizeDocumentNode(bytes, doc);
      times.push((performance.now() - t) / pages);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    return {
      ocr_s_per_page: Math.round(median) / 1000,
      ocr: { source, pages, dpi: 150, first_run_with_model_load_ms: Math.round(firstMs), repeats: REPEATS },
    };
  } finally {
    await stopNodeOcr();
  }
}
