/**
 * Everything that shows one ready document: the parameters, the run and its scores, the pages with
 * their boxes, the chunk list and the results dock. The evaluation and sweep panels (and their
 * state machinery) load after the first paint: a document's pages and chunks come first.
 */
import { PanelErrorBoundary } from "./ErrorBoundary";
import { lazy, memo, Suspense, useEffect, useMemo, useState } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { Chunk } from "../core/chunk";
import type { DocModel } from "../core/document";
import { pageProblems } from "../pdf/problems";
import { ChunkerPanel } from "./components/ChunkerPanel";
import { ChunkList } from "./components/ChunkList";
import { ComparePanel } from "./components/ComparePanel";
import { QualityPanel } from "./components/QualityPanel";
import { RunSummary } from "./components/RunSummary";
import { SimilarityPanel } from "./charts/SimilarityPanel";
import { TextView } from "./components/TextView";
import { useChunkRun } from "./engine/queries";
import { isAbortError } from "./engine/workers";
import { uiText } from "../host/errors";
import { useCompareRun, useComparison } from "./state/compare";
import { sizeRules } from "../core/quality/sizeRules";
import { filterChunks } from "./state/chunkFilter";
import { useEvalMarks } from "./state/evalMarks";
import { useEvaluation } from "./state/evaluation";
import { currentConfig, useWorkbench, type OpenDocument } from "./state/store";
import { renderingDocument } from "./viewer/renderingDocuments";
import { chunkHue } from "./viewer/palette";
import { PdfViewer } from "./viewer/PdfViewer";

const EvalPanel = lazy(() => import("./components/EvalPanel").then((m) => ({ default: m.EvalPanel })));
const SweepPanel = lazy(() => import("./components/SweepPanel").then((m) => ({ default: m.SweepPanel })));
const ResultsDock = lazy(() => import("./components/ResultsDock").then((m) => ({ default: m.ResultsDock })));

/** Everything that shows one ready document: parameters, the run, the pages, the list. */
export const DocumentView = memo(function DocumentView({
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
        <PanelErrorBoundary name="chunker">
          <ChunkerPanel problems={runState.problems} docId={doc?.id} idle={runState.stage === "complete"} />
        </PanelErrorBoundary>
        <RunSummary
          run={run}
          status={status.text}
          drawn={status.drawn}
          onCancel={runState.cancel}
          provisional={doc?.provisional}
          qualityCurrent={runState.qualityCurrent}
        />
        <PanelErrorBoundary name="compare">
          <ComparePanel
            chunkerA={chunker}
            statusB={statusB}
            problemsB={compare.state.problems}
            comparison={comparison}
          />
        </PanelErrorBoundary>
        <PanelErrorBoundary name="quality">
          <QualityPanel run={run} docId={doc?.id} />
        </PanelErrorBoundary>
        <PanelErrorBoundary name="evaluation and sweep">
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
        </PanelErrorBoundary>
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
      <PanelErrorBoundary name="results">
        <Suspense fallback={null}>
          <ResultsDock
            chunks={chunks}
            chunker={chunker}
            config={config}
            runReady={runReady}
            compareB={compareB}
            comparison={comparison}
          />
        </Suspense>
      </PanelErrorBoundary>
    </main>
  );
});

const EMPTY: readonly Chunk[] = [];
const EMPTY_PAGES: DocModel["pages"] = [];

function chunkColor(chunk: Chunk): string {
  return `hsl(${chunkHue(chunk.index)} 70% 45%)`;
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
  if (state.held)
    return {
      text: "error: not run — the link asks your LLM endpoint; press Run it above to spend its tokens",
      drawn,
    };
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
