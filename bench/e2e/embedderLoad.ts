/**
 * `embedder_load_ms_worker` (DESIGN §11): the engine worker's load of the GloVe asset — fetched
 * from the app's origin, checked against its SHA-256, parsed — as the worker's own user-timing
 * entry (host/providers) records it, on a fresh tab whose first run (the sample, late-embedding,
 * no endpoint) needs the local embedder.
 */
import { openSampleTab } from "./sampleTab";
import type { Browser } from "@playwright/test";
import { WORD_VECTORS_LOAD_MEASURE } from "../../src/host/providers";

const TIMEOUT_MS = 60_000;

export async function measureEmbedderLoad(browser: Browser, url: string) {
  const { context, page } = await openSampleTab(browser, `${url}#chunker=late-embedding`);
  try {
    const deadline = Date.now() + TIMEOUT_MS;
    while (Date.now() < deadline) {
      for (const worker of page.workers()) {
        const durations = await worker.evaluate(
          (name) => performance.getEntriesByName(name).map((e) => e.duration),
          WORD_VECTORS_LOAD_MEASURE,
        );
        if (durations.length > 0)
          return {
            embedder_load_ms_worker: Math.round(durations[0]! * 10) / 10,
            embedder_load: { loads_in_worker: durations.length, worker: worker.url().split("/").pop() },
          };
      }
      await page.waitForTimeout(100);
    }
    throw new Error(`no "${WORD_VECTORS_LOAD_MEASURE}" entry in any worker within ${TIMEOUT_MS} ms`);
  } finally {
    await context.close();
  }
}
