import { describe, expect, it } from "vitest";
import { firstIndexWhere, lastAtOrBelow } from "./bisect";

describe("firstIndexWhere", () => {
  it("finds where a monotone condition starts, or the end", () => {
    const xs = [1, 3, 3, 7, 9];
    expect(firstIndexWhere(0, xs.length, (i) => xs[i]! >= 3)).toBe(1);
    expect(firstIndexWhere(0, xs.length, (i) => xs[i]! > 3)).toBe(3);
    expect(firstIndexWhere(0, xs.length, (i) => xs[i]! > 100)).toBe(5);
    expect(firstIndexWhere(0, xs.length, () => true)).toBe(0);
    expect(firstIndexWhere(2, 4, (i) => xs[i]! >= 0)).toBe(2);
    expect(firstIndexWhere(0, 0, () => true)).toBe(0);
  });

  it("agrees with a linear scan on random sorted arrays", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 50;
    for (let t = 0; t < 200; t++) {
      const xs = Array.from({ length: rand() }, rand).sort((a, b) => a - b);
      const v = rand();
      const linear = xs.findIndex((x) => x >= v);
      expect(firstIndexWhere(0, xs.length, (i) => xs[i]! >= v)).toBe(linear === -1 ? xs.length : linear);
      expect(lastAtOrBelow(Uint32Array.from(xs), v)).toBe(xs.findLastIndex((x) => x <= v));
    }
  });
});
