import { describe, expect, it } from "vitest";
import type { RunQuality } from "../quality/runQuality";
import { nearFront, objectiveOf, paretoFront, qualityMetrics, type SweepLine } from "./result";

const evalLine = (recall: number, retrieved: number): SweepLine => ({
  chunker: "token",
  config: {},
  metrics: { recall, precision: 0, iou: 0, precision_omega: 0, hit_at_k: 0, mrr: 0, ndcg_at_k: 0 },
  chunks: 1,
  mean_tokens: 1,
  retrieved_tokens: retrieved,
  ms: 1,
});

describe("paretoFront", () => {
  it("keeps the points no other beats on both recall and cost", () => {
    const lines = [
      evalLine(0.8, 1000), // 0: front (best recall)
      evalLine(0.7, 500), // 1: front
      evalLine(0.6, 600), // 2: dominated by 1
      { chunker: "token", config: {}, skipped: "chunk_overlap: too big" }, // 3: not a point
      evalLine(0.5, 200), // 4: front (cheapest)
      evalLine(0.7, 500), // 5: equal to 1, also on the front
      { chunker: "token", config: {}, error: "endpoint down" }, // 6
      evalLine(0.8, 1200), // 7: dominated by 0
    ];
    expect(paretoFront(lines)).toEqual([0, 1, 4, 5]);
  });

  it("uses quality against mean tokens without questions", () => {
    const q = (score: number, mean: number): SweepLine => ({
      chunker: "token",
      config: {},
      metrics: { quality_score: score, ends_at_sentence: score, not_mid_word: 1, size_in_range: 1 },
      mean_tokens: mean,
      retrieved_tokens: null,
    });
    expect(objectiveOf(q(0.5, 100))).toEqual({ value: 0.5, cost: 100 });
    expect(paretoFront([q(0.5, 100), q(0.6, 90), q(0.9, 300)])).toEqual([1, 2]);
    expect(objectiveOf({ chunker: "t", config: {} })).toBeNull();
  });
});

describe("paretoFront against its definition", () => {
  /** The definition, point by point: no other point at least as good on both axes and better on one. */
  const byDefinition = (lines: readonly (SweepLine | undefined)[]) => {
    const points = lines.map((l) => (l ? objectiveOf(l) : null));
    return points.flatMap((p, i) =>
      p &&
      !points.some(
        (q) => q !== null && q.value >= p.value && q.cost <= p.cost && (q.value > p.value || q.cost < p.cost),
      )
        ? [i]
        : [],
    );
  };
  it("finds the same front on random grids with ties and unfinished lines", () => {
    // A small seeded generator: ties on cost and on value are frequent on a coarse grid.
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    for (let round = 0; round < 300; round++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 30) }, () =>
        random() < 0.15
          ? undefined
          : random() < 0.1
            ? ({ chunker: "token", config: {}, skipped: "no" } as SweepLine)
            : evalLine(Math.floor(random() * 5) / 4, 100 * (1 + Math.floor(random() * 6))),
      );
      expect(paretoFront(lines)).toEqual(byDefinition(lines));
    }
  });
});

describe("qualityMetrics", () => {
  it("averages sentence ends, whole words and sizes in range", () => {
    const quality = {
      size: { measured: 10, underMin: 1, overMax: 1 },
      endsAtSentence: { count: 6, share: 0.6 },
      midWord: { count: 1, share: 0.1 },
    } as unknown as RunQuality;
    const m = qualityMetrics(quality);
    expect(m.ends_at_sentence).toBe(0.6);
    expect(m.not_mid_word).toBe(0.9);
    expect(m.size_in_range).toBe(0.8);
    expect(m.quality_score).toBeCloseTo((0.6 + 0.9 + 0.8) / 3, 12);
  });
  it("counts nothing measured as nothing in range", () => {
    const quality = {
      size: { measured: 0, underMin: null, overMax: null },
      endsAtSentence: { count: 0, share: null },
      midWord: { count: 0, share: null },
    } as unknown as RunQuality;
    expect(qualityMetrics(quality)).toEqual({
      quality_score: 1 / 3,
      ends_at_sentence: 0,
      not_mid_word: 1,
      size_in_range: 0,
    });
  });
});

describe("nearFront", () => {
  const withCi = (recall: number, retrieved: number, ci: [number, number]): SweepLine => ({
    ...evalLine(recall, retrieved),
    recall_ci95: ci,
  });

  it("marks dominated points whose recall interval overlaps a dominating front point's", () => {
    const lines = [
      withCi(0.8, 1000, [0.7, 0.9]), // 0: front
      withCi(0.75, 1100, [0.65, 0.85]), // 1: dominated by 0, intervals overlap → near
      withCi(0.3, 1200, [0.2, 0.38]), // 2: dominated by 0 and 3, clearly worse → not near
      withCi(0.5, 200, [0.4, 0.6]), // 3: front (cheapest)
      withCi(0.45, 900, [0.35, 0.55]), // 4: dominated by 3 (overlaps) → near
      evalLine(0.79, 1001), // 5: no interval (a quality sweep) → never near
    ];
    const front = paretoFront(lines);
    expect(front).toEqual([0, 3]);
    expect(nearFront(lines, front)).toEqual([1, 4]);
  });

  it("needs the front point to be as cheap and as good: an overlap with a costlier one does not count", () => {
    const lines = [
      withCi(0.9, 1000, [0.85, 0.95]),
      withCi(0.5, 100, [0.45, 0.55]),
      withCi(0.4, 500, [0.3, 0.88]),
    ];
    // 2 is dominated by 1 only (cheaper, better) and their intervals overlap: near; 0 costs more than 2.
    expect(nearFront(lines, paretoFront(lines))).toEqual([2]);
    const apart = [
      withCi(0.9, 1000, [0.85, 0.95]),
      withCi(0.5, 100, [0.48, 0.52]),
      withCi(0.4, 500, [0.3, 0.45]),
    ];
    expect(nearFront(apart, paretoFront(apart))).toEqual([]);
  });
});
