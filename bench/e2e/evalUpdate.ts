/**
 * `eval_update_ms` (DESIGN §11): the five Chroma corpora open in the tab with their 472 questions
 * loaded, recursive with Chroma's separators; chunk_size set to new values in turn, each measured
 * in the page from the input event to eval-status reading "done" again with the new metrics — and
 * the longest main-thread task meanwhile. Skipped with a message without ../shared/eval/chroma.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { openSampleTab } from "./sampleTab";
import type { Browser } from "@playwright/test";

const CHROMA = resolve(import.meta.dirname, "../../../shared/eval/chroma");
const CORPORA = ["chatlogs", "finance", "pubmed", "state_of_the_union", "wikitexts"];
const SIZES = [210, 230, 250, 270, 290, 310, 330];

interface EvalProbe {
  inputAt: number | null;
  doneAt: number | null;
  sawRunning: boolean;
  runDoneAt: number | null;
  longTasks: { start: number; duration: number }[];
}

export async function measureEvalUpdate(browser: Browser, url: string) {
  if (!existsSync(join(CHROMA, "questions_df.csv"))) {
    process.stderr.write("skipping eval_update_ms: ../shared/eval/chroma is missing\n");
    return null;
  }
  const { context, page } = await openSampleTab(browser, url);
  try {
    await page.getByTestId("file-input").setInputFiles(
      CORPORA.map((n) => ({
        name: `${n}.md`,
        mimeType: "text/markdown",
        buffer: readFileSync(join(CHROMA, "corpora", `${n}.md`)),
      })),
    );
    await page.getByTestId("chunker-select").selectOption("recursive");
    await page.getByTestId("param-separators").fill(JSON.stringify(["\n\n", "\n", ".", "?", "!", " ", ""]));
    await page.getByTestId("param-chunk_overlap").fill("0");
    await page.getByTestId("param-chunk_size").fill("200");
    await page
      .getByTestId("run-status")
      .filter({ hasText: /^done$/ })
      .waitFor({ timeout: 60_000 });
    await page.getByTestId("questions-input").setInputFiles(join(CHROMA, "questions_df.csv"));
    await page
      .getByTestId("eval-status")
      .filter({ hasText: /^done$/ })
      .waitFor({ timeout: 60_000 });
    const precisionOmega = Number(
      await page.getByTestId("eval-metric-precision_omega").getAttribute("data-value"),
    );
    await page.evaluate(() => {
      const probe: EvalProbe = {
        inputAt: null,
        doneAt: null,
        sawRunning: false,
        runDoneAt: null,
        longTasks: [],
      };
      (window as unknown as { __eval: EvalProbe }).__eval = probe;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: "longtask", buffered: false });
      document.addEventListener(
        "input",
        () => {
          probe.inputAt = performance.now();
          probe.doneAt = null;
          probe.sawRunning = false;
          probe.runDoneAt = null;
        },
        true,
      );
      const status = document.querySelector('[data-testid="eval-status"]')!;
      new MutationObserver(() => {
        const text = status.textContent ?? "";
        if (text !== "done") probe.sawRunning = true;
        else if (probe.sawRunning && probe.inputAt !== null && probe.doneAt === null)
          probe.doneAt = performance.now();
      }).observe(status, { childList: true, characterData: true, subtree: true });
      const run = document.querySelector('[data-testid="run-status"]')!;
      new MutationObserver(() => {
        if (run.textContent === "done" && probe.inputAt !== null && probe.runDoneAt === null)
          probe.runDoneAt = performance.now();
      }).observe(run, { childList: true, characterData: true, subtree: true, attributes: true });
    });
    const steps: { chunk_size: number; ms: number; run_done_ms: number | null; longest_task_ms: number }[] =
      [];
    for (const size of SIZES) {
      await page.getByTestId("param-chunk_size").fill(String(size));
      await page.waitForFunction(
        () => (window as unknown as { __eval: EvalProbe }).__eval.doneAt !== null,
        undefined,
        {
          timeout: 30_000,
          polling: "raf",
        },
      );
      await page.waitForTimeout(200);
      const probe = await page.evaluate(() => (window as unknown as { __eval: EvalProbe }).__eval);
      const tasks = probe.longTasks.filter(
        (t) => t.start + t.duration >= probe.inputAt! && t.start <= probe.doneAt! + 200,
      );
      steps.push({
        chunk_size: size,
        ms: Math.round(probe.doneAt! - probe.inputAt!),
        run_done_ms: probe.runDoneAt === null ? null : Math.round(probe.runDoneAt - probe.inputAt!),
        longest_task_ms: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
      });
    }
    const times = steps.map((s) => s.ms).sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const longest = Math.max(...steps.map((s) => s.longest_task_ms));
    return {
      eval_update_ms: median,
      eval_update: {
        questions: 472,
        precision_omega_200_0: Math.round(precisionOmega * 1000) / 1000,
        steps,
        longest_task_ms: longest,
        goals: { update_300: median <= 300, longest_task_50: longest <= 50 },
      },
    };
  } finally {
    await context.close();
  }
}
