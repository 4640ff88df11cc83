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

  it("reads setext headings (=== level 1, --- level 2), not thematic breaks, lists, quotes, code or front matter", () => {
    const md =
      "---\ntitle: x\n---\nGuide\n=====\n\nBody\n\n  Install\nsteps\n---\n\n---\n\n- item\n---\n\n> q\n---\n\n    code\n---\n```\nNo\n===\n```\n## ATX ##\nPara\n***\n---\n";
    const hs = markdownHeadings(md);
    expect(hs.map((h) => [h.level, h.title])).toEqual([
      [1, "Guide"],
      [2, "Install steps"],
      [2, "ATX"],
    ]);
    expect(markdownHeadings("Title\r\n=====\r\n\r\nbody\r\n")).toEqual([
      { level: 1, title: "Title", start: 0 },
    ]);
  });
});
