/**
 * The sweep editor's space (DESIGN §9): which params of which chunkers vary and over what, the
 * default range of a param around the panel's value, the space built from the editor, its preview
 * and the time a sweep of it should take. Pure: the store (sweep.ts) holds the editor.
 */
import type { NumberParam, ParamSpec } from "../../core/chunk";
import { getChunkerMeta } from "../../core/chunkers/metas";
import { checkValue } from "../../core/config";
import { type SweepLine } from "../../core/sweep/result";
import { expandSpace, parseSweepSpace, SweepSpaceError, type SweepPoint } from "../../core/sweep/space";

/** The values one param takes: a range for a number param, a list of options (enum, boolean). */
export type Axis =
  | { kind: "range"; min: number; max: number; step: number }
  | { kind: "values"; values: (string | boolean)[] };

export type RangeField = "min" | "max" | "step";

/** A param the editor can vary: numbers by range, enums and booleans by their values. */
export type VaryingParam = NumberParam | Extract<ParamSpec, { type: "enum" } | { type: "boolean" }>;

export interface SweepEditor {
  /** The chunkers picked, in order; null until the user picks: then the current chunker. */
  chunkers: string[] | null;
  /** Per chunker, the params that vary (the others keep the panel's values). */
  axes: Record<string, Record<string, Axis>>;
  mode: "grid" | "random";
  samples: number;
  seed: number;
  /** Retrieval as a param (issue 30): each point also run with bm25 and with hybrid. */
  varyRetriever?: boolean;
  /** Each point also run without and with the heading path in the index. */
  varyContextualize?: boolean;
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
  const retrieval = {
    ...(editor.varyRetriever ? { retriever: ["bm25", "hybrid"] } : {}),
    ...(editor.varyContextualize ? { contextualize: [false, true] } : {}),
  };
  return {
    chunkers,
    ...(Object.keys(retrieval).length > 0 ? { retrieval } : {}),
    ...(editor.mode === "random" ? { samples: editor.samples, seed: editor.seed } : {}),
  };
}

/** A sweep too big for a tab: random samples of it are the way. */
export const MAX_PAGE_POINTS = 5000;

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
  "langchain-character": 30,
  "langchain-semantic": 500,
  "chonkie-sentence": 30,
  "chonkie-semantic": 500,
  "llamaindex-sentence": 60,
  "llamaindex-semantic": 400,
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
