/**
 * Page furniture found in generated PDFs whose furniture is known (fixtures/pdfs furniturePdf), and
 * the "drop" model derived from extraction's: no body word lost, no furniture left, offsets true.
 */
import { describe, expect, it } from "vitest";
import type { DocModel } from "../../src/core/document";
import { applyFurnitureSetting } from "../../src/core/furniture";
import { findTocLines, normalizeLine } from "../../src/pdf/furniture";
import { extractPdfBytes } from "../../src/pdf/node";
import { furnitureBodyLines, furniturePdf, type FurnitureFixtureOptions } from "../fixtures/pdfs";

async function extracted(options: FurnitureFixtureOptions): Promise<{ full: DocModel; drop: DocModel }> {
  const fx = await furniturePdf(options);
  const full = await extractPdfBytes(fx.bytes, { name: "manual.pdf" });
  return { full, drop: applyFurnitureSetting(full, "drop") };
}

const squash = (s: string) => s.replace(/\s+/g, " ");

function expectBodyKept(doc: DocModel, pages: number): void {
  const text = squash(doc.text);
  for (let n = 1; n <= pages; n++) for (const line of furnitureBodyLines(n)) expect(text).toContain(line);
}

function expectRunsTrue(full: DocModel, drop: DocModel): void {
  // Every run left is a run of the extracted model, its text at its new offsets.
  const fullTexts = new Set(
    full.runs.map((r) => `${r.page}|${r.x0}|${r.y0}|${full.text.slice(r.start, r.end)}`),
  );
  for (const run of drop.runs) {
    expect(fullTexts.has(`${run.page}|${run.x0}|${run.y0}|${drop.text.slice(run.start, run.end)}`)).toBe(
      true,
    );
  }
  for (const page of drop.pages) {
    expect(page.textStart).toBeLessThanOrEqual(page.textEnd);
    expect(drop.text.slice(page.textStart, page.textEnd)).toBe(
      drop.text.slice(page.textStart, page.textEnd).trim(),
    );
  }
}

describe("page furniture", () => {
  it("finds running heads, footers and page numbers on every page and leaves them out by default", async () => {
    const { full, drop } = await extracted({ pages: 6, footer: true, numbers: true });
    const kinds = (page: number) =>
      (full.furniture ?? [])
        .filter((f) => f.page === page)
        .map((f) => f.kind)
        .sort();
    for (let n = 1; n <= 6; n++) expect(kinds(n)).toEqual(["footer", "header", "page-number"]);
    expect(drop.furnitureSetting).toBe("drop");
    expect(drop.text).not.toContain("R Installation and Administration");
    expect(drop.text).not.toContain("Company confidential");
    expect(drop.text).not.toMatch(/(^|\n)\d+(\n|$)/);
    expectBodyKept(drop, 6);
    expectRunsTrue(full, drop);
    // Dropped furniture keeps its place on the page, not in the text.
    for (const f of drop.furniture ?? []) expect(f.start).toBeUndefined();
  });

  it("keeps the furniture in the text with the setting keep, under another id", async () => {
    const { full } = await extracted({ pages: 4, footer: true, numbers: true });
    const keep = applyFurnitureSetting(full, "keep");
    expect(keep.text).toBe(full.text);
    expect(keep.text).toContain("R Installation and Administration");
    expect(keep.id).toBe(`${full.id}:keep`);
    for (const f of keep.furniture ?? []) expect(keep.text.slice(f.start, f.end)).toBe(f.text);
    expectBodyKept(keep, 4);
  });

  it("takes a two-sided layout's chapter heads with the book's title they face", async () => {
    const { full, drop } = await extracted({ pages: 12, twoSided: true });
    const heads = (full.furniture ?? []).filter((f) => f.kind === "header");
    expect(heads).toHaveLength(12);
    expect(drop.text).not.toContain("Chapter 1: Getting started");
    expect(drop.text).not.toContain("Chapter 2: Add-on packages");
    expectBodyKept(drop, 12);
  });

  it("never takes text repeated in the middle of pages", async () => {
    const repeated = "This paragraph is repeated on every page of the document.";
    const { full, drop } = await extracted({ pages: 5, repeatedBody: repeated, footer: true });
    expect((full.furniture ?? []).some((f) => f.text.includes("repeated"))).toBe(false);
    expect(drop.text.split(repeated)).toHaveLength(6);
    expectBodyKept(drop, 5);
  });

  it("finds none in a document of two pages", async () => {
    const { full, drop } = await extracted({ pages: 2, footer: true, numbers: true });
    expect(full.furniture).toEqual([]);
    expect(drop.text).toBe(full.text);
  });

  it("follows printed numbers that do not start at 1, and loses no body text to page labels alone", async () => {
    const { full } = await extracted({ pages: 5, numbers: true, firstNumber: 11 });
    expect((full.furniture ?? []).filter((f) => f.kind === "page-number").map((f) => f.text)).toEqual([
      "11",
      "12",
      "13",
      "14",
      "15",
    ]);
    const labelled = await extracted({ pages: 5, labels: true });
    expect(labelled.full.pages.map((p) => p.label)).toEqual(["i", "ii", "1", "2", "3"]);
    expectBodyKept(labelled.drop, 5);
    expect((labelled.full.furniture ?? []).every((f) => f.kind === "header")).toBe(true);
  });
});

describe("findTocLines", () => {
  const linesOf = (text: string) => {
    let start = 0;
    return text.split("\n").map((line) => {
      const l = {
        start,
        end: start + line.length,
        fontSize: 10,
        fontKey: "f",
        top: 0,
        paragraphBefore: false,
      };
      start += line.length + 1;
      return l;
    });
  };
  const spans = (text: string) => findTocLines(text, linesOf(text)).map((s) => text.slice(s.start, s.end));

  it("marks dot-leader lines, consecutive ones as one span", () => {
    const text =
      "Contents\n1 Introduction . . . . . . . 1\n2.7.3 C++ Support ........ 26\nPreface …… xi\nThe body starts here.";
    expect(spans(text)).toEqual([
      "1 Introduction . . . . . . . 1\n2.7.3 C++ Support ........ 26\nPreface …… xi",
    ]);
  });

  it("marks index lines only three or more in a row", () => {
    expect(spans("alist, 12, 34\nas.vector 7\nattributes, 15–17\nBody.")).toEqual([
      "alist, 12, 34\nas.vector 7\nattributes, 15–17",
    ]);
    expect(spans("The answer is on page 12\nand the rest of it")).toEqual([]);
  });

  it("reads a right-to-left line whose page number comes first", () => {
    expect(spans("12 ........ مقدمة")).toEqual(["12 ........ مقدمة"]);
  });
});

describe("normalizeLine", () => {
  it("folds digits, case and spaces", () => {
    expect(normalizeLine("Chapter 2:  Objects   7")).toBe(normalizeLine("chapter 12: objects 101"));
    expect(normalizeLine("Chapter 2: Objects")).not.toBe(normalizeLine("Chapter 3: Evaluation"));
  });
});
