import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EngineActivity } from "./activity";

describe("EngineActivity", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const activity = () => new EngineActivity(100, 2000, () => Date.now());

  it("is quiet at once when nothing ran", async () => {
    const a = activity();
    expect(a.busy).toBe(false);
    await expect(a.whenQuiet()).resolves.toBeUndefined();
  });

  it("stays busy while a call is in flight and for a moment after the last one settles", async () => {
    const a = activity();
    const first = a.begin();
    const second = a.begin();
    let quiet = false;
    void a.whenQuiet().then(() => (quiet = true));
    first();
    first(); // settling twice counts once
    await vi.advanceTimersByTimeAsync(500);
    expect(quiet).toBe(false); // the second is still in flight
    second();
    await vi.advanceTimersByTimeAsync(99);
    expect(quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(quiet).toBe(true);
    expect(a.busy).toBe(false);
  });

  it("waits again when a new call starts during the pause", async () => {
    const a = activity();
    a.begin()();
    let quiet = false;
    void a.whenQuiet().then(() => (quiet = true));
    await vi.advanceTimersByTimeAsync(50);
    const next = a.begin();
    await vi.advanceTimersByTimeAsync(100);
    expect(quiet).toBe(false);
    next();
    await vi.advanceTimersByTimeAsync(100);
    expect(quiet).toBe(true);
  });

  it("never holds background work longer than its limit (an LLM run in flight for minutes)", async () => {
    const a = activity();
    a.begin();
    let quiet = false;
    void a.whenQuiet().then(() => (quiet = true));
    await vi.advanceTimersByTimeAsync(1999);
    expect(quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(quiet).toBe(true);
    expect(a.busy).toBe(true);
  });
});
