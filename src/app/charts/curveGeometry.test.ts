import { describe, expect, it } from "vitest";
import { curvePath, nearestDrawn, niceTicks, tickLabel, xOf, yOf } from "./curveGeometry";

const box = { left: 38, top: 12, width: 200, height: 100 };

describe("niceTicks", () => {
  it("divides the similarity scale into quarters", () => {
    expect(niceTicks(0, 1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
  it("starts at the first round value inside a negative low end", () => {
    expect(niceTicks(-0.3, 1)).toEqual([0, 0.5, 1]);
    expect(niceTicks(-0.3, 1, 8)).toEqual([-0.2, 0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(Object.is(niceTicks(-0.3, 1)[0], 0)).toBe(true);
  });
  it("steps a long axis by round thousands and never passes its end", () => {
    expect(niceTicks(0, 29_999)).toEqual([0, 10_000, 20_000]);
    expect(niceTicks(0, 41)).toEqual([0, 20, 40]);
    expect(niceTicks(0, 40)).toEqual([0, 10, 20, 30, 40]);
  });
  it("gives one tick for an empty range and none for a broken one", () => {
    expect(niceTicks(3, 3)).toEqual([3]);
    expect(niceTicks(Number.NaN, 1)).toEqual([]);
  });
  it("leaves no floating-point dust in the values", () => {
    for (const t of niceTicks(0, 0.9, 10)) expect(String(t).length).toBeLessThanOrEqual(4);
  });
});

describe("tickLabel", () => {
  it("keeps at most three decimals and drops trailing zeros", () => {
    expect(tickLabel(0.25)).toBe("0.25");
    expect(tickLabel(1)).toBe("1");
    expect(tickLabel(0.123456)).toBe("0.123");
    expect(tickLabel(20_000)).toBe("20000");
  });
});

describe("plot positions", () => {
  it("spans the curve across the plot's width and the scale [lo, 1] across its height", () => {
    expect(xOf(0, 11, box)).toBe(38);
    expect(xOf(10, 11, box)).toBe(238);
    expect(xOf(5, 11, box)).toBe(138);
    expect(xOf(0, 1, box)).toBe(38);
    expect(yOf(1, 0, box)).toBe(12);
    expect(yOf(0, 0, box)).toBe(112);
    expect(yOf(0.5, -1, box)).toBe(37);
  });
});

describe("curvePath", () => {
  it("draws the points in order as one polyline", () => {
    const data = [
      { i: 0, value: 1 },
      { i: 5, value: 0.5 },
      { i: 10, value: 0 },
    ];
    expect(curvePath(data, 11, 0, box)).toBe("M38.0 12.0L138.0 62.0L238.0 112.0");
  });
  it("is empty without points", () => {
    expect(curvePath([], 0, 0, box)).toBe("");
  });
});

describe("nearestDrawn", () => {
  const data = [{ i: 0 }, { i: 3 }, { i: 9 }, { i: 10 }];
  it("finds the drawn point nearest the pointer's x", () => {
    expect(nearestDrawn(data, xOf(0, 11, box), 11, box)).toBe(0);
    expect(nearestDrawn(data, xOf(2, 11, box), 11, box)).toBe(1);
    expect(nearestDrawn(data, xOf(5.9, 11, box), 11, box)).toBe(1);
    expect(nearestDrawn(data, xOf(6.1, 11, box), 11, box)).toBe(2);
    expect(nearestDrawn(data, xOf(10, 11, box), 11, box)).toBe(3);
  });
  it("clamps a pointer beyond either end to the end point", () => {
    expect(nearestDrawn(data, 0, 11, box)).toBe(0);
    expect(nearestDrawn(data, 1000, 11, box)).toBe(3);
  });
  it("finds nothing in no data", () => {
    expect(nearestDrawn([], 50, 0, box)).toBe(-1);
  });
});
