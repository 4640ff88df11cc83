import { describe, expect, it } from "vitest";
import { codePointStep, isHighSurrogate, isLowSurrogate, isTrimSpace } from "./codeUnits";

describe("code units", () => {
  it("knows surrogate halves and steps over a whole pair only", () => {
    const parrot = "a🦜";
    expect(isHighSurrogate(parrot.charCodeAt(1))).toBe(true);
    expect(isLowSurrogate(parrot.charCodeAt(2))).toBe(true);
    expect(codePointStep(parrot, 1, 3)).toBe(2);
    expect(codePointStep(parrot, 1, 2)).toBe(1);
    expect(codePointStep(parrot, 0, 3)).toBe(1);
  });

  it("has exactly String.prototype.trim's whitespace", () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      expect(isTrimSpace(c), c.toString(16)).toBe(ch.trim() === "");
    }
  });
});
