/**
 * The sweep panel's state (DESIGN §9): the editor (which chunkers, which of their params vary and
 * over what, grid or N random points), the sweep that runs (points, lines by index, progress) and
 * the table's sort, and its persistence. The pure helpers live beside it: the space from the editor
 * and its estimate in sweepSpace.ts, the table, its CSV and the front's JSON in sweepTable.ts. The
 * sweep itself runs in the pool's workers (app/engine/sweepPool); the page only receives lines.
 */
import { parseOutsideJson } from "../../core/schema/json";
import { checkSweepSnapshot } from "../../core/schema/workspace";
import { create } from "zustand";
import type { NumberParam } from "../../core/chunk";
import type { DocModel } from "../../core/document";
import { type SweepLine } from "../../core/sweep/result";
import { type SweepPoint } from "../../core/sweep/space";
import { uiText } from "../../host/errors";
import type { SweepSettings } from "../../host/sweep";
import { engineActivity } from "../engine/activity";
import { runSweep } from "../engine/sweepPool";
import {
  clampRange,
  MAX_PAGE_POINTS,
  defaultAxis,
  sweepChunkers,
  type Axis,
  type RangeField,
  type SweepEditor,
  type VaryingParam,
} from "./sweepSpace";
import { type Objective, type SortKey } from "./sweepTable";

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
  setVaryRetriever(on: boolean): void;
  setVaryContextualize(on: boolean): void;
  setSort(key: SortKey): void;
  fail(message: string): void;
  start(points: SweepPoint[], docs: DocModel[], settings: SweepSettings): Promise<void>;
  cancel(): void;
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
    // Session storage is outside input too (another tab, an extension): checked like a record's sweep.
    return fromSaved(checkSweepSnapshot(parseOutsideJson(raw, "the saved sweep")) as Saved);
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
 * its session storage, it is at least as new) and this is not an import (`replace`), which clears
 * it first. A record that is not a sweep is refused, not shown.
 */
export function restoreSweep(saved: unknown, { replace = false } = {}): void {
  const state = useSweep.getState();
  if (replace) {
    state.abort?.();
    useSweep.setState({ ...EMPTY_RESULT, abort: null, error: null });
    if (typeof window !== "undefined") window.sessionStorage.removeItem(STORAGE_KEY);
  } else if (state.points.length > 0) return;
  if (saved === null || saved === undefined) return;
  const s = saved as Partial<Saved>;
  if (!Array.isArray(s.points) || !Array.isArray(s.lines) || s.points.length !== s.lines.length)
    throw new Error("the stored sweep is damaged (points and lines differ)");
  useSweep.setState(fromSaved(s as Saved));
}

const EMPTY_RESULT: Restored = {
  points: [],
  lines: [],
  objective: "quality",
  k: null,
  status: "idle",
  done: 0,
  total: 0,
};

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
  setVaryRetriever: (varyRetriever) => set({ varyRetriever }),
  setVaryContextualize: (varyContextualize) => set({ varyContextualize }),
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
      // The first lines are saved at once: a reload right after them must keep them (the save at
      // start, moments ago, would otherwise hold them back for up to 2 s).
      const first = get().done === 0;
      set((s) => {
        const lines = [...s.lines];
        for (const [index, line] of batch) lines[index] = line;
        return { lines, done: s.done + batch.length };
      });
      save(first);
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
