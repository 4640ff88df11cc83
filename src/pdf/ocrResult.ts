/**
 * tesseract.js's answer (blocks → paragraphs → lines → words, boxes in image pixels) as the
 * workbench's OcrPage, the one shape core/ocr reads — the same in the browser's OCR worker and in
 * Node.
 */
import type { Block } from "tesseract.js";
import type { OcrPage } from "../core/ocr";

export function ocrPageOf(page: number, scale: number, blocks: readonly Block[] | null): OcrPage {
  return {
    page,
    scale,
    paragraphs: (blocks ?? []).flatMap((block) =>
      block.paragraphs.map((paragraph) =>
        paragraph.lines.map((line) =>
          line.words.map((word) => ({
            text: word.text,
            x0: word.bbox.x0,
            y0: word.bbox.y0,
            x1: word.bbox.x1,
            y1: word.bbox.y1,
            confidence: word.confidence,
          })),
        ),
      ),
    ),
  };
}

/** 150 dpi: tesseract's accuracy holds there for body text, at a quarter of 300 dpi's pixels. */
export const OCR_DPI = 150;
