import { describe, expect, it } from "vitest";
import { matchKeyOf } from "./matchKey";

describe("matchKeyOf", () => {
  it("folds case and compatibility forms and drops punctuation and spaces", () => {
    expect(["A", "z", "7", " ", "-", "’"].map(matchKeyOf)).toEqual(["a", "z", "7", "", "", ""]);
    expect(matchKeyOf("ﬁ")).toBe("fi");
    expect(matchKeyOf("É")).toBe("é");
    expect(matchKeyOf("한")).toBe("한");
  });
});
