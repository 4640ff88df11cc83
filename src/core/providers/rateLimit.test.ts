import { describe, expect, it } from "vitest";
import { EndpointLimiters, RateLimiter, remainingBudget, spendBudget, utcDay, type Clock } from "./rateLimit";

function fakeClock(): Clock & { t: number; slept: number[] } {
  const clock = {
    t: 0,
    slept: [] as number[],
    now: () => clock.t,
    sleep: (ms: number) => {
      clock.slept.push(ms);
      clock.t += ms;
      return Promise.resolve();
    },
  };
  return clock;
}

describe("RateLimiter", () => {
  it("lets `limit` calls start at once and makes the next wait for the window to slide", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(3, 60_000, clock);
    for (let i = 0; i < 3; i++) await limiter.acquire();
    expect(clock.slept).toEqual([]);
    clock.t = 10_000;
    await limiter.acquire();
    expect(clock.slept).toEqual([50_000]);
    expect(clock.t).toBe(60_000);
  });

  it("stops waiting when the signal aborts", async () => {
    const limiter = new RateLimiter(1, 60_000);
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error("superseded"));
    await expect(waiting).rejects.toThrow("superseded");
  });

  it("refuses a limit below one call", () => {
    expect(() => new RateLimiter(0)).toThrow(RangeError);
  });
});

describe("daily token budget", () => {
  const day1 = Date.UTC(2026, 10, 23, 12);
  const day2 = Date.UTC(2026, 10, 24, 0, 1);
  it("counts within a UTC day and starts afresh the next", () => {
    expect(utcDay(day1)).toBe("2026-11-23");
    let state = spendBudget(undefined, 30_000, day1);
    state = spendBudget(state, 50_000, day1);
    expect(remainingBudget(state, 100_000, day1)).toBe(20_000);
    expect(remainingBudget(state, 100_000, day2)).toBe(100_000);
    expect(spendBudget(state, 5, day2)).toEqual({ day: "2026-11-24", used: 5 });
  });
  it("never goes below zero", () => {
    expect(remainingBudget({ day: utcDay(day1), used: 150_000 }, 100_000, day1)).toBe(0);
  });
});

describe("EndpointLimiters", () => {
  it("gives every caller of one endpoint the same limiter, at the lowest limit asked for", async () => {
    const clock = fakeClock();
    const limiters = new EndpointLimiters(clock);
    const chunker = limiters.for("http://llm/v1", "agentic", 10);
    const judge = limiters.for("http://llm/v1", "judge", 10);
    expect(judge).toBe(chunker);
    // Ten calls from the two callers together fill the endpoint's minute: the eleventh waits.
    for (let i = 0; i < 5; i++) await chunker.acquire();
    for (let i = 0; i < 5; i++) await judge.acquire();
    expect(chunker.waitMs()).toBeGreaterThan(0);
    expect(limiters.for("http://llm/v1", "agentic", 4).limit).toBe(4);
    expect(limiters.for("http://llm/v1", "agentic", 20).limit).toBe(10);
    expect(limiters.for("http://other/v1", "agentic", 10)).not.toBe(chunker);
    expect(() => limiters.for("http://llm/v1", "judge", 0)).toThrow(RangeError);
  });
});
