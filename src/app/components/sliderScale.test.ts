import { describe, expect, it } from "vitest";
import type { NumberParam } from "../../core/chunk";
import { clampToValid, sliderScale } from "./sliderScale";

const param = (min: number, max: number, type: "int" | "number" = "int"): NumberParam => ({
  key: "k",
  label: "k",
  type,
  min,
  max,
});

describe("sliderScale", () => {
  it("is linear over a short range and spans exactly [min, max]", () => {
    const s = sliderScale(param(0, 100));
    expect([s.min, s.max, s.toValue(37), s.toPosition(37)]).toEqual([0, 100, 37, 37]);
  });

  it("is logarithmic over orders of magnitude, reaching both ends of the validated range", () => {
    const s = sliderScale(param(1, 32_768));
    expect(s.toValue(s.min)).toBe(1);
    expect(s.toValue(s.max)).toBe(32_768);
    // 512 sits well inside the travel, not squeezed into its first 2%.
    expect(s.toPosition(512) / s.max).toBeGreaterThan(0.5);
    for (const v of [1, 50, 512, 4096, 32_768])
      expect(Math.abs(s.toValue(s.toPosition(v)) - v) / v).toBeLessThan(0.02);
  });
});

describe("clampToValid", () => {
  const overlap = 50;
  const valid = (size: number) => size > overlap;
  it("stops at the last valid value on the way to an invalid one", () => {
    expect(clampToValid(512, 10, valid, true)).toBe(51);
    expect(clampToValid(512, 300, valid, true)).toBe(300);
    expect(clampToValid(0.5, 0.05, (v) => v >= 0.1, false)).toBeCloseTo(0.1, 6);
  });
  it("lets the slider move when the current value is already invalid (the user typed it)", () => {
    expect(clampToValid(10, 20, valid, true)).toBe(20);
  });
});
