/**
 * Page furniture on real documents (issue 26): R's language manual (one-sided running heads
 * "Chapter N: title  page", roman front matter) and the 352-page book (two-sided running footers,
 * a URL footer). Found on the pages that have it, gone from the default text, kept on request.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DocModel } from "../../src/core/document";
import { applyFurnitureSetting } from "../../src/core/furniture";
import { corpusManualAndBook, haveCorpus } from "../support/fixtures";

describe.skipIf(!haveCorpus())("page furniture on the corpus", () => {
  let manual: DocModel;
  let book: DocModel;
  beforeAll(async () => {
    [manual, book] = await corpusManualAndBook();
  });

  const pagesWith = (doc: DocModel, kind?: string) =>
    new Set((doc.furniture ?? []).filter((f) => !kind || f.kind === kind).map((f) => f.page));

  it("R manual: a page number or running head on every numbered page, none left in the text", () => {
    // Pages 3–69 carry a printed number (i–iii, then 1–64); pages 1–2 are the title pages.
    const found = pagesWith(manual);
    for (let page = 3; page <= 69; page++) expect(found.has(page)).toBe(true);
    const drop = applyFurnitureSetting(manual, "drop");
    expect(manual.text).toContain("Chapter 2: Objects");
    expect(drop.text).not.toContain("Chapter 2: Objects");
    expect(drop.text).not.toMatch(/Chapter \d+: [A-Za-z -]+\s+\d+\n/);
    // The chapters' own headings stay.
    expect(drop.text).toContain("2 Objects");
    expect(drop.text).toContain("2.1.1 Vectors");
  });

  it("book: the URL footer and both sides' running footers go, the body stays", () => {
    const drop = applyFurnitureSetting(book, "drop");
    const url = "<http://free-culture.org/get-it>";
    expect(book.text.split(url).length - 1).toBeGreaterThan(150);
    expect(drop.text).not.toContain(url);
    expect(pagesWith(book, "footer").size).toBeGreaterThan(300);
    // The body's first sentence of chapter one, across what were two pages with a footer between.
    expect(drop.text).toContain("On December 17, 1903, on a windy North Carolina beach");
    expect(drop.text.length).toBeGreaterThan(0.97 * book.text.length);
  });

  it("keeps every page's text in order and every run at its text", () => {
    for (const doc of [manual, book]) {
      const drop = applyFurnitureSetting(doc, "drop");
      for (const run of drop.runs.slice(0, 5000)) expect(run.end).toBeGreaterThan(run.start);
      for (let i = 1; i < drop.pages.length; i++)
        expect(drop.pages[i]!.textStart).toBeGreaterThanOrEqual(drop.pages[i - 1]!.textEnd);
      expect(drop.runs.every((r, i) => i === 0 || r.start >= drop.runs[i - 1]!.end)).toBe(true);
    }
  });
});
