import { describe, expect, it } from "vitest";
import { advanceBetween, glyphAdvance } from "./glyphAdvance";

describe("glyph advances", () => {
  it("follow Helvetica's widths for Latin, a full em for CJK, none for combining marks", () => {
    expect(glyphAdvance("i".charCodeAt(0))).toBe(222);
    expect(glyphAdvance("M".charCodeAt(0))).toBe(833);
    expect(glyphAdvance("é".charCodeAt(0))).toBe(glyphAdvance("e".charCodeAt(0)));
    expect(glyphAdvance("漢".charCodeAt(0))).toBe(1000);
    expect(glyphAdvance(0x301)).toBe(0);
  });
  it("sum over a range", () => {
    expect(advanceBetween("illicit MWM", 0, 7)).toBeLessThan(advanceBetween("illicit MWM", 8, 11) * 1.1);
    expect(advanceBetween("ab", 0, 2)).toBe(glyphAdvance(97) + glyphAdvance(98));
  });
});
