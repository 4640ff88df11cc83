/**
 * The workbench: documents in, a chunker run on the document on screen, its chunks drawn on the
 * pages and listed beside them. Owns the flow of DESIGN §3; the pieces live in components/ and
 * viewer/. The UI never computes chunks: runs come from the engine worker.
 */
import { useCallback, useEffect, useState } from "react";
import type { DocModel } from "../core/document";
import { isPdfError } from "../pdf/errors";
import { DocumentBar, type DocumentStatus } from "./components/DocumentBar";
import { detectKind } from "../core/fileKind";
import { PasswordDialog } from "./components/PasswordDialog";
import { useDocumentExtraction, useExtractionProgress, useRemoveDocument } from "./engine/queries";
import { uiText } from "../host/errors";
import { WorkspaceNotices } from "./workspace/WorkspaceNotices";
import { OcrBar } from "./ocr/OcrBar";
import { useWorkspaceRestored } from "./workspace/useWorkspace";
import { useWorkbench, type OpenDocument } from "./state/store";
import { keepRenderingDocuments, renderingDocument } from "./viewer/renderingDocuments";
import { DocumentView } from "./DocumentView";
import { useHashState } from "./useHashState";

const SAMPLE_URL = `${import.meta.env.BASE_URL}sample.pdf`;
let sampleRequested = false;

export function Workbench() {
  const docs = useWorkbench((s) => s.docs);
  const currentKey = useWorkbench((s) => s.currentKey);
  const displayedKey = useWorkbench((s) => s.displayedKey);
  const openDocument = useWorkbench((s) => s.openDocument);
  const setPassword = useWorkbench((s) => s.setPassword);
  const removeDocument = useRemoveDocument();
  const markDisplayed = useWorkbench((s) => s.markDisplayed);
  const [notice, setNotice] = useState<string | null>(null);

  const current = docs.find((d) => d.key === currentKey);
  const displayed = docs.find((d) => d.key === displayedKey);
  const currentExtraction = useDocumentExtraction(current);
  const displayedExtraction = useDocumentExtraction(displayed);
  usePrefetchedRendering(current, displayed);

  // A document becomes the one on screen when it is ready; until then the previous stays usable.
  useEffect(() => {
    if (current && currentExtraction.data) markDisplayed(current.key);
  }, [current, currentExtraction.data, markDisplayed]);

  const openFiles = useCallback(
    async (files: File[]) => {
      for (const file of files) {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const kind = detectKind(file.name, bytes);
        if (!kind) {
          setNotice(`${file.name}: unsupported file type — open a PDF, Markdown (.md) or text (.txt) file.`);
          continue;
        }
        setNotice(null);
        openDocument({ name: file.name, kind, bytes });
      }
    },
    [openDocument],
  );

  const restored = useWorkspaceRestored();
  usePreloadedSample(restored && docs.length === 0, openDocument, setNotice);
  useHashState(restored);
  useDropAnywhere(openFiles);

  const doc = displayedExtraction.data;
  const progress = useExtractionProgress((s) => (currentKey ? s.progress[currentKey] : undefined));
  const status = documentStatus(current, currentExtraction.error, currentExtraction.data, progress);
  const needsPassword =
    current !== undefined &&
    currentExtraction.error !== null &&
    (isPdfError(currentExtraction.error, "needs-password") ||
      isPdfError(currentExtraction.error, "wrong-password"));

  const currentFailed = current !== undefined && currentExtraction.error !== null && !needsPassword;

  return (
    <div className="workbench">
      <DocumentBar status={status} onFiles={(files) => void openFiles(files)} />
      <WorkspaceNotices onOpenFiles={(files) => void openFiles(files)} />
      <OcrBar source={currentFailed ? undefined : displayed} doc={currentFailed ? undefined : doc} />
      {notice && (
        <div className="notice" role="alert">
          {notice}
          <button type="button" onClick={() => setNotice(null)} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
      {needsPassword && current && (
        <PasswordDialog
          name={current.name}
          wrong={isPdfError(currentExtraction.error, "wrong-password")}
          onSubmit={(pw) => setPassword(current.key, pw)}
          onCancel={() => removeDocument(current.key)}
        />
      )}
      {/* A document that failed to open shows its error (doc-status) and no pages: never the previous one's. */}
      <DocumentView
        doc={currentFailed ? undefined : doc}
        source={currentFailed ? undefined : displayed}
        failure={currentFailed ? uiText(currentExtraction.error) : undefined}
      />
    </div>
  );
}

function documentStatus(
  doc: OpenDocument | undefined,
  error: Error | null,
  model: DocModel | undefined,
  progress: { done: number; total: number } | undefined,
): DocumentStatus {
  if (!doc) return { kind: "loading", text: "loading" };
  // A long PDF's first pages are on screen while the rest is read: still extracting.
  if (model?.provisional && !error)
    return {
      kind: "extracting",
      text: `extracting ${progress?.done ?? model.provisional.pages}/${progress?.total ?? model.provisional.of}`,
    };
  if (model) {
    const blank = model.pages.filter((p) => !p.hasText).length;
    return {
      kind: "ready",
      text: blank > 0 ? `ready (${blank} page${blank > 1 ? "s" : ""} without text)` : "ready",
    };
  }
  if (error) {
    if (isPdfError(error, "needs-password") || isPdfError(error, "wrong-password"))
      return { kind: "password", text: "password needed" };
    return { kind: "error", text: `error: ${doc.name}: ${uiText(error)}` };
  }
  return progress
    ? { kind: "extracting", text: `extracting ${progress.done}/${progress.total}` }
    : { kind: "loading", text: "loading" };
}

/**
 * The current document's pages are opened for drawing while the worker extracts it (they need
 * only the bytes); documents no longer current or displayed are let go.
 */
function usePrefetchedRendering(current: OpenDocument | undefined, displayed: OpenDocument | undefined) {
  useEffect(() => {
    keepRenderingDocuments([current, displayed]);
    if (current?.kind === "pdf")
      renderingDocument(current).catch(() => {
        // A password or a broken file: the extraction says so, typed, in doc-status.
      });
  }, [current, displayed]);
}

function usePreloadedSample(
  empty: boolean,
  open: (doc: Omit<OpenDocument, "key" | "passwordAttempts">) => string,
  setNotice: (n: string) => void,
) {
  useEffect(() => {
    if (!empty || sampleRequested) return;
    sampleRequested = true;
    fetch(SAMPLE_URL)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        open({ name: "sample.pdf", kind: "pdf", bytes: new Uint8Array(await response.arrayBuffer()) });
      })
      .catch((err: unknown) =>
        setNotice(
          `The sample PDF could not be loaded (${err instanceof Error ? err.message : String(err)}); open a file instead.`,
        ),
      );
  }, [empty, open, setNotice]);
}

function useDropAnywhere(openFiles: (files: File[]) => Promise<void>) {
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes("Files")) {
        e.preventDefault();
        document.body.classList.add("dragging");
      }
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) document.body.classList.remove("dragging");
    };
    const drop = (e: DragEvent) => {
      e.preventDefault();
      document.body.classList.remove("dragging");
      const files = [...(e.dataTransfer?.files ?? [])];
      if (files.length > 0) void openFiles(files);
    };
    window.addEventListener("dragover", over);
    window.addEventListener("dragleave", leave);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragover", over);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("drop", drop);
    };
  }, [openFiles]);
}
