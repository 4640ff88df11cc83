import { describe, expect, it } from "vitest";
import { textDocModel } from "../../src/core/document";
import { docIndex } from "../../src/core/quality/docIndex";
import { markdownHeadings } from "../../src/core/text/markdown";

describe("docIndex", () => {
  it("is built once per document object and reused by every run", () => {
    const doc = textDocModel("i", "i.txt", "One. Two.");
    expect(docIndex(doc)).toBe(docIndex(doc));
    expect(docIndex({ ...doc })).not.toBe(docIndex(doc));
  });

  it("holds sentences without line wraps, heading lines, and prefix counts of characters and bytes", () => {
    const text = "# Title\nOne two\nthree. Four é.\n\nFive";
    const index = docIndex(textDocModel("j", "j.md", text, markdownHeadings(text)));
    const sentences = Array.from(index.sentenceStarts, (s, i) => text.slice(s, index.sentenceEnds[i]));
    expect(sentences).toEqual(["# Title", "One two\nthree.", "Four é.", "Five"]);
    expect(Array.from(index.headingLineStarts)).toEqual([0]);
    expect(Array.from(index.headingLineEnds)).toEqual([7]);
    expect(Array.from(index.headingTitleStarts)).toEqual([2]);
    expect(index.nonSpace[text.length]).toBe(text.replace(/\s/g, "").length);
    expect(index.utf8()[text.length]).toBe(new TextEncoder().encode(text).length);
    expect(index.utf8()).toBe(index.utf8());
  });
});
