import { describe, expect, it } from "vitest";
import { chunkToSelect } from "./hitTest";

describe("chunkToSelect", () => {
  it("picks the top-most chunk, then cycles through overlapping ones", () => {
    expect(chunkToSelect([], null)).toBeNull();
    expect(chunkToSelect(["b", "a"], null)).toBe("b");
    expect(chunkToSelect(["b", "a"], "b")).toBe("a");
    expect(chunkToSelect(["b", "a"], "a")).toBe("b");
    expect(chunkToSelect(["b", "a"], "z")).toBe("b");
  });
});
