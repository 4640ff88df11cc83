/**
 * `chunker_switch_ms` (issue 27, DESIGN §12): on the corpus's R manual, each chunker chosen in turn
 * in the picker, timed from the choice to its boxes drawn (and to every score in). Without an LLM
 * or an endpoint, agentic and the embedding chunkers run what they fall back to, as a user's
 * first session would.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { dropAndSettle, openSampleTab } from "./sampleTab";
import { timeRun, type TimedRun } from "./runTimer";

export async function measureChunkerSwitch(
  browser: Browser,
  url: string,
  file: string,
  drop: (page: Page, name: string, bytes: Buffer) => Promise<void>,
): Promise<{
  file: string;
  chunker_switch_ms: Record<string, number>;
  runs: Record<string, TimedRun>;
} | null> {
  if (!existsSync(file)) return null;
  const { context, page } = await openSampleTab(browser, url);
  try {
    await dropAndSettle(page, drop, basename(file), readFileSync(file));
    const select = page.getByTestId("chunker-select");
    const ids = await select
      .locator("option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const current = await select.inputValue();
    // Each chunker from another one: the current one last, so every switch starts a run.
    const order = [...ids.filter((id) => id !== current), current];
    const runs: Record<string, TimedRun> = {};
    for (const id of order)
      runs[id] = await timeRun(page, async () => {
        await select.selectOption(id);
      });
    return {
      file: basename(file),
      chunker_switch_ms: Object.fromEntries(Object.entries(runs).map(([id, r]) => [id, r.drawn_ms])),
      runs,
    };
  } finally {
    await context.close();
  }
}
