import { describe, expect, it } from "vitest";
import { contextualText, headingPathsAt } from "./contextualize";

describe("headingPathsAt", () => {
  const text = "Intro\n\n# A\nalpha\n## A.1\none\n# B\nbeta";
  const doc = {
    text,
    headings: [
      { level: 2, title: "A.1", start: text.indexOf("## A.1") },
      { level: 1, title: "A", start: text.indexOf("# A") },
      { level: 1, title: "B", start: text.indexOf("# B") },
    ],
  };

  it("gives the headings open at each offset, a same-or-higher level closing the deeper ones", () => {
    const at = (s: string) => text.indexOf(s);
    expect(headingPathsAt(doc, [at("beta"), 0, at("one"), at("alpha")])).toEqual(["B", "", "A > A.1", "A"]);
  });

  it("reads from an offset's first visible character (a chunk opening on the blank line before a heading)", () => {
    expect(headingPathsAt(doc, [text.indexOf("\n\n# A")])).toEqual(["A"]);
  });
});

describe("contextualText", () => {
  it("puts the path on its own line before the text, unless there is none or the text opens with it", () => {
    expect(contextualText("A > B", "body")).toBe("A > B\nbody");
    expect(contextualText("", "body")).toBe("body");
    expect(contextualText("A > B", "A > B\nbody")).toBe("A > B\nbody");
  });
});
