import { describe, expect, it } from "vitest";
import { RenderScheduler } from "./renderScheduler";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("RenderScheduler", () => {
  it("runs the lowest priority first, at most `concurrency` at once, and skips cancelled jobs", async () => {
    const scheduler = new RenderScheduler(1);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const job = (name: string) => () => {
      started.push(name);
      const gate = deferred();
      gates.set(name, gate);
      return gate.promise;
    };
    scheduler.enqueue(5, job("far"));
    const cancelled = scheduler.enqueue(0, job("gone"));
    scheduler.enqueue(1, job("near"));
    const raised = scheduler.enqueue(9, job("raised"));
    cancelled.cancel();
    raised.setPriority(0);
    await tick();
    expect(started).toEqual(["raised"]);
    gates.get("raised")!.resolve();
    await tick();
    expect(started).toEqual(["raised", "near"]);
    gates.get("near")!.resolve();
    await tick();
    gates.get("far")!.resolve();
    await tick();
    expect(started).toEqual(["raised", "near", "far"]);
    expect(scheduler.pending).toBe(0);
  });

  it("keeps going after a job fails", async () => {
    const scheduler = new RenderScheduler(1);
    let ran = false;
    scheduler.enqueue(0, () => Promise.reject(new Error("boom")));
    scheduler.enqueue(1, async () => {
      ran = true;
    });
    await tick();
    await tick();
    expect(ran).toBe(true);
  });
});
