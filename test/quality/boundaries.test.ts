import { describe, expect, it } from "vitest";
import { textDocModel, type DocModel } from "../../src/core/document";
import { edgeReport, splitsWord } from "../../src/core/quality/boundaries";
import { docIndex, unwrapLines } from "../../src/core/quality/docIndex";
import { markdownHeadings } from "../../src/core/text/markdown";

const TEXT = "Alpha beta gamma. Delta epsilon.\n\n# Heading Two\nZeta eta theta\nwraps here. Iota kappa.";
const doc: DocModel = textDocModel("d", "d.md", TEXT, markdownHeadings(TEXT));
const at = (s: string) => {
  const i = TEXT.indexOf(s);
  if (i < 0) throw new Error(`"${s}" not in the text`);
  return i;
};
const edges = (start: number, end: number) => edgeReport(TEXT, docIndex(doc), start, end);

describe("edgeReport", () => {
  it("a chunk ending after a sentence's full stop ends at a sentence, cutting nothing", () => {
    expect(edges(0, at("Delta"))).toEqual({
      endsAtSentence: true,
      midSentence: false,
      midWord: false,
      orphanHeading: false,
    });
  });

  it("a chunk ending inside a word is a mid-word and mid-sentence cut", () => {
    const r = edges(0, at("beta") + 2);
    expect(r.midWord).toBe(true);
    expect(r.midSentence).toBe(true);
    expect(r.endsAtSentence).toBe(false);
  });

  it("a chunk starting inside a sentence, between words, is mid-sentence but not mid-word", () => {
    const r = edges(at("gamma"), at("Delta"));
    expect(r.midSentence).toBe(true);
    expect(r.midWord).toBe(false);
    expect(r.endsAtSentence).toBe(true);
  });

  it("a line wrap is not a sentence end (extracted PDF text has one per printed line)", () => {
    const r = edges(at("Zeta"), at("wraps"));
    expect(r.endsAtSentence).toBe(false);
    expect(r.midSentence).toBe(true);
    expect(edges(at("Zeta"), at("Iota")).endsAtSentence).toBe(true);
  });

  it("a paragraph's end without punctuation ends a sentence", () => {
    const text = "No full stop here\n\nNext paragraph.";
    const d = textDocModel("p", "p.txt", text);
    expect(edgeReport(text, docIndex(d), 0, text.indexOf("Next")).endsAtSentence).toBe(true);
  });

  it("flags a chunk that is only a heading, or ends with one, as an orphan heading", () => {
    expect(edges(at("# Heading"), at("Zeta")).orphanHeading).toBe(true);
    expect(edges(0, at("Zeta")).orphanHeading).toBe(true);
    expect(edges(at("# Heading"), TEXT.length).orphanHeading).toBe(false);
    // Ending on the "# " markup alone is not ending on the heading.
    expect(edges(0, at("# Heading") + 1).orphanHeading).toBe(false);
  });

  it("never calls the document's own start or end a cut", () => {
    const r = edges(0, TEXT.length);
    expect(r.midWord).toBe(false);
    expect(r.midSentence).toBe(false);
    expect(r.endsAtSentence).toBe(true);
  });

  it("reports nothing for a whitespace-only range", () => {
    const gap = at("\n\n#");
    expect(edges(gap, gap + 2)).toEqual({
      endsAtSentence: false,
      midSentence: false,
      midWord: false,
      orphanHeading: false,
    });
  });
});

describe("splitsWord", () => {
  it("is true between two letters or digits of one word", () => {
    expect(splitsWord("hello world", 2)).toBe(true);
    expect(splitsWord("12345", 3)).toBe(true);
    expect(splitsWord("cafe\u0301", 4)).toBe(true); // before a combining accent
  });

  it("is false at spaces, punctuation and the text's ends", () => {
    expect(splitsWord("hello world", 5)).toBe(false);
    expect(splitsWord("hello world", 6)).toBe(false);
    expect(splitsWord("don't", 3)).toBe(false);
    expect(splitsWord("abc", 0)).toBe(false);
    expect(splitsWord("abc", 3)).toBe(false);
  });

  it("is false between ideographs, which are written without spaces", () => {
    expect(splitsWord("日本語", 1)).toBe(false);
  });

  it("is true inside a surrogate pair and between astral letters", () => {
    expect(splitsWord("a😀b", 2)).toBe(true);
    expect(splitsWord("𝐀𝐁", 2)).toBe(true);
    expect(splitsWord("a😀b", 1)).toBe(false);
  });
});

describe("unwrapLines", () => {
  it("turns line wraps into spaces and keeps blank lines, list items, table rows and kept offsets", () => {
    const text = "one\ntwo\n\nthree\n- item\n| a |\nfour\nfive";
    const kept = text.indexOf("\nfive");
    const out = unwrapLines(text, new Set([kept]));
    expect(out).toHaveLength(text.length);
    expect(out).toBe("one two\n\nthree\n- item\n| a | four\nfive");
  });
});
