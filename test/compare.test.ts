import { describe, expect, it } from "vitest";
import type { Chunk } from "../src/core/chunk";
import {
  boundaryMarks,
  boundaryMarksByPage,
  compareBoundaries,
  leafChunks,
  normalizeBoundary,
  runBoundaries,
  scoreDeltas,
  verdictOf,
} from "../src/core/compare";
import { partOfRun } from "../src/core/citations";
import { textDocModel, type DocModel, type TextRun } from "../src/core/document";
import { runQuality } from "../src/core/quality/runQuality";
import { chunkOf, partition } from "./quality/helpers";

const TEXT = "Alpha beta gamma. Delta epsilon.\n\nZeta eta theta. Iota kappa.\n\nLambda mu nu.";
const doc = textDocModel("d", "d.txt", TEXT);
const at = (s: string) => {
  const i = TEXT.indexOf(s);
  if (i < 0) throw new Error(`"${s}" not in the text`);
  return i;
};

describe("normalizeBoundary", () => {
  it("moves an offset forward past whitespace only", () => {
    expect(normalizeBoundary(TEXT, at("Zeta") - 2)).toBe(at("Zeta"));
    expect(normalizeBoundary(TEXT, at(".\n\nZeta") + 1)).toBe(at("Zeta"));
    expect(normalizeBoundary(TEXT, at("Zeta"))).toBe(at("Zeta"));
    expect(normalizeBoundary(TEXT, at("beta") + 2)).toBe(at("beta") + 2);
    expect(normalizeBoundary("a  ", 1)).toBe(3);
  });
});

describe("runBoundaries", () => {
  it("a trimmed end and the next start are one boundary; the text's own start and end are none", () => {
    // Chunk 0 ends right after "epsilon." (trimmed), chunk 1 starts at "Zeta".
    const chunks = [chunkOf(doc, 0, 0, at("\n\nZeta")), chunkOf(doc, 1, at("Zeta"), TEXT.length)];
    expect(runBoundaries(TEXT, chunks)).toEqual([at("Zeta")]);
  });

  it("overlapping windows give two boundaries per cut, ascending", () => {
    const chunks = [chunkOf(doc, 0, 0, at("Iota")), chunkOf(doc, 1, at("Zeta"), TEXT.length)];
    expect(runBoundaries(TEXT, chunks)).toEqual([at("Zeta"), at("Iota")]);
  });

  it("uses the leaves of a parent/child run: a parent's edges are its children's", () => {
    const parent = chunkOf(doc, 0, 0, TEXT.length, { id: "p", level: "parent" });
    const kids = [
      chunkOf(doc, 1, 0, at("Zeta"), { id: "k1", parentId: "p", level: "child" }),
      chunkOf(doc, 2, at("Zeta"), at("Lambda"), { id: "k2", parentId: "p", level: "child" }),
      chunkOf(doc, 3, at("Lambda"), TEXT.length, { id: "k3", parentId: "p", level: "child" }),
    ];
    // A parent cut where no child cuts would be a false boundary: a second parent shows it is left out.
    const other = chunkOf(doc, 4, at("Iota"), TEXT.length, { id: "q", level: "parent" });
    const run = [parent, ...kids, other];
    expect(leafChunks(run).map((c) => c.id)).toEqual(["k1", "k2", "k3", "q"]);
    expect(runBoundaries(TEXT, [parent, ...kids])).toEqual([at("Zeta"), at("Lambda")]);
  });
});

describe("compareBoundaries", () => {
  it("sorts every boundary into shared, only in A and only in B, counting each once", () => {
    const a = partition(doc, [0, at("Delta"), at("Zeta"), TEXT.length]);
    // B cuts at the same paragraph break but reached through its whitespace, and elsewhere.
    const b = partition(doc, [0, at("\n\nZeta"), at("Iota"), at("Lambda") - 1, TEXT.length]);
    const r = compareBoundaries(TEXT, a, b);
    expect(r.boundaries).toEqual([
      { offset: at("Delta"), status: "only-a" },
      { offset: at("Zeta"), status: "shared" },
      { offset: at("Iota"), status: "only-b" },
      { offset: at("Lambda"), status: "only-b" },
    ]);
    expect([r.shared, r.onlyA, r.onlyB]).toEqual([1, 1, 2]);
  });

  it("identical runs share everything", () => {
    const a = partition(doc, [0, at("Delta"), at("Zeta"), at("Lambda"), TEXT.length]);
    const r = compareBoundaries(TEXT, a, a);
    expect([r.shared, r.onlyA, r.onlyB]).toEqual([3, 0, 0]);
    expect(r.boundaries.every((b) => b.status === "shared")).toBe(true);
  });

  it("a run without chunks leaves every boundary to the other", () => {
    const a = partition(doc, [0, at("Zeta"), TEXT.length]);
    expect(compareBoundaries(TEXT, [], a)).toMatchObject({ shared: 0, onlyA: 0, onlyB: 1 });
  });
});

/** One run per line, 6 pt per character, lines 20 pt apart; `dir` for the second line. */
function laidOut(lines: string[], dir?: TextRun["dir"]): DocModel {
  let text = "";
  const runs: TextRun[] = [];
  lines.forEach((line, l) => {
    if (l > 0) text += "\n";
    const start = text.length;
    text += line;
    const d = l === 1 ? dir : undefined;
    runs.push({
      page: 1 + l,
      start,
      end: text.length,
      x0: 72,
      y0: 100,
      x1: 72 + 6 * line.length,
      y1: 112,
      fontSize: 12,
      fontName: "Mono",
      ...(d ? { dir: d } : {}),
    });
  });
  return { id: "t", name: "t.pdf", text, pages: [], runs, headings: [] };
}

describe("boundaryMarks", () => {
  it("draws a boundary along the leading edge of its character, on that character's page", () => {
    const d = laidOut(["abcdef", "ghijkl"]);
    const marks = boundaryMarks(d, [
      { offset: 2, status: "only-a" },
      { offset: d.text.indexOf("g"), status: "shared" },
    ]);
    expect(marks).toHaveLength(2);
    expect(marks[0]!).toMatchObject({ page: 1, status: "only-a", y0: 100, y1: 112 });
    // Glyph advances, not a fixed pitch, place the cut inside the run: as citations cut it.
    expect(marks[0]!.x0).toBe(partOfRun(d.text, d.runs[0]!, 2, 3).x0);
    expect(marks[0]!.x0).toBeGreaterThan(72);
    expect(marks[0]!.x1).toBe(marks[0]!.x0);
    expect(marks[1]!).toMatchObject({ page: 2, x0: 72, x1: 72, status: "shared" });
  });

  it("follows the writing direction: right edge for rtl, a horizontal segment for top-to-bottom", () => {
    const rtl = laidOut(["abc", "defg"], "rtl");
    const [m] = boundaryMarks(rtl, [{ offset: rtl.text.indexOf("d"), status: "only-b" }]);
    expect(m).toMatchObject({ x0: 72 + 24, x1: 72 + 24 });
    const ttb = laidOut(["abc", "defg"], "ttb");
    const [v] = boundaryMarks(ttb, [{ offset: ttb.text.indexOf("d"), status: "only-b" }]);
    expect(v).toMatchObject({ x0: 72, x1: 72 + 24, y0: 100, y1: 100 });
  });

  it("skips a boundary with no drawn character near it, and a document without runs", () => {
    const d = laidOut(["abc"]);
    const far: DocModel = { ...d, text: d.text + " ".repeat(40) + "x" };
    expect(boundaryMarks(far, [{ offset: far.text.length - 1, status: "shared" }])).toEqual([]);
    expect(boundaryMarks(doc, [{ offset: at("Zeta"), status: "shared" }])).toEqual([]);
  });
});

describe("boundaryMarksByPage", () => {
  it("places a page's marks when asked, the same as placing them all, each page once", () => {
    const d = laidOut(["abcdef ghij", "klmnop qrst", "uvwxyz abcd"]);
    // One page per line, with the page ranges extraction gives.
    const lines = d.runs.map((r) => ({ start: r.start, end: r.end }));
    const paged: DocModel = {
      ...d,
      pages: lines.map((l, i) => ({
        number: i + 1,
        width: 600,
        height: 800,
        rotate: 0,
        textStart: i === 0 ? 0 : l.start - 1,
        textEnd: l.end,
        hasText: true,
      })),
    };
    const boundaries = [2, 8, d.text.indexOf("k"), d.text.indexOf("q"), d.text.indexOf("u") - 1, 30].map(
      (offset, i) => ({ offset, status: (["shared", "only-a", "only-b"] as const)[i % 3]! }),
    );
    const all = boundaryMarks(paged, boundaries);
    const byPage = boundaryMarksByPage(paged, boundaries);
    for (const page of [1, 2, 3]) expect(byPage.get(page)).toEqual(all.filter((m) => m.page === page));
    expect(byPage.get(2)).toBe(byPage.get(2));
    expect(byPage.get(9)).toBeUndefined();
    // Without page ranges, every mark is placed at once and grouped.
    const flat = boundaryMarksByPage(d, boundaries);
    expect(flat.get(3)).toEqual(all.filter((m) => m.page === 3));
  });
});

describe("scoreDeltas", () => {
  const md = "# Title\n\nAlpha beta gamma. Delta epsilon.\n\nZeta eta theta. Iota kappa.";
  const mdDoc = textDocModel("m", "m.md", md, [{ level: 1, title: "Title", start: 2 }]);
  const cut = (...cuts: number[]): Chunk[] => partition(mdDoc, cuts);
  const q = (chunker: string, config: Record<string, unknown>, chunks: Chunk[]) =>
    runQuality(mdDoc, { chunker, config, chunks, stats: {} });
  const i = (s: string) => md.indexOf(s);

  it("gives B − A per score and judges it where a direction means something", () => {
    // A cuts mid-sentence ("Delta | epsilon"); B cuts at the sentences.
    const a = q("recursive", { chunk_size: 40, length_unit: "chars" }, cut(0, i("epsilon"), md.length));
    const b = q(
      "recursive",
      { chunk_size: 40, length_unit: "chars" },
      cut(0, i("Zeta"), i("Iota"), md.length),
    );
    const rows = new Map(scoreDeltas(a, b).map((r) => [r.key, r]));
    expect(rows.get("chunkCount")).toMatchObject({ a: 2, b: 3, delta: 1, verdict: "changed" });
    expect(rows.get("orphanHeadings")).toMatchObject({ delta: 0, verdict: "same" });
    const mid = rows.get("midSentence")!;
    expect(mid.a).toBe(a.midSentence.share);
    expect(mid.b).toBe(b.midSentence.share);
    expect(mid.delta).toBeCloseTo(b.midSentence.share! - a.midSentence.share!);
    expect(mid.delta!).toBeLessThan(0);
    expect(mid.verdict).toBe("better");
    const ends = rows.get("endsAtSentence")!;
    expect(ends.delta!).toBeGreaterThan(0);
    expect(ends.verdict).toBe("better");
    // Sizes moved, but no direction is better.
    expect(rows.get("size.mean")!.verdict).toBe("changed");
    expect(rows.get("size.mean")!.label).toBe("Mean size (chars)");
    // Neither run computed coherence.
    expect(rows.get("coherence")).toMatchObject({ a: null, b: null, delta: null, verdict: null });
    // The swapped comparison judges the other way.
    const back = new Map(scoreDeltas(b, a).map((r) => [r.key, r]));
    expect(back.get("midSentence")!.verdict).toBe("worse");
  });

  it("does not subtract sizes measured in different units", () => {
    const a = q("token", { chunk_size: 512, chunk_overlap: 0 }, cut(0, i("Zeta"), md.length));
    const b = q("recursive", { chunk_size: 40, length_unit: "chars" }, cut(0, i("Zeta"), md.length));
    const size = scoreDeltas(a, b).find((r) => r.key === "size.mean")!;
    expect(size.a).not.toBeNull();
    expect(size.b).not.toBeNull();
    expect(size.delta).toBeNull();
    expect(size.verdict).toBeNull();
    expect(size.label).toBe("Mean size (tokens / chars)");
  });

  it("every row key is unique", () => {
    const a = q("recursive", { chunk_size: 40, length_unit: "chars" }, cut(0, md.length));
    const keys = scoreDeltas(a, a).map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("verdictOf", () => {
  it("reads the sign against the better direction; a neutral score only changes", () => {
    expect(verdictOf(0.1, "higher")).toBe("better");
    expect(verdictOf(-0.1, "higher")).toBe("worse");
    expect(verdictOf(0.1, "lower")).toBe("worse");
    expect(verdictOf(-2, "lower")).toBe("better");
    expect(verdictOf(3, null)).toBe("changed");
    expect(verdictOf(1e-12, "higher")).toBe("same");
  });
});
