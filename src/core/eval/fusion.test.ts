import { describe, expect, it } from "vitest";
import { reciprocalRankFusion, RRF_K } from "./fusion";

const list = (...positions: number[]) => positions.map((position, i) => ({ position, score: 10 - i }));

describe("reciprocalRankFusion", () => {
  it("sums weight / (60 + rank) over the lists, best first", () => {
    const fused = reciprocalRankFusion([list(3, 1, 2), list(1, 4)], [1, 1], 10);
    expect(fused.map((f) => f.position)).toEqual([1, 3, 4, 2]);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1), 15);
    expect(fused[1]!.score).toBeCloseTo(1 / (RRF_K + 1), 15);
  });

  it("weights a list, keeps the top n, and breaks ties by collection position", () => {
    expect(reciprocalRankFusion([list(3), list(1)], [1, 2], 1).map((f) => f.position)).toEqual([1]);
    expect(reciprocalRankFusion([list(5), list(2)], [1, 1], 2).map((f) => f.position)).toEqual([2, 5]);
    expect(reciprocalRankFusion([], [], 3)).toEqual([]);
  });
});
