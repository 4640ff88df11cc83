import { describe, expect, it } from "vitest";
import type { SweepLine } from "../../core/sweep/result";
import type { SweepPoint } from "../../core/sweep/space";
import { toErrorPayload } from "../../host/errors";
import type { WorkerResult } from "../../workers/workerResult";
import { runSweep } from "./sweepPool";

type Spawn = NonNullable<Parameters<typeof runSweep>[3]["spawn"]>;
type Handle = ReturnType<Spawn>;

interface FakeOptions {
  /** Milliseconds a point takes. */
  ms?: number;
  /** The worker dies while running this chunk_size. */
  crashOn?: number;
  /** init answers with an error. */
  initFails?: boolean;
}

/** Fake workers that answer a point with a line naming it; they log what happened to them. */
function fakes(options: FakeOptions = {}) {
  const log = { spawned: 0, inits: 0, terminated: 0, ran: [] as number[] };
  const spawn: Spawn = () => {
    log.spawned++;
    let crash: ((reason: string) => void) | null = null;
    let dead = false;
    const handle: Handle = {
      api: {
        init: async () => {
          log.inits++;
          return options.initFails
            ? ({ ok: false, error: toErrorPayload(new Error("no memory for the documents")) } as const)
            : { ok: true, value: undefined };
        },
        runPoint: (_id, point) =>
          new Promise<WorkerResult<SweepLine>>((resolve) => {
            const size = point.config["chunk_size"] as number;
            setTimeout(() => {
              if (dead) return; // A terminated worker never answers.
              if (size === options.crashOn) {
                crash?.("out of memory");
                return;
              }
              log.ran.push(size);
              resolve({ ok: true, value: { chunker: point.chunker, config: point.config, ms: size } });
            }, options.ms ?? 1);
          }),
        cancel: async () => undefined,
      },
      terminate: () => {
        dead = true;
        log.terminated++;
      },
      onCrash: (listener) => {
        crash = listener;
      },
    };
    return handle;
  };
  return { spawn, log };
}

const points = (sizes: number[], skipped: number[] = []): SweepPoint[] =>
  sizes.map((chunk_size) => ({
    chunker: "token",
    config: { chunk_size },
    ...(skipped.includes(chunk_size) ? { skipped: "overlap: must be smaller than chunk_size" } : {}),
  }));

describe("the page's sweep pool", () => {
  it("runs every point on its workers, each initialised once, and gives skipped points at once", async () => {
    const { spawn, log } = fakes();
    const seen: number[] = [];
    const outcome = await runSweep(
      points([1, 2, 3, 4, 5], [3]),
      [],
      { set: null, docIds: ["d"] },
      {
        signal: new AbortController().signal,
        workers: 2,
        spawn,
        onLine: (index) => seen.push(index),
      },
    );
    expect(outcome.cancelled).toBe(false);
    expect(seen[0]).toBe(2); // the skipped point, before any worker answered
    expect(outcome.lines.map((l) => l?.skipped ?? l?.ms)).toEqual([
      1,
      2,
      "overlap: must be smaller than chunk_size",
      4,
      5,
    ]);
    expect(log).toMatchObject({ spawned: 2, inits: 2, terminated: 2 });
  });

  it("turns a crashed worker's point into an error line and goes on with a fresh worker", async () => {
    const { spawn, log } = fakes({ crashOn: 2 });
    const outcome = await runSweep(
      points([1, 2, 3, 4]),
      [],
      { set: null, docIds: ["d"] },
      {
        signal: new AbortController().signal,
        workers: 1,
        spawn,
        onLine: () => undefined,
      },
    );
    expect(outcome.cancelled).toBe(false);
    expect(outcome.lines[1]?.error).toBe("the sweep worker stopped: out of memory");
    expect(outcome.lines.filter((l) => l?.ms !== undefined)).toHaveLength(3);
    expect(log.spawned).toBe(2);
  });

  it("on cancel terminates every worker and keeps only the finished lines", async () => {
    const { spawn, log } = fakes({ ms: 20 });
    const controller = new AbortController();
    let count = 0;
    const outcome = await runSweep(
      points([1, 2, 3, 4, 5, 6, 7, 8]),
      [],
      { set: null, docIds: ["d"] },
      {
        signal: controller.signal,
        workers: 2,
        spawn,
        onLine: () => {
          if (++count === 2) controller.abort();
        },
      },
    );
    expect(outcome.cancelled).toBe(true);
    const finished = outcome.lines.filter((l) => l !== undefined);
    expect(finished.length).toBeGreaterThanOrEqual(2);
    expect(finished.length).toBeLessThan(8);
    expect(log.terminated).toBe(log.spawned);
    // Nothing runs after the cancel.
    const ran = log.ran.length;
    await new Promise((r) => setTimeout(r, 60));
    expect(log.ran.length).toBe(ran);
  });

  it("makes every point an error line saying why when no worker can start", async () => {
    const { spawn } = fakes({ initFails: true });
    const outcome = await runSweep(
      points([1, 2], [2]),
      [],
      { set: null, docIds: ["d"] },
      {
        signal: new AbortController().signal,
        workers: 2,
        spawn,
        onLine: () => undefined,
      },
    );
    expect(outcome.lines[0]?.error).toMatch(
      /^the sweep workers could not start: .*no memory for the documents$/,
    );
    expect(outcome.lines[1]?.skipped).toBeDefined();
  });

  it("waits for the page's interactive work before each point, and a cancel ends the wait", async () => {
    const { spawn, log } = fakes();
    let open: () => void = () => undefined;
    let gate = new Promise<void>((resolve) => (open = resolve));
    let waits = 0;
    const controller = new AbortController();
    const running = runSweep(
      points([1, 2, 3]),
      [],
      { set: null, docIds: ["d"] },
      {
        signal: controller.signal,
        workers: 1,
        spawn,
        onLine: () => undefined,
        giveWay: () => {
          waits++;
          return gate;
        },
      },
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(log.ran).toEqual([]); // held at the gate
    open();
    gate = Promise.resolve();
    const outcome = await running;
    expect(outcome.lines.map((l) => l?.ms)).toEqual([1, 2, 3]);
    expect(waits).toBe(4); // before each point, and once more finding none left

    const held = fakes();
    const cancelled = runSweep(
      points([1, 2]),
      [],
      { set: null, docIds: ["d"] },
      {
        signal: controller.signal.aborted ? new AbortController().signal : controller.signal,
        workers: 1,
        spawn: held.spawn,
        onLine: () => undefined,
        giveWay: () => new Promise<void>(() => undefined),
      },
    );
    await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    expect((await cancelled).cancelled).toBe(true);
    expect(held.log.ran).toEqual([]);
    expect(held.log.terminated).toBe(held.log.spawned);
  });
});
