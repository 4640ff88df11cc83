/**
 * The CLI's worker-thread pool (sweep, batch): every job answered once whatever the thread count,
 * and a thread that dies mid-job either fails the pool or — when the caller says how — answers that
 * job with a failure while a fresh thread takes the rest (a bad batch input never aborts the run).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { runWorkerPool, workerScript } from "../../src/cli/workerPool";

interface Job {
  index: number;
  value: number;
}
interface Reply {
  index: number;
  doubled: number | null;
  lost?: string;
}

let entry: URL;
beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "worker-pool-"));
  const file = path.join(dir, "doubler.mjs");
  // Doubles each value (plus the offset last broadcast); a negative one kills the thread, as an
  // out-of-memory crash would.
  writeFileSync(
    file,
    `import { parentPort } from "node:worker_threads";
let offset = 0;
parentPort.postMessage({ ready: true });
parentPort.on("message", (job) => {
  if ("offset" in job) return void (offset = job.offset);
  if (job.value < 0) process.exit(7);
  parentPort.postMessage({ index: job.index, doubled: job.value * 2 + offset });
});
`,
  );
  entry = pathToFileURL(file);
});

const jobsOf = (values: number[]): Job[] => values.map((value, index) => ({ index, value }));

type OnReply = Parameters<typeof runWorkerPool<Job, Reply>>[0]["onReply"];

/** The doubler over `values` on `workers` threads; every reply is collected, then `onReply` sees it. */
async function runDoubler(values: number[], workers: number, onReply: OnReply = () => undefined) {
  const replies: Reply[] = [];
  await runWorkerPool<Job, Reply>({
    entry,
    data: {},
    jobs: jobsOf(values),
    workers,
    onReply: (r, enqueue, broadcast) => {
      replies.push(r);
      onReply(r, enqueue, broadcast);
    },
  });
  return replies;
}

describe("runWorkerPool", () => {
  it("runs the jobs a reply enqueues, waking a thread that had gone idle", async () => {
    const replies = await runDoubler([1, 2], 2, (r, enqueue) => {
      // Each answer under 16 asks for its double: a chain that outlives the first jobs.
      if (r.doubled! < 16) enqueue([{ index: r.index + 10, value: r.doubled! }]);
    });
    expect(replies.map((r) => r.doubled).sort((a, b) => a! - b!)).toEqual([2, 4, 4, 8, 8, 16, 16]);
  });

  it("gives jobs a reply enqueues before the jobs not yet given out, in their order", async () => {
    const replies = await runDoubler([1, 2, 3], 1, (r, enqueue) => {
      if (r.index === 0) enqueue([10, 11].map((index) => ({ index, value: index })));
    });
    expect(replies.map((r) => r.index)).toEqual([0, 10, 11, 1, 2]);
  });

  it("broadcasts to every thread ahead of the jobs enqueued after it", async () => {
    let answered = 0;
    const replies = await runDoubler([1, 2], 2, (r, enqueue, broadcast) => {
      if (r.index >= 2 || ++answered < 2) return;
      // Both first jobs answered: every thread is idle; the next four see the offset.
      broadcast({ offset: 100 });
      enqueue([0, 1, 2, 3].map((i) => ({ index: 2 + i, value: i })));
    });
    expect(replies.sort((a, b) => a.index - b.index).map((r) => r.doubled)).toEqual([
      2, 4, 100, 102, 104, 106,
    ]);
  });

  it("answers every job once, with one thread or several", async () => {
    for (const workers of [1, 3]) {
      const replies: Reply[] = [];
      let ready = 0;
      await runWorkerPool<Job, Reply>({
        entry,
        data: {},
        jobs: jobsOf([1, 2, 3, 4, 5]),
        workers,
        onReply: (r) => replies.push(r),
        onReady: () => ready++,
      });
      expect(replies.sort((a, b) => a.index - b.index).map((r) => r.doubled)).toEqual([2, 4, 6, 8, 10]);
      // Told once every thread has loaded — unless one thread was done with all jobs before that.
      expect(ready).toBeLessThanOrEqual(1);
      if (workers === 1) expect(ready).toBe(1);
    }
  });

  it("answers a job whose thread died with the caller's failure, and goes on with a fresh thread", async () => {
    const replies: Reply[] = [];
    await runWorkerPool<Job, Reply>({
      entry,
      data: {},
      jobs: jobsOf([1, -1, 3, -1, 5]),
      workers: 1,
      onReply: (r) => replies.push(r),
      replyForLostJob: (job, error) => ({ index: job.index, doubled: null, lost: error.message }),
    });
    const byIndex = replies.sort((a, b) => a.index - b.index);
    expect(byIndex.map((r) => r.doubled)).toEqual([2, null, 6, null, 10]);
    expect(byIndex[1]!.lost).toMatch(/exit code 7/);
  });

  it("rejects when a thread dies and the caller gave no failure to answer with", async () => {
    await expect(
      runWorkerPool<Job, Reply>({
        entry,
        data: {},
        jobs: jobsOf([1, -1, 3]),
        workers: 2,
        onReply: () => undefined,
      }),
    ).rejects.toThrow(/exit code 7/);
  });
});

describe("workerScript", () => {
  const entryUrl = new URL("file:///somewhere/entry.ts");
  const failing = (code: string) => () => Promise.reject(Object.assign(new Error(code), { code }));

  it("is the bundle when it can be written", async () => {
    const bundle = new URL("file:///cache/entry.mjs");
    expect(await workerScript(entryUrl, () => Promise.resolve(bundle))).toBe(bundle);
  });

  it("falls back to compiling in the thread where the bundle cannot be written, and says so", async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const script = await workerScript(entryUrl, failing("EROFS"));
      expect(script.pathname).toMatch(/workerBoot\.mjs$/);
      expect(written.join("")).toMatch(/EROFS/);
    } finally {
      spy.mockRestore();
    }
  });

  it("does not hide any other failure (an entry that does not compile)", async () => {
    await expect(workerScript(entryUrl, () => Promise.reject(new Error("syntax")))).rejects.toThrow("syntax");
    await expect(workerScript(entryUrl, failing("ENOENT"))).rejects.toThrow("ENOENT");
  });
});
