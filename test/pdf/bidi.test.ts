/**
 * The piece-level bidi algorithm: classes of pieces, rule L2 as an involution, display order of
 * logical pieces (UAX #9), and the way back from pieces as drawn to reading order.
 */
import { describe, expect, it } from "vitest";
import {
  bidiClass,
  hasRtlChars,
  logicalFromVisual,
  reorderByLevels,
  strongCounts,
  visualFromLogical,
  type BidiClass,
} from "../../src/pdf/bidi";

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("bidiClass", () => {
  it.each<[string, boolean, BidiClass]>([
    ["مقدمة", true, "R"],
    ["שלום", true, "R"],
    ["Python", false, "L"],
    ["12", false, "EN"],
    ["۱۲", false, "EN"], // extended Arabic-Indic (Persian) digits are European numbers
    ["١٢", true, "AN"],
    [".....", false, "ON"],
    ["(12)", false, "EN"],
    ["Python 3", false, "L"],
    ["ﻣﻘﺪﻣﺔ", true, "R"], // presentation forms
    ["हिन्दी १२", false, "L"],
    ["R و", true, "R"], // both: pdf.js's direction decides
    ["R و", false, "L"],
  ])("%j (rtl hint %s) is %s", (text, hint, cls) => {
    expect(bidiClass(text, hint)).toBe(cls);
  });

  it("finds right-to-left characters and counts strong letters", () => {
    expect(hasRtlChars("see عربي")).toBe(true);
    expect(hasRtlChars("plain ASCII, ünïcödé 漢字")).toBe(false);
    expect(strongCounts("R و Python ١٢")).toEqual({ rtl: 1, ltr: 7 });
  });
});

describe("reorderByLevels (rule L2)", () => {
  it("reverses runs from the highest level down", () => {
    // Logical: R1, L1, L2, R2 in an RTL paragraph → drawn R2, L1, L2, R1.
    expect(reorderByLevels([1, 2, 2, 1])).toEqual([3, 1, 2, 0]);
    expect(reorderByLevels([0, 0, 1, 1, 0])).toEqual([0, 1, 3, 2, 4]);
    expect(reorderByLevels([0, 0])).toEqual([0, 1]);
  });

  it("is its own inverse for the levels it reorders", () => {
    const next = random(7);
    for (let n = 0; n < 500; n++) {
      const levels = Array.from({ length: 1 + Math.floor(next() * 9) }, () => Math.floor(next() * 4));
      const visual = reorderByLevels(levels);
      const back = reorderByLevels(visual.map((i) => levels[i]!));
      expect(back.map((k) => visual[k])).toEqual(levels.map((_, i) => i));
    }
  });
});

describe("visualFromLogical and logicalFromVisual", () => {
  it("draws a table-of-contents entry right to left and reads it back", () => {
    // "title ..... 12" in an RTL paragraph is drawn "12 ..... title".
    expect(visualFromLogical(["R", "ON", "EN"], true)).toEqual([2, 1, 0]);
    expect(logicalFromVisual(["EN", "ON", "R"], true)).toEqual([2, 1, 0]);
    // With a Latin word closing the title: "title Python ..... 12" drawn "12 ..... Python title".
    expect(logicalFromVisual(["EN", "ON", "L", "R"], true)).toEqual([3, 2, 1, 0]);
  });

  it("keeps a number after a Latin word with it in an RTL paragraph (W7)", () => {
    // Logical "R1 Python 3 R2" is drawn "R2 Python 3 R1".
    expect(visualFromLogical(["R", "L", "EN", "R"], true)).toEqual([3, 1, 2, 0]);
    expect(logicalFromVisual(["R", "L", "EN", "R"], true)).toEqual([3, 1, 2, 0]);
    // A neutral between them goes with the Latin run too: "Python : 3".
    expect(visualFromLogical(["R", "L", "ON", "EN", "R"], true)).toEqual([4, 1, 2, 3, 0]);
    expect(logicalFromVisual(["R", "L", "ON", "EN", "R"], true)).toEqual([4, 1, 2, 3, 0]);
  });

  it("reverses the right-to-left words of an LTR line, numbers among them included", () => {
    // Logical "see R1 R2 here" is drawn "see R2 R1 here".
    expect(visualFromLogical(["L", "R", "R", "L"], false)).toEqual([0, 2, 1, 3]);
    expect(logicalFromVisual(["L", "R", "R", "L"], false)).toEqual([0, 2, 1, 3]);
    // Logical "see R1 12 R2 here": the number sits inside the right-to-left run.
    expect(visualFromLogical(["L", "R", "EN", "R", "L"], false)).toEqual([0, 3, 2, 1, 4]);
    expect(logicalFromVisual(["L", "R", "EN", "R", "L"], false)).toEqual([0, 3, 2, 1, 4]);
  });

  it("ends a right-to-left sentence with its full stop", () => {
    expect(visualFromLogical(["R", "ON"], true)).toEqual([1, 0]);
    expect(logicalFromVisual(["ON", "R"], true)).toEqual([1, 0]);
  });

  it("reads back what it draws, for lines of letters", () => {
    const next = random(11);
    for (let n = 0; n < 500; n++) {
      const classes = Array.from({ length: 1 + Math.floor(next() * 8) }, (): BidiClass =>
        next() < 0.5 ? "L" : "R",
      );
      const rtl = next() < 0.5;
      const visual = visualFromLogical(classes, rtl);
      const logical = logicalFromVisual(
        visual.map((i) => classes[i]!),
        rtl,
      ).map((k) => visual[k]);
      expect(logical).toEqual(classes.map((_, i) => i));
    }
  });
});
