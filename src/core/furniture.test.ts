import { describe, expect, it } from "vitest";
import type { DocModel, Furniture, TextRun } from "./document";
import { applyFurnitureSetting, fileIdOf, KEEP_ID_SUFFIX } from "./furniture";
import { applyOcr } from "./ocr";
import { packDocModel, packedRunsOf, runCount, unpackDocModel } from "./packedDocModel";

/**
 * A two-page model built by hand: page 1 "HEAD\nBody one starts 7\n\nmore body" where "7" is a page
 * number at a line's end, page 2 a header line then body then a footer.
 */
function model(): DocModel {
  const p1 = "Manual Title\nBody one runs on 7\n\nMore body text.";
  const p2 = "Manual Title\n\nBody two.\nFooter line";
  const text = `${p1}\n\n${p2}`;
  const base2 = p1.length + 2;
  const runOf = (page: number, start: number, word: string): TextRun => ({
    page,
    start,
    end: start + word.length,
    x0: 10,
    y0: start,
    x1: 20,
    y1: start + 5,
    fontSize: 10,
    fontName: "f",
  });
  const runs: TextRun[] = [];
  const addWords = (page: number, base: number, pageText: string) => {
    for (const m of pageText.matchAll(/\S+/g)) runs.push(runOf(page, base + m.index, m[0]));
  };
  addWords(1, 0, p1);
  addWords(2, base2, p2);
  const at = (s: string, from = 0) => text.indexOf(s, from);
  const f = (page: number, kind: Furniture["kind"], s: string, from = 0): Furniture => ({
    page,
    kind,
    text: s,
    x0: 0,
    y0: 0,
    x1: 1,
    y1: 1,
    start: at(s, from),
    end: at(s, from) + s.length,
  });
  return {
    id: "abc",
    name: "m.pdf",
    text,
    pages: [
      { number: 1, width: 100, height: 100, rotate: 0, textStart: 0, textEnd: p1.length, hasText: true },
      {
        number: 2,
        width: 100,
        height: 100,
        rotate: 0,
        textStart: base2,
        textEnd: text.length,
        hasText: true,
      },
    ],
    runs,
    headings: [
      { level: 1, title: "Manual Title", start: 0 },
      { level: 1, title: "Body two.", start: at("Body two.") },
    ],
    furniture: [
      f(1, "header", "Manual Title"),
      f(1, "page-number", "7"),
      f(2, "header", "Manual Title", base2),
      f(2, "footer", "Footer line"),
    ],
    furnitureSetting: "keep",
    tocSpans: [{ start: at("More body"), end: at("More body") + "More body text.".length }],
  };
}

describe("applyFurnitureSetting", () => {
  it("cuts the furniture and the whitespace around it, keeping line and paragraph breaks", () => {
    const drop = applyFurnitureSetting(model(), "drop");
    expect(drop.text).toBe("Body one runs on\n\nMore body text.\n\nBody two.");
    expect(drop.furnitureSetting).toBe("drop");
    expect(drop.id).toBe("abc");
    expect(drop.pages.map((p) => drop.text.slice(p.textStart, p.textEnd))).toEqual([
      "Body one runs on\n\nMore body text.",
      "Body two.",
    ]);
  });

  it("moves runs, headings and table-of-contents spans; furniture's own go", () => {
    const full = model();
    const drop = applyFurnitureSetting(full, "drop");
    for (const run of drop.runs) expect(/\S+/.test(drop.text.slice(run.start, run.end))).toBe(true);
    expect(drop.runs.map((r) => drop.text.slice(r.start, r.end))).toEqual([
      "Body",
      "one",
      "runs",
      "on",
      "More",
      "body",
      "text.",
      "Body",
      "two.",
    ]);
    expect(drop.headings).toEqual([{ level: 1, title: "Body two.", start: drop.text.indexOf("Body two.") }]);
    expect(drop.tocSpans!.map((s) => drop.text.slice(s.start, s.end))).toEqual(["More body text."]);
    expect(drop.furniture!.every((f) => f.start === undefined && f.end === undefined)).toBe(true);
    expect(drop.furniture).toHaveLength(4);
  });

  it("returns the same derived object for the same model, and the model itself for keep", () => {
    const full = model();
    expect(applyFurnitureSetting(full, "drop")).toBe(applyFurnitureSetting(full, "drop"));
    const keep = applyFurnitureSetting(full, "keep");
    expect(keep.text).toBe(full.text);
    expect(keep.id).toBe(`abc${KEEP_ID_SUFFIX}`);
    expect(applyFurnitureSetting(keep, "keep")).toBe(keep);
    expect(applyFurnitureSetting(keep, "drop").id).toBe("abc");
  });

  it("leaves a model without furniture alone, and refuses to bring back what was dropped", () => {
    const plain: DocModel = { ...model(), furniture: [] };
    expect(applyFurnitureSetting(plain, "drop").text).toBe(plain.text);
    expect(applyFurnitureSetting(plain, "drop").id).toBe("abc");
    const drop = applyFurnitureSetting(model(), "drop");
    expect(() => applyFurnitureSetting(drop, "keep")).toThrow(/cannot bring it back/);
  });

  it("empties a page that held only furniture, without a stray page break", () => {
    const full = model();
    const onlyHead: DocModel = {
      ...full,
      furniture: [
        ...full.furniture!,
        {
          ...full.furniture![0]!,
          page: 2,
          start: full.pages[1]!.textStart,
          end: full.text.length,
          kind: "footer",
        },
      ],
    };
    const drop = applyFurnitureSetting(onlyHead, "drop");
    expect(drop.text).toBe("Body one runs on\n\nMore body text.");
    expect(drop.pages[1]!.textStart).toBe(drop.pages[1]!.textEnd);
  });

  it("gives the same model whether OCR comes before or after the setting", () => {
    const full = model();
    const scanned: DocModel = {
      ...full,
      pages: [
        ...full.pages,
        {
          number: 3,
          width: 100,
          height: 100,
          rotate: 0,
          textStart: full.text.length,
          textEnd: full.text.length,
          hasText: false,
        },
      ],
    };
    const page3 = {
      page: 3,
      scale: 1,
      paragraphs: [[[{ text: "Scanned", x0: 0, y0: 0, x1: 10, y1: 10, confidence: 90 }]]],
    };
    const ocrThenDrop = applyFurnitureSetting(applyOcr(scanned, [page3]), "drop");
    const dropThenOcr = applyOcr(applyFurnitureSetting(scanned, "drop"), [page3]);
    expect(ocrThenDrop.text).toBe(dropThenOcr.text);
    expect(ocrThenDrop.id).toBe(dropThenOcr.id);
    expect(ocrThenDrop.runs).toEqual(dropThenOcr.runs);
    const keepIds = [
      applyFurnitureSetting(applyOcr(scanned, [page3]), "keep").id,
      applyOcr(applyFurnitureSetting(scanned, "keep"), [page3]).id,
    ];
    expect(keepIds[0]).toBe("abc:ocr:keep");
    expect(keepIds[1]).toBe(keepIds[0]);
  });
});

describe("applyFurnitureSetting on a model whose runs are held packed", () => {
  it("gives the model it gives for objects, its runs still packed", () => {
    const packed = packDocModel(model());
    const held = unpackDocModel(packed);
    const fromObjects = applyFurnitureSetting(model(), "drop");
    const fromPacked = applyFurnitureSetting(held, "drop");
    // Runs not built: the derived model reads the extracted model's packed runs.
    expect(packedRunsOf(fromPacked).fonts).toBe(packed.runs.fonts);
    expect(runCount(fromPacked)).toBe(fromObjects.runs.length);
    expect(JSON.stringify(fromPacked)).toBe(JSON.stringify(fromObjects));
    const kept = applyFurnitureSetting(held, "keep");
    expect(packedRunsOf(kept)).toBe(packed.runs);
    expect(JSON.stringify(kept)).toBe(JSON.stringify(applyFurnitureSetting(model(), "keep")));
  });
});

describe("fileIdOf", () => {
  it("names the file a model variant was made from", () => {
    expect(fileIdOf("abc")).toBe("abc");
    expect(fileIdOf("abc:keep")).toBe("abc");
    expect(fileIdOf("abc:ocr:keep")).toBe("abc");
  });
});
