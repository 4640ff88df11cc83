import { describe, expect, it } from "vitest";
import { minMaxIndices } from "./downsample";

describe("minMaxIndices", () => {
  it("keeps everything when the curve is short", () => {
    expect(minMaxIndices([1, 2, 3], 10)).toEqual([0, 1, 2]);
  });

  it("keeps every bucket's dip and peak, the ends and forced points, in order", () => {
    const values = Array.from({ length: 10_000 }, (_, i) => 0.8 + 0.1 * Math.sin(i / 7));
    values[4321] = 0.05; // a dip the chart must show
    const kept = minMaxIndices(values, 500, [17]);
    expect(kept.length).toBeLessThanOrEqual(503);
    expect(kept).toContain(4321);
    expect(kept).toContain(17);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(9999);
    expect([...kept].sort((a, b) => a - b)).toEqual(kept);
  });
});
