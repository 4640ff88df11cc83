/**
 * pdf.js → DocModel, page by page. Environment-free: the caller hands in the pdf.js library object
 * (legacy build in Node, modern build in a browser worker) and the URLs or paths of its CMaps and
 * standard fonts. Only `getTextContent` is asked of each page — no operator lists, no rendering —
 * so extraction costs about what pdf.js's text extraction costs.
 */
import type * as Pdfjs from "pdfjs-dist";
import type { PDFDocumentProxy, PDFPageProxy, PageViewport } from "pdfjs-dist";
import type { DocumentInitParameters, TextContent, TextItem } from "pdfjs-dist/types/src/display/api";
import type { DocModel, Heading, PageInfo, TextRun } from "../core/document";
import { sha256Hex } from "../core/text/hash";
import { assemblePage } from "./assemble";
import { roundCoord } from "./geometry";
import { abortError, looksLikePdf, PdfError, pdfjsOpenError } from "./errors";
import { headingsFromFontSizes, headingsFromOutline, type DocLine, type OutlineTarget } from "./headings";
import { resolveOutline } from "./outline";

/** What extraction needs of the pdf.js module. */
export type PdfjsLib = Pick<typeof Pdfjs, "getDocument">;

export interface ExtractOptions {
  /** File name kept as DocModel.name. */
  name: string;
  password?: string;
  /** Called with (0, total) once the document is open, then after each page. */
  onProgress?: (done: number, total: number) => void;
  /** Checked between pages; when it fires, extraction stops with PdfError "aborted". */
  signal?: AbortSignal;
  /** Problems that did not stop extraction (an unreadable outline or page labels). */
  onWarning?: (message: string) => void;
  /** pdf.js `cMapUrl` (packed CMaps, trailing slash): a URL in browsers, a directory path in Node. */
  cMapUrl: string;
  /** pdf.js `standardFontDataUrl` (trailing slash): a URL in browsers, a directory path in Node. */
  standardFontDataUrl: string;
  /** Environment-specific extra `getDocument` parameters (e.g. `wasmUrl`, `useWorkerFetch`). */
  documentParams?: Partial<DocumentInitParameters>;
}

/**
 * The `getDocument` parameters every extraction uses (also for a bare pdf.js baseline in benchmarks).
 * `data` is a copy: pdf.js may transfer (detach) the buffer it is given to its worker.
 */
export function documentInit(
  bytes: Uint8Array,
  options: Pick<ExtractOptions, "password" | "cMapUrl" | "standardFontDataUrl" | "documentParams">,
): DocumentInitParameters {
  return {
    ...options.documentParams,
    data: new Uint8Array(bytes), // a copy (a Node Buffer's `slice` would share memory)
    password: options.password,
    cMapUrl: options.cMapUrl,
    cMapPacked: true,
    standardFontDataUrl: options.standardFontDataUrl,
    verbosity: 0, // VerbosityLevel.ERRORS: pdf.js warnings must not reach a CLI's stdout or the console
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
  };
}

export async function extractPdf(
  lib: PdfjsLib,
  bytes: Uint8Array,
  options: ExtractOptions,
): Promise<DocModel> {
  const { signal } = options;
  if (signal?.aborted) throw abortError(signal);
  if (!looksLikePdf(bytes)) {
    throw new PdfError("not-a-pdf", `${options.name}: not a PDF (no %PDF header in the first 1024 bytes).`);
  }
  // Hash before pdf.js sees the bytes (documentInit hands pdf.js a copy).
  const id = await sha256Hex(bytes);
  if (signal?.aborted) throw abortError(signal);
  const task = lib.getDocument(documentInit(bytes, options));
  const stop = (): void => void task.destroy();
  signal?.addEventListener("abort", stop, { once: true });
  try {
    let pdf: PDFDocumentProxy;
    try {
      pdf = await task.promise;
    } catch (err) {
      if (signal?.aborted) throw abortError(signal);
      throw pdfjsOpenError(err);
    }
    return await extractOpen(pdf, id, options);
  } finally {
    signal?.removeEventListener("abort", stop);
    await task.destroy();
  }
}

interface PageLoad {
  page?: PDFPageProxy;
  content?: TextContent;
  error?: string;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message || err.name : String(err);
}

/**
 * Loads one page's text. Never rejects: a page pdf.js fails on is reported in its PageInfo.error and
 * the other pages are still extracted (this is also what makes prefetching the next page safe).
 */
async function loadPage(pdf: PDFDocumentProxy, number: number): Promise<PageLoad> {
  let page: PDFPageProxy;
  try {
    page = await pdf.getPage(number);
  } catch (err) {
    return { error: messageOf(err) };
  }
  try {
    return { page, content: await page.getTextContent() };
  } catch (err) {
    return { page, error: messageOf(err) };
  }
}

function isTextItem(item: TextContent["items"][number]): item is TextItem {
  return "str" in item;
}

async function extractOpen(pdf: PDFDocumentProxy, id: string, options: ExtractOptions): Promise<DocModel> {
  const { signal, onProgress } = options;
  const warn = options.onWarning ?? ((): void => {});
  const total = pdf.numPages;
  const parts: string[] = [];
  let length = 0;
  const pages: PageInfo[] = [];
  const runs: TextRun[] = [];
  const lines: DocLine[] = [];
  const viewports: (PageViewport | undefined)[] = [];
  onProgress?.(0, total);

  // While one page is assembled here, the next one is already being parsed (by pdf.js's worker).
  let next: Promise<PageLoad> | undefined = total > 0 ? loadPage(pdf, 1) : undefined;
  for (let number = 1; number <= total; number++) {
    const load: PageLoad = await next!;
    if (signal?.aborted) throw abortError(signal);
    next = number < total ? loadPage(pdf, number + 1) : undefined;

    const viewport = load.page?.getViewport({ scale: 1 });
    viewports.push(viewport);
    const info: PageInfo = {
      number,
      width: roundCoord(viewport?.width ?? 0),
      height: roundCoord(viewport?.height ?? 0),
      rotate: load.page ? ((load.page.rotate % 360) + 360) % 360 : 0,
      textStart: length,
      textEnd: length,
      hasText: false,
    };
    if (load.error !== undefined) info.error = load.error;
    if (viewport && load.content) {
      const pageText = assemblePage(
        load.content.items.filter(isTextItem),
        load.content.styles,
        viewport,
        number,
      );
      if (pageText.text.length > 0) {
        if (length > 0) {
          parts.push("\n\n");
          length += 2;
        }
        const base = length;
        parts.push(pageText.text);
        length += pageText.text.length;
        info.textStart = base;
        info.textEnd = length;
        info.hasText = pageText.runs.length > 0;
        for (const run of pageText.runs) {
          run.start += base;
          run.end += base;
          runs.push(run);
        }
        for (const line of pageText.lines) {
          lines.push({ ...line, page: number, start: line.start + base, end: line.end + base });
        }
      }
    }
    pages.push(info);
    // The page's text is read: let pdf.js drop what it keeps for it (a 2,415-page manual otherwise
    // holds every page's objects until the end).
    load.page?.cleanup();
    onProgress?.(number, total);
  }

  if (signal?.aborted) throw abortError(signal);
  let labels: string[] | null = null;
  try {
    labels = await pdf.getPageLabels();
  } catch (err) {
    warn(`page labels ignored: ${messageOf(err)}`);
  }
  if (labels) {
    labels.forEach((label, i) => {
      const page = pages[i];
      if (page && typeof label === "string" && label !== "") page.label = label;
    });
  }

  const text = parts.join("");
  const headings = await findHeadings(pdf, { text, pages, runs }, lines, viewports, warn);
  // Aborting destroys the document, which fails the label and outline calls above: that result
  // (with its warnings) must not pass for a complete extraction.
  if (signal?.aborted) throw abortError(signal);
  return { id, name: options.name, text, pages, runs, headings };
}

async function findHeadings(
  pdf: PDFDocumentProxy,
  doc: Pick<DocModel, "text" | "pages" | "runs">,
  lines: DocLine[],
  viewports: readonly (PageViewport | undefined)[],
  warn: (message: string) => void,
): Promise<Heading[]> {
  let targets: OutlineTarget[] = [];
  try {
    const entries = await resolveOutline(pdf, warn);
    targets = entries.map((e) => {
      const viewport = viewports[e.pageIndex];
      const rotate = doc.pages[e.pageIndex]?.rotate ?? 0;
      // The destination's top as a displayed-page y; on a page turned 90/270 it is an x, not a top.
      const top =
        viewport && e.y !== null && rotate % 180 === 0
          ? (viewport.convertToViewportPoint(e.x ?? 0, e.y)[1] as number)
          : null;
      return { title: e.title, depth: e.depth, page: e.pageIndex + 1, top };
    });
  } catch (err) {
    warn(`outline ignored: ${messageOf(err)}`);
  }
  const fromOutline = targets.length > 0 ? headingsFromOutline(doc, lines, targets) : [];
  return fromOutline.length > 0 ? fromOutline : headingsFromFontSizes(doc, lines);
}
