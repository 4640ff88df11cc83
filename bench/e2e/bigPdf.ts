/**
 * The 2,415-page R reference manual (Debian's r-doc-pdf ships it as refman.pdf; WORKBENCH_BIG_PDF
 * names its path): dropped on the workbench, extracted and chunked with the defaults, while the
 * tab's JS heaps are sampled — the page's and each of its workers' (the engine worker holds the
 * DocModel), through the DevTools protocol — and the renderer process's resident memory, which
 * also counts pdf.js's nested worker and everything else the tab holds. Goal: heap under 1 GB.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { openSampleTab } from "./sampleTab";
import type { Browser, CDPSession, Page } from "@playwright/test";

export const BIG_PDF = process.env.WORKBENCH_BIG_PDF;

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

export async function measureBigPdf(
  browser: Browser,
  url: string,
  drop: (page: Page, name: string, bytes: Buffer) => Promise<void>,
) {
  if (!BIG_PDF) return null;
  const { context, page } = await openSampleTab(browser, url);
  try {
    const sampler = await sampleHeaps(page);
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
    };
  } finally {
    await context.close();
  }
}
