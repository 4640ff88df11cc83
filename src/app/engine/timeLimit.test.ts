import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withTimeLimit } from "./timeLimit";

/** Work that ends only when its signal is aborted (as pdf.js on a hostile PDF, until terminated). */
const endless = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason as Error)));

describe("withTimeLimit", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("aborts work past the limit and gives the caller's error, not an abort", async () => {
    const outcome = withTimeLimit(
      new AbortController().signal,
      300_000,
      endless,
      () => new Error("too long"),
    );
    const caught = outcome.catch((err: Error) => err.message);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(await caught).toBe("too long");
  });

  it("passes a caller's abort through as it is, and the result of work done in time", async () => {
    const caller = new AbortController();
    const aborted = withTimeLimit(caller.signal, 1000, endless, () => new Error("too long")).catch(
      (err: DOMException) => err.name,
    );
    caller.abort(new DOMException("superseded", "AbortError"));
    expect(await aborted).toBe("AbortError");
    const done = withTimeLimit(
      new AbortController().signal,
      1000,
      () => Promise.resolve(7),
      () => new Error("x"),
    );
    expect(await done).toBe(7);
  });
});
