/**
 * The workbench: documents in, a chunker run on the document on screen, its chunks drawn on the
 * pages and listed beside them. Owns the flow of DESIGN §3; the pieces live in components/ and
 * viewer/. The UI never computes chunks: runs come from the engine worker.
 */
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { Chunk } from "../core/chunk";
import type { DocModel } from "../core/document";
import { isPdfError } from "../pdf/errors";
import { pageProblems } from "../pdf/problems";
import { ChunkerPanel } from "./components/ChunkerPanel";
import { ChunkList } from "./components/ChunkList";
import { ComparePanel } from "./components/ComparePanel";
import { DocumentBar, type DocumentStatus } from "./components/DocumentBar";
import { detectKind } from "../core/fileKind";
import { PasswordDialog } from "./components/PasswordDialog";
import { QualityPanel } from "./components/QualityPanel";
import { RunSummary } from "./components/RunSummary";
import { SimilarityPanel } from "./charts/SimilarityPanel";
import { TextView } from "./components/TextView";
import {
  useChunkRun,
  useDocumentExtraction,
  useExtractionProgress,
  useRemoveDocument,
} from "./engine/queries";
import { isAbortError } from "./engine/workers";
import { uiText } from "../host/errors";
import { useCompare, useCompareRun, useComparison } from "./state/compare";
import { useNotices } from "./state/notices";
import { WorkspaceNotices } from "./workspace/WorkspaceNotices";
import { OcrBar } from "./ocr/OcrBar";
import { useWorkspaceRestored } from "./workspace/useWorkspace";
import { sizeRules } from "../core/quality/sizeRules";
import { filterChunks } from "./state/chunkFilter";
import { useEvalMarks } from "./state/evalMarks";
import { useEvaluation } from "./state/evaluation";
import { currentConfig, defaultConfig, useWorkbench, type OpenDocument } from "./state/store";
import { formatHash, parseHash, type HashState } from "./state/urlHash";
import { documentId, keyOfDocumentId } from "./workspace/documentIds";
import { keepRenderingDocuments, renderingDocument } from "./viewer/renderingDocuments";
import { chunkHue } from "./viewer/palette";
import { PdfViewer } from "./viewer/PdfViewer";

// The evaluation and sweep panels (and their state machinery) load after the first paint: a
// document's pages and chunks come first.
const EvalPanel = lazy(() => import("./components/EvalPanel").then((m) => ({ default: m.EvalPanel })));
const SweepPanel = lazy(() => import("./components/SweepPanel").then((m) => ({ default: m.SweepPanel })));
const ResultsDock = lazy(() => import("./components/ResultsDock").then((m) => ({ default: m.ResultsDock })));

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

/** Everything that shows one ready document: parameters, the run, the pages, the list. */
const DocumentView = memo(function DocumentView({
  doc,
  source,
  failure,
}: {
  doc: DocModel | undefined;
  source: OpenDocument | undefined;
  /** Why the current document could not be opened: nothing to chunk, and the page says so. */
  failure?: string | undefined;
}) {
  const chunker = useWorkbench((s) => s.chunker);
  const config = useWorkbench(currentConfig);
  const zoom = useWorkbench((s) => s.zoom);
  const setZoom = useWorkbench((s) => s.setZoom);
  const hierarchyView = useWorkbench((s) => s.hierarchyView);
  const setHierarchyView = useWorkbench((s) => s.setHierarchyView);
  const setFurniture = useWorkbench((s) => s.setFurniture);
  const selectedChunkId = useWorkbench((s) => s.selectedChunkId);
  const selectChunk = useWorkbench((s) => s.selectChunk);
  const scrollTarget = useWorkbench((s) => s.scrollTarget);
  const runState = useChunkRun(doc, chunker, config);
  const pdf = useRenderingDocument(source);
  const runStatus = useRunStatus(runState, doc);
  const status = failure ? { text: `error: no document to chunk — ${failure}`, drawn: false } : runStatus;
  // A/B compare: B is a second run of the same document through the same hook.
  const compare = useCompareRun(doc);
  const statusB = useRunStatus(compare.state, compare.enabled ? doc : undefined).text;
  const comparison = useComparison(doc, compare.enabled ? runState.run : undefined, compare.state.run);
  const chunks: readonly Chunk[] = runState.ranges?.chunks ?? EMPTY;
  const qualityFlags = useMemo(
    () => (runState.qualityCurrent ? (runState.run?.quality?.chunks.map((q) => q.flags) ?? []) : []),
    [runState.run, runState.qualityCurrent],
  );
  const filter = useWorkbench((s) => s.filter);
  // The evaluation can narrow the run to the selected question's retrieved chunks (DESIGN §8).
  const onlyRetrieved = useEvaluation((s) => s.onlyRetrieved && s.selectedQuestion !== null);
  const retrievedIds = useEvalMarks((s) => s.retrievedIds);
  const listedChunks = useMemo(
    () => (onlyRetrieved && retrievedIds ? chunks.filter((c) => retrievedIds.has(c.id)) : chunks),
    [chunks, onlyRetrieved, retrievedIds],
  );
  // The filter narrows the boxes on the page as it narrows the list (DESIGN §4 chunk-filter).
  const shownChunks = useMemo(
    () => filterChunks(listedChunks, filter, qualityFlags),
    [listedChunks, filter, qualityFlags],
  );
  // Asked with the run, not after it: the worker's evaluation waits for that run instead of making it again.
  const runReady = !runState.pending && runState.problems.length === 0 && !runState.cancelled;
  const compareB = useMemo(
    () => (compare.enabled ? { chunker: compare.chunker, config: compare.config } : null),
    [compare.enabled, compare.chunker, compare.config],
  );
  const warnings = useMemo(
    // The run on screen while the next computes belongs to the old config: its fallbacks are not news.
    () => [
      ...(doc ? pageProblems(doc) : []),
      ...(runState.isPlaceholder ? [] : (runState.run?.warnings ?? [])),
    ],
    [doc, runState.run, runState.isPlaceholder],
  );
  const run = useMemo(
    () => (runState.run ? { ...runState.run, warnings } : undefined),
    [runState.run, warnings],
  );

  return (
    // While the config is invalid the chunks on screen are the last valid run's: marked stale.
    <main className="document-view" data-stale={runState.problems.length > 0 ? "" : undefined}>
      <aside className="sidebar" aria-label="Chunker, run and scores">
        <ChunkerPanel problems={runState.problems} docId={doc?.id} idle={runState.stage === "complete"} />
        <RunSummary
          run={run}
          status={status.text}
          drawn={status.drawn}
          onCancel={runState.cancel}
          provisional={doc?.provisional}
          qualityCurrent={runState.qualityCurrent}
        />
        <ComparePanel
          chunkerA={chunker}
          statusB={statusB}
          problemsB={compare.state.problems}
          comparison={comparison}
        />
        <QualityPanel run={run} docId={doc?.id} />
        <Suspense fallback={null}>
          <EvalPanel
            doc={doc}
            chunks={chunks}
            chunker={chunker}
            config={config}
            runReady={runReady}
            compareB={compareB}
          />
          <SweepPanel doc={doc} />
        </Suspense>
      </aside>
      <section className="pages" aria-label="Document">
        {failure ? (
          <p className="doc-failed" role="alert">
            {failure.replace(/\.$/, "")}. Close it (×) or choose another document.
          </p>
        ) : doc && doc.pages.length === 0 ? (
          <TextView doc={doc} chunks={shownChunks} selectedChunkId={selectedChunkId} />
        ) : (
          <PdfViewer
            pdf={pdf}
            pages={doc?.pages ?? EMPTY_PAGES}
            chunks={shownChunks}
            selectedChunkId={selectedChunkId}
            onSelectChunk={(id) => selectChunk(id, false)}
            scrollTarget={scrollTarget}
            zoom={zoom}
            onZoomChange={setZoom}
            hierarchyView={hierarchyView}
            onHierarchyViewChange={setHierarchyView}
            furniture={doc?.furniture}
            furnitureSetting={doc?.furnitureSetting ?? "drop"}
            {...(source ? { onFurnitureSettingChange: (setting) => setFurniture(source.key, setting) } : {})}
          />
        )}
        <SimilarityPanel
          run={runState.ranges}
          runIsPlaceholder={runState.isPlaceholder}
          doc={doc}
          runB={compare.enabled ? compare.state.ranges : undefined}
        />
      </section>
      <aside className="chunks" aria-label="Chunks">
        {runState.problems.length > 0 && chunks.length > 0 && (
          <p className="stale-note" data-testid="stale-note" role="status">
            These are the last valid run's chunks: fix the config to run again.
          </p>
        )}
        <ChunkList
          chunks={listedChunks}
          colorOf={chunkColor}
          qualityFlags={qualityFlags}
          unit={sizeRules(chunker, config)[0]!.unit}
        />
      </aside>
      <Suspense fallback={null}>
        <ResultsDock />
      </Suspense>
    </main>
  );
});

const EMPTY: readonly Chunk[] = [];
const EMPTY_PAGES: DocModel["pages"] = [];

function chunkColor(chunk: Chunk): string {
  return `hsl(${chunkHue(chunk.index)} 70% 45%)`;
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
 * run-status: "running" from any change until that run is drawn — its boxes on the page (a frame
 * after React committed stage 1) and its scores in (stages 2 and 3) — then "done"; "error: …" for
 * an invalid config (the last good run stays on screen) or a failed stage. `drawn` says the boxes
 * of the run the inputs ask for are on screen (run-status's data-stage "ranges"), before the scores.
 */
function useRunStatus(
  state: ReturnType<typeof useChunkRun>,
  doc: DocModel | undefined,
): { text: string; drawn: boolean } {
  const [drawnKey, setDrawnKey] = useState<string | null>(null);
  const settled =
    doc !== undefined &&
    state.run !== undefined &&
    !state.pending &&
    !state.isFetching &&
    !state.isPlaceholder;
  useEffect(() => {
    if (!settled) return;
    const frame = requestAnimationFrame(() => setDrawnKey(state.requestKey));
    return () => cancelAnimationFrame(frame);
  }, [settled, state.requestKey, state.run]);
  const drawn = settled && drawnKey === state.requestKey;
  // A run on a provisional model (a long PDF's first pages) is not the run over the whole document.
  const whole = doc?.provisional === undefined;
  if (state.problems.length > 0)
    return { text: `error: ${state.problems.map((p) => `${p.key} ${p.message}`).join("; ")}`, drawn };
  if (state.cancelled)
    return {
      text: "error: cancelled — the last finished run stays on screen; change anything to run again",
      drawn,
    };
  if (state.error && !isAbortError(state.error) && !state.pending)
    return { text: `error: ${uiText(state.error)}`, drawn };
  return { text: drawn && whole && state.stage === "complete" ? "done" : "running", drawn: drawn && whole };
}

/** pdf.js's own document for drawing pages, opened on the main thread from the same bytes. */
function useRenderingDocument(source: OpenDocument | undefined): PDFDocumentProxy | null {
  const [pdf, setPdf] = useState<{ key: string; doc: PDFDocumentProxy } | null>(null);
  const key = source?.kind === "pdf" ? source.key : null;
  useEffect(() => {
    if (!source || !key) return;
    let cancelled = false;
    renderingDocument(source).then(
      (doc) => {
        if (!cancelled) setPdf({ key, doc });
      },
      (err: unknown) => {
        // Extraction reports the same failure with its type; the viewer just has no pages to draw.
        if (!cancelled) console.warn("cannot render", source.name, err);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [source, key]);
  return pdf && pdf.key === key ? pdf.doc : null;
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

/**
 * The document, chunker, config, compare's B and the view in the URL hash: read once the stored
 * workspace is back (a link wins over it), written on every change. A link is for the document it
 * names (DESIGN §12): applied to it when it is open, held until it is opened when not — with
 * `link-notice` saying so — and never applied to another. What the link got wrong is a notice.
 */
function useHashState(ready: boolean) {
  const applied = useRef(false);
  const docs = useWorkbench((s) => s.docs);
  const current = useWorkbench((s) => s.docs.find((d) => d.key === s.currentKey));
  const chunker = useWorkbench((s) => s.chunker);
  const config = useWorkbench(currentConfig);
  const zoom = useWorkbench((s) => s.zoom);
  const chunk = useWorkbench((s) => s.selectedChunkId);
  const compareOn = useCompare((s) => s.enabled);
  const bChunker = useCompare((s) => s.chunker);
  const bConfig = useCompare((s) => s.configs[s.chunker]);
  const pending = useNotices((s) => s.pendingLink);
  const [currentId, setCurrentId] = useState<{ key: string; id: string } | null>(null);
  useEffect(() => {
    if (!ready || applied.current) return;
    applied.current = true;
    const state = parseHash(window.location.hash);
    const problems = state.problems
      ? `This link could not be followed in full: ${state.problems.join("; ")}.`
      : null;
    if (!state.doc) {
      // A link that names no document (hand-written, or made before links named one): the current one.
      applyLink(state, useWorkbench.getState().currentKey);
      if (problems) useNotices.getState().setLink(problems);
      return;
    }
    const doc = state.doc;
    void keyOfDocumentId(useWorkbench.getState().docs, doc.id).then((key) => {
      if (key) {
        applyLink(state, key);
        if (problems) useNotices.getState().setLink(problems);
        return;
      }
      useNotices.getState().setPendingLink({ doc, state });
      useNotices
        .getState()
        .setLink(
          `This link was made on ${doc.name}, which is not open here: nothing from it was applied. Open ${doc.name} to see its settings on it.${problems ? ` ${problems}` : ""}`,
        );
    });
  }, [ready]);
  // The document a held link names, once opened: the link applies to it, and the notice has done its work.
  useEffect(() => {
    if (!pending) return;
    let live = true;
    void keyOfDocumentId(docs, pending.doc.id).then((key) => {
      if (!live || !key || useNotices.getState().pendingLink !== pending) return;
      applyLink(pending.state, key);
      useNotices.getState().setLink(null);
    });
    return () => {
      live = false;
    };
  }, [docs, pending]);
  useEffect(() => {
    if (!current) return;
    let live = true;
    void documentId(current).then((id) => live && setCurrentId({ key: current.key, id }));
    return () => {
      live = false;
    };
  }, [current]);
  useEffect(() => {
    // A link waiting for its document stays in the address bar: a reload still has it to follow.
    if (!applied.current || pending) return;
    // Written once a drag pauses: replaceState on every pointer move costs up to tens of ms.
    const timer = setTimeout(() => {
      const b = compareOn ? { chunker: bChunker, config: bConfig ?? defaultConfig(bChunker) } : null;
      const doc = current && currentId?.key === current.key ? { id: currentId.id, name: current.name } : null;
      const hash = formatHash({ doc, chunker, config, zoom, chunk, b });
      if (hash !== window.location.hash) history.replaceState(null, "", hash);
    }, HASH_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [current, currentId, chunker, config, zoom, chunk, compareOn, bChunker, bConfig, ready, pending]);
}

/** A link's settings on the document `key` (the settings in use when no document is open yet), and its view. */
function applyLink(state: HashState, key: string | null) {
  const wb = useWorkbench.getState();
  if (key !== null && key !== wb.currentKey) wb.selectDocument(key);
  if (state.chunker) useWorkbench.getState().setChunker(state.chunker);
  if (state.config) useWorkbench.getState().applyConfig(state.config);
  if (state.zoom) useWorkbench.getState().setZoom(state.zoom);
  if (state.chunk) useWorkbench.getState().selectChunk(state.chunk, true);
  if (state.b)
    useCompare.setState({
      enabled: true,
      chunker: state.b.chunker,
      configs: { [state.b.chunker]: { ...defaultConfig(state.b.chunker), ...state.b.config } },
    });
}

const HASH_WRITE_DELAY_MS = 150;

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
