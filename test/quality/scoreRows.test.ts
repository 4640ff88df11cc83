import { describe, expect, it } from "vitest";
import { textDocModel, type DocModel } from "../../src/core/document";
import { runQuality } from "../../src/core/quality/runQuality";
import { scoreRows } from "../../src/core/quality/scoreRows";
import { markdownHeadings } from "../../src/core/text/markdown";
import { partition } from "./helpers";

const TEXT = "# Intro\nOne two three. Four five six.\n\n# Next\nSeven eight nine. Ten eleven.";
const doc: DocModel = textDocModel("q", "q.md", TEXT, markdownHeadings(TEXT));
const at = (s: string) => TEXT.indexOf(s);

describe("scoreRows (the quality panel's and the report's wording)", () => {
  it("words every score of a run, in the panel's order", () => {
    const chunks = partition(doc, [0, at("two") + 1, at("# Next"), TEXT.length]);
    const q = runQuality(doc, {
      chunker: "token",
      config: { chunk_size: 100, overlap: 0 },
      chunks,
      stats: {},
    });
    const rows = Object.fromEntries(scoreRows(q).map(([id, label, value]) => [id, `${label}: ${value}`]));
    expect(Object.keys(rows)).toEqual([
      "size",
      "endsAtSentence",
      "midSentence",
      "midWord",
      "underMin",
      "overMax",
      "overEmbeddingLimit",
      "orphanHeadings",
      "overlap",
      "coverage",
      "redundancy",
      "coherence",
    ]);
    expect(rows.size).toMatch(/^Size \(tokens\): mean [\d.]+ · median [\d.]+ · \d+–\d+$/);
    expect(rows.endsAtSentence).toBe("Ends at sentence: 66.7% (2/3)");
    expect(rows.midWord).toBe("Mid-word cuts: 66.7% (2/3)");
    expect(rows.underMin).toBe("Under min: — (no min key)");
    expect(rows.overMax).toBe("Over max: 0 (> chunk_size 100)");
    expect(rows.overEmbeddingLimit).toMatch(/^Over embedding limit: 0 \(> \d+ tok\)$/);
    expect(rows.overlap).toBe("Overlap: 0 chars per pair · 0/2");
    expect(rows.coverage).toBe("Coverage: 100.0%");
    expect(rows.redundancy).toBe("Redundancy: 0.000");
    expect(rows.coherence).toBe("Coherence: —");
  });

  it("words overlap, prefixes and coherence when a run has them", () => {
    const chunks = partition(doc, [0, at("# Next"), TEXT.length]);
    const q = runQuality(doc, { chunker: "token", config: { chunk_size: 100 }, chunks, stats: {} });
    expect(
      scoreRows({ ...q, overlap: { ...q.overlap, pairs: 0 } }).find(([id]) => id === "overlap")![2],
    ).toBe("—");
    const rows = scoreRows({
      ...q,
      overlap: { ...q.overlap, pairs: 2, overlapping: 1, meanChars: 12.5, meanTokens: 3, prefixChars: 7 },
      coherence: 0.4567,
      coherenceBy: "local",
    });
    const value = (id: string) => rows.find(([rowId]) => rowId === id)![2];
    expect(value("overlap")).toBe("12.5 chars / 3 tok per pair · 1/2 (7 in prefixes)");
    expect(value("coherence")).toBe("0.457 · by local");
  });
});
