/**
 * The sweep table (DESIGN §9): its columns for each objective, the sort, the CSV of every line and
 * the JSON of the Pareto front. Pure: the store (sweep.ts) holds the sort and the lines.
 */
import { neutralizeFormula } from "../../core/export/chunkRecords";
import { WORKBENCH_EXPORT_VERSION } from "../../core/export/configFormats/json";
import type { MetricKey } from "../../core/eval/metrics";
import { objectiveOf, paretoFront, type QualityMetrics, type SweepLine } from "../../core/sweep/result";

export type Objective = "recall" | "quality";

/** The table's columns: the point's position, the metrics of either objective, the costs. */
export type SortKey =
  "index" | MetricKey | keyof QualityMetrics | "chunks" | "mean_tokens" | "retrieved_tokens" | "ms";

/** The table's value of a line in a column (undefined: the line has none — skipped, failed, or the other objective). */
export function columnValue(line: SweepLine, key: Exclude<SortKey, "index">): number | undefined {
  if (key === "chunks" || key === "mean_tokens" || key === "ms") return line[key];
  if (key === "retrieved_tokens") return line.retrieved_tokens ?? undefined;
  const metrics = line.metrics as Record<string, number> | undefined;
  return metrics?.[key];
}

export interface TableRow {
  index: number;
  line: SweepLine;
}

/** The finished lines sorted by a column; lines without a value (skipped, failed) always last, in space order. */
export function sortRows(
  lines: readonly (SweepLine | undefined)[],
  sort: { key: SortKey; descending: boolean },
): TableRow[] {
  const rows: TableRow[] = [];
  lines.forEach((line, index) => {
    if (line) rows.push({ index, line });
  });
  if (sort.key === "index") return sort.descending ? rows.reverse() : rows;
  const key = sort.key;
  const sign = sort.descending ? -1 : 1;
  return rows.sort((a, b) => {
    const x = columnValue(a.line, key);
    const y = columnValue(b.line, key);
    if (x === undefined || y === undefined)
      return x === undefined && y === undefined ? a.index - b.index : x === undefined ? 1 : -1;
    return (x - y) * sign || a.index - b.index;
  });
}

/** The metric columns of an objective. */
export function metricColumns(objective: Objective): Exclude<SortKey, "index">[] {
  return objective === "recall"
    ? ["recall", "precision", "iou", "precision_omega", "hit_at_k", "mrr"]
    : ["quality_score", "ends_at_sentence", "not_mid_word", "size_in_range"];
}

/**
 * A CSV cell: numbers and booleans as they are, text neutralized as every CSV of the workbench is
 * (DESIGN §5): a reason or a chunker id from a colleague's workspace could start with "=".
 */
const csvCell = (value: unknown): string => {
  const text =
    value === undefined || value === null
      ? ""
      : typeof value === "string"
        ? neutralizeFormula(value)
        : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The table as CSV, one row per finished point in space order; a config is its JSON. */
export function tableCsv(lines: readonly (SweepLine | undefined)[], objective: Objective): string {
  const metrics = metricColumns(objective);
  const front = new Set(paretoFront(lines));
  const header = [
    "index",
    "chunker",
    "config",
    "status",
    "reason",
    ...metrics,
    "chunks",
    "mean_tokens",
    ...(objective === "recall" ? ["retrieved_tokens"] : []),
    "ms",
    "pareto",
  ];
  const rows = sortRows(lines, { key: "index", descending: false }).map(({ index, line }) => [
    index,
    line.chunker,
    JSON.stringify(line.config),
    line.skipped !== undefined ? "skipped" : line.error !== undefined ? "error" : "ok",
    line.skipped ?? line.error ?? "",
    ...metrics.map((m) => columnValue(line, m)),
    line.chunks,
    line.mean_tokens,
    ...(objective === "recall" ? [line.retrieved_tokens] : []),
    line.ms,
    front.has(index),
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\n") + "\n";
}

/**
 * The front as JSON: `{version, objective, points: [...]}`, each point a workbench export
 * (`{version, chunker, config}`, what `chunk --config` and the export dialog's import read) with
 * its metrics beside it — the points in order of cost, cheapest first.
 */
export function frontJson(lines: readonly (SweepLine | undefined)[], objective: Objective): string {
  const points = paretoFront(lines)
    .map((index) => ({ index, line: lines[index]! }))
    .sort((a, b) => objectiveOf(a.line)!.cost - objectiveOf(b.line)!.cost || a.index - b.index)
    .map(({ index, line }) => ({
      version: WORKBENCH_EXPORT_VERSION,
      chunker: line.chunker,
      config: line.config,
      metrics: line.metrics,
      chunks: line.chunks,
      mean_tokens: line.mean_tokens,
      ...(objective === "recall" ? { retrieved_tokens: line.retrieved_tokens } : {}),
      ms: line.ms,
      index,
    }));
  return (
    JSON.stringify(
      {
        version: WORKBENCH_EXPORT_VERSION,
        objective:
          objective === "recall" ? "recall against retrieved_tokens" : "quality_score against mean_tokens",
        points,
      },
      null,
      2,
    ) + "\n"
  );
}
