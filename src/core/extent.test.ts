import { describe, expect, it } from "vitest";
import { extent } from "./extent";

describe("extent", () => {
  it("gives the smallest and largest value", () => {
    expect(extent([3, -1, 7, 2])).toEqual({ min: -1, max: 7 });
  });

  it("is null for no values", () => {
    expect(extent([])).toBeNull();
  });

  it("handles more values than a call can take as arguments", () => {
    const many = new Int32Array(500_000).map((_, i) => i % 1000);
    many[123_456] = 99_999;
    expect(extent(many)).toEqual({ min: 0, max: 99_999 });
    expect(() => Math.max(...Array.from(many))).toThrow(RangeError);
  });
});
