import { describe, expect, it } from "vitest";
import { markdownHeadings } from "./markdown";

describe("markdownHeadings", () => {
  it("finds ATX headings with their levels and title offsets, skipping code fences", () => {
    const md = "# Title\n\nBody\n\n## Section 1.2 ##\n```\n# not a heading\n```\n###### Deep\n#NoSpace\n";
    const hs = markdownHeadings(md);
    expect(hs.map((h) => [h.level, h.title])).toEqual([
      [1, "Title"],
      [2, "Section 1.2"],
      [6, "Deep"],
    ]);
    for (const h of hs) expect(md.slice(h.start, h.start + h.title.length)).toBe(h.title);
  });
});
