import { describe, expect, it } from "vitest";
import { alternate, median } from "../../bench/rounds";

describe("alternate", () => {
  it("runs the sides in alternating order, each once per round", async () => {
    const order: string[] = [];
    const r = await alternate(
      3,
      () => (order.push("a"), order.length),
      () => (order.push("b"), order.length),
    );
    expect(order).toEqual(["a", "b", "b", "a", "a", "b"]);
    expect(r).toEqual({ a: [1, 4, 5], b: [2, 3, 6] });
  });

  it("takes medians of odd and even counts", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
