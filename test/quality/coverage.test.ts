import { describe, expect, it } from "vitest";
import { textDocModel } from "../../src/core/document";
import { coverage } from "../../src/core/quality/coverage";
import { docIndex } from "../../src/core/quality/docIndex";

// 8 non-whitespace characters: aa bb cc dd
const doc = textDocModel("c", "c.txt", "aa bb cc dd");
const cov = (ranges: { start: number; end: number }[]) => coverage(docIndex(doc), ranges);

describe("coverage and redundancy", () => {
  it("a partition covers everything with a redundancy of exactly 0", () => {
    const r = cov([
      { start: 0, end: 5 },
      { start: 5, end: 11 },
    ]);
    expect(r).toEqual({ documentChars: 8, coveredChars: 8, chunkChars: 8, coverage: 1, redundancy: 0 });
  });

  it("a partition that splits at different whitespace is still 0 (whitespace is not counted)", () => {
    expect(
      cov([
        { start: 0, end: 3 },
        { start: 3, end: 11 },
      ]).redundancy,
    ).toBe(0);
  });

  it("overlap makes redundancy positive: Σ|chunk| / |∪| − 1", () => {
    // "aa bb" (4) + "bb cc dd" (6) = 10 over a union of 8
    const r = cov([
      { start: 0, end: 5 },
      { start: 3, end: 11 },
    ]);
    expect(r.chunkChars).toBe(10);
    expect(r.coveredChars).toBe(8);
    expect(r.redundancy).toBeCloseTo(0.25, 12);
    expect(r.coverage).toBe(1);
  });

  it("dropped text makes coverage fall below 1", () => {
    // "aa bb" and "cc": "dd" is dropped
    const r = cov([
      { start: 0, end: 5 },
      { start: 6, end: 8 },
    ]);
    expect(r.coverage).toBeCloseTo(6 / 8, 12);
    expect(r.redundancy).toBe(0);
  });

  it("counts nested ranges out of document order (parents then children) once in the union", () => {
    const r = cov([
      { start: 0, end: 11 },
      { start: 6, end: 11 },
      { start: 0, end: 5 },
    ]);
    expect(r.coveredChars).toBe(8);
    expect(r.chunkChars).toBe(16);
    expect(r.redundancy).toBe(1);
  });

  it("gives null scores when there is nothing to measure", () => {
    expect(cov([])).toMatchObject({ coverage: 0, redundancy: null });
    const empty = coverage(docIndex(textDocModel("e", "e.txt", "   ")), []);
    expect(empty.coverage).toBeNull();
  });
});
