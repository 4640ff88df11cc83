import { describe, expect, it } from "vitest";
import {
  breakpoints,
  gradient,
  mean,
  percentile,
  populationStd,
  amountForSimilarity,
  percentileRank,
} from "./breakpoints";

// Expected values computed by hand with numpy's documented formulas, and checked with numpy itself.
describe("numpy semantics", () => {
  it("percentile interpolates linearly between closest ranks", () => {
    expect(percentile([1, 2, 3, 4], 50)).toBeCloseTo(2.5);
    expect(percentile([10, 0, 30, 20, 40], 95)).toBeCloseTo(38); // rank 3.8 → 30 + 0.8·10
    expect(percentile([5], 95)).toBe(5);
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentile([3, 1, 2], 100)).toBe(3);
    expect(() => percentile([], 50)).toThrow(RangeError);
  });

  it("std is the population standard deviation", () => {
    expect(populationStd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2);
    expect(mean([2, 4, 4, 4, 5, 5, 7, 9])).toBe(5);
  });

  it("gradient uses central differences inside and one-sided ones at the ends", () => {
    expect(gradient([1, 2, 4, 7, 11])).toEqual([1, 1.5, 2.5, 3.5, 4]);
    expect(gradient([3, 1])).toEqual([-2, -2]);
    expect(gradient([3])).toEqual([0]);
  });
});

describe("breakpoints", () => {
  // Similarities of 6 adjacent pairs; distances are 0.1 0.2 0.9 0.15 0.8 0.1.
  const sims = [0.9, 0.8, 0.1, 0.85, 0.2, 0.9];

  it("percentile: distances strictly above numpy's percentile", () => {
    // sorted d = .1 .1 .15 .2 .8 .9; p60 → rank 3 → 0.2; p95 → rank 4.75 → .8 + .75·.1 = .875
    expect(breakpoints(sims, "percentile", 60).indices).toEqual([2, 4]);
    const p95 = breakpoints(sims, "percentile", 95);
    expect(p95.indices).toEqual([2]);
    expect(p95.threshold).toBeCloseTo(0.875);
    expect(p95.similarityThreshold).toBeCloseTo(0.125);
  });

  it("standard_deviation: mean + amount · population std", () => {
    const d = sims.map((s) => 1 - s);
    const t = mean(d) + 1 * populationStd(d);
    expect(breakpoints(sims, "standard_deviation", 1).threshold).toBeCloseTo(t);
    expect(breakpoints(sims, "standard_deviation", 1).indices).toEqual([2, 4]);
    expect(breakpoints(sims, "standard_deviation", 3).indices).toEqual([]);
  });

  it("interquartile: mean + amount · (p75 − p25)", () => {
    // p25 → rank 1.25 → .1 + .25·.05 = .1125; p75 → rank 3.75 → .2 + .75·.6 = .65; mean = .375
    const b = breakpoints(sims, "interquartile", 0.5);
    expect(b.threshold).toBeCloseTo(0.375 + 0.5 * (0.65 - 0.1125));
    expect(b.indices).toEqual([2, 4]);
  });

  it("gradient: the gradient of d above its percentile, with no similarity-scale threshold", () => {
    const g = gradient(sims.map((s) => 1 - s));
    const b = breakpoints(sims, "gradient", 80);
    expect(b.threshold).toBeCloseTo(percentile(g, 80));
    expect(b.indices).toEqual(g.flatMap((v, i) => (v > b.threshold ? [i] : [])));
    expect(b.indices.length).toBeGreaterThan(0);
    expect(b.similarityThreshold).toBeNull();
  });

  it("absolute: cosine strictly below the amount", () => {
    expect(breakpoints(sims, "absolute", 0.8).indices).toEqual([2, 4]);
    expect(breakpoints(sims, "absolute", 0.1).indices).toEqual([]);
  });

  it("has no breakpoints for no gaps", () => {
    expect(breakpoints([], "percentile", 95).indices).toEqual([]);
  });
});

describe("amountForSimilarity (dragging the threshold line)", () => {
  const curve = [0.9, 0.2, 0.85, 0.6, 0.95, 0.4, 0.8, 0.7];
  it.each(["percentile", "standard_deviation", "interquartile", "absolute"] as const)(
    "%s: the amount it returns puts the threshold back at the dragged similarity",
    (mode) => {
      for (const y of [0.3, 0.5, 0.65, 0.82]) {
        const amount = amountForSimilarity(curve, mode, y)!;
        expect(amount).not.toBeNull();
        const again = breakpoints(curve, mode, amount);
        expect(again.similarityThreshold).toBeCloseTo(y, 9);
      }
    },
  );
  it("has no similarity-scale amount for gradient", () => {
    expect(amountForSimilarity(curve, "gradient", 0.5)).toBeNull();
  });
  it("clamps percentile ranks to 0–100 outside the curve", () => {
    expect(percentileRank([0.1, 0.2, 0.3], 0)).toBe(0);
    expect(percentileRank([0.1, 0.2, 0.3], 1)).toBe(100);
    expect(percentileRank([0.1, 0.2, 0.3], 0.25)).toBeCloseTo(75, 9);
  });
});
