/**
 * Reading order of mixed-direction lines through pdf.js: a generated PDF whose lines are drawn
 * left to right in visual order (a table-of-contents entry, an Arabic sentence with a Latin word,
 * a Latin sentence with an Arabic word), and the corpus's Arabic PDF line by line against poppler's
 * logical order. The corpus part skips without ../shared/corpus or `pdftotext`.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { DocModel } from "../../src/core/document";
import { extractPdfBytes, extractPdfFile } from "../../src/pdf/node";
import { haveCorpus, havePdftotext, SHARED } from "../support/fixtures";

/**
 * Arabic letters as single-byte codes of a Helvetica font whose /ToUnicode maps them back: pdf-lib
 * cannot shape Arabic, but pdf.js (like poppler) reads the text through /ToUnicode. Unjoined
 * letters are enough for reading order.
 */
const ARABIC = "مقدةتعلبسريغ";
const CODE_OF = new Map([...ARABIC].map((ch, i) => [ch, 0x61 + i]));

function toUnicodeCMap(): string {
  const pairs = [...ARABIC].map(
    (ch, i) => `<${(0x61 + i).toString(16)}> <${ch.codePointAt(0)!.toString(16).padStart(4, "0")}>`,
  );
  return [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def /CMapType 2 def",
    "1 begincodespacerange <00> <FF> endcodespacerange",
    `${pairs.length} beginbfchar`,
    ...pairs,
    "endbfchar endcmap CMapName currentdict /CMap defineresource pop end end",
  ].join("\n");
}

/** An Arabic word as drawn: its letters left to right (the logical order reversed), as a hex string. */
function drawnArabic(word: string): string {
  const codes = [...word].reverse().map((ch) => {
    const code = CODE_OF.get(ch);
    if (code === undefined) throw new Error(`no code for ${ch}`);
    return code.toString(16);
  });
  return `<${codes.join("")}>`;
}

/** `BT /font 10 Tf x y Td text Tj ET`: one string at a place, Latin in parentheses, Arabic in hex. */
function show(font: "FL" | "FA", x: number, y: number, text: string): string {
  const operand = font === "FA" ? drawnArabic(text) : `(${text})`;
  return `BT /${font} 10 Tf ${x} ${y} Td ${operand} Tj ET`;
}

const DOTS = ".".repeat(40);

async function mixedDirectionPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(new Date(Date.UTC(2024, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2024, 0, 1)));
  const page = pdf.addPage([612, 792]);
  const latin = pdf.context.register(
    pdf.context.obj({ Type: "Font", Subtype: "Type1", BaseFont: "Helvetica", Encoding: "WinAnsiEncoding" }),
  );
  const arabic = pdf.context.register(
    pdf.context.obj({
      Type: "Font",
      Subtype: "Type1",
      BaseFont: "Helvetica",
      ToUnicode: pdf.context.register(pdf.context.stream(toUnicodeCMap())),
    }),
  );
  page.node.set(pdf.context.obj("Resources") as never, pdf.context.obj({ Font: { FL: latin, FA: arabic } }));
  // Everything drawn left to right, as a layout engine places it.
  const content = [
    // Table of contents: page number, leader dots, right-aligned title "مقدمة" (introduction).
    show("FL", 72, 700, "12"),
    show("FL", 90, 700, DOTS),
    show("FA", 500, 700, "مقدمة"),
    // "تعلم لغة Python بسرعة" (learn the Python language quickly), right to left.
    show("FA", 400, 670, "بسرعة"),
    show("FL", 430, 670, "Python"),
    show("FA", 468, 670, "لغة"),
    show("FA", 490, 670, "تعلم"),
    // "The word عربي means Arabic", left to right.
    show("FL", 72, 640, "The word"),
    show("FA", 120, 640, "عربي"),
    show("FL", 145, 640, "means Arabic"),
  ].join("\n");
  page.node.set(pdf.context.obj("Contents") as never, pdf.context.register(pdf.context.stream(content)));
  return pdf.save({ useObjectStreams: false });
}

function lines(d: DocModel): string[] {
  return d.text.split("\n").filter((l) => l.trim() !== "");
}

describe("mixed-direction lines through pdf.js", () => {
  it("come out in logical order, each string one run in its drawn place", async () => {
    const d = await extractPdfBytes(await mixedDirectionPdf(), { name: "mixed.pdf" });
    expect(lines(d)).toEqual([`مقدمة ${DOTS} 12`, "تعلم لغة Python بسرعة", "The word عربي means Arabic"]);
    const runText = (i: number): string => d.text.slice(d.runs[i]!.start, d.runs[i]!.end);
    expect(d.runs.map((_, i) => runText(i))).toEqual([
      "مقدمة",
      DOTS,
      "12",
      "تعلم",
      "لغة",
      "Python",
      "بسرعة",
      "The word",
      "عربي",
      "means Arabic",
    ]);
    // The title keeps its box at the right, the page number at the left.
    expect(d.runs[0]!.x0).toBeCloseTo(500, 0);
    expect(d.runs[0]!.dir).toBe("rtl");
    expect(d.runs[2]!.x0).toBeCloseTo(72, 0);
  });
});

const CORPUS = path.join(SHARED, "corpus");
const haveFiles = haveCorpus();
const hasPdftotext = havePdftotext();

/**
 * A line compared across extractors: NFKC (presentation forms), no bidi controls (poppler wraps
 * Arabic lines in U+202B … U+202C), no whitespace (the two space differently) and no Arabic vowel
 * marks (poppler and pdf.js place a mark before or after its letter differently).
 */
function comparable(line: string): string {
  return line
    .normalize("NFKC")
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, "")
    .replace(/[\u064b-\u065f\u0670]/gu, "")
    .replace(/\s+/gu, "");
}

describe.skipIf(!haveFiles || !hasPdftotext)("corpus: RTL lines in poppler's logical order", () => {
  it("rtl-arabic-word.pdf: every line as pdftotext reads it", async () => {
    const file = path.join(CORPUS, "rtl-arabic-word.pdf");
    const poppler = spawnSync("pdftotext", ["-cropbox", file, "-"], { encoding: "utf8" });
    expect(poppler.status).toBe(0);
    const theirs = poppler.stdout
      .split(/[\n\f]/u)
      .map(comparable)
      .filter(Boolean);
    const ours = (await extractPdfFile(file)).text.split("\n").map(comparable).filter(Boolean);
    expect(theirs.length).toBeGreaterThan(10);
    expect(ours).toEqual(theirs);
  });
});
