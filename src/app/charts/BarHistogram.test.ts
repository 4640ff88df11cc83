import { describe, expect, it } from "vitest";
import { leftPadding, niceTicks } from "./BarHistogram";

describe("niceTicks", () => {
  it("starts at 0 and reaches the maximum in round steps", () => {
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 5, 10]);
    expect(niceTicks(30)).toEqual([0, 10, 20, 30]);
    expect(niceTicks(31)).toEqual([0, 20, 40]);
    for (const max of [1, 3, 9, 17, 123, 999, 4159]) {
      const t = niceTicks(max);
      expect(t[0]).toBe(0);
      expect(t[t.length - 1]).toBeGreaterThanOrEqual(max);
      expect(t.length).toBeLessThanOrEqual(5);
    }
  });
});

describe("leftPadding", () => {
  it("keeps the usual margin for short counts and widens for long ones", () => {
    expect(leftPadding(300)).toBe(28);
    expect(leftPadding(150_000)).toBeGreaterThanOrEqual(6 * 6 + 8);
    expect(leftPadding(1_000_000)).toBeGreaterThan(leftPadding(150_000));
  });
});
