/**
 * Recognized text into the document model (DESIGN §10): an image-only page's words, as OCR found
 * them (in the pixels of a page image), become the page's text and runs, its rectangles in
 * displayed-page points like every other run; the page is flagged `ocr` with its mean confidence,
 * and the document's id gains ":ocr" — its text differs, so its caches must too. Pure: the
 * recognizing (tesseract.js, in a worker or a Node thread) happens elsewhere.
 */
import { KEEP_ID_SUFFIX } from "./furniture";
import type { DocModel, PageInfo, TextRun } from "./document";

/** One recognized word: its text, its box in image pixels, its confidence (0–100). */
export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  confidence: number;
}

/** A recognized page: its words by paragraph and line, and how many image pixels make one point. */
export interface OcrPage {
  page: number;
  /** Pixels per displayed-page point (the render scale: 150 dpi → 150 / 72). */
  scale: number;
  paragraphs: OcrWord[][][];
}

const OCR_ID_SUFFIX = ":ocr";
const OCR_FONT = "ocr";

/** The chunk flag for a chunk on a recognized page. */
export const OCR_FLAG = "ocr";

const round = (v: number) => Math.round(v * 100) / 100;

/** A page's text and runs (offsets from 0) from its recognized words. */
export function ocrPageText(ocr: OcrPage): { text: string; runs: TextRun[]; confidence: number } {
  let text = "";
  const runs: TextRun[] = [];
  let confidenceSum = 0;
  let words = 0;
  for (const paragraph of ocr.paragraphs) {
    const lines = paragraph.map((line) => line.filter((w) => w.text.trim() !== ""));
    if (lines.every((l) => l.length === 0)) continue;
    if (text !== "") text += "\n\n";
    let firstLine = true;
    for (const line of lines) {
      if (line.length === 0) continue;
      if (!firstLine) text += "\n";
      firstLine = false;
      const height = Math.max(...line.map((w) => w.y1 - w.y0)) / ocr.scale;
      line.forEach((word, i) => {
        if (i > 0) text += " ";
        const value = word.text.trim();
        runs.push({
          page: ocr.page,
          start: text.length,
          end: text.length + value.length,
          x0: round(word.x0 / ocr.scale),
          y0: round(word.y0 / ocr.scale),
          x1: round(word.x1 / ocr.scale),
          y1: round(word.y1 / ocr.scale),
          fontSize: round(height),
          fontName: OCR_FONT,
        });
        text += value;
        confidenceSum += word.confidence;
        words++;
      });
    }
  }
  return { text, runs, confidence: words === 0 ? 0 : Math.round((confidenceSum / words) * 10) / 10 };
}

/**
 * The document with its recognized pages' text in place (pages joined by a blank line, as
 * extraction joins them), every later offset moved along. Pages that already had text keep it.
 */
export function applyOcr(doc: DocModel, recognized: readonly OcrPage[]): DocModel {
  const byPage = new Map(recognized.map((p) => [p.page, p]));
  let text = "";
  const pages: PageInfo[] = [];
  const runs: TextRun[] = [];
  const shifts: { from: number; to: number; delta: number }[] = [];
  let r = 0;
  for (const page of doc.pages) {
    const ocr = page.hasText ? undefined : byPage.get(page.number);
    const own = ocr ? ocrPageText(ocr) : null;
    const pageText = own ? own.text : doc.text.slice(page.textStart, page.textEnd);
    if (pageText.length > 0 && text.length > 0) text += "\n\n";
    const base = text.length;
    const info: PageInfo = { ...page, textStart: base, textEnd: base + pageText.length };
    if (own) {
      info.hasText = own.runs.length > 0;
      info.ocr = { confidence: own.confidence };
      for (const run of own.runs) runs.push({ ...run, start: run.start + base, end: run.end + base });
    } else {
      const delta = base - page.textStart;
      shifts.push({ from: page.textStart, to: page.textEnd, delta });
      while (r < doc.runs.length && doc.runs[r]!.page < page.number) r++;
      for (; r < doc.runs.length && doc.runs[r]!.page === page.number; r++) {
        const run = doc.runs[r]!;
        runs.push({ ...run, start: run.start + delta, end: run.end + delta });
      }
    }
    text += pageText;
    pages.push(info);
  }
  const shiftOf = (offset: number) => shifts.find((s) => offset >= s.from && offset <= s.to)?.delta ?? 0;
  return {
    ...doc,
    id: ocrId(doc.id),
    text,
    pages,
    runs,
    headings: doc.headings.map((h) => ({ ...h, start: h.start + shiftOf(h.start) })),
    ...(doc.furniture
      ? {
          furniture: doc.furniture.map((f) =>
            f.start !== undefined && f.end !== undefined
              ? { ...f, start: f.start + shiftOf(f.start), end: f.end + shiftOf(f.start) }
              : f,
          ),
        }
      : {}),
    ...(doc.tocSpans
      ? {
          tocSpans: doc.tocSpans.map((s) => ({
            start: s.start + shiftOf(s.start),
            end: s.end + shiftOf(s.start),
          })),
        }
      : {}),
  };
}

/**
 * The id of a document with OCR'd pages: ":ocr" after the file's hash and before the furniture
 * setting's ":keep", so OCR then the setting and the setting then OCR name one model alike.
 */
function ocrId(id: string): string {
  if (id.endsWith(OCR_ID_SUFFIX) || id.includes(OCR_ID_SUFFIX + KEEP_ID_SUFFIX)) return id;
  return id.endsWith(KEEP_ID_SUFFIX)
    ? id.slice(0, -KEEP_ID_SUFFIX.length) + OCR_ID_SUFFIX + KEEP_ID_SUFFIX
    : id + OCR_ID_SUFFIX;
}

/** The pages OCR could read: those with no text layer. */
export function pagesWithoutText(doc: Pick<DocModel, "pages">): number[] {
  return doc.pages.filter((p) => !p.hasText && p.error === undefined).map((p) => p.number);
}
