import { describe, expect, it } from "vitest";
import { checkpoint, yieldToEventLoop } from "./checkpoint";

describe("checkpoint", () => {
  it("never yields without a signal", () => {
    const cp = checkpoint(undefined, 0);
    expect(cp.due()).toBe(false);
  });

  it("is due once its slice has passed, and throws the abort reason after yielding", async () => {
    const controller = new AbortController();
    const cp = checkpoint(controller.signal, 0);
    expect(cp.due()).toBe(true);
    await cp.yield();
    controller.abort(new DOMException("superseded", "AbortError"));
    await expect(cp.yield()).rejects.toThrow("superseded");
  });

  it("lets an abort that arrives as a later task stop a loop that checks it", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stop")), 5);
    const cp = checkpoint(controller.signal, 1);
    let spins = 0;
    const loop = async () => {
      for (;;) {
        spins++;
        if (cp.due()) await cp.yield();
      }
    };
    await expect(loop()).rejects.toThrow("stop");
    expect(spins).toBeGreaterThan(0);
  });

  it("throws at once for a signal aborted already", () => {
    const controller = new AbortController();
    controller.abort(new Error("gone"));
    expect(() => checkpoint(controller.signal)).toThrow("gone");
  });

  it("yieldToEventLoop runs after pending timers' microtasks", async () => {
    const order: string[] = [];
    void Promise.resolve().then(() => order.push("microtask"));
    await yieldToEventLoop();
    order.push("after");
    expect(order).toEqual(["microtask", "after"]);
  });
});
