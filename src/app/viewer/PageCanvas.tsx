/**
 * The canvas layer of one page. Each render draws into a fresh, detached canvas that replaces the
 * displayed one only when it finishes and is still the latest: a cancelled or stale render can
 * never clobber a newer one, and while a zoom re-renders, the old bitmap stays (stretched by CSS)
 * instead of a blank page.
 */
import { useEffect, useRef, useState } from "react";
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from "pdfjs-dist";
import type { RenderScheduler } from "./renderScheduler";

/** pdf.js's viewer caps a canvas at 2^25 pixels too: larger ones fail or exhaust GPU memory. */
const MAX_CANVAS_PIXELS = 2 ** 25;

interface PageCanvasProps {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  /** CSS pixels per PDF point. */
  scale: number;
  /** Device pixels per CSS pixel (window.devicePixelRatio, followed by the viewer). */
  pixelRatio: number;
  /** Lower renders sooner (see RenderScheduler). */
  priority: number;
  scheduler: RenderScheduler;
}

function freeCanvas(canvas: HTMLCanvasElement): void {
  // Zero-sized, the bitmap's memory is released right away rather than at garbage collection.
  canvas.width = 0;
  canvas.height = 0;
}

function isCancellation(error: unknown): boolean {
  // Checked by name: the class identity is not guaranteed across pdf.js module instances.
  return error instanceof Error && error.name === "RenderingCancelledException";
}

/** Canvas pixels per CSS pixel: the device ratio, lowered for pages so large they would exceed the cap. */
function outputScale(cssWidth: number, cssHeight: number, pixelRatio: number): number {
  const pixels = cssWidth * cssHeight * pixelRatio * pixelRatio;
  return pixels > MAX_CANVAS_PIXELS ? Math.sqrt(MAX_CANVAS_PIXELS / (cssWidth * cssHeight)) : pixelRatio;
}

export function PageCanvas({ pdf, pageNumber, scale, pixelRatio, priority, scheduler }: PageCanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const priorityRef = useRef(priority);
  const jobRef = useRef<{ setPriority(p: number): void } | null>(null);
  const pageRef = useRef<PDFPageProxy | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Declared before the render effect so a new job starts with the current priority.
  useEffect(() => {
    priorityRef.current = priority;
    jobRef.current?.setPriority(priority);
  }, [priority]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    const job = scheduler.enqueue(priorityRef.current, async () => {
      if (cancelled) return;
      const canvas = document.createElement("canvas");
      try {
        const page = await pdf.getPage(pageNumber);
        pageRef.current = page;
        if (cancelled) return;
        const base = page.getViewport({ scale });
        const viewport = page.getViewport({
          scale: scale * outputScale(base.width, base.height, pixelRatio),
        });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        task = page.render({ canvas, viewport });
        await task.promise;
        if (cancelled) return;
        for (const old of host.querySelectorAll("canvas")) freeCanvas(old);
        host.replaceChildren(canvas);
        setError(null);
      } catch (e) {
        // A document closed under a running render is the parent moving on, not a broken page.
        if (!cancelled && !isCancellation(e) && !pdf.loadingTask.destroyed) {
          setError(e instanceof Error ? e.message : String(e));
        }
      } finally {
        if (canvas.parentNode !== host) freeCanvas(canvas);
      }
    });
    jobRef.current = job;
    return () => {
      cancelled = true;
      job.cancel();
      task?.cancel();
      if (jobRef.current === job) jobRef.current = null;
    };
  }, [pdf, pageNumber, scale, pixelRatio, scheduler]);

  // On unmount (the page scrolled far away): free the bitmap and pdf.js's cached operator list.
  useEffect(() => {
    const host = hostRef.current;
    return () => {
      if (host) for (const canvas of host.querySelectorAll("canvas")) freeCanvas(canvas);
      // Returns false (and does nothing) while a cancelled render is still winding down.
      pageRef.current?.cleanup();
    };
  }, []);

  return (
    <>
      <div ref={hostRef} className="pdf-page-canvas" />
      {error !== null && (
        <div className="pdf-page-badge pdf-page-badge--error" title={error}>
          render failed
        </div>
      )}
    </>
  );
}
