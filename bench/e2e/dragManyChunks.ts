/**
 * `drag_many_chunks` (issue 27, DESIGN §12): the token chunker's chunk_size slider dragged for ~2 s
 * from its minimum (1 token, overlap 0: one chunk per token, ~150,000 on the book) to 512, on the
 * 352-page book and then on the corpus's R manual. The cost of a run on the main thread grows with
 * its chunk count; the drags over the recursive chunker's 30–1,000 chunks never showed it.
 * Reported per document: `longest_task_ms`, `fps`, `worst_frame_ms` (the longest gap between two
 * animation frames during the drag), with drag.ts's other figures beside them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { installRunCounter, measureDrag, type DragResult } from "./drag";
import { dropAndSettle, openSampleTab } from "./sampleTab";

export const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "v8.execute",
  "disabled-by-default-v8.cpu_profiler",
  "blink.user_timing",
  "toplevel",
];

/** Runs `work` under a Chrome trace written to BENCH_TRACE_DIR/<name>.trace.json, when that is set. */
export async function traced<T>(
  browser: Browser,
  page: Page,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const dir = process.env.BENCH_TRACE_DIR;
  if (!dir) return work();
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  try {
    return await work();
  } finally {
    const trace = await browser.stopTracing();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.trace.json`), trace);
  }
}

/** Where 512 sits on the slider's logarithmic scale (sliderScale: log1p(v − 1) / log1p(32767)). */
function positionOf(value: number, min: number, max: number): number {
  return Math.log1p(value - min) / Math.log1p(max - min);
}

export interface ManyChunksDrag {
  longest_task_ms: number;
  fps: number;
  worst_frame_ms: number;
  chunks_at_start: number;
  drag: DragResult;
}

/** Sets a number input the way a user types into it (the param's number box beside the slider). */
async function typeValue(page: Page, testId: string, value: number): Promise<void> {
  await page.getByTestId(testId).fill(String(value));
  await page
    .getByTestId("run-status")
    .filter({ hasText: /^done$/ })
    .waitFor({ timeout: 300_000 });
}

/** The drag on a document already open and on screen. */
export async function dragChunkSizeUp(page: Page): Promise<ManyChunksDrag> {
  await page.getByTestId("chunker-select").selectOption("token");
  await page
    .getByTestId("run-status")
    .filter({ hasText: /^done$/ })
    .waitFor({ timeout: 300_000 });
  await typeValue(page, "param-overlap", 0);
  await typeValue(page, "param-chunk_size", 1);
  const chunksAtStart = Number(await page.getByTestId("chunk-count").textContent());
  const slider = page.getByTestId("param-chunk_size-slider");
  await slider.scrollIntoViewIfNeeded();
  const track = await slider.boundingBox();
  if (!track) throw new Error("chunk_size slider not visible");
  // Evenly from the minimum to 512 over the drag: the thumb travels the track less its width.
  const distance = positionOf(512, 1, 32768) * (track.width - 16);
  const drag = await measureDrag(page, {
    control: "param-chunk_size-slider",
    chunker: "token",
    handle: slider,
    grab: async () => {
      const box = await slider.boundingBox();
      if (!box) throw new Error("slider not visible");
      return { x: box.x + 8, y: box.y + box.height / 2 };
    },
    step: (_i, n) => ({ dx: distance / n, dy: 0 }),
    value: () => slider.inputValue(),
    watchTestId: null,
  });
  return {
    longest_task_ms: drag.longest_task_ms,
    fps: drag.fps,
    worst_frame_ms: drag.longest_frame_gap_ms,
    chunks_at_start: chunksAtStart,
    drag,
  };
}

export async function measureManyChunkDrags(
  browser: Browser,
  url: string,
  files: string[],
  drop: (page: Page, name: string, bytes: Buffer) => Promise<void>,
): Promise<Record<string, ManyChunksDrag | { error: string }>> {
  const out: Record<string, ManyChunksDrag | { error: string }> = {};
  for (const file of files.filter((f) => existsSync(f))) {
    const { context, page } = await openSampleTab(browser, url, [installRunCounter]);
    try {
      await dropAndSettle(page, drop, basename(file), readFileSync(file));
      out[basename(file)] = await traced(browser, page, `${basename(file, ".pdf")}.drag-many`, () =>
        dragChunkSizeUp(page),
      );
    } catch (err) {
      out[basename(file)] = { error: err instanceof Error ? err.message : String(err) };
    } finally {
      await context.close();
    }
  }
  return out;
}

export const MANY_CHUNK_FILES = (corpus: string) => [
  join(corpus, "large-freeculture-352p.pdf"),
  join(corpus, "manual-r-lang-69p.pdf"),
];
