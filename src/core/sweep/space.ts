/**
 * Sweep spaces (DESIGN §9): `{"chunkers": [{"chunker", "params": {KEY: [values…] | {min, max,
 * step}}}], "retrieval"?: {retriever?, contextualize?, retrieval?, hybrid_weights?: [values…]},
 * "samples"?, "seed"?}` — checked against each chunker's param schema before anything
 * runs (an unknown key or a value outside its param's range is an error), then expanded in space
 * order: chunkers as listed, params as listed, the last varying fastest, then the retrieval
 * combinations (issue 30: a retriever or contextualizing as a param). `samples` picks that many
 * points of the grid with a seeded generator (the same seed, the same points), kept in space order.
 * A point that breaks a rule between params (chunk_overlap ≥ chunk_size) is kept as a skipped
 * point with the reason: it is a line of the result, not an error.
 */
import type { ParamSpec } from "../chunk";
import { RETRIEVAL_MODES, RETRIEVERS, type RetrievalMode, type RetrieverId } from "../eval/evaluate";
import { getChunkerMeta, UnknownChunkerError } from "../chunkers/metas";
import { checkValue, resolveConfig } from "../config";

export class SweepSpaceError extends Error {
  override readonly name = "SweepSpaceError";
}

/** How a point's chunks are retrieved, where the space varies it (DESIGN §12): over the sweep's settings. */
export interface PointRetrieval {
  retriever?: RetrieverId;
  contextualize?: boolean;
  retrieval?: RetrievalMode;
  hybrid_weights?: [number, number];
}

const RETRIEVAL_KEYS = ["retriever", "contextualize", "retrieval", "hybrid_weights"] as const;

export interface SweepPoint {
  chunker: string;
  /** Every key of the chunker's config: the point's values over its defaults. */
  config: Record<string, unknown>;
  /** The retrieval the point is evaluated with, when the space has a "retrieval" axis. */
  retrieval?: PointRetrieval;
  /** Why the point is not run (a rule between params), when it is not. */
  skipped?: string;
}

interface ChunkerAxis {
  chunker: string;
  keys: string[];
  values: unknown[][];
}

export interface SweepSpace {
  axes: ChunkerAxis[];
  /** Every combination of the space's "retrieval" values ([{}] without one), crossed with each chunker point. */
  retrievals: PointRetrieval[];
  samples: number | null;
  seed: number;
}

/** At most this many points in a grid: a space beyond it is surely a typo in a step. */
export const MAX_SWEEP_POINTS = 100_000;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The space a user wrote, checked; throws SweepSpaceError naming what is wrong. */
export function parseSweepSpace(input: unknown): SweepSpace {
  if (!isObject(input)) throw new SweepSpaceError('a sweep space is a JSON object {"chunkers": [...]}');
  for (const key of Object.keys(input))
    if (!["chunkers", "retrieval", "samples", "seed"].includes(key))
      throw new SweepSpaceError(`unknown key "${key}" (a space has chunkers, retrieval, samples, seed)`);
  const list = input["chunkers"];
  if (!Array.isArray(list) || list.length === 0)
    throw new SweepSpaceError('"chunkers" must be a non-empty list of {"chunker", "params"}');
  const axes = list.map((entry: unknown, i): ChunkerAxis => {
    const where = `chunkers[${i}]`;
    if (!isObject(entry) || typeof entry["chunker"] !== "string")
      throw new SweepSpaceError(`${where} needs "chunker" (an id) and "params"`);
    const chunker = entry["chunker"];
    let params: readonly ParamSpec[];
    try {
      params = getChunkerMeta(chunker).params;
    } catch (err) {
      if (err instanceof UnknownChunkerError) throw new SweepSpaceError(`${where}: ${err.message}`);
      throw err;
    }
    const given = entry["params"] ?? {};
    if (!isObject(given)) throw new SweepSpaceError(`${where}.params must be an object of KEY: values`);
    const byKey = new Map(params.map((p) => [p.key, p]));
    const keys = Object.keys(given);
    const values = keys.map((key) => {
      const param = byKey.get(key);
      if (!param)
        throw new SweepSpaceError(
          `${where}: "${key}" is not a ${chunker} param (known: ${[...byKey.keys()].join(", ")})`,
        );
      return axisValues(param, given[key], `${where}.params.${key}`);
    });
    return { chunker, keys, values };
  });
  const samples = input["samples"];
  if (samples !== undefined && !(Number.isInteger(samples) && (samples as number) >= 1))
    throw new SweepSpaceError('"samples" must be a whole number from 1');
  const seed = input["seed"] ?? 1;
  if (!Number.isInteger(seed)) throw new SweepSpaceError('"seed" must be a whole number');
  const retrievals = retrievalAxis(input["retrieval"]);
  const total =
    axes.reduce((sum, a) => sum + a.values.reduce((p, v) => p * v.length, 1), 0) * retrievals.length;
  if (total > MAX_SWEEP_POINTS)
    throw new SweepSpaceError(`the grid has ${total} points; at most ${MAX_SWEEP_POINTS} (use "samples")`);
  return { axes, retrievals, samples: (samples as number | undefined) ?? null, seed: seed as number };
}

/**
 * The space's "retrieval" object: {retriever?, contextualize?, retrieval?, hybrid_weights?}, each a
 * list of values — every combination, the last key varying fastest. Absent: one empty combination.
 */
function retrievalAxis(spec: unknown): PointRetrieval[] {
  if (spec === undefined) return [{}];
  if (!isObject(spec))
    throw new SweepSpaceError('"retrieval" must be an object like {"retriever": ["bm25", "hybrid"]}');
  let combos: PointRetrieval[] = [{}];
  for (const key of Object.keys(spec)) {
    const where = `retrieval.${key}`;
    if (!(RETRIEVAL_KEYS as readonly string[]).includes(key))
      throw new SweepSpaceError(`unknown key "${key}" in "retrieval" (known: ${RETRIEVAL_KEYS.join(", ")})`);
    const values = spec[key];
    if (!Array.isArray(values) || values.length === 0)
      throw new SweepSpaceError(`${where} must be a non-empty list of values`);
    for (const value of values) {
      const ok =
        key === "retriever"
          ? (RETRIEVERS as readonly unknown[]).includes(value)
          : key === "retrieval"
            ? (RETRIEVAL_MODES as readonly unknown[]).includes(value)
            : key === "contextualize"
              ? typeof value === "boolean"
              : Array.isArray(value) &&
                value.length === 2 &&
                value.every((w) => typeof w === "number" && Number.isFinite(w) && w >= 0) &&
                (value[0] as number) + (value[1] as number) > 0;
      if (!ok) {
        const expected =
          key === "retriever"
            ? RETRIEVERS.join(", ")
            : key === "retrieval"
              ? RETRIEVAL_MODES.join(", ")
              : key === "contextualize"
                ? "true or false"
                : "[bm25 weight, embedder weight], both ≥ 0, not both 0";
        throw new SweepSpaceError(`${where}: ${JSON.stringify(value)} is not one of ${expected}`);
      }
    }
    combos = combos.flatMap((combo) => values.map((value: unknown) => ({ ...combo, [key]: value })));
    if (combos.length > MAX_SWEEP_POINTS)
      throw new SweepSpaceError(`"retrieval" has more than ${MAX_SWEEP_POINTS} combinations`);
  }
  return combos;
}

/** One param's values: a list, or {min, max, step} for a number param; each valid for the param. */
function axisValues(param: ParamSpec, spec: unknown, where: string): unknown[] {
  let values: unknown[];
  if (Array.isArray(spec)) values = spec;
  else if (isObject(spec) && "min" in spec) {
    if (param.type !== "int" && param.type !== "number")
      throw new SweepSpaceError(`${where}: {min, max, step} is for number params; give a list of values`);
    const { min, max, step } = spec as { min: unknown; max: unknown; step: unknown };
    if (
      typeof min !== "number" ||
      typeof max !== "number" ||
      typeof step !== "number" ||
      !Number.isFinite(min) ||
      !Number.isFinite(max) ||
      !Number.isFinite(step) ||
      !(step > 0) ||
      max < min
    )
      throw new SweepSpaceError(
        `${where}: {min, max, step} needs finite numbers with min ≤ max and step > 0`,
      );
    // Counted before a single value is made (issue 29: max 1e12, step 1e-300 must not be expanded).
    const count = Math.floor((max - min) / step + 1e-9) + 1;
    if (!Number.isFinite(count) || count > MAX_SWEEP_POINTS)
      throw new SweepSpaceError(
        `${where}: {min ${min}, max ${max}, step ${step}} is ${Number.isFinite(count) ? count : "too many"} values; at most ${MAX_SWEEP_POINTS} (a larger step, or "samples")`,
      );
    values = [];
    // Counted in steps, not summed, so 0.1-steps do not drift past max.
    for (let i = 0; i < count; i++) values.push(roundLike(min + i * step, step));
  } else throw new SweepSpaceError(`${where}: give a list of values or {min, max, step}`);
  if (values.length > MAX_SWEEP_POINTS)
    throw new SweepSpaceError(`${where}: ${values.length} values; at most ${MAX_SWEEP_POINTS}`);
  if (values.length === 0) throw new SweepSpaceError(`${where}: no values`);
  for (const value of values) {
    const problem = checkValue(param, value);
    if (problem) throw new SweepSpaceError(`${where}: ${JSON.stringify(value)} ${problem}`);
  }
  return values;
}

/** min + i·step without floating noise (0.30000000000000004 → 0.3). */
function roundLike(value: number, step: number): number {
  const decimals = Math.min(12, (String(step).split(".")[1] ?? "").length + 2);
  return Number(value.toFixed(decimals));
}

/** Every point of the space (or its samples), in space order, with full configs; rule-breaking points skipped. */
export function expandSpace(space: SweepSpace): SweepPoint[] {
  const grid: { chunker: string; values: Record<string, unknown>; retrieval: PointRetrieval }[] = [];
  for (const axis of space.axes) {
    const combos: Record<string, unknown>[] = [{}];
    axis.keys.forEach((key, k) => {
      const next: Record<string, unknown>[] = [];
      for (const combo of combos) for (const value of axis.values[k]!) next.push({ ...combo, [key]: value });
      combos.splice(0, combos.length, ...next);
    });
    for (const values of combos)
      for (const retrieval of space.retrievals) grid.push({ chunker: axis.chunker, values, retrieval });
  }
  const chosen =
    space.samples === null || space.samples >= grid.length ? grid : sample(grid, space.samples, space.seed);
  return chosen.map(({ chunker, values, retrieval }) => {
    const { config, problems } = resolveConfig(getChunkerMeta(chunker), values);
    const point: SweepPoint = { chunker, config: { ...(config as Record<string, unknown>) } };
    if (Object.keys(retrieval).length > 0) point.retrieval = retrieval;
    if (problems.length > 0) point.skipped = problems.map((p) => `${p.key}: ${p.message}`).join("; ");
    return point;
  });
}

/** `n` distinct items of `items`, chosen by a seeded generator, in their original order. */
function sample<T>(items: readonly T[], n: number, seed: number): T[] {
  const random = mulberry32(seed);
  const indices = items.map((_, i) => i);
  // A partial Fisher–Yates: the first n of a seeded shuffle.
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (indices.length - i));
    [indices[i], indices[j]] = [indices[j]!, indices[i]!];
  }
  return indices
    .slice(0, n)
    .sort((a, b) => a - b)
    .map((i) => items[i]!);
}

/** A small, well-mixed 32-bit PRNG: the same seed gives the same points everywhere. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
