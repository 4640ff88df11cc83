/**
 * Page images for the report: each picked page rendered with pdf.js to a canvas and encoded as a
 * PNG data URL. One page at a time, yielding to the page between them and encoding off the main
 * thread (canvas.toBlob), so a report of many pages never freezes the workbench.
 */
import type { PDFDocumentProxy } from "pdfjs-dist";
import { openPdfForRendering } from "../viewer/loadPdf";

export interface PageImage {
  number: number;
  /** data:image/png;base64,… */
  dataUrl: string;
  pixelWidth: number;
  pixelHeight: number;
}

/** Sharp enough to read in print (about 160 dpi on a Letter page), small enough to mail a few. */
const TARGET_PIXEL_WIDTH = 1300;
const MAX_SCALE = 2;
/**
 * Past this a canvas cannot be drawn (browsers cap a side near 32,767 px): a page 14 million points
 * tall (issue 29) is drawn scaled to fit, not failed.
 */
const MAX_PIXEL_HEIGHT = 16_384;

/** Lets the browser paint and handle input before the next page. */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("the page could not be encoded as PNG"))),
      "image/png",
    ),
  );
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error("the page image could not be read"));
    reader.readAsDataURL(blob);
  });
}

async function renderPage(pdf: PDFDocumentProxy, pageNumber: number): Promise<PageImage> {
  const page = await pdf.getPage(pageNumber);
  const canvas = document.createElement("canvas");
  try {
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({
      scale: Math.min(MAX_SCALE, TARGET_PIXEL_WIDTH / base.width, MAX_PIXEL_HEIGHT / base.height),
    });
    // At least a pixel: a sliver of a page is drawn as one, and the report goes on.
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    // White paper under the page: a PNG keeps transparency, and print and dark viewers would show it.
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2D canvas to render the page on");
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, viewport }).promise;
    const dataUrl = await blobToDataUrl(await canvasToPng(canvas));
    return { number: pageNumber, dataUrl, pixelWidth: canvas.width, pixelHeight: canvas.height };
  } finally {
    // Zero-sized, the bitmap's memory goes at once rather than at garbage collection.
    canvas.width = 0;
    canvas.height = 0;
    page.cleanup();
  }
}

/**
 * Renders `pages` of the PDF in `bytes` one after another, reporting each finished page. Its own
 * pdf.js document (closed at the end), so the viewer's render queue is never held up.
 */
export async function renderPageImages(
  bytes: Uint8Array,
  password: string | undefined,
  pages: readonly number[],
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<PageImage[]> {
  const pdf = await openPdfForRendering(bytes, password);
  try {
    const images: PageImage[] = [];
    for (const pageNumber of pages) {
      signal?.throwIfAborted();
      images.push(await renderPage(pdf, pageNumber));
      onProgress(images.length, pages.length);
      await yieldToPage();
    }
    return images;
  } finally {
    await pdf.destroy();
  }
}
