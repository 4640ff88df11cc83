/**
 * The sweep panel's state (DESIGN §9): the editor (which chunkers, which of their params vary and
 * over what, grid or N random points), the sweep that runs (points, lines by index, progress) and
 * the table's sort. The pure helpers beside it build the space from the editor, estimate a sweep
 * before it starts, sort the table and write the CSV and the front's JSON. The sweep itself runs in
 * the pool's workers (app/engine/sweepPool); the page only receives lines.
 */
import { create } from "zustand";
import type { NumberParam, ParamSpec } from "../../core/chunk";
import { getChunkerMeta } from "../../core/chunkers/metas";
import { checkValue } from "../../core/config";
import type { DocModel } from "../../core/document";
import { WORKBENCH_EXPORT_VERSION } from "../../core/export/configFormats/json";
import type { MetricKey } from "../../core/eval/metrics";
import { objectiveOf, paretoFront, type QualityMetrics, type SweepLine } from "../../core/sweep/result";
import { expandSpace, parseSweepSpace, SweepSpaceError, type SweepPoint } from "../../core/sweep/space";
import { uiText } from "../../host/errors";
import type { SweepSettings } from "../../host/sweep";
import { engineActivity } from "../engine/activity";
import { runSweep } from "../engine/sweepPool";

/** The values one param takes: a range for a number param, a list of options (enum, boolean). */
export type Axis =
  | { kind: "range"; min: number; max: number; step: number }
  | { kind: "values"; values: (string | boolean)[] };

type RangeField = "min" | "max" | "step";

/** A param the editor can vary: numbers by range, enums and booleans by their values. */
export type VaryingParam = NumberParam | Extract<ParamSpec, { type: "enum" } | { type: "boolean" }>;

export type Objective = "recall" | "quality";

export interface SweepEditor {
  /** The chunkers picked, in order; null until the user picks: then the current chunker. */
  chunkers: string[] | null;
  /** Per chunker, the params that vary (the others keep the panel's values). */
  axes: Record<string, Record<string, Axis>>;
  mode: "grid" | "random";
  samples: number;
  seed: number;
}

/** The table's columns: the point's position, the metrics of either objective, the costs. */
export type SortKey =
  "index" | MetricKey | keyof QualityMetrics | "chunks" | "mean_tokens" | "retrieved_tokens" | "ms";

type Status = "idle" | "running" | "done" | "cancelled" | "interrupted";

interface SweepState extends SweepEditor {
  status: Status;
  /** The points of the sweep that ran (or runs), in space order. */
  points: SweepPoint[];
  /** Lines by point index; undefined while a point has not finished. */
  lines: (SweepLine | undefined)[];
  done: number;
  total: number;
  startedAt: number | null;
  objective: Objective;
  /** The k of the sweep's evaluation (null without a question set). */
  k: number | null;
  /** Why the sweep could not start (a space error, a question set naming a closed document). */
  error: string | null;
  sort: { key: SortKey; descending: boolean };
  abort: (() => void) | null;

  toggleChunker(id: string, on: boolean, current: string): void;
  toggleParam(chunker: string, param: VaryingParam, on: boolean, value: unknown): void;
  setRange(chunker: string, param: NumberParam, field: RangeField, value: number): void;
  toggleValue(chunker: string, key: string, value: string | boolean, on: boolean): void;
  setMode(mode: "grid" | "random"): void;
  setSamples(n: number): void;
  setSeed(n: number): void;
  setSort(key: SortKey): void;
  fail(message: string): void;
  start(points: SweepPoint[], docs: DocModel[], settings: SweepSettings): Promise<void>;
  cancel(): void;
}

const isVarying = (p: ParamSpec): p is VaryingParam =>
  p.type === "int" || p.type === "number" || p.type === "enum" || p.type === "boolean";

/** The params of a chunker the editor offers to vary. */
export function varyingParams(chunker: string): VaryingParam[] {
  return getChunkerMeta(chunker).params.filter(isVarying);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Rounds away floating noise (0.30000000000000004) at the step's precision. */
function tidy(value: number, step: number): number {
  const decimals = Math.min(12, (String(step).split(".")[1] ?? "").length + 2);
  return Number(value.toFixed(decimals));
}

/** The smallest step of a param: 1 for whole numbers, the param's own, or a hundredth of its range. */
function unitOf(param: NumberParam): number {
  if (param.type === "int") return Math.max(1, Math.round(param.step ?? 1));
  return param.step ?? (param.max - param.min) / 100;
}

/** A round step near `raw` (1, 2, 2.5 or 5 × 10ⁿ), a multiple of the param's unit. */
function niceStep(raw: number, param: NumberParam): number {
  const unit = unitOf(param);
  if (!(raw > unit)) return unit;
  const power = 10 ** Math.floor(Math.log10(raw));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw * 0.75) ?? 10 * power;
  const stepped = Math.max(unit, Math.round(nice / unit) * unit);
  return tidy(stepped, unit);
}

/** Where a new axis starts: a few values around the current one (half to double), inside the param's range. */
export function defaultAxis(param: VaryingParam, value: unknown): Axis {
  if (param.type === "enum") return { kind: "values", values: [...param.options] };
  if (param.type === "boolean") return { kind: "values", values: [true, false] };
  const v =
    typeof value === "number" && Number.isFinite(value) ? clamp(value, param.min, param.max) : param.min;
  const unit = unitOf(param);
  const lo = clamp(v > 0 ? v / 2 : v, param.min, param.max);
  const hi = clamp(v > 0 ? v * 2 : v + 10 * unit, param.min, param.max);
  const step = niceStep((hi - lo) / 3, param);
  const min = clamp(tidy(Math.round(lo / step) * step, step), param.min, param.max);
  const max = clamp(tidy(Math.round(hi / step) * step, step), min, param.max);
  return { kind: "range", min, max, step };
}

/**
 * A range with one field changed, kept valid: every field inside the param's range (whole numbers
 * for an int), the step above zero, min ≤ max (the other end moves along).
 */
export function clampRange(
  param: NumberParam,
  axis: { min: number; max: number; step: number },
  field: RangeField,
  value: number,
): { min: number; max: number; step: number } {
  if (!Number.isFinite(value)) return axis;
  const whole = param.type === "int";
  const round = (v: number) => (whole ? Math.round(v) : v);
  if (field === "step") {
    const unit = whole ? 1 : Number.EPSILON * 1e4;
    return { ...axis, step: clamp(round(value), unit, Math.max(unit, param.max - param.min)) };
  }
  const v = clamp(round(value), param.min, param.max);
  if (field === "min") return { ...axis, min: v, max: Math.max(axis.max, v) };
  return { ...axis, max: v, min: Math.min(axis.min, v) };
}

/** How many values an axis takes (as parseSweepSpace counts a range). */
export function axisSize(axis: Axis): number {
  if (axis.kind === "values") return axis.values.length;
  return Math.floor((axis.max - axis.min) / axis.step + 1e-9) + 1;
}

/** The chunkers a sweep runs: those picked, or the current one until the user picks. */
export function sweepChunkers(editor: Pick<SweepEditor, "chunkers">, current: string): string[] {
  return editor.chunkers ?? [current];
}

/**
 * The space (DESIGN §9) the editor describes: per chunker its varying params (ranges as {min, max,
 * step}, options as lists), then every other param the panel holds a valid value for, as one value
 * — a point differs from the panel only in what the sweep varies.
 */
export function buildSpace(
  editor: SweepEditor,
  current: string,
  configs: Readonly<Record<string, Record<string, unknown>>>,
): Record<string, unknown> {
  const chunkers = sweepChunkers(editor, current).map((chunker) => {
    const axes = editor.axes[chunker] ?? {};
    const config = configs[chunker] ?? {};
    const params: Record<string, unknown> = {};
    for (const param of getChunkerMeta(chunker).params) {
      const axis = axes[param.key];
      if (axis) {
        params[param.key] =
          axis.kind === "range" ? { min: axis.min, max: axis.max, step: axis.step } : [...axis.values];
        continue;
      }
      const value = config[param.key];
      if (value !== undefined && checkValue(param, value) === null) params[param.key] = [value];
    }
    return { chunker, params };
  });
  return {
    chunkers,
    ...(editor.mode === "random" ? { samples: editor.samples, seed: editor.seed } : {}),
  };
}

/** A sweep too big for a tab: random samples of it are the way. */
const MAX_PAGE_POINTS = 5000;

export type SpacePreview =
  { ok: true; points: SweepPoint[]; skipped: number; grid: number } | { ok: false; error: string };

/** The points a space expands to (with how many are skipped), or what is wrong with it. */
export function previewSpace(space: unknown): SpacePreview {
  try {
    const parsed = parseSweepSpace(space);
    const grid = parsed.axes.reduce((sum, a) => sum + a.values.reduce((n, v) => n * v.length, 1), 0);
    const run = parsed.samples === null ? grid : Math.min(grid, parsed.samples);
    if (run > MAX_PAGE_POINTS)
      return {
        ok: false,
        error: `${run} points: at most ${MAX_PAGE_POINTS} in the tab (use N random points, or the CLI's sweep)`,
      };
    const points = expandSpace(parsed);
    return { ok: true, points, skipped: points.filter((p) => p.skipped !== undefined).length, grid };
  } catch (err) {
    if (err instanceof SweepSpaceError) return { ok: false, error: err.message };
    throw err;
  }
}

/** Milliseconds a point of each chunker takes on a short document before a sweep has measured it. */
const GUESS_MS: Record<string, number> = {
  token: 40,
  recursive: 60,
  simple: 30,
  header: 60,
  hierarchical: 80,
  entity: 150,
  hybrid: 200,
  "late-jaccard": 150,
  "late-embedding": 600,
  agentic: 5000,
};
const DEFAULT_GUESS_MS = 200;
/** What a point costs beyond its own `ms`: the messages to and from its worker, the line's scores. */
const POINT_OVERHEAD_MS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Per chunker, the median ms of the lines measured so far. */
function medianMs(history: readonly (SweepLine | undefined)[]): Map<string, number> {
  const byChunker = new Map<string, number[]>();
  for (const line of history)
    if (line && typeof line.ms === "number" && !line.error)
      byChunker.set(line.chunker, [...(byChunker.get(line.chunker) ?? []), line.ms]);
  return new Map([...byChunker].map(([chunker, ms]) => [chunker, median(ms)]));
}

/**
 * Seconds the points will take on `workers` workers: per point the median ms of its chunker's lines
 * so far (the sweep running, or the last one), else a guess per chunker. Skipped points cost nothing.
 */
export function estimateSeconds(
  points: readonly SweepPoint[],
  history: readonly (SweepLine | undefined)[],
  workers: number,
): number {
  const measured = medianMs(history);
  let ms = 0;
  for (const p of points)
    if (p.skipped === undefined)
      ms += (measured.get(p.chunker) ?? GUESS_MS[p.chunker] ?? DEFAULT_GUESS_MS) + POINT_OVERHEAD_MS;
  return ms / Math.max(1, workers) / 1000;
}

/** Seconds left of a running sweep: the time per finished point so far, else the estimate. */
export function secondsLeft(
  points: readonly SweepPoint[],
  lines: readonly (SweepLine | undefined)[],
  elapsedMs: number,
  workers: number,
): number {
  const left = points.filter((p, i) => p.skipped === undefined && lines[i] === undefined);
  const ran = lines.filter((l) => l !== undefined && l.skipped === undefined).length;
  if (ran === 0) return Math.max(0, estimateSeconds(left, lines, workers) - elapsedMs / 1000);
  return ((elapsedMs / ran) * left.length) / 1000;
}

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

const csvCell = (value: unknown): string => {
  const text = value === undefined || value === null ? "" : String(value);
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

const STORAGE_KEY = "chunk-workbench.sweep.v1";

interface Saved {
  points: SweepPoint[];
  lines: (SweepLine | null)[];
  objective: Objective;
  k: number | null;
  status: Status;
}

/**
 * The last sweep's lines, kept in this tab's sessionStorage: a reload mid-sweep loses only the
 * points that had not finished (DESIGN §9). Configs hold no secrets (endpoints live apart).
 */
type Restored = Pick<SweepState, "points" | "lines" | "objective" | "k" | "status" | "done" | "total">;

function fromSaved(saved: Saved): Restored {
  const lines = saved.lines.map((l) => l ?? undefined);
  return {
    points: saved.points,
    lines,
    objective: saved.objective,
    k: saved.k ?? null,
    status: saved.status === "running" ? "interrupted" : saved.status,
    done: lines.filter((l) => l !== undefined).length,
    total: saved.points.length,
  };
}

function restore(): Restored | null {
  if (typeof window === "undefined") return null;
  const raw = window.sessionStorage.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    return fromSaved(JSON.parse(raw) as Saved);
  } catch (err) {
    console.warn(`ignoring an unreadable saved sweep (${err instanceof Error ? err.message : String(err)})`);
    window.sessionStorage.removeItem(STORAGE_KEY);
    return null;
  }
}

/** The sweep as the workspace stores it (DESIGN §10), or null when there is none. */
export function sweepSnapshot(): Saved | null {
  const { points, lines, objective, k, status } = useSweep.getState();
  if (points.length === 0) return null;
  return { points, lines: lines.map((l) => l ?? null), objective, k, status };
}

/**
 * A sweep from the stored workspace back in the panel — unless this tab already shows one (kept in
 * its session storage, it is at least as new). A record that is not a sweep is refused, not shown.
 */
export function restoreSweep(saved: unknown): void {
  if (useSweep.getState().points.length > 0 || saved === null || saved === undefined) return;
  const s = saved as Partial<Saved>;
  if (!Array.isArray(s.points) || !Array.isArray(s.lines) || s.points.length !== s.lines.length)
    throw new Error("the stored sweep is damaged (points and lines differ)");
  useSweep.setState(fromSaved(s as Saved));
}

let saveTimer: ReturnType<typeof setTimeout> | null = null;
let lastSave = -Infinity;
const SAVE_EVERY_MS = 2000;

/**
 * Saves the sweep's result: at once when the last save is 2 s old, else 2 s after it — each save
 * writes every line (a megabyte at 5,000 points), so not on every batch.
 */
function save(now = false): void {
  if (typeof window === "undefined") return;
  const write = () => {
    saveTimer = null;
    lastSave = performance.now();
    const { points, lines, objective, k, status } = useSweep.getState();
    const saved: Saved = { points, lines: lines.map((l) => l ?? null), objective, k, status };
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
    } catch (err) {
      // A quota error: the sweep goes on; only a reload would lose it.
      console.warn(`the sweep's result is not kept across a reload: ${uiText(err)}`);
    }
  };
  if (saveTimer) {
    if (!now) return;
    clearTimeout(saveTimer);
  }
  const wait = now ? 0 : lastSave + SAVE_EVERY_MS - performance.now();
  if (wait <= 0) write();
  else saveTimer = setTimeout(write, wait);
}

/** Which sweep is current: a sweep started over another must not see the older one's end. */
let runSeq = 0;

/**
 * Lines reach the store in batches: a chart redraw per line of a fast sweep would load the page.
 * A big sweep batches longer (its chart and table cost more to draw): 150 ms up to 1 s.
 */
/** The same line objects at the same indices (lines are never rebuilt, only added). */
export function sameLines(
  a: readonly (SweepLine | undefined)[],
  b: readonly (SweepLine | undefined)[],
): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

const flushMs = (points: number) => Math.max(150, Math.min(1000, points));

export const useSweep = create<SweepState>()((set, get) => ({
  chunkers: null,
  axes: {},
  mode: "grid",
  samples: 20,
  seed: 1,
  status: "idle",
  points: [],
  lines: [],
  done: 0,
  total: 0,
  startedAt: null,
  objective: "quality",
  k: null,
  error: null,
  sort: { key: "index", descending: false },
  abort: null,
  ...restore(),

  toggleChunker(id, on, current) {
    set((s) => {
      const list = sweepChunkers(s, current).filter((c) => c !== id);
      return { chunkers: on ? [...list, id] : list };
    });
  },
  toggleParam(chunker, param, on, value) {
    set((s) => {
      const axes = { ...(s.axes[chunker] ?? {}) };
      if (on) axes[param.key] = defaultAxis(param, value);
      else delete axes[param.key];
      return { axes: { ...s.axes, [chunker]: axes } };
    });
  },
  setRange(chunker, param, field, value) {
    set((s) => {
      const axis = s.axes[chunker]?.[param.key];
      if (!axis || axis.kind !== "range") return s;
      const next: Axis = { kind: "range", ...clampRange(param, axis, field, value) };
      return { axes: { ...s.axes, [chunker]: { ...s.axes[chunker], [param.key]: next } } };
    });
  },
  toggleValue(chunker, key, value, on) {
    set((s) => {
      const axis = s.axes[chunker]?.[key];
      if (!axis || axis.kind !== "values") return s;
      const values = on ? [...new Set([...axis.values, value])] : axis.values.filter((v) => v !== value);
      // At least one value: an empty axis is not a sweep.
      if (values.length === 0) return s;
      return { axes: { ...s.axes, [chunker]: { ...s.axes[chunker], [key]: { kind: "values", values } } } };
    });
  },
  setMode: (mode) => set({ mode }),
  setSamples: (n) => set({ samples: Math.max(1, Math.min(MAX_PAGE_POINTS, Math.round(n) || 1)) }),
  setSeed: (n) => set({ seed: Number.isFinite(n) ? Math.round(n) : 1 }),
  setSort(key) {
    set((s) => ({
      sort:
        s.sort.key === key
          ? { key, descending: !s.sort.descending }
          : // Metrics read best-first; costs and the index cheapest-first.
            { key, descending: !["index", "chunks", "mean_tokens", "retrieved_tokens", "ms"].includes(key) },
    }));
  },
  fail: (message) => set({ error: message }),

  async start(points, docs, settings) {
    get().abort?.();
    const run = ++runSeq;
    const controller = new AbortController();
    set({
      status: "running",
      points,
      lines: new Array<SweepLine | undefined>(points.length).fill(undefined),
      done: 0,
      total: points.length,
      startedAt: performance.now(),
      objective: settings.set ? "recall" : "quality",
      k: settings.set ? (settings.k ?? null) : null,
      error: null,
      abort: () => controller.abort(new DOMException("sweep cancelled", "AbortError")),
    });
    save(true);
    let buffer: [number, SweepLine][] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      if (buffer.length === 0 || controller.signal.aborted || run !== runSeq) return;
      const batch = buffer;
      buffer = [];
      set((s) => {
        const lines = [...s.lines];
        for (const [index, line] of batch) lines[index] = line;
        return { lines, done: s.done + batch.length };
      });
      save();
    };
    try {
      const outcome = await runSweep(points, docs, settings, {
        signal: controller.signal,
        giveWay: () => engineActivity.whenQuiet(),
        onLine(index, line) {
          buffer.push([index, line]);
          timer ??= setTimeout(flush, flushMs(points.length));
        },
      });
      if (timer) clearTimeout(timer);
      if (run !== runSeq) return; // A newer sweep replaced this one: its state is the newer's.
      // The outcome's lines are what counts: on cancel, those finished before it, nothing in flight.
      // When the page already shows exactly those (every batch flushed), the lines stay the same
      // array: the chart and table of a big sweep are not drawn again just to say "done".
      set((s) => ({
        lines: sameLines(s.lines, outcome.lines) ? s.lines : outcome.lines,
        done: outcome.lines.filter((l) => l !== undefined).length,
        status: outcome.cancelled ? "cancelled" : "done",
        abort: null,
      }));
    } catch (err) {
      if (timer) clearTimeout(timer);
      // runSweep turns failures into lines; reaching here is a bug in the pool, shown rather than lost.
      if (run === runSeq) set({ status: "cancelled", error: uiText(err), abort: null });
      else console.warn("a replaced sweep failed", err);
    }
    save(true);
  },
  cancel() {
    get().abort?.();
  },
}));
