/**
 * Parameter sweeps (DESIGN §9, `sweep-panel`): the editor (SweepEditor), the count and a time
 * estimate before it starts, progress and cancel while the pool's workers run it, then the result
 * (SweepResult): a scatter plot with the Pareto front and a sortable table. Nothing is chunked on
 * the page.
 */

import { useQueryClient } from "@tanstack/react-query";
import { memo, useDeferredValue, useEffect, useMemo, useState } from "react";

import type { DocModel } from "../../core/document";
import { findNamedDocument, namedDocuments, type QuestionSet } from "../../core/eval/questions";

import { uiText } from "../../host/errors";
import type { SweepSettings } from "../../host/sweep";
import { queryKeys } from "../engine/queries";
import { defaultWorkerCount } from "../engine/sweepPool";

import { useEvaluation } from "../state/evaluation";
import { useWorkbench } from "../state/store";
import { useSweep } from "../state/sweep";
import { buildSpace, estimateSeconds, previewSpace, secondsLeft } from "../state/sweepSpace";

import "./SweepPanel.css";
import { AxesEditor, ChunkerPicker, ModeEditor } from "./SweepEditor";
import { useResultsDock } from "./ResultsDock";

const formatSeconds = (s: number) =>
  s < 90 ? `${Math.max(1, Math.round(s))} s` : `${Math.round(s / 60)} min`;

/** The documents and settings a sweep runs on, or why it cannot: the set's documents must be open. */
function sweepInputs(
  set: QuestionSet | null,
  k: number,
  how: Pick<SweepSettings, "retriever" | "retrieval" | "contextualize">,
  doc: DocModel | undefined,
  open: readonly DocModel[],
): { docs: DocModel[]; settings: SweepSettings } | { error: string } {
  if (!set) {
    if (!doc) return { error: "no document on screen to score" };
    return { docs: [doc], settings: { set: null, docIds: [doc.id] } };
  }
  const docs: DocModel[] = [];
  try {
    for (const name of namedDocuments(set)) {
      const line = set.questions.find((q) => q.references.some((r) => r.doc === name))?.line;
      const found = open[findNamedDocument(open, name, line)]!;
      if (!docs.some((d) => d.id === found.id)) docs.push(found);
    }
  } catch (err) {
    return { error: uiText(err) };
  }
  if (docs.length === 0) return { error: "the question set names no document" };
  return { docs, settings: { set, docIds: docs.map((d) => d.id), k, ...how } };
}

export const SweepPanel = memo(function SweepPanel({ doc }: { doc: DocModel | undefined }) {
  const status = useSweep((s) => s.status);
  const running = status === "running";
  return (
    <section className="panel sweep-panel" data-testid="sweep-panel" aria-label="Parameter sweep">
      <h2 className="sweep-title">Parameter sweep</h2>
      <fieldset className="sweep-editor" disabled={running}>
        <ChunkerPicker />
        <AxesEditor />
        <ModeEditor />
      </fieldset>
      <StartLine doc={doc} />
      <Progress />
      <ResultsLink />
    </section>
  );
});

/** The results are drawn wide, below the pages (ResultsDock): said here, and brought back when folded. */
function ResultsLink() {
  const hasResults = useSweep((s) => s.lines.some((l) => l !== undefined));
  const open = useResultsDock((s) => s.open);
  const setOpen = useResultsDock((s) => s.setOpen);
  if (!hasResults) return null;
  return (
    <p className="sweep-hint">
      Results: the chart and the table are below the pages.{" "}
      {!open && (
        <button type="button" data-testid="sweep-results-show" onClick={() => setOpen(true)}>
          Show them
        </button>
      )}
    </p>
  );
}

function StartLine({ doc }: { doc: DocModel | undefined }) {
  const queryClient = useQueryClient();
  const current = useWorkbench((s) => s.chunker);
  // Deferred: a slider drag changes the panel's values (the sweep's fixed params) on every move.
  const configs = useDeferredValue(useWorkbench((s) => s.configs));
  const chunkers = useSweep((s) => s.chunkers);
  const axes = useSweep((s) => s.axes);
  const mode = useSweep((s) => s.mode);
  const samples = useSweep((s) => s.samples);
  const seed = useSweep((s) => s.seed);
  const varyRetriever = useSweep((s) => s.varyRetriever);
  const varyContextualize = useSweep((s) => s.varyContextualize);
  const status = useSweep((s) => s.status);
  const history = useSweep((s) => s.lines);
  const error = useSweep((s) => s.error);
  const start = useSweep((s) => s.start);
  const fail = useSweep((s) => s.fail);
  const set = useEvaluation((s) => s.set);
  const k = useEvaluation((s) => s.k);
  const retriever = useEvaluation((s) => s.retriever);
  const retrieval = useEvaluation((s) => s.retrieval);
  const contextualize = useEvaluation((s) => s.contextualize);
  const workers = defaultWorkerCount();

  const preview = useMemo(
    () =>
      previewSpace(
        buildSpace(
          { chunkers, axes, mode, samples, seed, varyRetriever, varyContextualize },
          current,
          configs,
        ),
      ),
    [chunkers, axes, mode, samples, seed, varyRetriever, varyContextualize, current, configs],
  );
  const estimate = preview.ok ? estimateSeconds(preview.points, history, workers) : 0;
  const running = status === "running";
  const run = preview.ok ? preview.points.length - preview.skipped : 0;

  const onStart = () => {
    if (!preview.ok) return;
    const wb = useWorkbench.getState();
    const open = wb.docs.flatMap((d) => {
      const model = queryClient.getQueryData<DocModel>(queryKeys.extractOf(d));
      return model ? [model] : [];
    });
    const inputs = sweepInputs(set, k, { retriever, retrieval, contextualize }, doc, open);
    if ("error" in inputs) {
      fail(inputs.error);
      return;
    }
    useResultsDock.getState().setOpen(true);
    void start(preview.points, inputs.docs, inputs.settings);
  };

  return (
    <div className="sweep-start-line">
      <p className="sweep-objective-line" data-testid="sweep-target">
        {set
          ? `Objective: recall@${k} (${varyRetriever ? "bm25 and hybrid" : retriever}${contextualize || varyContextualize ? (varyContextualize ? ", without and with heading paths" : ", heading paths indexed") : ""}) over ${set.questions.length} question${set.questions.length === 1 ? "" : "s"}`
          : "No question set: each point is scored by its quality (sentence ends, whole words, sizes in range)"}
      </p>
      <p className="sweep-estimate" data-testid="sweep-estimate" data-points={run}>
        {preview.ok
          ? `${preview.points.length} point${preview.points.length === 1 ? "" : "s"}` +
            (preview.skipped > 0 ? ` (${preview.skipped} skipped)` : "") +
            (mode === "random" ? ` of ${preview.grid}` : "") +
            ` · about ${formatSeconds(estimate)}` +
            ` · ${workers} worker${workers === 1 ? "" : "s"}`
          : preview.error}
      </p>
      <button
        type="button"
        className="sweep-start"
        data-testid="sweep-start"
        disabled={running || !preview.ok || run === 0 || (!set && !doc)}
        onClick={onStart}
      >
        Start sweep
      </button>
      {error && (
        <p className="sweep-error" role="alert" data-testid="sweep-error">
          {error}
        </p>
      )}
    </div>
  );
}

function Progress() {
  const status = useSweep((s) => s.status);
  const done = useSweep((s) => s.done);
  const total = useSweep((s) => s.total);
  const points = useSweep((s) => s.points);
  const lines = useSweep((s) => s.lines);
  const startedAt = useSweep((s) => s.startedAt);
  const cancel = useSweep((s) => s.cancel);
  const running = status === "running";
  // Time left moves with the clock, not only with the lines.
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (status === "idle") return null;
  const elapsed = startedAt === null ? 0 : Math.max(0, now - startedAt);
  const text = running
    ? `${done}/${total} · ~${formatSeconds(secondsLeft(points, lines, elapsed, defaultWorkerCount()))} left`
    : status === "done"
      ? `${done}/${total} · done`
      : status === "cancelled"
        ? `${done}/${total} · cancelled`
        : `${done}/${total} · interrupted by a reload`;
  return (
    <div className="sweep-progress-line">
      <div
        className="sweep-progress"
        data-testid="sweep-progress"
        data-status={status}
        role="progressbar"
        aria-label="Sweep progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        title={running ? undefined : "The points that finished are kept; those in flight are dropped."}
      >
        <div className="sweep-progress-bar" style={{ width: `${total === 0 ? 0 : (100 * done) / total}%` }} />
        <span className="sweep-progress-text">{text}</span>
      </div>
      {running && (
        <button type="button" data-testid="sweep-cancel" onClick={cancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
