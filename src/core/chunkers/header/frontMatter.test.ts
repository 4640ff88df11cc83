import { describe, expect, it } from "vitest";
import { frontMatterOf, tagsOf, wikilinksOf } from "./frontMatter";

describe("frontMatterOf", () => {
  it("reads a leading YAML block and where the body starts", () => {
    const text = "---\ntitle: Notes\naliases: [N]\n---\n# Body\n";
    const front = frontMatterOf(text)!;
    expect(front.fields).toEqual({ title: "Notes", aliases: ["N"] });
    expect(text.slice(front.end)).toBe("# Body\n");
  });

  it("is null for no block, an unclosed one, a non-mapping, or a rule that is not YAML", () => {
    expect(frontMatterOf("# Title\n---\n")).toBeNull();
    expect(frontMatterOf("---\ntitle: x\n")).toBeNull();
    expect(frontMatterOf("---\n- a\n- b\n---\n")).toBeNull();
    expect(frontMatterOf("---\n: : :\n\t- [\n---\n")).toBeNull();
  });

  it("never reads prototype keys as data", () => {
    const front = frontMatterOf('---\n"__proto__": {polluted: true}\nok: 1\n---\n')!;
    expect(front.fields).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});

describe("tagsOf and wikilinksOf", () => {
  it("takes front matter tags, then #tags in prose (not headings, numbers or code), once each", () => {
    const text = "---\ntags: a, b\n---\n# Heading\nText #b and #c-d/e, not #1.\n```\n#code\n```\n";
    expect(tagsOf(text, frontMatterOf(text))).toEqual(["a", "b", "c-d/e"]);
  });

  it("lists each [[target]] once, without its label or heading", () => {
    expect(wikilinksOf("[[A]] [[B|label]] [[C#Part]] [[A]]")).toEqual(["A", "B", "C"]);
  });
});
