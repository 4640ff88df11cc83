/**
 * The CLI's pool of sweep worker threads (DESIGN §9): each holds the documents and the question set
 * once; points are handed to whichever is idle (the shared worker pool), and their lines come back
 * in space order whatever the worker count (a finished point waits for the ones before it).
 *
 * The documents are encoded once for all threads, not once per thread: the pool first sends one
 * encode job per (document, encoding) the points need, biggest first, and hands each encoding to
 * every thread as it arrives; the points follow once all are out. On 2 cores a thread that encoded
 * the five Chroma corpora itself spent as long on that as on its share of a 48-point grid.
 */
import { getChunker } from "../core/chunkers/registry";
import type { EncodingName } from "../core/text/tokenizer";
import type { SweepLine } from "../core/sweep/result";
import type { SweepPoint } from "../core/sweep/space";
import type { SweepEncodeJob, SweepJob, SweepReply, SweepWorkerData } from "./sweepWorker";
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
  const pointJobs: SweepJob[] = points.flatMap((point, index) =>
    point.skipped === undefined ? [{ kind: "point" as const, index, point }] : [],
  );
  const encodeJobs = encodeJobsFor(points, data.docs, points.length);
  // One thread alone gains nothing from the hand-out (it encodes as its first point needs), and the
  // pool starts no more threads than it has jobs: with fewer texts than threads, each encodes its own.
  const staged = workers > 1 && encodeJobs.length >= workers && pointJobs.length > 0;
  let encodesLeft = encodeJobs.length;
  await runWorkerPool<SweepJob, SweepReply>({
    entry: new URL("./sweepWorker.ts", import.meta.url),
    data,
    jobs: staged ? encodeJobs : pointJobs,
    workers,
    onReply: (reply, enqueue, broadcast) => {
      if (reply.kind === "encoded") {
        if (reply.encoded) broadcast({ adopt: { docId: reply.docId, encoded: reply.encoded } });
        // An encoding that failed is made again by each thread's first point, which reports it.
        if (--encodesLeft === 0) enqueue(pointJobs);
        return;
      }
      lines[reply.index] = reply.line;
      flush();
    },
    ...(onReady ? { onReady } : {}),
  });
  return lines as SweepLine[];
}

/** One job per (document, encoding) the points' chunkers read, the longest text first. */
function encodeJobsFor(
  points: readonly SweepPoint[],
  docs: Omit<SweepWorkerData, "entry">["docs"],
  firstIndex: number,
): SweepEncodeJob[] {
  const encodings = new Set<EncodingName>();
  for (const point of points)
    if (point.skipped === undefined) encodings.add(getChunker(point.chunker).encodingOf(point.config));
  return [...encodings]
    .flatMap((encoding) => docs.map((doc) => ({ doc, encoding })))
    .sort((a, b) => b.doc.text.length - a.doc.text.length)
    .map(({ doc, encoding }, i) => ({
      kind: "encode" as const,
      index: firstIndex + i,
      docId: doc.id,
      encoding,
    }));
}
