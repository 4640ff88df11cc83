/**
 * The 2,415-page R reference manual (Debian's r-doc-pdf ships it as refman.pdf; WORKBENCH_BIG_PDF
 * names its path): dropped on the workbench, extracted and chunked with the defaults, while the
 * tab's JS heaps are sampled — the page's and each of its workers' (the engine worker holds the
 * DocModel), through the DevTools protocol — and the renderer process's resident memory, which
 * also counts pdf.js's nested worker and everything else the tab holds. Goal: heap under 1 GB.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { TRACE_CATEGORIES } from "./dragManyChunks";
import { timeRun } from "./runTimer";
import { openSampleTab } from "./sampleTab";
import type { Browser, CDPSession, Page } from "@playwright/test";

export const BIG_PDF = process.env.WORKBENCH_BIG_PDF;
const TRACE_DIR = process.env.BENCH_TRACE_DIR;

interface HeapSampler {
  stop(): Promise<{ peakHeapMb: number; peakRendererRssMb: number | null }>;
}

/** Samples the page's and its workers' JS heaps every `everyMs`, keeping the largest sum seen. */
async function sampleHeaps(page: Page, everyMs = 250): Promise<HeapSampler> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const workers: string[] = [];
  const replies = new Map<number, (value: { usedSize: number } | null) => void>();
  let nextId = 1;
  cdp.on("Target.attachedToTarget", (e: { sessionId: string; targetInfo: { type: string } }) => {
    if (e.targetInfo.type === "worker") workers.push(e.sessionId);
  });
  cdp.on("Target.detachedFromTarget", (e: { sessionId: string }) => {
    const i = workers.indexOf(e.sessionId);
    if (i >= 0) workers.splice(i, 1);
  });
  cdp.on("Target.receivedMessageFromTarget", (e: { message: string }) => {
    const message = JSON.parse(e.message) as { id?: number; result?: { usedSize: number } };
    if (message.id !== undefined) replies.get(message.id)?.(message.result ?? null);
  });
  // Not flattened: Playwright's CDP session cannot address child sessions, so worker commands go
  // through Target.sendMessageToTarget.
  await cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const workerHeap = async (sessionId: string): Promise<number> => {
    const id = nextId++;
    const reply = new Promise<{ usedSize: number } | null>((resolve) => {
      replies.set(id, resolve);
      setTimeout(() => resolve(null), 2000);
    });
    await cdp
      .send("Target.sendMessageToTarget", {
        sessionId,
        message: JSON.stringify({ id, method: "Runtime.getHeapUsage" }),
      })
      .catch(() => undefined); // a worker that ended between the list and the call
    const result = await reply;
    replies.delete(id);
    return result?.usedSize ?? 0;
  };
  let peak = 0;
  let peakRss: number | null = null;
  let running = true;
  const loop = (async () => {
    while (running) {
      const main = ((await cdp.send("Runtime.getHeapUsage")) as { usedSize: number }).usedSize;
      const inWorkers = await Promise.all(workers.map(workerHeap));
      peak = Math.max(peak, main + inWorkers.reduce((a, b) => a + b, 0));
      const rss = rendererRss();
      if (rss !== null) peakRss = Math.max(peakRss ?? 0, rss);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await cdp.detach();
      return { peakHeapMb: peak / 2 ** 20, peakRendererRssMb: peakRss === null ? null : peakRss / 2 ** 20 };
    },
  };
}

/** The largest resident set among Chromium's renderer processes (Linux /proc), in bytes. */
function rendererRss(): number | null {
  let largest: number | null = null;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  } catch {
    return null;
  }
  for (const pid of pids) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!cmdline.includes("--type=renderer")) continue;
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      largest = Math.max(largest ?? 0, kb * 1024);
    } catch {
      // The process ended between the listing and the read: it holds nothing now.
    }
  }
  return largest;
}

interface OpenProbe {
  longTasks: { start: number; duration: number }[];
  dropAt: number | null;
  sampleCount: string | null;
  firstBoxAt: number | null;
}

type OpenWindow = Window & { __open: OpenProbe };

/** Init script: every long task from the start, the drop's time, and the first box of the new document. */
function installOpenProbe(): void {
  const probe: OpenProbe = { longTasks: [], dropAt: null, sampleCount: null, firstBoxAt: null };
  (window as unknown as OpenWindow).__open = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  window.addEventListener(
    "drop",
    () => {
      probe.dropAt ??= performance.now();
      probe.sampleCount = document.querySelector('[data-testid="chunk-count"]')?.textContent ?? null;
      // A box drawn while the chunk count is no longer the sample's is the new document's.
      const observer = new MutationObserver(() => {
        const count = document.querySelector('[data-testid="chunk-count"]')?.textContent ?? null;
        const box = document.querySelector('[data-testid="bbox"]');
        if (count !== probe.sampleCount && box && box.getBoundingClientRect().width > 0) {
          probe.firstBoxAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { capture: true, once: true },
  );
}

export async function measureBigPdf(
  browser: Browser,
  url: string,
  drop: (page: Page, name: string, bytes: Buffer) => Promise<void>,
) {
  if (!BIG_PDF) return null;
  const { context, page } = await openSampleTab(browser, url, [installOpenProbe]);
  try {
    const sampler = await sampleHeaps(page);
    // With BENCH_TRACE_DIR: a trace of the opening, drop to the first run done (<name>.open.trace.json).
    if (TRACE_DIR) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const started = Date.now();
    await drop(page, basename(BIG_PDF), readFileSync(BIG_PDF));
    await page
      .getByTestId("doc-status")
      .filter({ hasText: /^extracting/ })
      .waitFor({ timeout: 60_000 });
    await page
      .getByTestId("doc-status")
      .filter({ hasText: /^ready/ })
      .waitFor({ timeout: 600_000 });
    const readyMs = Date.now() - started;
    await page
      .getByTestId("run-status")
      .filter({ hasText: /^done$/ })
      .waitFor({ timeout: 600_000 });
    const doneMs = Date.now() - started;
    if (TRACE_DIR) {
      const trace = await browser.stopTracing();
      mkdirSync(TRACE_DIR, { recursive: true });
      writeFileSync(join(TRACE_DIR, `${basename(BIG_PDF, ".pdf")}.open.trace.json`), trace);
    }
    const open = await page.evaluate(() => {
      const p = (window as unknown as OpenWindow).__open;
      const doneAt = performance.now();
      const tasks = p.longTasks.filter((t) => t.start + t.duration > p.dropAt! && t.start < doneAt);
      return {
        firstBoxMs: p.firstBoxAt === null ? null : p.firstBoxAt - p.dropAt!,
        longest: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
      };
    });
    // A parameter change on 2,415 pages: the token chunker, then a new chunk_size.
    await page.getByTestId("chunker-select").selectOption("token");
    await page
      .getByTestId("run-status")
      .filter({ hasText: /^done$/ })
      .waitFor({ timeout: 600_000 });
    const rechunk = await timeRun(page, () => page.getByTestId("param-chunk_size").fill("400"), 600_000);
    const { peakHeapMb, peakRendererRssMb } = await sampler.stop();
    const chunks = Number(await page.getByTestId("chunk-count").textContent());
    const pages = await page.locator("[data-page-number]").count();
    return {
      file: BIG_PDF,
      pages,
      chunks,
      drop_to_ready_ms: readyMs,
      drop_to_done_ms: doneMs,
      peak_heap_mb: Math.round(peakHeapMb),
      peak_renderer_rss_mb: peakRendererRssMb === null ? null : Math.round(peakRendererRssMb),
      goal_heap_under_1gb: peakHeapMb < 1024,
      // DESIGN §12's keys.
      longest_task_ms_open: Math.round(open.longest),
      longest_task_ms_rechunk: rechunk.longest_task_ms,
      first_box_ms: open.firstBoxMs === null ? null : Math.round(open.firstBoxMs),
      rechunk_ms: rechunk.drawn_ms,
      rechunk_done_ms: rechunk.done_ms,
      renderer_memory_mb: peakRendererRssMb === null ? null : Math.round(peakRendererRssMb),
    };
  } finally {
    await context.close();
  }
}
