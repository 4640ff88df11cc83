/**
 * Times one re-run from inside the page: armed just before the user's action (a chunker switch, a
 * typed value), it records when the new run's boxes are drawn (run-status data-stage "ranges") and
 * when every stage is in ("done"), and the main-thread long tasks in between.
 */
import type { Page } from "@playwright/test";

interface RunTimer {
  armedAt: number;
  sawRunning: boolean;
  drawnAt: number | null;
  doneAt: number | null;
  longTasks: { start: number; duration: number }[];
  stop(): void;
}

type TimerWindow = Window & { __runTimer: RunTimer | null };

function arm(): void {
  const statusEl = document.querySelector('[data-testid="run-status"]');
  if (!statusEl) throw new Error("no run-status element");
  const timer: RunTimer = {
    armedAt: performance.now(),
    sawRunning: false,
    drawnAt: null,
    doneAt: null,
    longTasks: [],
    stop: () => {
      observer.disconnect();
      tasks.disconnect();
    },
  };
  const check = () => {
    const status = statusEl.textContent;
    const stage = statusEl.getAttribute("data-stage");
    if (status === "running" || stage === "none") timer.sawRunning = true;
    if (!timer.sawRunning) return;
    if (timer.drawnAt === null && (stage === "ranges" || stage === "complete"))
      timer.drawnAt = performance.now();
    if (status === "done" && timer.drawnAt !== null) timer.doneAt ??= performance.now();
  };
  const observer = new MutationObserver(check);
  observer.observe(statusEl, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["data-stage"],
  });
  const tasks = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) timer.longTasks.push({ start: e.startTime, duration: e.duration });
  });
  tasks.observe({ type: "longtask" });
  (window as unknown as TimerWindow).__runTimer = timer;
}

export interface TimedRun {
  /** Action → the new run's boxes drawn. */
  drawn_ms: number;
  /** Action → every stage in. */
  done_ms: number;
  longest_task_ms: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Runs `action` (a click, a select, a fill) and times the run it starts. */
export async function timeRun(
  page: Page,
  action: () => Promise<void>,
  timeoutMs = 300_000,
): Promise<TimedRun> {
  await page.evaluate(arm);
  await action();
  await page.waitForFunction(() => (window as unknown as TimerWindow).__runTimer?.doneAt != null, undefined, {
    timeout: timeoutMs,
    polling: 50,
  });
  await page.waitForTimeout(200);
  const t = await page.evaluate(() => {
    const timer = (window as unknown as TimerWindow).__runTimer!;
    timer.stop();
    (window as unknown as TimerWindow).__runTimer = null;
    const { stop: _stop, ...data } = timer;
    return data;
  });
  return {
    drawn_ms: round(t.drawnAt! - t.armedAt),
    done_ms: round(t.doneAt! - t.armedAt),
    longest_task_ms: round(t.longTasks.reduce((m, x) => Math.max(m, x.duration), 0)),
  };
}
