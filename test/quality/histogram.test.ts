import { describe, expect, it } from "vitest";
import { sizeBins } from "../../src/core/quality/histogram";

describe("sizeBins", () => {
  it("puts the target on a bin edge and every size in its bin", () => {
    const bins = sizeBins([0, 100, 511, 512, 512], 512);
    expect(bins).toHaveLength(17);
    expect(bins[16]).toEqual({ from: 512, to: 544, count: 2 });
    expect(bins[15]!.count).toBe(1);
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(5);
    expect(bins.some((b) => b.from === 512)).toBe(true);
  });

  it("keeps the target an edge when the width is fractional", () => {
    const bins = sizeBins([1999, 2000, 5000], 2000);
    const edge = bins.findIndex((b) => b.from === 2000);
    expect(edge).toBeGreaterThan(0);
    expect(bins[edge]!.count).toBe(1);
    expect(bins[edge - 1]!.count).toBe(1);
  });

  it("gathers sizes far past the target into one overflow bin", () => {
    const bins = sizeBins([10, 20, 100_000], 50);
    expect(bins.at(-1)).toEqual({ from: 200 + 50 / 4, to: Infinity, count: 1 });
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(3);
  });

  it("bins from 0 to the largest size without a target", () => {
    const bins = sizeBins([0, 15, 16, 31], undefined, 16);
    expect(bins.map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1]);
    expect(sizeBins([], 10)).toEqual([]);
  });
});
