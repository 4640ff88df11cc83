import { describe, expect, it } from "vitest";
import type { Heading } from "../document";
import { headingSections, headingSpan, headingSpans } from "./headingSpans";
import { markdownHeadings } from "./markdown";

const at = (text: string, title: string, level: number, from = 0): Heading => ({
  level,
  title,
  start: text.indexOf(title, from),
});

describe("headingSpan", () => {
  it("takes a Markdown heading's whole line, markup and closing hashes included", () => {
    const text = "intro\n## Components ##\nbody";
    const [h] = markdownHeadings(text);
    const span = headingSpan(text, h!);
    expect(text.slice(span.start, span.end)).toBe("## Components ##");
  });

  it("takes a PDF heading's title, its number and a wrapped second line", () => {
    const text = "body.\n2.1 Basic types\nText.\nA Title That\nWraps Over Lines\nBody text";
    const numbered = { level: 2, title: "Basic types", start: text.indexOf("2.1") };
    expect(text.slice(...range(headingSpan(text, numbered)))).toBe("2.1 Basic types");
    const wrapped = at(text, "A Title That Wraps Over Lines", 1);
    wrapped.start = text.indexOf("A Title");
    expect(text.slice(...range(headingSpan(text, wrapped)))).toBe("A Title That\nWraps Over Lines");
  });

  it("matches outline spellings loosely (case, punctuation, ligatures) and keeps trailing punctuation", () => {
    const text = "x\n“PIRACY” —\nﬁne print";
    const h = { level: 1, title: "Piracy", start: text.indexOf("“") };
    expect(text.slice(...range(headingSpan(text, h)))).toBe("“PIRACY” —");
    const lig = { level: 2, title: "fine print", start: text.indexOf("ﬁ") };
    expect(text.slice(...range(headingSpan(text, lig)))).toBe("ﬁne print");
  });

  it("is empty when the text does not spell the title (an outline entry placed by position)", () => {
    const text = "Some body text at the top of the page";
    const span = headingSpan(text, { level: 1, title: "Chapter One", start: 0 });
    expect(span).toEqual({ start: 0, end: 0 });
  });
});

describe("headingSections", () => {
  it("leaves a setext heading's underline out of its section's text", () => {
    const text = "Guide\n=====\n\nBody one.\n\nInstall\nsteps\n---\n\nBody two.\n\n# ATX\n\nBody three.";
    const doc = { text, headings: markdownHeadings(text) };
    const bodies = headingSections(doc)
      .map((s) => text.slice(s.start, s.end).trim())
      .filter(Boolean);
    expect(bodies).toEqual(["Body one.", "Body two.", "Body three."]);
  });

  it("builds the header stack: path, chapter (H1) and section (H2); text before headings has none", () => {
    const text = [
      "Preface text.",
      "# Ch1",
      "Chapter intro.",
      "## Section 1.2",
      "### Neural Networks",
      "Deep text.",
      "#### Detail",
      "Kept inside.",
      "### Other",
      "Other text.",
      "# Ch2",
      "Last.",
    ].join("\n\n");
    const doc = { text, headings: markdownHeadings(text) };
    const sections = headingSections(doc);
    expect(sections.map((s) => text.slice(s.start, s.end))).toEqual([
      "Preface text.",
      "Chapter intro.",
      "Deep text.\n\n#### Detail\n\nKept inside.",
      "Other text.",
      "Last.",
    ]);
    expect(sections.map((s) => s.headingPath)).toEqual([
      "",
      "Ch1",
      "Ch1 > Section 1.2 > Neural Networks",
      "Ch1 > Section 1.2 > Other",
      "Ch2",
    ]);
    expect(sections.map((s) => [s.chapter, s.section])).toEqual([
      [null, null],
      ["Ch1", null],
      ["Ch1", "Section 1.2"],
      ["Ch1", "Section 1.2"],
      ["Ch2", null],
    ]);
    // Levels 1–3 leave the text; level 4 stays.
    expect(headingSpans(doc).map((s) => text.slice(s.start, s.end))).toEqual([
      "# Ch1",
      "## Section 1.2",
      "### Neural Networks",
      "### Other",
      "# Ch2",
    ]);
  });

  it("gives a section under an H3 without an H2 no section, and the whole text without headings", () => {
    const text = "# A\n\n### C\n\nbody";
    expect(headingSections({ text, headings: markdownHeadings(text) })).toEqual([
      { start: text.indexOf("body"), end: text.length, headingPath: "A > C", chapter: "A", section: null },
    ]);
    expect(headingSections({ text: "  plain  ", headings: [] })).toEqual([
      { start: 2, end: 7, headingPath: "", chapter: null, section: null },
    ]);
  });
});

function range(s: { start: number; end: number }): [number, number] {
  return [s.start, s.end];
}
