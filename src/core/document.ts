/**
 * The document model every chunker reads. Character offsets into `text` are the source of truth:
 * pages, runs and headings all point into it, and chunks are ranges of it.
 */
import { firstIndexWhere } from "./text/bisect";

/** One page as it is displayed: crop box and /Rotate applied, sizes in PDF points. */
export interface PageInfo {
  /** 1-based physical page index. */
  number: number;
  /** The PDF's own page label (e.g. "xii"), when the document defines labels. */
  label?: string;
  width: number;
  height: number;
  /** /Rotate of the page, normalised to 0, 90, 180 or 270. */
  rotate: number;
  /** [textStart, textEnd) is the page's slice of DocModel.text. */
  textStart: number;
  textEnd: number;
  /** False when the page has no text layer (a scan, an image-only cover) or could not be read. */
  hasText: boolean;
  /** Set when pdf.js failed on this page; the other pages were still extracted. */
  error?: string;
  /** Set when the page's text was recognized in its image (OCR): the words' mean confidence, 0–100. */
  ocr?: { confidence: number };
}

/** One visible text item: [start, end) into DocModel.text and its rectangle on the displayed page. */
export interface TextRun {
  /** 1-based page number. */
  page: number;
  start: number;
  end: number;
  /** Rectangle in displayed-page points, origin top-left, y growing downward. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  fontSize: number;
  fontName: string;
  /**
   * The direction the characters advance on the displayed page: "ltr" (x grows; the default),
   * "rtl" (x shrinks), "ttb" (y grows) or "btt" (y shrinks). Rotated pages and rotated text make
   * the last three; citations cut a partly covered run along this axis.
   */
  dir?: RunDirection;
}

export type RunDirection = "ltr" | "rtl" | "ttb" | "btt";

export interface Heading {
  /** 1–3 for PDFs, 1–6 for Markdown input. */
  level: number;
  title: string;
  /** Offset into DocModel.text where the heading's text starts. */
  start: number;
}

/**
 * The extraction's version: bumped whenever what extraction produces changes (text, runs, boxes,
 * headings), so stored models (the workspace's) are extracted again rather than shown stale.
 */
export const DOC_MODEL_VERSION = 2;

/** Whether page furniture is left out of `DocModel.text` (the default) or kept in it as ordinary text. */
export type FurnitureSetting = "drop" | "keep";

export const FURNITURE_SETTINGS: readonly FurnitureSetting[] = ["drop", "keep"];

export type FurnitureKind = "header" | "footer" | "page-number";

/**
 * A running header, footer or page number found on a page (one per line, or the page-number item
 * of a header line), with its rectangle on the displayed page.
 */
export interface Furniture {
  page: number;
  kind: FurnitureKind;
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** [start, end) into `text` while the furniture is in it (setting "keep"); absent once dropped. */
  start?: number;
  end?: number;
}

export interface DocModel {
  /** sha256 of the file bytes, lower-case hex. */
  id: string;
  name: string;
  text: string;
  pages: PageInfo[];
  runs: TextRun[];
  headings: Heading[];
  /** Running heads, footers and page numbers (PDFs); absent or empty for text input. */
  furniture?: Furniture[];
  /** Which furniture setting made `text`; absent means nothing was found to leave out. */
  furnitureSetting?: FurnitureSetting;
  /** Table-of-contents and index lines (title, leader, page number), kept in `text`, sorted and disjoint. */
  tocSpans?: { start: number; end: number }[];
  /**
   * Set on a long PDF's model of its first pages, shown while the rest is read (DESIGN §3): `pages`
   * of `of` read. Its id is the file's hash + ":provisional"; the whole document's replaces it.
   */
  provisional?: { pages: number; of: number };
}

/** A provisional model's id: the file's hash, then this (so core/furniture's fileIdOf still names the file). */
export const PROVISIONAL_ID_SUFFIX = ":provisional";

/**
 * Whether `candidate` names the provisional model of the document `docId` names (under either
 * furniture setting): its run may stay on screen while the whole document's computes.
 */
export function isProvisionalOf(candidate: string, docId: string): boolean {
  const file = candidate.indexOf(":");
  return (
    file > 0 &&
    candidate.startsWith(PROVISIONAL_ID_SUFFIX, file) &&
    docId.slice(0, docId.indexOf(":") < 0 ? undefined : docId.indexOf(":")) === candidate.slice(0, file) &&
    !docId.includes(PROVISIONAL_ID_SUFFIX)
  );
}

/** A rectangle on one page, in displayed-page points (origin top-left). */
export interface PageRect {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Index of the first run whose end lies after `offset` (runs are sorted by start, disjoint). */
export function firstRunEndingAfter(runs: readonly TextRun[], offset: number): number {
  return firstIndexWhere(0, runs.length, (i) => runs[i]!.end > offset);
}

/** A DocModel for plain text or Markdown: no pages, no runs; headings as given. */
export function textDocModel(id: string, name: string, text: string, headings: Heading[] = []): DocModel {
  return { id, name, text, pages: [], runs: [], headings };
}
