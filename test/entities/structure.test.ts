/** The seed's semantic boundaries: sentence ends (so paragraph ends) and the starts of heading lines. */
import { describe, expect, it } from "vitest";
import { textDocModel } from "../../src/core/document";
import { docStructure, semanticBoundaries } from "../../src/core/entities/structure";
import { markdownHeadings } from "../../src/core/text/markdown";
import { segmentSentences } from "../../src/core/text/segment";

describe("semanticBoundaries", () => {
  it("sentence ends and heading line starts, ascending and unique", () => {
    const text = "Intro one. Intro two\n\n## Part\n\nBody text.";
    const doc = textDocModel("s", "s.md", text, markdownHeadings(text));
    const b = semanticBoundaries(doc, segmentSentences(text));
    expect(b).toEqual([10, 20, text.indexOf("## Part"), text.indexOf("## Part") + 7, text.length]);
  });

  it("docStructure is computed once per document object and text", () => {
    const doc = textDocModel("s", "s.txt", "A b. C d.");
    const first = docStructure(doc);
    expect(docStructure(doc)).toBe(first);
    expect(first.boundaries).toEqual([4, 9]);
    const changed = { ...doc, text: "A b c." };
    expect(docStructure(changed).boundaries).toEqual([6]);
  });
});
