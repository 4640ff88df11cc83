/**
 * pdf.js → DocModel, page by page. Environment-free: the caller hands in the pdf.js library object
 * (legacy build in Node, modern build in a browser worker) and the URLs or paths of its CMaps and
 * standard fonts. Only `getTextContent` is asked of each page — no operator lists, no rendering —
 * so extraction costs about what pdf.js's text extraction costs.
 */
import type * as Pdfjs from "pdfjs-dist";
import type { PDFDocumentProxy, PDFPageProxy, PageViewport } from "pdfjs-dist";
import type { DocumentInitParameters, TextContent, TextItem } from "pdfjs-dist/types/src/display/api";
import {
  PROVISIONAL_ID_SUFFIX,
  type DocModel,
  type Furniture,
  type Heading,
  type PageInfo,
  type TextRun,
} from "../core/document";
import { sha256Hex } from "../core/text/hash";
import { assemblePage } from "./assemble";
import { roundCoord } from "./geometry";
import { abortError, looksLikePdf, PdfError, pdfjsOpenError } from "./errors";
import { findFurniture, findTocLines, type FurnitureMark } from "./furniture";
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
  /**
   * Told, for a document of PROVISIONAL_MIN_PAGES pages or more, a provisional model of its first
   * PROVISIONAL_PAGES pages while the rest is read (DESIGN §3: the first boxes may come from it).
   */
  onProvisional?: (doc: DocModel) => void;
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

async function viewportOf(pdf: PDFDocumentProxy, number: number): Promise<PageViewport | undefined> {
  try {
    return (await pdf.getPage(number)).getViewport({ scale: 1 });
  } catch {
    // The page failed to load during extraction too (its PageInfo says so): no viewport, no top.
    return undefined;
  }
}

function isTextItem(item: TextContent["items"][number]): item is TextItem {
  return "str" in item;
}

/**
 * One page's extraction, its offsets local to its own text: what a range of pages carries between
 * threads (plain data), joined into the document by `joinPages` exactly as one pass would join it.
 */
export interface PageExtract {
  info: PageInfo;
  text: string;
  runs: TextRun[];
  lines: DocLine[];
}

/** Pages `from`…`to` (1-based, inclusive) read in order; the next page is parsed while one is assembled. */
async function readPages(
  pdf: PDFDocumentProxy,
  from: number,
  to: number,
  options: Pick<ExtractOptions, "signal"> & { onPage?: () => void },
): Promise<PageExtract[]> {
  const { signal } = options;
  const out: PageExtract[] = [];
  let next: Promise<PageLoad> | undefined = from <= to ? loadPage(pdf, from) : undefined;
  for (let number = from; number <= to; number++) {
    const load: PageLoad = await next!;
    if (signal?.aborted) throw abortError(signal);
    next = number < to ? loadPage(pdf, number + 1) : undefined;

    const viewport = load.page?.getViewport({ scale: 1 });
    const info: PageInfo = {
      number,
      width: roundCoord(viewport?.width ?? 0),
      height: roundCoord(viewport?.height ?? 0),
      rotate: load.page ? ((load.page.rotate % 360) + 360) % 360 : 0,
      textStart: 0,
      textEnd: 0,
      hasText: false,
    };
    if (load.error !== undefined) info.error = load.error;
    const page: PageExtract = { info, text: "", runs: [], lines: [] };
    if (viewport && load.content) {
      const pageText = assemblePage(
        load.content.items.filter(isTextItem),
        load.content.styles,
        viewport,
        number,
      );
      if (pageText.text.length > 0) {
        page.text = pageText.text;
        page.runs = pageText.runs;
        page.lines = pageText.lines.map((line) => ({ ...line, page: number }));
        info.hasText = pageText.runs.length > 0;
      }
    }
    out.push(page);
    // The page's text is read: let pdf.js drop what it keeps for it (a 2,415-page manual otherwise
    // holds every page's objects until the end).
    load.page?.cleanup();
    options.onPage?.();
  }
  return out;
}

/**
 * Pages in order → the document's text (pages with text joined by a blank line), pages, runs and
 * lines, with each page's furniture (`marks`, page-local, in the text) and table-of-contents lines.
 */
function joinPages(
  extracts: readonly PageExtract[],
  marks: readonly (readonly FurnitureMark[])[],
  /**
   * The pages' runs and lines become the document's, their offsets moved in place: a 2,415-page
   * manual's 220,000 runs were copied once more at the end of its extraction. Only for pages read
   * for this one document (a provisional model's pages are joined again into the whole).
   */
  inPlace: boolean,
): {
  text: string;
  pages: PageInfo[];
  runs: TextRun[];
  lines: DocLine[];
  furniture: Furniture[];
  tocSpans: { start: number; end: number }[];
} {
  const parts: string[] = [];
  let length = 0;
  const pages: PageInfo[] = [];
  const runs: TextRun[] = [];
  const lines: DocLine[] = [];
  const furniture: Furniture[] = [];
  const tocSpans: { start: number; end: number }[] = [];
  extracts.forEach((page, index) => {
    const info = { ...page.info, textStart: length, textEnd: length };
    if (page.text.length > 0) {
      if (length > 0) {
        parts.push("\n\n");
        length += 2;
      }
      const base = length;
      parts.push(page.text);
      length += page.text.length;
      info.textStart = base;
      info.textEnd = length;
      // Furniture and table-of-contents lines read the page-local offsets: before the runs move.
      for (const mark of marks[index] ?? []) furniture.push(furnitureOf(page, mark, base));
      for (const span of findTocLines(page.text, page.lines))
        tocSpans.push({ start: span.start + base, end: span.end + base });
      for (const run of page.runs)
        runs.push(inPlace ? shifted(run, base) : { ...run, start: run.start + base, end: run.end + base });
      for (const line of page.lines)
        lines.push(
          inPlace ? shifted(line, base) : { ...line, start: line.start + base, end: line.end + base },
        );
    }
    pages.push(info);
  });
  return { text: parts.join(""), pages, runs, lines, furniture, tocSpans };
}

function shifted<T extends { start: number; end: number }>(span: T, by: number): T {
  span.start += by;
  span.end += by;
  return span;
}

function furnitureOf(page: PageExtract, mark: FurnitureMark, base: number): Furniture {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let r = mark.firstRun; r <= mark.lastRun; r++) {
    const run = page.runs[r]!;
    x0 = Math.min(x0, run.x0);
    y0 = Math.min(y0, run.y0);
    x1 = Math.max(x1, run.x1);
    y1 = Math.max(y1, run.y1);
  }
  return {
    page: page.info.number,
    kind: mark.kind,
    text: page.text.slice(mark.start, mark.end),
    x0,
    y0,
    x1,
    y1,
    start: mark.start + base,
    end: mark.end + base,
  };
}

/** A document this long is shown from its first pages while the rest is read (DESIGN §3). */
export const PROVISIONAL_MIN_PAGES = 400;
/** How many pages the provisional model holds: a few screens' worth, read in well under a second. */
export const PROVISIONAL_PAGES = 100;

async function extractOpen(pdf: PDFDocumentProxy, id: string, options: ExtractOptions): Promise<DocModel> {
  const total = pdf.numPages;
  options.onProgress?.(0, total);
  let done = 0;
  const read = (from: number, to: number) =>
    readPages(pdf, from, to, {
      ...(options.signal ? { signal: options.signal } : {}),
      onPage: () => options.onProgress?.(++done, total),
    });
  if (!options.onProvisional || total < PROVISIONAL_MIN_PAGES)
    return finishDocument(pdf, id, options, await read(1, total), { ...WHOLE, inPlace: true });
  const first = await read(1, PROVISIONAL_PAGES);
  // The outline is left to the whole document: resolving a 2,415-page manual's takes seconds.
  const provisional = await finishDocument(pdf, id + PROVISIONAL_ID_SUFFIX, options, first, {
    outline: false,
    silent: true,
    inPlace: false,
  });
  options.onProvisional({ ...provisional, provisional: { pages: first.length, of: total } });
  const rest = await read(PROVISIONAL_PAGES + 1, total);
  return finishDocument(pdf, id, options, first.concat(rest), { ...WHOLE, inPlace: true });
}

/**
 * Page labels, furniture and headings (outline, else font sizes): what needs the whole document.
 * The model keeps its furniture in `text` (setting "keep"); core/furniture derives the default.
 */
interface FinishOptions {
  /** Headings from the outline when it has them (a provisional model's come from font sizes only). */
  outline: boolean;
  /** Warnings left to the whole document's model (a provisional model's would repeat them). */
  silent: boolean;
  /** The extracts are this call's own: their runs and lines become the model's (joinPages). */
  inPlace: boolean;
}

const WHOLE: FinishOptions = { outline: true, silent: false, inPlace: false };

async function finishDocument(
  pdf: PDFDocumentProxy,
  id: string,
  options: ExtractOptions,
  extracts: readonly PageExtract[],
  how: FinishOptions = WHOLE,
): Promise<DocModel> {
  const { signal } = options;
  const warn = how.silent ? (): void => {} : (options.onWarning ?? ((): void => {}));
  if (signal?.aborted) throw abortError(signal);
  let labels: string[] | null = null;
  try {
    labels = await pdf.getPageLabels();
  } catch (err) {
    warn(`page labels ignored: ${messageOf(err)}`);
  }
  const labelOf = (i: number): string | undefined => {
    const label = labels?.[i];
    return typeof label === "string" && label !== "" ? label : undefined;
  };
  const marks = findFurniture(
    extracts.map((page, i) => ({
      number: page.info.number,
      ...(labelOf(i) !== undefined ? { label: labelOf(i)! } : {}),
      height: page.info.height,
      text: page.text,
      runs: page.runs,
      lines: page.lines,
    })),
  );
  const { text, pages, runs, lines, furniture, tocSpans } = joinPages(extracts, marks, how.inPlace);
  pages.forEach((page, i) => {
    const label = labelOf(i);
    if (label !== undefined) page.label = label;
  });

  const headings = how.outline
    ? await findHeadings(pdf, { text, pages, runs }, lines, warn)
    : headingsFromFontSizes({ text, runs }, lines);
  // Aborting destroys the document, which fails the label and outline calls above: that result
  // (with its warnings) must not pass for a complete extraction.
  if (signal?.aborted) throw abortError(signal);
  return {
    id,
    name: options.name,
    text,
    pages,
    runs,
    headings,
    furniture,
    furnitureSetting: "keep",
    tocSpans,
  };
}

/**
 * Opens the PDF for one of the range functions below; the same checks and errors as `extractPdf`.
 */
async function withOpenPdf<T>(
  lib: PdfjsLib,
  bytes: Uint8Array,
  options: ExtractOptions,
  use: (pdf: PDFDocumentProxy) => Promise<T>,
): Promise<T> {
  if (!looksLikePdf(bytes)) {
    throw new PdfError("not-a-pdf", `${options.name}: not a PDF (no %PDF header in the first 1024 bytes).`);
  }
  const task = lib.getDocument(documentInit(bytes, options));
  try {
    let pdf: PDFDocumentProxy;
    try {
      pdf = await task.promise;
    } catch (err) {
      throw pdfjsOpenError(err);
    }
    return await use(pdf);
  } finally {
    await task.destroy();
  }
}

/**
 * Part `part` of `parts` of a PDF's pages (an even split by page count), read on its own — so two
 * threads can read a 2,415-page manual's halves at once (`batch`); `extractPdfFromParts` joins them
 * into the very DocModel `extractPdf` makes.
 */
export function extractPdfPart(
  lib: PdfjsLib,
  bytes: Uint8Array,
  options: ExtractOptions,
  part: number,
  parts: number,
): Promise<PageExtract[]> {
  return withOpenPdf(lib, bytes, options, (pdf) => {
    const total = pdf.numPages;
    const from = Math.floor((part * total) / parts) + 1;
    const to = Math.floor(((part + 1) * total) / parts);
    return readPages(pdf, from, to, options.signal ? { signal: options.signal } : {});
  });
}

/** The parts of `extractPdfPart`, in order, finished into the document (labels, headings). */
export async function extractPdfFromParts(
  lib: PdfjsLib,
  bytes: Uint8Array,
  options: ExtractOptions,
  parts: readonly (readonly PageExtract[])[],
): Promise<DocModel> {
  const id = await sha256Hex(bytes);
  return withOpenPdf(lib, bytes, options, (pdf) => {
    const extracts = parts.flat();
    if (extracts.length !== pdf.numPages)
      throw new Error(`the parts hold ${extracts.length} pages of ${pdf.numPages}: a part is missing`);
    return finishDocument(pdf, id, options, extracts);
  });
}

async function findHeadings(
  pdf: PDFDocumentProxy,
  doc: Pick<DocModel, "text" | "pages" | "runs">,
  lines: DocLine[],
  warn: (message: string) => void,
): Promise<Heading[]> {
  let targets: OutlineTarget[] = [];
  try {
    const entries = await resolveOutline(pdf, warn);
    // Only the outline's target pages need a viewport: asked of pdf.js again (pages were cleaned up).
    const viewports = new Map<number, PageViewport | undefined>();
    for (const e of entries)
      if (!viewports.has(e.pageIndex)) viewports.set(e.pageIndex, await viewportOf(pdf, e.pageIndex + 1));
    targets = entries.map((e) => {
      const viewport = viewports.get(e.pageIndex);
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
