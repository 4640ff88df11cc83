import { describe, expect, it } from "vitest";
import type { Chunk } from "../chunk";
import type { DocModel } from "../document";
import {
  assignPageNumber,
  bboxConfidence,
  neutralizeFormula,
  recordOptionsFor,
  toChunkRecord,
  toCsv,
  toJsonl,
} from "./chunkRecords";

const chunk: Chunk = {
  id: "chunk_0",
  index: 0,
  start: 10,
  end: 20,
  prefixChars: 0,
  text: 'say "hi",\nok',
  tokens: 5,
  pages: [2, 3],
  boxes: [
    { page: 2, x0: 10, y0: 10, x1: 100, y1: 20 },
    { page: 2, x0: 10, y0: 22, x1: 80, y1: 32 },
    { page: 3, x0: 5, y0: 5, x1: 50, y1: 15 },
  ],
  parentId: "p1",
  flags: ["tail-inside-previous"],
  meta: { reason: "topic shift" },
};

describe("chunk records", () => {
  it("prints the contract's fields in order, then the chunker's own", () => {
    const r = toChunkRecord(chunk);
    expect(Object.keys(r)).toEqual([
      "chunk_id",
      "text",
      "tokens",
      "page",
      "pages",
      "bbox",
      "boxes",
      "start_char",
      "end_char",
      "prefix_chars",
      "flags",
      "parent_chunk_id",
      "reason",
    ]);
    expect(r.page).toBe(2);
    expect(r.bbox).toEqual([10, 10, 100, 32]);
  });

  it("gives null page and bbox without pages", () => {
    const r = toChunkRecord({ ...chunk, pages: [], boxes: [] });
    expect(r.page).toBeNull();
    expect(r.bbox).toBeNull();
  });

  it("writes one JSON object per line and quoted CSV", () => {
    const jsonl = toJsonl([chunk, { ...chunk, id: "chunk_1" }]);
    expect(
      jsonl
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l).chunk_id),
    ).toEqual(["chunk_0", "chunk_1"]);
    const csv = toCsv([chunk]);
    expect(csv.split("\r\n")[0]).toBe(
      "chunk_id,doc_id,doc_name,page,pages,start_char,end_char,prefix_chars,tokens,flags,bbox,text",
    );
    expect(csv).toContain('"say ""hi"",\nok"');
  });
});

describe("page (DESIGN §5)", () => {
  const pages = [
    { number: 1, textStart: 0, textEnd: 8 },
    { number: 2, textStart: 10, textEnd: 30 },
    { number: 3, textStart: 32, textEnd: 50 },
  ];
  const doc = { pages, id: "doc-1", name: "manual.pdf" } as unknown as Parameters<typeof recordOptionsFor>[0];

  it("assignPageNumber is ADR-018's: the page whose break comes after the offset", () => {
    expect(assignPageNumber(doc, 0)).toBe(1);
    expect(assignPageNumber(doc, 8)).toBe(1); // between pages 1 and 2: before page 2's break
    expect(assignPageNumber(doc, 10)).toBe(2);
    expect(assignPageNumber(doc, 31)).toBe(2);
    expect(assignPageNumber(doc, 49)).toBe(3);
    expect(assignPageNumber({ pages: [] }, 5)).toBeNull();
  });

  it("token's page is the seed's page of start_char; every other chunker's the first cited page", () => {
    // A window starting in the whitespace before page 2 cites page 2 first, but the seed says page 1.
    const straddling: Chunk = { ...chunk, start: 8, end: 20, pages: [2], boxes: chunk.boxes.slice(0, 2) };
    expect(toChunkRecord(straddling, recordOptionsFor(doc, "token")).page).toBe(1);
    expect(toChunkRecord(straddling, recordOptionsFor(doc, "recursive")).page).toBe(2);
    expect(JSON.parse(toJsonl([straddling], recordOptionsFor(doc, "token")))).toMatchObject({ page: 1 });
    expect(toCsv([straddling], recordOptionsFor(doc, "token")).split("\r\n")[1]).toMatch(
      /^chunk_0,doc-1,manual\.pdf,1,2,/,
    );
  });

  it("names the document in every record, after our fields and before the chunker's own", () => {
    const own: Chunk = { ...chunk, meta: { entities: ["x"] } };
    const record = toChunkRecord(own, recordOptionsFor(doc, "recursive"));
    expect(record).toMatchObject({ doc_id: "doc-1", doc_name: "manual.pdf" });
    const keys = Object.keys(record);
    expect(keys.indexOf("doc_id")).toBe(keys.indexOf("flags") + 1);
    expect(keys.indexOf("doc_name")).toBe(keys.indexOf("doc_id") + 1);
    expect(keys.at(-1)).toBe("entities");
    expect(toCsv([own], recordOptionsFor(doc, "recursive")).split("\r\n")[0]).toMatch(
      /^chunk_id,doc_id,doc_name,/,
    );
    // Without a document (a caller that has none) the fields are left out, not invented.
    expect(toChunkRecord(own)).not.toHaveProperty("doc_id");
  });
});

describe("CSV formula cells (OWASP)", () => {
  it("neutralizes text cells that start with = + - @ tab or CR, unless raw is asked for", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(neutralizeFormula(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(neutralizeFormula("plain")).toBe("plain");
    const formula: Chunk = { ...chunk, text: '=HYPERLINK("http://x")', flags: [] };
    const row = toCsv([formula]).split("\r\n")[1]!;
    expect(row.endsWith(`"'=HYPERLINK(""http://x"")"`)).toBe(true);
    expect(toCsv([formula], { csvRaw: true }).split("\r\n")[1]!.endsWith(`"=HYPERLINK(""http://x"")"`)).toBe(
      true,
    );
    // Numbers stay numbers.
    expect(row.startsWith("chunk_0,,,2,2 3,10,20,0,5,,")).toBe(true);
    // A document name is text like any other: a formula there is neutralized too.
    const named = toCsv([formula], { doc: { id: "d", name: "=cmd|calc.pdf" } }).split("\r\n")[1]!;
    expect(named.startsWith("chunk_0,d,'=cmd|calc.pdf,")).toBe(true);
  });
});

describe("bboxConfidence (ADR-018's bbox_confidence)", () => {
  const pages = [
    { number: 1, ocr: undefined },
    { number: 2, ocr: { confidence: 87.5 } },
  ] as unknown as DocModel["pages"];

  it("is 1 on a page with the PDF's own text positions, the OCR mean (0–1) on a recognized one, null without a page", () => {
    expect(bboxConfidence({ pages }, 1)).toBe(1);
    expect(bboxConfidence({ pages }, 2)).toBe(0.875);
    expect(bboxConfidence({ pages }, null)).toBeNull();
    expect(bboxConfidence({ pages: [] }, 3)).toBeNull();
  });

  it("is a token record's field, after the contract's keys; other chunkers have none", () => {
    const doc = { id: "d", name: "d.pdf", pages } as unknown as DocModel;
    const chunk = {
      id: "c",
      index: 0,
      start: 0,
      end: 1,
      prefixChars: 0,
      text: "x",
      tokens: 1,
      pages: [1],
      boxes: [],
      flags: [],
      meta: {},
    };
    const token = toChunkRecord(
      chunk,
      recordOptionsFor({ ...doc, pages: [{ ...pages[0]!, textStart: 0 }] } as DocModel, "token"),
    );
    expect(token.bbox_confidence).toBe(1);
    expect(Object.keys(token).indexOf("bbox_confidence")).toBeGreaterThan(
      Object.keys(token).indexOf("flags"),
    );
    expect("bbox_confidence" in toChunkRecord(chunk, recordOptionsFor(doc, "recursive"))).toBe(false);
  });
});
