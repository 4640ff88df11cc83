import { describe, expect, it } from "vitest";
import { charsDiv4, TOKEN_COUNTER_PARAM, TOKEN_COUNTERS } from "./tokenCounter";

describe("charsDiv4", () => {
  it("is Python's len(text) // 4: code points, not UTF-16 units, floored", () => {
    expect(charsDiv4("")).toBe(0);
    expect(charsDiv4("abc")).toBe(0);
    expect(charsDiv4("abcd")).toBe(1);
    expect(charsDiv4("a😀b😀c😀d😀")).toBe(2); // 8 code points, 12 UTF-16 units
    expect(charsDiv4("日本語のテキスト")).toBe(2);
  });

  it("offers cl100k first (the default) and chars_div_4", () => {
    expect(TOKEN_COUNTERS).toEqual(["cl100k", "chars_div_4"]);
    expect(TOKEN_COUNTER_PARAM.options).toBe(TOKEN_COUNTERS);
  });
});
