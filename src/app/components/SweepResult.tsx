/**
 * The sweep's result (DESIGN §9): the scatter plot (recall against tokens retrieved per question, or
 * quality against mean tokens) with the Pareto front, the sortable table, each point applicable to
 * the panel (or to compare's B), and the front (JSON) and the table (CSV) exportable.
 */
import { downloadBlob } from "../download";

import { lazy, Suspense, useDeferredValue, useMemo } from "react";

import { CHUNKER_METAS } from "../../core/chunkers/metas";

import { nearFront, objectiveOf, paretoFront, type SweepLine } from "../../core/sweep/result";
import type { PointRetrieval, SweepPoint } from "../../core/sweep/space";
import { useEvaluation } from "../state/evaluation";

import { useCompare } from "../state/compare";

import { defaultConfig, useWorkbench } from "../state/store";
import { useSweep } from "../state/sweep";
import {
  columnValue,
  frontJson,
  metricColumns,
  sortRows,
  tableCsv,
  type Objective,
  type SortKey,
} from "../state/sweepTable";
import type { SweepChartPoint } from "./SweepChart";
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
export const colorOf = (chunker: string) =>
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
  ndcg_at_k: "nDCG",
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

/** A point's own retrieval in words ("hybrid · heading path"), "" when the space does not vary it. */
function describeRetrieval(r: PointRetrieval | undefined): string {
  if (!r) return "";
  const parts: string[] = [];
  if (r.retriever) parts.push(r.retriever);
  if (r.retrieval) parts.push(r.retrieval);
  if (r.contextualize !== undefined) parts.push(r.contextualize ? "heading path" : "no heading path");
  if (r.hybrid_weights) parts.push(`weights ${r.hybrid_weights.join(",")}`);
  return parts.join(" · ");
}

/**
 * Applies a point's chunker and config to the panel (A), or to compare's B; a point's own
 * retrieval (a "retrieval" axis) becomes the evaluation's (A's, or B's).
 */
function applyPoint(
  chunker: string,
  config: Record<string, unknown>,
  toB: boolean,
  retrieval?: PointRetrieval,
): void {
  if (retrieval) {
    const ev = useEvaluation.getState();
    const how = {
      ...(retrieval.retriever ? { retriever: retrieval.retriever } : {}),
      ...(retrieval.retrieval ? { retrieval: retrieval.retrieval } : {}),
      ...(retrieval.contextualize !== undefined ? { contextualize: retrieval.contextualize } : {}),
    };
    if (toB) ev.setCompareRetrieval(how);
    else {
      if (how.retriever) ev.setRetriever(how.retriever);
      if (how.retrieval) ev.setRetrieval(how.retrieval);
      if (how.contextualize !== undefined) ev.setContextualize(how.contextualize);
    }
  }
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

export function SweepResult() {
  const points = useSweep((s) => s.points);
  // Deferred: the chart and the table of a big sweep redraw at low priority, the panel's inputs first.
  const lines = useDeferredValue(useSweep((s) => s.lines));
  const objective = useSweep((s) => s.objective);
  const k = useSweep((s) => s.k);
  const keys = useMemo(() => varyingKeys(points), [points]);
  const frontList = useMemo(() => paretoFront(lines), [lines]);
  const front = useMemo(() => new Set(frontList), [frontList]);
  const near = useMemo(() => new Set(nearFront(lines, frontList)), [lines, frontList]);
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
            ? `Recall@${k ?? ""} against tokens retrieved per question; the dark line is the Pareto front${near.size > 0 ? `; ${near.size} dashed point${near.size === 1 ? "" : "s"} off it cannot be told from it with these questions (recall intervals overlap)` : ""}`
            : "no question set: quality score against mean tokens; the dark line is the Pareto front"}
        </figcaption>
        <Suspense fallback={<div className="chart-placeholder" />}>
          <SweepChart
            points={chartPoints}
            front={front}
            near={near}
            objective={objective}
            k={k}
            onPick={pickPoint}
          />
        </Suspense>
        <p className="sweep-hint">Click a point to apply it; shift-click to compare it as B.</p>
      </figure>
      <ResultTable lines={lines} front={front} near={near} keys={keys} objective={objective} />
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
        retrieval: line.retrieval,
        title:
          `#${index} ${line.chunker}: ${describeConfig(line.config, keys.get(line.chunker) ?? [])}` +
          (line.retrieval ? ` · ${describeRetrieval(line.retrieval)}` : "") +
          "\n" +
          ("recall" in line.metrics!
            ? `recall ${(o.value * 100).toFixed(1)}%${line.recall_ci95 ? ` (95% ${(line.recall_ci95[0] * 100).toFixed(1)}–${(line.recall_ci95[1] * 100).toFixed(1)})` : ""} at ${Math.round(o.cost)} tokens retrieved per question`
            : `quality ${(o.value * 100).toFixed(1)}% at ${Math.round(o.cost)} mean tokens`),
        configJson: JSON.stringify(line.config),
      };
      cache.set(line, point);
    }
    points.push(point);
  });
  return points;
}

const pickPoint = (p: SweepChartPoint, toB: boolean) => applyPoint(p.chunker, p.config, toB, p.retrieval);

function ResultTable({
  lines,
  front,
  near,
  keys,
  objective,
}: {
  lines: readonly (SweepLine | undefined)[];
  front: ReadonlySet<number>;
  near: ReadonlySet<number>;
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
                data-near-front={near.has(index)}
                className={
                  front.has(index) ? "sweep-row--front" : near.has(index) ? "sweep-row--near" : undefined
                }
                title={
                  near.has(index)
                    ? "Off the front, but not distinguishable from it in recall with these questions"
                    : undefined
                }
              >
                <td>{index}</td>
                <td className="sweep-config" title={JSON.stringify(line.config)}>
                  <span className="sweep-swatch" style={{ background: colorOf(line.chunker) }} />
                  {line.chunker} {describeConfig(line.config, keys.get(line.chunker) ?? [])}
                  {line.retrieval && (
                    <span className="sweep-retrieval"> · {describeRetrieval(line.retrieval)}</span>
                  )}
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
                    onClick={(e) => applyPoint(line.chunker, line.config, e.shiftKey, line.retrieval)}
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
