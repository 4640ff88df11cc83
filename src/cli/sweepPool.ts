/**
 * The CLI's pool of sweep worker threads (DESIGN §9): each holds the documents and the question set
 * once; points are handed to whichever is idle (the shared worker pool), and their lines come back
 * in space order whatever the worker count (a finished point waits for the ones before it).
 */
import type { SweepLine } from "../core/sweep/result";
import type { SweepPoint } from "../core/sweep/space";
import type { SweepJob, SweepWorkerData } from "./sweepWorker";
import { runWorkerPool } from "./workerPool";

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
  let flushed = 0;
  const flush = () => {
    while (flushed < points.length && lines[flushed] !== undefined) {
      onLine(lines[flushed]!, flushed);
      flushed++;
    }
  };
  // Skipped points need no worker: they are lines at once.
  points.forEach((p, i) => {
    if (p.skipped !== undefined) lines[i] = { chunker: p.chunker, config: p.config, skipped: p.skipped };
  });
  flush();
  const jobs: SweepJob[] = points.flatMap((point, index) =>
    point.skipped === undefined ? [{ index, point }] : [],
  );
  await runWorkerPool<SweepJob, { index: number; line: SweepLine }>({
    entry: new URL("./sweepWorker.ts", import.meta.url),
    data,
    jobs,
    workers,
    onReply: (reply) => {
      lines[reply.index] = reply.line;
      flush();
    },
    ...(onReady ? { onReady } : {}),
  });
  return lines as SweepLine[];
}
