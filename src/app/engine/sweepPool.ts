/**
 * The page's pool of sweep workers (DESIGN §9), the browser twin of cli/sweepPool: each worker gets
 * the documents, the settings and the session's endpoints once (`init`), then points one at a time
 * as it becomes idle. Skipped points are lines at once. An abort terminates every worker and keeps
 * the lines already in (a point in flight is dropped, never half-written). A worker that dies turns
 * its point in flight into an error line and is replaced: a crash never aborts the sweep.
 */
import * as Comlink from "comlink";
import type { DocModel } from "../../core/document";
import type { SweepLine } from "../../core/sweep/result";
import type { SweepPoint } from "../../core/sweep/space";
import { fromErrorPayload, uiText, type ErrorPayload } from "../../host/errors";
import type { SweepSettings } from "../../host/sweep";
import type { SweepWorkerApi } from "../../workers/sweep.worker";
import { useSettings } from "../state/settings";

/** The worker's methods as the page calls them: every one answers with a promise. */
type SweepApi = {
  [K in keyof SweepWorkerApi]: (
    ...args: Parameters<SweepWorkerApi[K]>
  ) => Promise<Awaited<ReturnType<SweepWorkerApi[K]>>>;
};

interface SweepWorkerHandle {
  api: SweepApi;
  terminate(): void;
  /** `listener` is told (once) when the worker dies of an uncaught error or fails to load. */
  onCrash(listener: (reason: string) => void): void;
}

interface SweepRunOptions {
  /** Each line as it comes in (any order; `index` is the point's position in `points`). */
  onLine(index: number, line: SweepLine): void;
  signal: AbortSignal;
  /** How many workers; default `hardwareConcurrency − 1`, at least 1. */
  workers?: number;
  /** Makes a worker (tests pass a fake). */
  spawn?: () => SweepWorkerHandle;
  /**
   * Awaited before each point: the page's interactive engine work goes first (engine/activity), so
   * a sweep in the background never slows the boxes following a slider.
   */
  giveWay?: () => Promise<void>;
}

export interface SweepOutcome {
  /** By point index; undefined for a point that had not finished when the sweep was cancelled. */
  lines: (SweepLine | undefined)[];
  cancelled: boolean;
}

export function defaultWorkerCount(): number {
  // Optional: Node (the unit tests) before 21 has no navigator.
  return Math.max(1, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1);
}

function spawnSweepWorker(): SweepWorkerHandle {
  const worker = new Worker(new URL("../../workers/sweep.worker.ts", import.meta.url), {
    type: "module",
    name: "sweep",
  });
  return {
    api: Comlink.wrap<SweepWorkerApi>(worker) as unknown as SweepApi,
    terminate: () => worker.terminate(),
    onCrash(listener) {
      // Not prevented: the browser still reports the worker's uncaught error in the console.
      worker.addEventListener("error", (e) => listener(e.message || "the sweep worker failed"), {
        once: true,
      });
      worker.addEventListener(
        "messageerror",
        () => listener("a message from the sweep worker was unreadable"),
        {
          once: true,
        },
      );
    },
  };
}

const errorText = (payload: ErrorPayload) => uiText(fromErrorPayload(payload));

/** What a lane waits on: the worker's answer, unless the worker died or the sweep was cancelled first. */
type Raced<T> = { kind: "value"; value: T } | { kind: "crash"; reason: string } | { kind: "aborted" };

export async function runSweep(
  points: readonly SweepPoint[],
  docs: readonly DocModel[],
  settings: SweepSettings,
  options: SweepRunOptions,
): Promise<SweepOutcome> {
  const { signal, onLine } = options;
  const spawn = options.spawn ?? spawnSweepWorker;
  const lines = new Array<SweepLine | undefined>(points.length).fill(undefined);
  const record = (index: number, line: SweepLine) => {
    lines[index] = line;
    onLine(index, line);
  };
  const pending: number[] = [];
  points.forEach((point, index) => {
    if (point.skipped !== undefined)
      record(index, { chunker: point.chunker, config: point.config, skipped: point.skipped });
    else pending.push(index);
  });
  if (signal.aborted) return { lines, cancelled: true };
  if (pending.length === 0) return { lines, cancelled: false };

  // Read now, as the engine bridge does before a run: keys stay in memory, posted to the workers only.
  const endpoints = useSettings.getState().endpoints;
  const count = Math.max(1, Math.min(options.workers ?? defaultWorkerCount(), pending.length));
  const aborted = new Promise<{ kind: "aborted" }>((resolve) =>
    signal.addEventListener("abort", () => resolve({ kind: "aborted" }), { once: true }),
  );
  const live = new Set<SweepWorkerHandle>();
  let next = 0;
  let nextId = 1;
  let startFailure: string | null = null;

  const lane = async (): Promise<void> => {
    while (next < pending.length && !signal.aborted) {
      const worker = spawn();
      live.add(worker);
      const crashed = new Promise<{ kind: "crash"; reason: string }>((resolve) =>
        worker.onCrash((reason) => resolve({ kind: "crash", reason })),
      );
      const race = <T>(work: Promise<T>): Promise<Raced<T>> =>
        Promise.race([work.then((value) => ({ kind: "value" as const, value })), crashed, aborted]);

      const init = await race(worker.api.init([...docs], settings, endpoints));
      if (init.kind !== "value" || !init.value.ok) {
        // A worker that cannot start would fail every point the same way: this lane stops.
        if (init.kind === "crash") startFailure = init.reason;
        else if (init.kind === "value" && !init.value.ok) startFailure = errorText(init.value.error);
        worker.terminate();
        live.delete(worker);
        return;
      }
      for (;;) {
        const way = options.giveWay ? await race(options.giveWay()) : null;
        if (way?.kind === "aborted") return;
        if (way?.kind === "crash") {
          // Died between points: nothing was in flight; a fresh worker takes the next one.
          worker.terminate();
          live.delete(worker);
          break;
        }
        if (signal.aborted || next >= pending.length) return;
        const index = pending[next++]!;
        const point = points[index]!;
        const answer = await race(worker.api.runPoint(nextId++, point));
        if (answer.kind === "aborted") return;
        if (answer.kind === "crash") {
          record(index, {
            chunker: point.chunker,
            config: point.config,
            error: `the sweep worker stopped: ${answer.reason}`,
          });
          worker.terminate();
          live.delete(worker);
          break; // A fresh worker takes the next point.
        }
        const result = answer.value;
        record(
          index,
          result.ok
            ? result.value
            : { chunker: point.chunker, config: point.config, error: errorText(result.error) },
        );
      }
    }
  };

  try {
    await Promise.race([Promise.all(Array.from({ length: count }, lane)), aborted]);
  } finally {
    for (const worker of live) worker.terminate();
    live.clear();
  }
  if (signal.aborted) return { lines, cancelled: true };
  // Every lane gave up at its start: the points left are errors that say why, not a thrown sweep.
  for (const index of pending)
    if (lines[index] === undefined) {
      const point = points[index]!;
      record(index, {
        chunker: point.chunker,
        config: point.config,
        error: `the sweep workers could not start: ${startFailure ?? "unknown failure"}`,
      });
    }
  return { lines, cancelled: false };
}
