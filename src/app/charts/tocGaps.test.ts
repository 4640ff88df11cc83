import { describe, expect, it } from "vitest";
import { pointsOutsideSpans, shownPositions } from "./tocGaps";

const points = [5, 10, 20, 30, 40, 50].map((offset) => ({ offset }));

describe("pointsOutsideSpans", () => {
  it("keeps every point when there is no table of contents", () => {
    expect(pointsOutsideSpans(points, undefined)).toEqual({ shown: [0, 1, 2, 3, 4, 5], setApart: 0 });
  });
  it("sets apart the gaps inside table-of-contents spans, edges included", () => {
    expect(
      pointsOutsideSpans(points, [
        { start: 10, end: 30 },
        { start: 48, end: 60 },
      ]),
    ).toEqual({
      shown: [0, 4],
      setApart: 4,
    });
  });
});

describe("shownPositions", () => {
  it("maps boundaries to chart positions, a set-apart one to the next shown point, once each", () => {
    const shown = [0, 4];
    expect(shownPositions([0, 2, 3, 4], shown)).toEqual([0, 1]);
    expect(shownPositions([5], shown)).toEqual([]);
  });
});
