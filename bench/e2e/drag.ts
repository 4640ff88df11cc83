/**
 * Continuous-drag measurements for `bench:e2e`: the mouse drags a control (the similarity chart's
 * threshold handle, a parameter slider) in many small steps over about two seconds, while the page
 * counts its animation frames, the frames in which the chart's DOM changed, main-thread long tasks,
 * and the chunker runs the engine worker was asked for; then the time from the drag's end to
 * run-status "done".
 */
import type { Locator, Page } from "@playwright/test";

/** How long a drag lasts and how often the mouse moves (one move per 60 Hz frame). */
const DRAG_MS = 2000;
const DRAG_STEP_MS = 16;
/** Quiet time after the run is done, so trailing work and late long-task entries are counted. */
const SETTLE_MS = 300;
const DONE_TIMEOUT_MS = 120_000;
const LONG_TASK_MS = 50;
const TARGET_FPS = 30;
/**
 * A result draws in the task that receives it or soon after (react-query notifies on a timer): a
 * long task starting up to this long after a result came back is counted as drawing it.
 */
const RESULT_LEAD_MS = 100;

// ---------------------------------------------------------------------------------------------
// In-page side: serialized into the page, so only arguments and browser globals.

interface RunLog {
  /** performance.now() of every `run` call posted to a worker, and of every `cancel`. */
  runs: number[];
  cancels: number[];
  /** When each run's answer came back from the worker. */
  results: number[];
}

interface DragProbe {
  frames: number[];
  /** Timestamps of the frames in which the watched element's DOM had changed. */
  changedFrames: number[];
  longTasks: { start: number; duration: number }[];
  startAt: number | null;
  endAt: number | null;
  moves: number;
  sawRunning: boolean;
  doneAt: number | null;
  stop: () => void;
}

type DragWindow = Window & { __runs: RunLog; __drag: DragProbe | null };

/**
 * Init script: counts the chunker runs the app asks the engine worker for, by the Comlink call
 * messages posted to any worker (`{type: "APPLY", path: ["run"]}`), so a run the app abandons
 * still counts.
 */
export function installRunCounter(): void {
  const log: RunLog = { runs: [], cancels: [], results: [] };
  (window as unknown as DragWindow).__runs = log;
  const runIds = new Set<unknown>();
  const listening = new WeakSet<Worker>();
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
    const m = message as { type?: unknown; path?: unknown; id?: unknown } | null;
    if (m && m.type === "APPLY" && Array.isArray(m.path)) {
      if (m.path[0] === "run") {
        log.runs.push(performance.now());
        runIds.add(m.id);
      } else if (m.path[0] === "cancel") log.cancels.push(performance.now());
    }
    if (!listening.has(this)) {
      listening.add(this);
      // Comlink answers with the request's id.
      this.addEventListener("message", (event: MessageEvent) => {
        const id = (event.data as { id?: unknown } | null)?.id;
        if (runIds.delete(id)) log.results.push(performance.now());
      });
    }
    return (post as (this: Worker, ...args: unknown[]) => void).call(this, message, ...rest);
  } as typeof Worker.prototype.postMessage;
}

/** Starts counting frames, changes to `watchTestId`'s subtree, long tasks and run-status. */
function armDrag(watchTestId: string | null): void {
  const w = window as unknown as DragWindow;
  const statusEl = document.querySelector('[data-testid="run-status"]');
  if (!statusEl) throw new Error("no run-status element");
  let dirty = false;
  let raf = 0;
  const observers: { disconnect(): void }[] = [];
  const probe: DragProbe = {
    frames: [],
    changedFrames: [],
    longTasks: [],
    startAt: null,
    endAt: null,
    moves: 0,
    sawRunning: false,
    doneAt: null,
    stop: () => {
      cancelAnimationFrame(raf);
      for (const o of observers) o.disconnect();
      window.removeEventListener("pointerdown", onDown, true);
      window.removeEventListener("pointermove", onMove, true);
      window.removeEventListener("pointerup", onUp, true);
    },
  };
  w.__drag = probe;
  const frame = (t: number) => {
    probe.frames.push(t);
    if (dirty) probe.changedFrames.push(t);
    dirty = false;
    raf = requestAnimationFrame(frame);
  };
  raf = requestAnimationFrame(frame);
  const watched = watchTestId ? document.querySelector(`[data-testid="${watchTestId}"]`) : null;
  if (watchTestId && !watched) throw new Error(`no ${watchTestId} element`);
  if (watched) {
    const mo = new MutationObserver(() => (dirty = true));
    mo.observe(watched, { subtree: true, childList: true, attributes: true, characterData: true });
    observers.push(mo);
  }
  const po = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
  });
  po.observe({ type: "longtask" });
  observers.push(po);
  const checkStatus = () => {
    const status = statusEl.textContent;
    if (status === "running") probe.sawRunning = true;
    else if (status === "done" && probe.endAt !== null) probe.doneAt ??= performance.now();
  };
  const so = new MutationObserver(checkStatus);
  so.observe(statusEl, { childList: true, subtree: true, characterData: true });
  observers.push(so);
  const onDown = () => (probe.startAt ??= performance.now());
  const onMove = () => {
    if (probe.startAt !== null && probe.endAt === null) probe.moves++;
  };
  const onUp = () => {
    probe.endAt ??= performance.now();
    checkStatus();
  };
  window.addEventListener("pointerdown", onDown, true);
  window.addEventListener("pointermove", onMove, true);
  window.addEventListener("pointerup", onUp, true);
}

function disarmDrag(): {
  probe: Omit<DragProbe, "stop">;
  runs: RunLog;
} {
  const w = window as unknown as DragWindow;
  const probe = w.__drag!;
  probe.stop();
  w.__drag = null;
  const { stop: _stop, ...data } = probe;
  return { probe: data, runs: w.__runs };
}

// ---------------------------------------------------------------------------------------------
// Node side.

export interface DragResult {
  control: string;
  chunker: string;
  value_before: string | null;
  value_after: string | null;
  drag_ms: number;
  pointer_moves: number;
  /** Animation frames per second during the drag (requestAnimationFrame count). */
  fps: number;
  /** Frames per second in which the chart's DOM changed (only for a chart drag). */
  chart_redraws_per_s?: number;
  longest_frame_gap_ms: number;
  longest_task_ms: number;
  long_tasks_over_50ms: number;
  /** Chunker runs posted to the engine worker from the drag's start until run-status "done". */
  runs: number;
  runs_cancelled: number;
  drag_end_to_done_ms: number;
  longest_task_ms_after_drag: number;
  /**
   * Each task over 50 ms during the drag: when (ms after the drag's start), how long, and whether a
   * run's result had come back from the worker just before or during it (the result being drawn).
   */
  long_tasks: { at_ms: number; ms: number; run_result: boolean }[];
  /** The chart after the drag: its caption's counts and the SVG dots recharts drew. */
  chart_after?: { caption: string; dots: number };
  targets: Record<string, boolean>;
}

export interface DragSpec {
  /** What the report calls it (the control's test id). */
  control: string;
  chunker: string;
  /** The element grabbed. */
  handle: Locator;
  /** Where to press, relative to the page, and how to move from there: one (dx, dy) per step. */
  grab(): Promise<{ x: number; y: number }>;
  step(i: number, n: number): { dx: number; dy: number };
  /** Reads the control's value (for the report). */
  value(): Promise<string | null>;
  /** The element whose DOM changes are counted as chart redraws, if any. */
  watchTestId: string | null;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Up (or right) for the first three quarters of the drag, then back a third of the way. */
export function outAndBack(i: number, n: number): number {
  return i < Math.round(n * 0.75) ? 1 : -1;
}

/** The centre of a range input's thumb, where a user grabs it. */
export async function thumbCentre(slider: Locator): Promise<{ x: number; y: number }> {
  const box = await slider.boundingBox();
  if (!box) throw new Error("slider not visible");
  const { value, min, max } = await slider.evaluate((el) => {
    const input = el as HTMLInputElement;
    return { value: Number(input.value), min: Number(input.min), max: Number(input.max) };
  });
  // Chromium's default thumb is 16 px wide and travels the track between its half-widths.
  const thumb = 16;
  const ratio = max > min ? (value - min) / (max - min) : 0;
  return { x: box.x + thumb / 2 + ratio * (box.width - thumb), y: box.y + box.height / 2 };
}

export async function measureDrag(page: Page, spec: DragSpec): Promise<DragResult> {
  await spec.handle.scrollIntoViewIfNeeded();
  await page
    .getByTestId("run-status")
    .filter({ hasText: /^done$/ })
    .waitFor({ timeout: DONE_TIMEOUT_MS });
  await sleep(SETTLE_MS);
  const valueBefore = await spec.value();
  await page.evaluate(armDrag, spec.watchTestId);
  const start = await spec.grab();
  await page.mouse.move(start.x, start.y);
  // Straight to the DevTools protocol, unawaited per move: page.mouse.move waits for the page to
  // handle each move, so a busy page would slow the hand down; a user's hand keeps moving and the
  // browser queues and coalesces the moves, as it does here.
  const cdp = await page.context().newCDPSession(page);
  const mouse = (type: "mousePressed" | "mouseMoved" | "mouseReleased", x: number, y: number) =>
    cdp.send("Input.dispatchMouseEvent", {
      type,
      x,
      y,
      button: "left",
      buttons: type === "mouseReleased" ? 0 : 1,
      clickCount: 1,
    });
  let { x, y } = start;
  await mouse("mousePressed", x, y);
  const n = Math.round(DRAG_MS / DRAG_STEP_MS);
  const t0 = Date.now();
  const moves: Promise<unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const { dx, dy } = spec.step(i, n);
    x += dx;
    y += dy;
    moves.push(mouse("mouseMoved", x, y));
    const wait = t0 + (i + 1) * DRAG_STEP_MS - Date.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(moves);
  await mouse("mouseReleased", x, y);
  await cdp.detach();
  await page.waitForFunction(
    () => {
      const probe = (window as unknown as DragWindow).__drag;
      return probe?.doneAt != null;
    },
    undefined,
    { timeout: DONE_TIMEOUT_MS, polling: 50 },
  );
  await sleep(SETTLE_MS);
  const { probe, runs } = await page.evaluate(disarmDrag);
  const valueAfter = await spec.value();

  const startAt = probe.startAt!;
  const endAt = probe.endAt!;
  const doneAt = probe.doneAt!;
  const seconds = (endAt - startAt) / 1000;
  const inDrag = probe.frames.filter((t) => t >= startAt && t <= endAt);
  const edges = [startAt, ...inDrag, endAt];
  let longestGap = 0;
  for (let i = 1; i < edges.length; i++) longestGap = Math.max(longestGap, edges[i]! - edges[i - 1]!);
  const overlapping = (from: number, to: number) =>
    probe.longTasks.filter((t) => t.start + t.duration > from && t.start < to);
  const dragTasks = overlapping(startAt, endAt);
  const afterTasks = overlapping(endAt, doneAt + SETTLE_MS);
  const longestTask = dragTasks.reduce((m, t) => Math.max(m, t.duration), 0);
  const fps = inDrag.length / seconds;
  const result: DragResult = {
    control: spec.control,
    chunker: spec.chunker,
    value_before: valueBefore,
    value_after: valueAfter,
    drag_ms: round(endAt - startAt),
    pointer_moves: probe.moves,
    fps: round(fps),
    longest_frame_gap_ms: round(longestGap),
    longest_task_ms: round(longestTask),
    long_tasks_over_50ms: dragTasks.filter((t) => t.duration > LONG_TASK_MS).length,
    runs: runs.runs.filter((t) => t >= startAt && t <= doneAt).length,
    runs_cancelled: runs.cancels.filter((t) => t >= startAt && t <= doneAt).length,
    drag_end_to_done_ms: round(doneAt - endAt),
    longest_task_ms_after_drag: round(afterTasks.reduce((m, t) => Math.max(m, t.duration), 0)),
    long_tasks: dragTasks
      .filter((t) => t.duration > LONG_TASK_MS)
      .map((t) => ({
        at_ms: round(t.start - startAt),
        ms: round(t.duration),
        run_result: runs.results.some((r) => r >= t.start - RESULT_LEAD_MS && r <= t.start + t.duration),
      })),
    targets: {
      no_task_over_50ms_during_drag: longestTask <= LONG_TASK_MS,
      frames_at_least_30fps: fps >= TARGET_FPS,
    },
  };
  if (spec.watchTestId) {
    const redraws = probe.changedFrames.filter((t) => t >= startAt && t <= endAt).length / seconds;
    result.chart_redraws_per_s = round(redraws);
    result.targets.chart_redraws_at_least_30_per_s = redraws >= TARGET_FPS;
    result.chart_after = await page.getByTestId(spec.watchTestId).evaluate((chart) => ({
      caption: chart.querySelector(".hint")?.textContent?.trim() ?? "",
      dots: chart.querySelectorAll(".recharts-dot").length,
    }));
  }
  return result;
}

/** The three drags on the document on screen: a slider, the chart's threshold, a late chunker's slider. */
export async function measureDrags(
  page: Page,
  around: (phase: string, run: () => Promise<DragResult>) => Promise<DragResult>,
): Promise<DragResult[]> {
  const results: DragResult[] = [];
  const sliderDrag = (chunker: string, key: string): DragSpec => {
    const slider = page.getByTestId(`param-${key}-slider`);
    return {
      control: `param-${key}-slider`,
      chunker,
      handle: slider,
      grab: () => thumbCentre(slider),
      step: (i, n) => ({ dx: outAndBack(i, n), dy: 0 }),
      value: () => slider.inputValue(),
      watchTestId: null,
    };
  };

  await page.getByTestId("chunker-select").selectOption("token");
  results.push(await around("drag-chunk_size", () => measureDrag(page, sliderDrag("token", "chunk_size"))));

  await page.getByTestId("chunker-select").selectOption("late-jaccard");
  const handle = page.locator('[data-testid="threshold-handle"][aria-disabled="false"]');
  await handle.waitFor({ timeout: DONE_TIMEOUT_MS });
  results.push(
    await around("drag-threshold", () =>
      measureDrag(page, {
        control: "threshold-handle",
        chunker: "late-jaccard",
        handle,
        grab: async () => {
          const box = await handle.boundingBox();
          if (!box) throw new Error("threshold handle not visible");
          return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        },
        // Upwards raises the threshold.
        step: (i, n) => ({ dx: 0, dy: -outAndBack(i, n) }),
        value: () => handle.getAttribute("aria-valuenow"),
        watchTestId: "similarity-chart",
      }),
    ),
  );

  results.push(
    await around("drag-target_tokens", () => measureDrag(page, sliderDrag("late-jaccard", "target_tokens"))),
  );
  return results;
}
