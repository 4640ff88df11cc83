/**
 * The CLI's pool of sweep worker threads (DESIGN §9): each holds the documents and the question set
 * once; points are handed to whichever is idle, and their lines come back in space order whatever
 * the worker count (a finished point waits for the ones before it).
 */
import { Worker } from "node:worker_threads";
import type { SweepLine } from "../core/sweep/result";
import type { SweepPoint } from "../core/sweep/space";
import type { SweepJob, SweepWorkerData } from "./sweepWorker";

export async function runSweepPool(
  points: readonly SweepPoint[],
  data: Omit<SweepWorkerData, "entry">,
  workers: number,
  /** Called once per point, in space order. */
  onLine: (line: SweepLine, index: number) => void,
  /** Told when every worker has loaded (the rest of the time is points only). */
  onReady?: () => void,
): Promise<SweepLine[]> {
  const lines = new Array<SweepLine | undefined>(points.length);
  let next = 0;
  let flushed = 0;
  const flush = () => {
    while (flushed < points.length && lines[flushed] !== undefined) {
      onLine(lines[flushed]!, flushed);
      flushed++;
    }
  };
  // Skipped points need no worker: they are lines at once.
  const pending = points.map((p, i) => i).filter((i) => points[i]!.skipped === undefined);
  points.forEach((p, i) => {
    if (p.skipped !== undefined) lines[i] = { chunker: p.chunker, config: p.config, skipped: p.skipped };
  });
  flush();
  const count = Math.max(1, Math.min(workers, pending.length));
  const threads: Worker[] = [];
  let ready = 0;
  try {
    await Promise.all(
      Array.from({ length: count }, () => {
        const worker = new Worker(new URL("./workerBoot.mjs", import.meta.url), {
          workerData: { ...data, entry: new URL("./sweepWorker.ts", import.meta.url).href },
        });
        threads.push(worker);
        return new Promise<void>((resolve, reject) => {
          const give = () => {
            if (next >= pending.length) {
              resolve();
              return;
            }
            const index = pending[next++]!;
            worker.postMessage({ index, point: points[index]! } satisfies SweepJob);
          };
          worker.on("message", (message: { ready: true } | { index: number; line: SweepLine }) => {
            if ("ready" in message) {
              if (++ready === count) onReady?.();
              give();
              return;
            }
            lines[message.index] = message.line;
            flush();
            give();
          });
          worker.on("error", reject);
          worker.on("exit", (code) => {
            if (next < pending.length || lines.some((l) => l === undefined))
              reject(new Error(`a sweep worker stopped (exit code ${code}) with points left`));
          });
        });
      }),
    );
  } finally {
    await Promise.all(threads.map((t) => t.terminate()));
  }
  return lines as SweepLine[];
}
