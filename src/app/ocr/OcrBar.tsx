/**
 * The document's OCR (DESIGN §10): when the document on screen has pages without a text layer, a
 * bar offers to recognize them (`ocr-button`); while it runs, `ocr-progress` and a cancel (pages read
 * before the cancel are kept); afterwards, how many pages were read and how sure OCR was.
 */
import { useRef, useState } from "react";
import type { DocModel } from "../../core/document";
import { pagesWithoutText, type OcrPage } from "../../core/ocr";
import { useWorkbench, type OpenDocument } from "../state/store";
import { recognizePages } from "./recognizePages";

type Job = { key: string; done: number; total: number; controller: AbortController; errors: string[] };

export function OcrBar({ source, doc }: { source: OpenDocument | undefined; doc: DocModel | undefined }) {
  const setOcr = useWorkbench((s) => s.setOcr);
  const [job, setJob] = useState<Job | null>(null);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const found = useRef<OcrPage[]>([]);
  if (!source || !doc || source.kind !== "pdf") return null;
  const running = job?.key === source.key ? job : null;
  const recognized = doc.pages.filter((p) => p.ocr);
  const todo = pagesWithoutText(doc);
  if (!running && todo.length === 0 && recognized.length === 0) return null;

  const start = () => {
    const controller = new AbortController();
    const key = source.key;
    found.current = [];
    const errors: string[] = [];
    setFailure(null);
    setJob({ key, done: 0, total: todo.length, controller, errors });
    recognizePages(
      source,
      todo,
      {
        onPage(page, progress) {
          found.current.push(page);
          setJob((j) => (j && j.key === key ? { ...j, done: progress.done } : j));
        },
        onPageError(page, message) {
          errors.push(`page ${page}: ${message}`);
        },
      },
      controller.signal,
    )
      .then(
        () => {
          if (errors.length > 0) setFailure({ key, message: `Not recognized — ${errors.join("; ")}` });
        },
        (err: unknown) =>
          setFailure({
            key,
            message: `OCR could not run: ${err instanceof Error ? err.message : String(err)}`,
          }),
      )
      .finally(() => {
        // Pages read before a cancel are kept: they join the document like a finished run's.
        if (found.current.length > 0) setOcr(key, [...(source.ocr ?? []), ...found.current]);
        setJob(null);
      });
  };

  const meanConfidence =
    recognized.length > 0
      ? Math.round(recognized.reduce((sum, p) => sum + p.ocr!.confidence, 0) / recognized.length)
      : null;

  return (
    <div className="ocr-bar" role="region" aria-label="Text recognition">
      {running ? (
        <>
          <span>
            Recognizing text: page {Math.min(running.done + 1, running.total)} of {running.total}
          </span>
          <progress
            data-testid="ocr-progress"
            max={running.total}
            value={running.done}
            aria-valuenow={running.done}
            aria-valuemax={running.total}
            aria-label="Text recognition progress"
          />
          <button type="button" data-testid="ocr-cancel" onClick={() => running.controller.abort()}>
            Cancel
          </button>
        </>
      ) : (
        <>
          {recognized.length > 0 && (
            <span data-testid="ocr-summary">
              {recognized.length} page{recognized.length === 1 ? "" : "s"} recognized by OCR (mean confidence{" "}
              {meanConfidence}%); their chunks are flagged “ocr”.
            </span>
          )}
          {todo.length > 0 && (
            <>
              <span>
                {todo.length === doc.pages.length
                  ? `No page of ${doc.name} has a text layer — a scan?`
                  : `${todo.length} of ${doc.pages.length} pages have no text layer — scanned images?`}
              </span>
              <button type="button" className="primary" data-testid="ocr-button" onClick={start}>
                Recognize text (OCR)
              </button>
            </>
          )}
        </>
      )}
      {failure?.key === source.key && (
        <span className="ocr-failure" role="alert">
          {failure.message}
        </span>
      )}
    </div>
  );
}
