import { describe, expect, it } from "vitest";
import {
  bootstrapIntervals,
  pairedDifference,
  pairedDifferences,
  questionsToResolve,
  verdictOf,
} from "./bootstrap";

/** A fixed pseudo-random series, so the expected widths come from the definition, not from a run. */
const series = (n: number, p: number, seed: number) => {
  let x = seed;
  return Float64Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31 < p ? 1 : 0;
  });
};

describe("bootstrapIntervals", () => {
  it("brackets the mean, is seeded, and narrows as 1/√n (binomial: ±1.96·√(p(1−p)/n))", () => {
    for (const n of [30, 472]) {
      const hits = series(n, 0.6, 7);
      const mean = hits.reduce((s, v) => s + v, 0) / n;
      const { hit } = bootstrapIntervals({ hit: hits });
      expect(hit[0]).toBeLessThan(mean);
      expect(hit[1]).toBeGreaterThan(mean);
      const expected = 1.96 * Math.sqrt((mean * (1 - mean)) / n);
      expect((hit[1] - hit[0]) / 2).toBeGreaterThan(expected * 0.85);
      expect((hit[1] - hit[0]) / 2).toBeLessThan(expected * 1.15);
      expect(bootstrapIntervals({ hit: hits })).toEqual({ hit });
      expect(bootstrapIntervals({ hit: hits }, { seed: 1 })).not.toEqual({ hit });
    }
  });

  it("gives a constant series and a single question the degenerate interval", () => {
    expect(bootstrapIntervals({ a: [0.5, 0.5, 0.5], b: [1, 1, 1] })).toEqual({ a: [0.5, 0.5], b: [1, 1] });
    expect(bootstrapIntervals({ a: [0.25] })).toEqual({ a: [0.25, 0.25] });
    expect(bootstrapIntervals({ a: [] })).toEqual({ a: [0, 0] });
  });
});

describe("pairedDifference and its verdict", () => {
  it("finds a difference every question shares, and none in noise", () => {
    const a = series(100, 0.5, 3);
    const better = pairedDifference(
      a,
      a.map((v) => Math.min(1, v + 0.2)),
    );
    expect(better.b_minus_a).toBeGreaterThan(0);
    expect(better.ci95[0]).toBeGreaterThan(0);
    expect(verdictOf(better, 100, { label: "recall", higherIsBetter: true })).toBe("B is better on recall");
    expect(verdictOf(better, 100, { label: "retrieved tokens", higherIsBetter: false })).toBe(
      "A is better on retrieved tokens",
    );
    const noise = pairedDifference(series(20, 0.5, 11), series(20, 0.5, 12));
    expect(noise.ci95[0]).toBeLessThan(0);
    expect(noise.ci95[1]).toBeGreaterThan(0);
    expect(verdictOf(noise, 20, { label: "recall", higherIsBetter: true })).toBe(
      "no detectable difference in recall with 20 questions",
    );
  });

  it("says how many questions would resolve a difference: n·(half-width/|d|)²", () => {
    expect(questionsToResolve({ b_minus_a: 0.05, ci95: [-0.05, 0.15] }, 20)).toBe(80);
    expect(questionsToResolve({ b_minus_a: 0, ci95: [-0.1, 0.1] }, 20)).toBeNull();
    expect(() => pairedDifference([1], [1, 2])).toThrow(RangeError);
  });
});

describe("pairedDifferences", () => {
  it("gives each series what a bootstrap of its differences alone gives, to the last digit", () => {
    const a = { recall: series(472, 0.6, 3), mrr: series(472, 0.3, 5), precision: series(472, 0.1, 9) };
    const b = { recall: series(472, 0.65, 4), mrr: series(472, 0.35, 6), precision: series(472, 0.1, 10) };
    const together = pairedDifferences(a, b);
    for (const key of ["recall", "mrr", "precision"] as const) {
      const diff = Float64Array.from(a[key], (v, i) => b[key][i]! - v);
      const alone = {
        b_minus_a: diff.reduce((s, v) => s + v, 0) / diff.length,
        ci95: bootstrapIntervals({ d: diff }).d,
      };
      expect(together[key]).toEqual(alone);
      expect(pairedDifference(a[key], b[key])).toEqual(alone);
    }
    expect(() => pairedDifferences({ x: [1] }, { x: [1, 2] })).toThrow(RangeError);
  });
});
