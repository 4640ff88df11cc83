/**
 * Extraction of PDFs generated with pdf-lib, where the truth is known: every string's place on the
 * page (font metrics), rotation, crop box, paragraph structure, font sizes and page labels.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DocModel, TextRun } from "../../src/core/document";
import { sha256Hex } from "../../src/core/text/hash";
import { extractPdfBytes } from "../../src/pdf/node";
import {
  advanceOf,
  displayPoint,
  displaySize,
  fixtureFonts,
  geometryPdf,
  headingsPdf,
  labelsPdf,
  layoutPdf,
  truthRect,
  type Fixture,
  type PageSpec,
  type PlacedText,
} from "../fixtures/pdfs";

function runText(doc: DocModel, run: TextRun): string {
  return doc.text.slice(run.start, run.end);
}

function pageText(doc: DocModel, page: number): string {
  const p = doc.pages[page - 1]!;
  return doc.text.slice(p.textStart, p.textEnd);
}

/** The run holding exactly the placed string on its page. */
function runOf(doc: DocModel, placed: PlacedText): TextRun {
  const run = doc.runs.find((r) => r.page === placed.page && runText(doc, r) === placed.text);
  if (!run) throw new Error(`no run "${placed.text}" on page ${placed.page}`);
  return run;
}

/**
 * Our box against the truth: along the text within 1 pt; across it, overlapping the true line and
 * no further than half a font size from it.
 */
function expectBoxMatches(run: TextRun, spec: PageSpec, placed: PlacedText): void {
  const truth = truthRect(spec, placed);
  const label = `"${placed.text}" p${placed.page}`;
  const [a0, a1, b0, b1, t0, t1, u0, u1] =
    truth.axis === "x"
      ? [run.x0, run.x1, truth.x0, truth.x1, run.y0, run.y1, truth.y0, truth.y1]
      : [run.y0, run.y1, truth.y0, truth.y1, run.x0, run.x1, truth.x0, truth.x1];
  expect(Math.abs(a0 - b0), `${label} start along the text`).toBeLessThan(1);
  expect(Math.abs(a1 - b1), `${label} end along the text`).toBeLessThan(1);
  expect(t0 < u1 && t1 > u0, `${label} across: [${t0}, ${t1}] overlaps [${u0}, ${u1}]`).toBe(true);
  expect(t0, label).toBeGreaterThan(u0 - placed.size / 2);
  expect(t1, label).toBeLessThan(u1 + placed.size / 2);
}

describe("text assembly (layout fixture)", () => {
  let fx: Fixture;
  let doc: DocModel;
  beforeAll(async () => {
    fx = await layoutPdf();
    doc = await extractPdfBytes(fx.bytes, { name: "layout.pdf" });
  });

  it("identifies the document by the sha256 of its bytes and keeps its name", async () => {
    expect(doc.id).toBe(await sha256Hex(fx.bytes));
    expect(doc.id).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.name).toBe("layout.pdf");
  });

  it("puts a space between items apart on a line, none between touching ones", () => {
    // "Alpha" | "Beta" (bold) one space apart; "Gam" | "ma" (bold) touching; "Delta" far away.
    expect(pageText(doc, 1).split("\n")[0]).toBe("Alpha Beta Gamma Delta");
    const first = doc.runs.filter((r) => r.page === 1).slice(0, 5);
    expect(first.map((r) => runText(doc, r))).toEqual(["Alpha", "Beta", "Gam", "ma", "Delta"]);
  });

  it("ends lines with a newline and separates paragraphs by a blank line", () => {
    expect(pageText(doc, 1)).toBe(
      [
        "Alpha Beta Gamma Delta",
        "",
        "The first paragraph starts here and runs",
        "over three lines of body text that follow",
        "each other at the usual line spacing.",
        "",
        "The second paragraph begins after a gap",
        "and ends on its second line.",
      ].join("\n"),
    );
  });

  it("keeps content order for two columns, the column change a paragraph break", () => {
    expect(pageText(doc, 2)).toBe(
      [
        "Left column first line",
        "left column second line",
        "left column ends.",
        "",
        "Right column first line",
        "right column second line",
        "right column ends.",
      ].join("\n"),
    );
  });

  it("extracts WinAnsi accented text", () => {
    expect(pageText(doc, 3)).toBe("Café über Straße");
  });

  it("gives each page its own range, pages in order, separated by a blank line", () => {
    expect(doc.pages.map((p) => p.number)).toEqual([1, 2, 3]);
    for (const [i, p] of doc.pages.entries()) {
      expect(p.hasText).toBe(true);
      expect(p.error).toBeUndefined();
      if (i > 0) expect(doc.text.slice(doc.pages[i - 1]!.textEnd, p.textStart)).toBe("\n\n");
    }
    expect(doc.pages[0]!.textStart).toBe(0);
    expect(doc.pages[2]!.textEnd).toBe(doc.text.length);
    for (const run of doc.runs) {
      const p = doc.pages[run.page - 1]!;
      expect(run.start).toBeGreaterThanOrEqual(p.textStart);
      expect(run.end).toBeLessThanOrEqual(p.textEnd);
    }
  });

  it("makes runs sorted, disjoint, with visible text only", () => {
    let prevEnd = 0;
    for (const run of doc.runs) {
      expect(run.start).toBeGreaterThanOrEqual(prevEnd);
      expect(run.end).toBeGreaterThan(run.start);
      const t = runText(doc, run);
      expect(t.trim()).toBe(t);
      expect(t).not.toBe("");
      prevEnd = run.end;
    }
  });

  it("places every string where it was drawn", () => {
    for (const placed of fx.placed) expectBoxMatches(runOf(doc, placed), fx.pages[placed.page - 1]!, placed);
  });

  it("records font size and a font name", () => {
    const run = runOf(doc, fx.placed[0]!);
    expect(run.fontSize).toBeCloseTo(12, 3);
    expect(run.fontName).not.toBe("");
    expect(run.dir).toBe("ltr");
  });

  it("has the x extent of font metrics (Helvetica 12 'Alpha' at x=72)", async () => {
    const { regular } = await fixtureFonts();
    const run = runOf(doc, fx.placed[0]!);
    expect(run.x0).toBeCloseTo(72, 1);
    expect(Math.abs(run.x1 - (72 + advanceOf(regular, "Alpha", 12)))).toBeLessThan(0.1);
    // Baseline at y=700 on a 792 pt page: 92 pt from the top; the box spans it.
    expect(run.y0).toBeLessThan(92);
    expect(run.y1).toBeGreaterThan(92);
  });
});

describe("geometry: rotation and crop box", () => {
  let fx: Fixture;
  let doc: DocModel;
  beforeAll(async () => {
    fx = await geometryPdf();
    doc = await extractPdfBytes(fx.bytes, { name: "geometry.pdf" });
  });

  it("reports the displayed page size and the rotation", () => {
    expect(doc.pages.map((p) => p.rotate)).toEqual([0, 90, 180, 270, 0, 90]);
    fx.pages.forEach((spec, i) => {
      const [w, h] = displaySize(spec);
      expect(doc.pages[i]!.width).toBeCloseTo(w, 3);
      expect(doc.pages[i]!.height).toBeCloseTo(h, 3);
    });
  });

  it("checks the truth formula itself on /Rotate 90: (x, y) displays at (y, x)", () => {
    expect(displayPoint({ rotate: 90, texts: [] }, 72, 700)).toEqual([700, 72]);
    expect(displayPoint({ rotate: 180, texts: [] }, 72, 700)).toEqual([540, 700]);
    expect(displayPoint({ rotate: 270, texts: [] }, 72, 700)).toEqual([92, 540]);
    expect(displayPoint({ cropBox: [50, 100, 400, 500], texts: [] }, 80, 450)).toEqual([30, 150]);
  });

  it("places every string on the displayed page (rotated, cropped, both)", () => {
    for (const placed of fx.placed) expectBoxMatches(runOf(doc, placed), fx.pages[placed.page - 1]!, placed);
  });

  it("says which way characters advance on the displayed page", () => {
    const dirs = fx.pages.map((_, i) => doc.runs.find((r) => r.page === i + 1)!.dir);
    expect(dirs).toEqual(["ltr", "ttb", "rtl", "btt", "ltr", "ttb"]);
  });

  it("keeps boxes inside the displayed page", () => {
    for (const run of doc.runs) {
      const page = doc.pages[run.page - 1]!;
      expect(run.x0).toBeGreaterThanOrEqual(0);
      expect(run.y0).toBeGreaterThanOrEqual(0);
      expect(run.x1).toBeLessThanOrEqual(page.width);
      expect(run.y1).toBeLessThanOrEqual(page.height);
    }
  });
});

describe("headings from font sizes", () => {
  it("finds the title and the 16 pt and 13 pt headings as levels 1–3, not the body or a bold line", async () => {
    const fx = await headingsPdf();
    const doc = await extractPdfBytes(fx.bytes, { name: "headings.pdf" });
    expect(doc.headings.map((h) => [h.level, h.title])).toEqual([
      [1, "Annual Report"],
      [2, "Introduction"],
      [3, "Background and scope"],
      [2, "Methods"],
      [3, "Data collection"],
    ]);
    for (const h of doc.headings) expect(doc.text.slice(h.start, h.start + h.title.length)).toBe(h.title);
    const starts = doc.headings.map((h) => h.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("finds no headings where all text has one size", async () => {
    const fx = await layoutPdf();
    const doc = await extractPdfBytes(fx.bytes, { name: "layout.pdf" });
    expect(doc.headings).toEqual([]);
  });
});

describe("page labels", () => {
  it("keeps the document's labels beside the physical numbers", async () => {
    const fx = await labelsPdf();
    const doc = await extractPdfBytes(fx.bytes, { name: "labels.pdf" });
    expect(doc.pages.map((p) => [p.number, p.label])).toEqual([
      [1, "i"],
      [2, "ii"],
      [3, "1"],
      [4, "2"],
    ]);
  });

  it("sets no label when the document defines none", async () => {
    const fx = await layoutPdf();
    const doc = await extractPdfBytes(fx.bytes, { name: "layout.pdf" });
    expect(doc.pages.every((p) => !("label" in p))).toBe(true);
  });
});

describe("progress and cancellation", () => {
  it("reports progress page by page", async () => {
    const fx = await layoutPdf();
    const calls: [number, number][] = [];
    await extractPdfBytes(fx.bytes, { name: "layout.pdf", onProgress: (d, t) => calls.push([d, t]) });
    expect(calls).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it("stops between pages when the signal fires", async () => {
    const fx = await layoutPdf();
    const controller = new AbortController();
    const seen: number[] = [];
    const run = extractPdfBytes(fx.bytes, {
      name: "layout.pdf",
      signal: controller.signal,
      onProgress: (done) => {
        seen.push(done);
        if (done === 1) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: "AbortError", code: "aborted" });
    expect(seen).toEqual([0, 1]);
  });

  it("does not start when the signal has already fired", async () => {
    const fx = await layoutPdf();
    await expect(
      extractPdfBytes(fx.bytes, { name: "layout.pdf", signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: "aborted" });
  });

  it("stops when aborted while it starts, with the reason in the message", async () => {
    const fx = await layoutPdf();
    const controller = new AbortController();
    const run = extractPdfBytes(fx.bytes, { name: "layout.pdf", signal: controller.signal });
    queueMicrotask(() => controller.abort(new Error("user closed the tab")));
    const err: unknown = await run.catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "AbortError", code: "aborted" });
    expect((err as Error).message).toContain("user closed the tab");
  });

  it("leaves the caller's bytes intact (pdf.js gets a copy)", async () => {
    const fx = await layoutPdf();
    const copy = fx.bytes.slice();
    await extractPdfBytes(fx.bytes, { name: "layout.pdf" });
    expect(fx.bytes.byteLength).toBe(copy.byteLength);
    expect(Buffer.from(fx.bytes).equals(Buffer.from(copy))).toBe(true);
  });
});
