/**
 * The CLI's pool of worker threads, shared by `sweep` (DESIGN §9) and `batch` (§10). Each thread
 * loads its entry bundled into one module (workerBundle; through tsx's hooks in workerBoot.mjs when
 * the bundle cannot be written), says `{ready: true}`, then takes jobs one at a time: every job carries its `index`, every reply names
 * the index it answers. Jobs go to whichever thread is idle; replies arrive as they finish.
 */
import { Worker, type ResourceLimits } from "node:worker_threads";
import { bundledWorker } from "./workerBundle";

export interface PoolOptions<Job extends { index: number }, Reply extends { index: number }> {
  /** The worker's TypeScript module (a URL beside this file). */
  entry: URL;
  /** Handed to every thread as workerData (with `entry`). */
  data: object;
  jobs: readonly Job[];
  /** Threads to start; never more than there are jobs, never fewer than one. */
  workers: number;
  /**
   * Called once per job, in the order they finish; `enqueue` adds jobs that follow from this one
   * (batch joins a big PDF's parts once both are read), in order, ahead of every job not yet given
   * out — started work is finished first, so what it holds (a manual's pages) is let go soonest and
   * the longest remaining job does not end the run on one thread — and wakes idle threads; `broadcast`
   * tells every running thread something that is not a job (sweep hands out an encoding one thread
   * made), ahead of any job given to it later.
   */
  onReply: (
    reply: Reply,
    enqueue: (jobs: readonly Job[]) => void,
    broadcast: (message: object) => void,
  ) => void;
  /** Told when every thread has loaded (the rest of the time is jobs only) — not at all when the jobs were all done first. */
  onReady?: () => void;
  /**
   * A thread that dies mid-job (out of memory, a crash in native code): without this the pool
   * rejects; with it, the job's reply is this one and a fresh thread takes the remaining jobs.
   */
  replyForLostJob?: (job: Job, error: Error) => Reply;
  /**
   * A job's time limit (DESIGN §12 `--timeout`): past it the thread is stopped — terminate() ends
   * even a synchronous loop in pdf.js — and the job is lost with a JobTimeoutError.
   */
  jobTimeoutMs?: number;
  /** Each thread's heap limits: a thread over them dies with ERR_WORKER_OUT_OF_MEMORY, its job lost. */
  resourceLimits?: ResourceLimits;
}

/** A job stopped at its time limit. */
export class JobTimeoutError extends Error {
  override readonly name = "JobTimeoutError";
  constructor(readonly seconds: number) {
    super(`stopped after ${seconds} s (--timeout)`);
  }
}

/** A thread lost to its heap limit (Node's ERR_WORKER_OUT_OF_MEMORY). */
export function isOutOfMemory(error: Error): boolean {
  return (error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY";
}

/** The words for a lost thread: its heap limit, or the error's own. */
export function lostThreadMessage(error: Error): string {
  return isOutOfMemory(error) ? "ran out of memory (over the worker's heap limit)" : error.message;
}

export async function runWorkerPool<Job extends { index: number }, Reply extends { index: number }>(
  options: PoolOptions<Job, Reply>,
): Promise<void> {
  const { onReply, replyForLostJob } = options;
  let jobs = [...options.jobs];
  if (jobs.length === 0) return;
  const count = Math.max(1, Math.min(options.workers, jobs.length));
  const threads = new Set<Worker>();
  let next = 0;
  let ready = 0;
  let answered = 0;
  /** Threads with nothing to do while others' jobs may still enqueue more. */
  const idle: (() => void)[] = [];
  const enqueue = (more: readonly Job[]) => {
    // Not splice(next, 0, ...more): a sweep's points are too many for one call's arguments.
    jobs = [...jobs.slice(0, next), ...more, ...jobs.slice(next)];
    for (let i = 0; i < more.length && idle.length > 0; i++) idle.shift()!();
  };
  const broadcast = (message: object) => {
    for (const thread of threads) thread.postMessage(message);
  };

  const script = await workerScript(options.entry);
  const start = (resolve: () => void, reject: (err: Error) => void, isReplacement: boolean) => {
    const worker = new Worker(script, {
      workerData: { ...options.data, entry: options.entry.href },
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
    });
    threads.add(worker);
    let current: Job | undefined;
    let lost = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const give = () => {
      clearTimeout(timer);
      current = next < jobs.length ? jobs[next++] : undefined;
      if (current && options.jobTimeoutMs !== undefined) {
        const ms = options.jobTimeoutMs;
        timer = setTimeout(() => loseThread(new JobTimeoutError(Math.round(ms / 100) / 10)), ms);
      }
      if (current) worker.postMessage(current);
      else if (answered === jobs.length) resolve();
      else if (!lost) idle.push(give);
    };
    const loseThread = (error: Error) => {
      if (lost) return;
      lost = true;
      clearTimeout(timer);
      threads.delete(worker);
      void worker.terminate();
      const job = current;
      current = undefined;
      if (!replyForLostJob || job === undefined) {
        if (job !== undefined || next < jobs.length) reject(error);
        return;
      }
      answered++;
      onReply(replyForLostJob(job, error), enqueue, broadcast);
      if (answered === jobs.length) resolve();
      else if (next < jobs.length) start(resolve, reject, true);
    };
    worker.on("message", (message: { ready: true } | Reply) => {
      if ("ready" in message) {
        if (!isReplacement && ++ready === count) options.onReady?.();
        give();
        return;
      }
      answered++;
      current = undefined;
      onReply(message, enqueue, broadcast);
      give();
    });
    worker.on("error", loseThread);
    worker.on("exit", (code) => {
      if (current !== undefined || (!lost && next < jobs.length))
        loseThread(new Error(`a worker thread stopped (exit code ${code}) with jobs left`));
    });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      for (let i = 0; i < count; i++) start(resolve, reject, false);
    });
  } finally {
    await Promise.all([...threads].map((t) => t.terminate()));
  }
}

/** Where a bundle cannot be written (a read-only checkout), threads compile their TypeScript. */
const UNWRITABLE = new Set(["EACCES", "EPERM", "EROFS", "ENOSPC"]);

export async function workerScript(entry: URL, bundle = bundledWorker): Promise<URL> {
  try {
    return await bundle(entry);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === undefined || !UNWRITABLE.has(code)) throw err;
    process.stderr.write(
      `note: worker bundle not written (${code}); threads load TypeScript instead (slower start)\n`,
    );
    return new URL("./workerBoot.mjs", import.meta.url);
  }
}
