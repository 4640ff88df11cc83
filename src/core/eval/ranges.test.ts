import { describe, expect, it } from "vitest";
import { intersectRanges, mergeRanges, subtractRange, totalLength, type CharRange } from "./ranges";

const r = (start: number, end: number): CharRange => ({ start, end });

describe("intersectRanges", () => {
  it("is [max(starts), min(ends)] when the ranges overlap", () => {
    expect(intersectRanges(r(0, 10), r(5, 15))).toEqual(r(5, 10));
    expect(intersectRanges(r(5, 15), r(0, 10))).toEqual(r(5, 10));
    expect(intersectRanges(r(0, 100), r(20, 30))).toEqual(r(20, 30));
    expect(intersectRanges(r(3, 9), r(3, 9))).toEqual(r(3, 9));
  });

  it("is an empty range, not null, when the ranges only touch (Chroma's inclusive test)", () => {
    expect(intersectRanges(r(0, 5), r(5, 9))).toEqual(r(5, 5));
    expect(intersectRanges(r(5, 9), r(0, 5))).toEqual(r(5, 5));
  });

  it("is null when at least one character lies between them", () => {
    expect(intersectRanges(r(0, 4), r(5, 9))).toBeNull();
    expect(intersectRanges(r(6, 9), r(0, 5))).toBeNull();
  });
});

describe("mergeRanges", () => {
  it("sorts by start and merges overlapping and touching ranges, keeping apart ones apart", () => {
    expect(mergeRanges([r(20, 25), r(0, 5), r(5, 8), r(3, 4), r(9, 12), r(11, 15)])).toEqual([
      r(0, 8),
      r(9, 15),
      r(20, 25),
    ]);
  });

  it("keeps the larger end when a range nests inside the previous one", () => {
    expect(mergeRanges([r(0, 10), r(2, 3)])).toEqual([r(0, 10)]);
  });

  it("merges a zero-length range at an edge into its neighbour", () => {
    expect(mergeRanges([r(5, 5), r(0, 5)])).toEqual([r(0, 5)]);
  });

  it("is empty for no ranges, and never mutates its input", () => {
    expect(mergeRanges([])).toEqual([]);
    const input = [r(4, 6), r(0, 5)];
    const merged = mergeRanges(input);
    merged[0]!.end = 99;
    expect(input).toEqual([r(4, 6), r(0, 5)]);
  });
});

describe("totalLength", () => {
  it("sums end − start, overlaps counted twice, empty ranges as 0", () => {
    expect(totalLength([r(0, 5), r(3, 10), r(7, 7)])).toBe(12);
    expect(totalLength([])).toBe(0);
  });
});

describe("subtractRange (Chroma's difference)", () => {
  const cut = r(10, 20);

  it("keeps ranges at least one character away", () => {
    expect(subtractRange([r(0, 9), r(21, 30)], cut)).toEqual([r(0, 9), r(21, 30)]);
  });

  it("drops ranges inside the cut, its own span included", () => {
    expect(subtractRange([r(12, 18), r(10, 20), r(10, 15), r(15, 20)], cut)).toEqual([]);
  });

  it("keeps the parts outside of ranges that overlap the cut on one side", () => {
    expect(subtractRange([r(5, 15)], cut)).toEqual([r(5, 10)]);
    expect(subtractRange([r(15, 25)], cut)).toEqual([r(20, 25)]);
  });

  it("splits a range that straddles the cut in two", () => {
    expect(subtractRange([r(0, 30)], cut)).toEqual([r(0, 10), r(20, 30)]);
  });

  it("leaves a range that only touches the cut as it was", () => {
    expect(subtractRange([r(0, 10)], cut)).toEqual([r(0, 10)]);
    expect(subtractRange([r(20, 30)], cut)).toEqual([r(20, 30)]);
  });

  it("splits a range at an empty cut inside it without losing a character", () => {
    const parts = subtractRange([r(0, 10)], r(4, 4));
    expect(parts).toEqual([r(0, 4), r(4, 10)]);
    expect(totalLength(parts)).toBe(10);
  });

  it("handles each range of a list on its own, in order", () => {
    expect(subtractRange([r(0, 12), r(14, 16), r(18, 40)], cut)).toEqual([r(0, 10), r(20, 40)]);
  });
});
