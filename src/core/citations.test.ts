import { describe, expect, it } from "vitest";
import { cite, citedPages, lineBoxes, mergeLineRects, partOfRun, unionOnPage } from "./citations";
import type { DocModel, TextRun } from "./document";
import { packDocModel, unpackDocModel } from "./packedDocModel";

/** Lays out lines of text as runs of 6 pt per character (monospace-like truth). */
function docOf(pages: string[][], opts: { dir?: TextRun["dir"] } = {}): DocModel {
  let text = "";
  const runs: TextRun[] = [];
  const pageInfos: DocModel["pages"] = [];
  pages.forEach((lines, p) => {
    if (p > 0) text += "\n\n";
    const textStart = text.length;
    lines.forEach((line, l) => {
      if (l > 0) text += "\n";
      const start = text.length;
      text += line;
      runs.push({
        page: p + 1,
        start,
        end: text.length,
        x0: 72,
        y0: 100 + 20 * l,
        x1: 72 + 6 * line.length,
        y1: 112 + 20 * l,
        fontSize: 12,
        fontName: "Mono",
        ...(opts.dir ? { dir: opts.dir } : {}),
      });
    });
    pageInfos.push({
      number: p + 1,
      width: 612,
      height: 792,
      rotate: 0,
      textStart,
      textEnd: text.length,
      hasText: lines.length > 0,
    });
  });
  return { id: "t", name: "t.pdf", text, pages: pageInfos, runs, headings: [] };
}

describe("citedPages", () => {
  const doc = docOf([["first page line"], ["second page"], ["third"]]);
  it("cites every page holding a visible character of the range", () => {
    expect(citedPages(doc, 0, doc.text.length)).toEqual([1, 2, 3]);
    const p2 = doc.pages[1]!;
    expect(citedPages(doc, p2.textStart, p2.textEnd)).toEqual([2]);
  });
  it("does not cite a page for the whitespace between pages", () => {
    const p1 = doc.pages[0]!;
    const p2 = doc.pages[1]!;
    expect(citedPages(doc, p1.textStart + 3, p2.textStart)).toEqual([1]);
    expect(citedPages(doc, p1.textEnd, p2.textStart + 2)).toEqual([2]);
  });
  it("cites nothing for text input without pages", () => {
    expect(citedPages({ pages: [], text: "abc" }, 0, 3)).toEqual([]);
  });
});

describe("lineBoxes", () => {
  it("gives one box per covered line, cut inside partly covered runs", () => {
    const doc = docOf([["aaaa bbbb", "cccc dddd", "eeee"]]);
    const start = doc.text.indexOf("bbbb");
    const end = doc.text.indexOf("dddd") + 4;
    const boxes = lineBoxes(doc, start, end);
    expect(boxes).toHaveLength(2);
    // "bbbb" starts after "aaaa " (5 of 9 characters, by Helvetica advances: a=556, space=278).
    const expectedX0 = 72 + (54 * (4 * 556 + 278)) / (4 * 556 + 278 + 4 * 556);
    expect(boxes[0]!.x0).toBeCloseTo(expectedX0, 1);
    expect(boxes[0]!.x1).toBeCloseTo(72 + 54, 5);
    expect(boxes[1]).toMatchObject({ x0: 72, x1: 126, y0: 120, y1: 132 });
  });

  it("reads a model whose runs are held packed as it reads their objects, vertical runs too", () => {
    const doc = docOf([["aaaa bbbb", "cccc dddd", "eeee"]]);
    const vertical: DocModel = { ...doc, runs: doc.runs.map((r, i) => (i === 1 ? { ...r, dir: "ttb" } : r)) };
    for (const plain of [doc, vertical]) {
      const held = unpackDocModel(packDocModel(plain));
      for (const [start, end] of [
        [0, plain.text.length],
        [3, 12],
        [plain.text.indexOf("dddd"), plain.text.indexOf("dddd") + 2],
      ] as const)
        expect(cite(held, start, end)).toEqual(cite(plain, start, end));
    }
  });

  it("merges the runs of one line and keeps a wide gap apart", () => {
    const run = (start: number, x0: number, x1: number, y0 = 100): TextRun => ({
      page: 1,
      start,
      end: start + 3,
      x0,
      x1,
      y0,
      y1: y0 + 10,
      fontSize: 10,
      fontName: "F",
    });
    const merged = mergeLineRects([run(0, 10, 40), run(4, 45, 80)].map((r) => ({ run: r, ...r })));
    expect(merged).toEqual([{ page: 1, x0: 10, y0: 100, x1: 80, y1: 110 }]);
    const apart = mergeLineRects([run(0, 10, 40), run(4, 300, 340)].map((r) => ({ run: r, ...r })));
    expect(apart).toHaveLength(2);
    const nextLine = mergeLineRects([run(0, 10, 40), run(4, 10, 40, 115)].map((r) => ({ run: r, ...r })));
    expect(nextLine).toHaveLength(2);
  });

  it("leaves out the spaces at either end of a range, so it does not reach over a neighbour's glyphs", () => {
    const doc = docOf([["aaaa bbbb"]]);
    // A chunk starting at the space after "aaaa" starts at "bbbb"; one ending after it ends at "aaaa".
    expect(lineBoxes(doc, 4, 9)).toEqual(lineBoxes(doc, 5, 9));
    expect(lineBoxes(doc, 0, 5)).toEqual(lineBoxes(doc, 0, 4));
    expect(lineBoxes(doc, 4, 9)[0]!.x0).toBeGreaterThan(lineBoxes(doc, 0, 4)[0]!.x1);
  });

  it("skips whitespace-only parts of runs", () => {
    const doc = docOf([["word", "next"]]);
    expect(lineBoxes(doc, 4, 5)).toEqual([]);
  });

  it("cuts right-to-left and vertical runs along their own direction", () => {
    const text = "abcd";
    const base = { page: 1, start: 0, end: 4, x0: 0, y0: 0, x1: 40, y1: 10, fontSize: 10, fontName: "F" };
    const ltr = partOfRun(text, { ...base }, 0, 2);
    const rtl = partOfRun(text, { ...base, dir: "rtl" }, 0, 2);
    expect(ltr.x0).toBe(0);
    expect(rtl.x1).toBe(40);
    expect(ltr.x1 + rtl.x0).toBeCloseTo(40, 5);
    const ttb = partOfRun(text, { ...base, x1: 10, y1: 40, dir: "ttb" }, 2, 4);
    expect(ttb.y1).toBe(40);
    const btt = partOfRun(text, { ...base, x1: 10, y1: 40, dir: "btt" }, 2, 4);
    expect(btt.y0).toBe(0);
  });

  it("spans pages, one box list for all", () => {
    const doc = docOf([["page one"], ["page two"]]);
    const { pages, boxes } = cite(doc, 0, doc.text.length);
    expect(pages).toEqual([1, 2]);
    expect(boxes.map((b) => b.page)).toEqual([1, 2]);
  });
});

describe("unionOnPage", () => {
  it("unions the boxes of one page", () => {
    const boxes = [
      { page: 1, x0: 10, y0: 10, x1: 50, y1: 20 },
      { page: 1, x0: 5, y0: 25, x1: 40, y1: 35 },
      { page: 2, x0: 0, y0: 0, x1: 1, y1: 1 },
    ];
    expect(unionOnPage(boxes, 1)).toEqual([5, 10, 50, 35]);
    expect(unionOnPage(boxes, 3)).toBeNull();
    expect(unionOnPage(boxes, null)).toBeNull();
  });
});
