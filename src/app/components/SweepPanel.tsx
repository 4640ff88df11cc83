/**
 * Parameter sweeps (DESIGN §9, `sweep-panel`): pick chunkers and the params to vary (from each
 * param's schema, so no invalid value can be asked for), grid or N random points; the count and a
 * time estimate before it starts; progress and cancel while the pool's workers run it; then a
 * scatter plot with the Pareto front and a sortable table, each point applicable to the panel (or to
 * compare's B), and the front and the table exportable. Nothing is chunked on the page.
 */
import { downloadBlob } from "../download";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, memo, Suspense, useDeferredValue, useEffect, useMemo, useState } from "react";
import type { NumberParam } from "../../core/chunk";
import { CHUNKER_METAS } from "../../core/chunkers/metas";
import type { DocModel } from "../../core/document";
import { findNamedDocument, namedDocuments, type QuestionSet } from "../../core/eval/questions";
import { objectiveOf, type SweepLine } from "../../core/sweep/result";
import type { SweepPoint } from "../../core/sweep/space";
import { uiText } from "../../host/errors";
import type { SweepSettings } from "../../host/sweep";
import { queryKeys } from "../engine/queries";
import { defaultWorkerCount } from "../engine/sweepPool";
import { useCompare } from "../state/compare";
import { useEvaluation } from "../state/evaluation";
import { defaultConfig, useWorkbench } from "../state/store";
import {
  axisSize,
  buildSpace,
  clampRange,
  columnValue,
  estimateSeconds,
  frontJson,
  frontOf,
  metricColumns,
  previewSpace,
  secondsLeft,
  sortRows,
  sweepChunkers,
  tableCsv,
  useSweep,
  varyingParams,
  type Axis,
  type Objective,
  type SortKey,
  type VaryingParam,
} from "../state/sweep";
import type { SweepChartPoint } from "./SweepChart";
import "./SweepPanel.css";

// recharts loads after the first paint (see QualityPanel).
const SweepChart = lazy(() => import("./SweepChart").then((m) => ({ default: m.SweepChart })));

/** One colour per chunker, in the order CHUNKER_METAS lists them. */
const CHUNKER_COLORS = [
  "#2563eb",
  "#ea580c",
  "#16a34a",
  "#9333ea",
  "#db2777",
  "#0891b2",
  "#ca8a04",
  "#4b5563",
  "#dc2626",
  "#65a30d",
];
const colorOf = (chunker: string) =>
  CHUNKER_COLORS[
    Math.max(
      0,
      CHUNKER_METAS.findIndex((m) => m.id === chunker),
    ) % CHUNKER_COLORS.length
  ]!;

/** Rows drawn in the table: the CSV holds every one. */
const MAX_TABLE_ROWS = 200;

const COLUMN_LABELS: Record<SortKey, string> = {
  index: "#",
  recall: "Recall",
  precision: "Prec.",
  iou: "IoU",
  precision_omega: "Prec. Ω",
  hit_at_k: "Hit@k",
  mrr: "MRR",
  quality_score: "Quality",
  ends_at_sentence: "Sentence end",
  not_mid_word: "Whole words",
  size_in_range: "Size in range",
  chunks: "Chunks",
  mean_tokens: "Mean tok.",
  retrieved_tokens: "Retr. tok.",
  ms: "ms",
};

const SHARE_COLUMNS = new Set<SortKey>([
  "recall",
  "precision",
  "iou",
  "precision_omega",
  "hit_at_k",
  "quality_score",
  "ends_at_sentence",
  "not_mid_word",
  "size_in_range",
]);

function formatCell(key: SortKey, value: number | undefined): string {
  if (value === undefined) return "";
  if (SHARE_COLUMNS.has(key)) return `${(value * 100).toFixed(1)}%`;
  if (key === "mrr") return value.toFixed(2);
  return String(Math.round(value));
}

const formatSeconds = (s: number) =>
  s < 90 ? `${Math.max(1, Math.round(s))} s` : `${Math.round(s / 60)} min`;

/** A config in a few words: the keys the sweep varies, else every key. */
function describeConfig(config: Record<string, unknown>, keys: readonly string[]): string {
  const shown = keys.length > 0 ? keys : Object.keys(config);
  return shown.map((k) => `${k} ${JSON.stringify(config[k])}`).join(" · ");
}

/** Per chunker, the keys whose values differ between the sweep's points. */
function varyingKeys(points: readonly SweepPoint[]): Map<string, string[]> {
  const seen = new Map<string, Map<string, Set<string>>>();
  for (const p of points) {
    const byKey = seen.get(p.chunker) ?? new Map<string, Set<string>>();
    seen.set(p.chunker, byKey);
    for (const [k, v] of Object.entries(p.config)) {
      const values = byKey.get(k) ?? new Set<string>();
      byKey.set(k, values);
      values.add(JSON.stringify(v));
    }
  }
  return new Map(
    [...seen].map(([chunker, byKey]) => [chunker, [...byKey].filter(([, v]) => v.size > 1).map(([k]) => k)]),
  );
}

/** Applies a point's chunker and config to the panel (A), or to compare's B. */
function applyPoint(chunker: string, config: Record<string, unknown>, toB: boolean): void {
  if (toB) {
    const compare = useCompare.getState();
    if (!compare.enabled) compare.setEnabled(true);
    useCompare.getState().setChunker(chunker);
    // B has no applyConfig: its config for this chunker is replaced whole (over the defaults, as A's is).
    useCompare.setState((s) => ({
      configs: { ...s.configs, [chunker]: { ...defaultConfig(chunker), ...config } },
    }));
    return;
  }
  useWorkbench.getState().setChunker(chunker);
  useWorkbench.getState().applyConfig(config);
}

/** The documents and settings a sweep runs on, or why it cannot: the set's documents must be open. */
function sweepInputs(
  set: QuestionSet | null,
  k: number,
  retriever: SweepSettings["retriever"],
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
  return { docs, settings: { set, docIds: docs.map((d) => d.id), k, ...(retriever ? { retriever } : {}) } };
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
      <Result />
    </section>
  );
});

function ChunkerPicker() {
  const current = useWorkbench((s) => s.chunker);
  const picked = useSweep((s) => s.chunkers);
  const toggle = useSweep((s) => s.toggleChunker);
  const chosen = sweepChunkers({ chunkers: picked }, current);
  return (
    <div className="sweep-chunkers" role="group" aria-label="Chunkers to sweep">
      {CHUNKER_METAS.map((m) => (
        <label key={m.id} title={m.label}>
          <input
            type="checkbox"
            data-testid={`sweep-chunker-${m.id}`}
            checked={chosen.includes(m.id)}
            onChange={(e) => toggle(m.id, e.currentTarget.checked, current)}
          />
          {m.id}
        </label>
      ))}
    </div>
  );
}

function AxesEditor() {
  const current = useWorkbench((s) => s.chunker);
  const configs = useWorkbench((s) => s.configs);
  const picked = useSweep((s) => s.chunkers);
  const axes = useSweep((s) => s.axes);
  const chosen = sweepChunkers({ chunkers: picked }, current);
  if (chosen.length === 0) return <p className="sweep-hint">Pick a chunker to sweep.</p>;
  return (
    <>
      {chosen.map((chunker) => {
        const config = configs[chunker] ?? defaultConfig(chunker);
        return (
          <div key={chunker} className="sweep-chunker" data-testid={`sweep-axes-${chunker}`}>
            <h3 className="sweep-subtitle">
              <span className="sweep-swatch" style={{ background: colorOf(chunker) }} />
              {chunker} <span className="sweep-hint">— unticked params keep the panel's values</span>
            </h3>
            {chunker === "agentic" && (
              <p className="sweep-warning">Every agentic point calls the LLM: a sweep spends tokens.</p>
            )}
            {varyingParams(chunker).map((param) => (
              <ParamAxis
                key={param.key}
                chunker={chunker}
                param={param}
                axis={axes[chunker]?.[param.key]}
                value={config[param.key]}
              />
            ))}
          </div>
        );
      })}
    </>
  );
}

function ParamAxis({
  chunker,
  param,
  axis,
  value,
}: {
  chunker: string;
  param: VaryingParam;
  axis: Axis | undefined;
  value: unknown;
}) {
  const toggleParam = useSweep((s) => s.toggleParam);
  const id = `${chunker}-${param.key}`;
  return (
    <div className="sweep-param">
      <label className="sweep-vary" title={param.help ?? param.label}>
        <input
          type="checkbox"
          data-testid={`sweep-vary-${id}`}
          checked={axis !== undefined}
          onChange={(e) => toggleParam(chunker, param, e.currentTarget.checked, value)}
        />
        {param.key}
        {axis === undefined && <span className="sweep-hint"> = {JSON.stringify(value)}</span>}
        {axis !== undefined && (
          <span className="sweep-hint">
            {" "}
            ({axisSize(axis)} value{axisSize(axis) === 1 ? "" : "s"})
          </span>
        )}
      </label>
      {axis?.kind === "range" && (param.type === "int" || param.type === "number") && (
        <RangeFields chunker={chunker} param={param} axis={axis} />
      )}
      {axis?.kind === "values" && (param.type === "enum" || param.type === "boolean") && (
        <ValueChecks
          chunker={chunker}
          paramKey={param.key}
          options={param.type === "enum" ? param.options : [true, false]}
          chosen={axis.values}
        />
      )}
    </div>
  );
}

function RangeFields({
  chunker,
  param,
  axis,
}: {
  chunker: string;
  param: NumberParam;
  axis: { min: number; max: number; step: number };
}) {
  const setRange = useSweep((s) => s.setRange);
  const fields = ["min", "max", "step"] as const;
  return (
    <div className="sweep-range">
      {fields.map((field) => (
        <DraftNumber
          key={field}
          testId={`sweep-${field}-${chunker}-${param.key}`}
          label={field}
          value={axis[field]}
          min={field === "step" ? 0 : param.min}
          max={field === "step" ? param.max - param.min : param.max}
          step={param.step ?? (param.type === "int" ? 1 : "any")}
          // Taken while typing only when it is valid as it stands (a "1" on the way to "1000" is not).
          accept={(v) => {
            const next = clampRange(param, axis, field, v);
            // In range as typed, and the other end not pushed along.
            const otherKept =
              field === "min" ? next.max === axis.max : field === "max" ? next.min === axis.min : true;
            return next[field] === v && otherKept;
          }}
          onCommit={(v) => setRange(chunker, param, field, v)}
        />
      ))}
    </div>
  );
}

/** A number input that commits valid values as typed, and the nearest valid one when left. */
function DraftNumber({
  testId,
  label,
  value,
  min,
  max,
  step,
  accept,
  onCommit,
}: {
  testId: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number | "any";
  accept(v: number): boolean;
  onCommit(v: number): void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commitDraft = () => {
    if (draft === null) return;
    const v = Number(draft);
    if (draft.trim() !== "" && Number.isFinite(v)) onCommit(v);
    setDraft(null);
  };
  return (
    <label>
      {label}
      <input
        type="number"
        data-testid={testId}
        value={draft ?? String(value)}
        min={min}
        max={max}
        step={step}
        aria-invalid={draft !== null}
        onChange={(e) => {
          const text = e.currentTarget.value;
          const v = Number(text);
          if (text.trim() !== "" && Number.isFinite(v) && accept(v)) {
            onCommit(v);
            setDraft(null);
          } else setDraft(text);
        }}
        onBlur={commitDraft}
        onKeyDown={(e) => {
          if (e.key === "Enter") commitDraft();
        }}
      />
    </label>
  );
}

function ValueChecks({
  chunker,
  paramKey,
  options,
  chosen,
}: {
  chunker: string;
  paramKey: string;
  options: readonly (string | boolean)[];
  chosen: readonly (string | boolean)[];
}) {
  const toggleValue = useSweep((s) => s.toggleValue);
  return (
    <div className="sweep-values">
      {options.map((option) => (
        <label key={String(option)}>
          <input
            type="checkbox"
            data-testid={`sweep-value-${chunker}-${paramKey}-${String(option)}`}
            checked={chosen.includes(option)}
            // The last value cannot be unticked: an axis without values is no sweep.
            disabled={chosen.length === 1 && chosen.includes(option)}
            onChange={(e) => toggleValue(chunker, paramKey, option, e.currentTarget.checked)}
          />
          {String(option)}
        </label>
      ))}
    </div>
  );
}

function ModeEditor() {
  const mode = useSweep((s) => s.mode);
  const samples = useSweep((s) => s.samples);
  const seed = useSweep((s) => s.seed);
  const setMode = useSweep((s) => s.setMode);
  const setSamples = useSweep((s) => s.setSamples);
  const setSeed = useSweep((s) => s.setSeed);
  return (
    <div className="sweep-mode">
      <label>
        <input
          type="radio"
          name="sweep-mode"
          data-testid="sweep-mode-grid"
          checked={mode === "grid"}
          onChange={() => setMode("grid")}
        />
        grid
      </label>
      <label>
        <input
          type="radio"
          name="sweep-mode"
          data-testid="sweep-mode-random"
          checked={mode === "random"}
          onChange={() => setMode("random")}
        />
        random
      </label>
      {mode === "random" && (
        <>
          <label>
            N
            <input
              type="number"
              min={1}
              step={1}
              data-testid="sweep-samples"
              value={samples}
              onChange={(e) => setSamples(Number(e.currentTarget.value))}
            />
          </label>
          <label>
            seed
            <input
              type="number"
              step={1}
              data-testid="sweep-seed"
              value={seed}
              onChange={(e) => setSeed(Number(e.currentTarget.value))}
            />
          </label>
        </>
      )}
    </div>
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
  const status = useSweep((s) => s.status);
  const history = useSweep((s) => s.lines);
  const error = useSweep((s) => s.error);
  const start = useSweep((s) => s.start);
  const fail = useSweep((s) => s.fail);
  const set = useEvaluation((s) => s.set);
  const k = useEvaluation((s) => s.k);
  const retriever = useEvaluation((s) => s.retriever);
  const workers = defaultWorkerCount();

  const preview = useMemo(
    () => previewSpace(buildSpace({ chunkers, axes, mode, samples, seed }, current, configs)),
    [chunkers, axes, mode, samples, seed, current, configs],
  );
  const estimate = preview.ok ? estimateSeconds(preview.points, history, workers) : 0;
  const running = status === "running";
  const run = preview.ok ? preview.points.length - preview.skipped : 0;

  const onStart = () => {
    if (!preview.ok) return;
    const wb = useWorkbench.getState();
    const open = wb.docs.flatMap((d) => {
      const model = queryClient.getQueryData<DocModel>(queryKeys.extract(d.key, d.passwordAttempts));
      return model ? [model] : [];
    });
    const inputs = sweepInputs(set, k, retriever, doc, open);
    if ("error" in inputs) {
      fail(inputs.error);
      return;
    }
    void start(preview.points, inputs.docs, inputs.settings);
  };

  return (
    <div className="sweep-start-line">
      <p className="sweep-objective-line" data-testid="sweep-target">
        {set
          ? `Objective: recall@${k} (${retriever}) over ${set.questions.length} question${set.questions.length === 1 ? "" : "s"}`
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

function Result() {
  const points = useSweep((s) => s.points);
  // Deferred: the chart and the table of a big sweep redraw at low priority, the panel's inputs first.
  const lines = useDeferredValue(useSweep((s) => s.lines));
  const objective = useSweep((s) => s.objective);
  const k = useSweep((s) => s.k);
  const keys = useMemo(() => varyingKeys(points), [points]);
  const front = useMemo(() => new Set(frontOf(lines)), [lines]);
  // A new sweep (new keys to describe its configs by) starts a new cache: `keys` is the trigger, not an input.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const cache = useMemo(() => new WeakMap<SweepLine, SweepChartPoint>(), [keys]);
  const chartPoints = useMemo(() => chartData(lines, keys, cache), [lines, keys, cache]);
  if (lines.every((l) => l === undefined)) return null;
  return (
    <div className="sweep-result">
      <figure className="sweep-figure" data-testid="sweep-chart" data-objective={objective}>
        <figcaption data-testid="sweep-objective">
          {objective === "recall"
            ? `Recall@${k ?? ""} against tokens retrieved per question; the dark line is the Pareto front`
            : "no question set: quality score against mean tokens; the dark line is the Pareto front"}
        </figcaption>
        <Suspense fallback={<div className="chart-placeholder" />}>
          <SweepChart points={chartPoints} front={front} objective={objective} k={k} onPick={pickPoint} />
        </Suspense>
        <p className="sweep-hint">Click a point to apply it; shift-click to compare it as B.</p>
      </figure>
      <ResultTable lines={lines} front={front} keys={keys} objective={objective} />
      <div className="sweep-exports">
        <button
          type="button"
          data-testid="sweep-export-front"
          disabled={front.size === 0}
          onClick={() => downloadBlob(frontJson(lines, objective), "sweep-front.json", "application/json")}
        >
          Export front (JSON)
        </button>
        <button
          type="button"
          data-testid="sweep-export-csv"
          onClick={() => downloadBlob(tableCsv(lines, objective), "sweep.csv", "text/csv")}
        >
          Export table (CSV)
        </button>
      </div>
    </div>
  );
}

/**
 * The chart's points, each built once per line (`cache`, one per sweep): a point keeps its identity
 * from batch to batch, so the chart redraws only the points that moved.
 */
function chartData(
  lines: readonly (SweepLine | undefined)[],
  keys: ReadonlyMap<string, string[]>,
  cache: WeakMap<SweepLine, SweepChartPoint>,
): SweepChartPoint[] {
  const points: SweepChartPoint[] = [];
  lines.forEach((line, index) => {
    if (!line) return;
    let point = cache.get(line);
    if (!point) {
      const o = objectiveOf(line);
      if (!o) return;
      point = {
        index,
        chunker: line.chunker,
        config: line.config,
        x: o.cost,
        y: o.value,
        color: colorOf(line.chunker),
        title:
          `#${index} ${line.chunker}: ${describeConfig(line.config, keys.get(line.chunker) ?? [])}\n` +
          ("recall" in line.metrics!
            ? `recall ${(o.value * 100).toFixed(1)}% at ${Math.round(o.cost)} tokens retrieved per question`
            : `quality ${(o.value * 100).toFixed(1)}% at ${Math.round(o.cost)} mean tokens`),
        configJson: JSON.stringify(line.config),
      };
      cache.set(line, point);
    }
    points.push(point);
  });
  return points;
}

const pickPoint = (p: SweepChartPoint, toB: boolean) => applyPoint(p.chunker, p.config, toB);

function ResultTable({
  lines,
  front,
  keys,
  objective,
}: {
  lines: readonly (SweepLine | undefined)[];
  front: ReadonlySet<number>;
  keys: ReadonlyMap<string, string[]>;
  objective: Objective;
}) {
  const sort = useSweep((s) => s.sort);
  const setSort = useSweep((s) => s.setSort);
  const rows = useMemo(() => sortRows(lines, sort), [lines, sort]);
  const columns: SortKey[] = [
    ...metricColumns(objective),
    "chunks",
    "mean_tokens",
    ...(objective === "recall" ? (["retrieved_tokens"] as const) : []),
    "ms",
  ];
  const header = (key: SortKey) => (
    <th
      key={key}
      scope="col"
      aria-sort={sort.key === key ? (sort.descending ? "descending" : "ascending") : "none"}
    >
      <button type="button" data-testid={`sweep-sort-${key}`} onClick={() => setSort(key)}>
        {COLUMN_LABELS[key]}
        {sort.key === key ? (sort.descending ? " ▾" : " ▴") : ""}
      </button>
    </th>
  );
  return (
    <div className="sweep-table-wrap">
      <table className="sweep-table" data-testid="sweep-table">
        <thead>
          <tr>
            {header("index")}
            <th scope="col">Config</th>
            {columns.map(header)}
            <th scope="col">
              <span className="sweep-sr">Apply</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, MAX_TABLE_ROWS).map(({ index, line }) => {
            const status = line.skipped !== undefined ? "skipped" : line.error !== undefined ? "error" : "ok";
            return (
              <tr
                key={index}
                data-testid="sweep-row"
                data-index={index}
                data-status={status}
                data-pareto={front.has(index)}
                className={front.has(index) ? "sweep-row--front" : undefined}
              >
                <td>{index}</td>
                <td className="sweep-config" title={JSON.stringify(line.config)}>
                  <span className="sweep-swatch" style={{ background: colorOf(line.chunker) }} />
                  {line.chunker} {describeConfig(line.config, keys.get(line.chunker) ?? [])}
                </td>
                {status === "ok" ? (
                  columns.map((key) => {
                    const value = key === "index" ? undefined : columnValue(line, key);
                    return (
                      <td key={key} className="sweep-num" data-key={key} data-value={value}>
                        {formatCell(key, value)}
                      </td>
                    );
                  })
                ) : (
                  <td colSpan={columns.length} className={`sweep-reason sweep-reason--${status}`}>
                    {status}: {line.skipped ?? line.error}
                  </td>
                )}
                <td>
                  <button
                    type="button"
                    data-testid="sweep-apply"
                    // A skipped point breaks a rule between params: applying it would only show the error.
                    disabled={status === "skipped"}
                    title="Apply this config to the panel (shift: to compare's B)"
                    onClick={(e) => applyPoint(line.chunker, line.config, e.shiftKey)}
                  >
                    Apply
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length > MAX_TABLE_ROWS && (
        <p className="sweep-hint">
          The first {MAX_TABLE_ROWS} of {rows.length} rows in this order; the CSV holds them all.
        </p>
      )}
    </div>
  );
}
