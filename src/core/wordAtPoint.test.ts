import { describe, expect, it } from "vitest";
import type { TextRun } from "./document";
import { advanceBetween } from "./text/glyphAdvance";
import {
  nextWordEnd,
  nextWordStart,
  previousWordEnd,
  previousWordStart,
  spanOfWords,
  wordAtPoint,
} from "./wordAtPoint";

// Two lines on page 1 and one on page 2, each run 10 points of advance per 1000 units of em.
const text = "Setting R_DEFAULT_PACKAGES=NULL starts R\nwith no packages. Next page text";
const run = (
  page: number,
  start: number,
  end: number,
  x0: number,
  y0: number,
  dir?: TextRun["dir"],
): TextRun => ({
  page,
  start,
  end,
  x0,
  y0,
  x1: x0 + advanceBetween(text, start, end) / 100,
  y1: y0 + 12,
  fontSize: 12,
  fontName: "Helvetica",
  ...(dir ? { dir } : {}),
});
const line1 = run(1, 0, 40, 50, 100);
const line2 = run(1, 41, 58, 50, 120);
const page2 = run(2, 59, text.length, 50, 100);
const doc = { text, runs: [line1, line2, page2] };

/** The x of the middle of text[from, to) on its run. */
const midX = (r: TextRun, from: number, to: number) =>
  r.x0 + (advanceBetween(text, r.start, from) + advanceBetween(text, from, to) / 2) / 100;

const word = (w: { start: number; end: number } | null) => (w ? text.slice(w.start, w.end) : null);

describe("wordAtPoint", () => {
  it("finds the word under a point, mid-line, on either line and page", () => {
    const at = text.indexOf("starts");
    expect(word(wordAtPoint(doc, 1, midX(line1, at, at + 6), 106))).toBe("starts");
    const pk = text.indexOf("packages");
    expect(word(wordAtPoint(doc, 1, midX(line2, pk, pk + 8), 126))).toBe("packages");
    const nx = text.indexOf("Next");
    expect(word(wordAtPoint(doc, 2, midX(page2, nx, nx + 4), 106))).toBe("Next");
  });
  it("keeps identifiers whole (underscores, hyphens) and stops at = and spaces", () => {
    const at = text.indexOf("DEFAULT");
    expect(word(wordAtPoint(doc, 1, midX(line1, at, at + 7), 106))).toBe("R_DEFAULT_PACKAGES");
  });
  it("takes the nearest run's word for a point off the text, and null on a page without text", () => {
    expect(word(wordAtPoint(doc, 1, 10, 106))).toBe("Setting");
    expect(word(wordAtPoint(doc, 1, 2000, 126))).toBe("packages");
    expect(wordAtPoint(doc, 3, 50, 50)).toBeNull();
  });
  it("reads right-to-left runs from their right edge", () => {
    const rtl = { text, runs: [{ ...line1, dir: "rtl" as const }] };
    expect(word(wordAtPoint(rtl, 1, line1.x1 - 1, 106))).toBe("Setting");
  });
  it("spans two words in text order whichever was pointed at first", () => {
    const a = { start: 40, end: 44 };
    const b = { start: 0, end: 7 };
    expect(spanOfWords(a, b)).toEqual({ start: 0, end: 44 });
    expect(spanOfWords(b, a)).toEqual({ start: 0, end: 44 });
  });
});

describe("keyboard steps by words", () => {
  const t = "one, two three";
  it("grow and shrink the end a word at a time, never past the start's word", () => {
    expect(nextWordEnd(t, 3)).toBe(8);
    expect(nextWordEnd(t, 8)).toBe(14);
    expect(nextWordEnd(t, 14)).toBe(14);
    expect(previousWordEnd(t, 0, 14)).toBe(8);
    expect(previousWordEnd(t, 0, 8)).toBe(3);
    expect(previousWordEnd(t, 0, 3)).toBe(3);
  });
  it("grow and shrink the start a word at a time, never past the end's word", () => {
    expect(previousWordStart(t, 9)).toBe(5);
    expect(previousWordStart(t, 5)).toBe(0);
    expect(previousWordStart(t, 0)).toBe(0);
    expect(nextWordStart(t, 0, 14)).toBe(5);
    expect(nextWordStart(t, 9, 14)).toBe(9);
  });
});
