/**
 * The page while a sweep runs (DESIGN §9, issue 15): on the preloaded sample, a token sweep of
 * chunk_size 20…4,000 by 5 (797 points) is started; meanwhile chunk_size is set to new values in
 * turn and each is timed from the input to its run "done" — the boxes must keep following the
 * slider — and the longest main-thread task over the whole sweep is recorded (goal: none over
 * 50 ms).
 */
import { openSampleTab } from "./sampleTab";
import type { Browser } from "@playwright/test";

interface Probe {
  longTasks: { start: number; duration: number }[];
  inputAt: number | null;
  doneAt: number | null;
}

export async function measureSweepResponsiveness(browser: Browser, url: string) {
  const { context, page } = await openSampleTab(browser, url);
  try {
    const set = async (key: string, min: number, max: number, step: number) => {
      const vary = page.getByTestId(`sweep-vary-token-${key}`);
      if (!(await vary.isChecked())) await vary.check();
      // min first while max is still large, then max, then step: each valid as typed.
      await page.getByTestId(`sweep-min-token-${key}`).fill(String(min));
      await page.getByTestId(`sweep-max-token-${key}`).fill(String(max));
      await page.getByTestId(`sweep-step-token-${key}`).fill(String(step));
    };
    await set("chunk_size", 20, 4000, 5);
    await set("overlap", 0, 0, 1);
    await page.evaluate(() => {
      const probe: Probe = { longTasks: [], inputAt: null, doneAt: null };
      (window as unknown as { __sweep: Probe }).__sweep = probe;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: "longtask", buffered: false });
      const status = document.querySelector('[data-testid="run-status"]')!;
      document.addEventListener(
        "input",
        (e) => {
          if ((e.target as HTMLElement).dataset["testid"] !== "param-chunk_size") return;
          probe.inputAt = performance.now();
          probe.doneAt = null;
        },
        true,
      );
      new MutationObserver(() => {
        if (status.textContent === "done" && probe.inputAt !== null && probe.doneAt === null)
          probe.doneAt = performance.now();
      }).observe(status, { childList: true, characterData: true, subtree: true });
    });
    const estimate = await page.getByTestId("sweep-estimate").textContent();
    const started = Date.now();
    await page.getByTestId("sweep-start").click();
    const rechunks: number[] = [];
    for (const size of [120, 180, 240, 300, 360]) {
      await page.waitForTimeout(100);
      await page.getByTestId("param-chunk_size").fill(String(size));
      await page.waitForFunction(
        () => (window as unknown as { __sweep: Probe }).__sweep.doneAt !== null,
        undefined,
        {
          timeout: 30_000,
          polling: "raf",
        },
      );
      const p = await page.evaluate(() => (window as unknown as { __sweep: Probe }).__sweep);
      rechunks.push(Math.round(p.doneAt! - p.inputAt!));
    }
    const sweepRunning = (await page.getByTestId("sweep-progress").getAttribute("data-status")) !== "done";
    await page.locator('[data-testid="sweep-progress"][data-status="done"]').waitFor({ timeout: 300_000 });
    const sweepMs = Date.now() - started;
    const doneAt = await page.evaluate(() => performance.now());
    const probe = await page.evaluate(() => (window as unknown as { __sweep: Probe }).__sweep);
    const longest = Math.round(Math.max(0, ...probe.longTasks.map((t) => t.duration)));
    const sorted = [...rechunks].sort((a, b) => a - b);
    return {
      estimate,
      sweep_ms: sweepMs,
      rechunk_done_ms_during_sweep: { median: sorted[Math.floor(sorted.length / 2)]!, all: rechunks },
      sweep_still_running_after_rechunks: sweepRunning,
      longest_task_ms: longest,
      long_tasks_before_end_ms: probe.longTasks.map((t) => [
        Math.round(doneAt - t.start),
        Math.round(t.duration),
      ]),
      goal_longest_task_50: longest <= 50,
    };
  } finally {
    await context.close();
  }
}
