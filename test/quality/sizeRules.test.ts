import { describe, expect, it } from "vitest";
import { CHUNKERS } from "../../src/core/chunkers/registry";
import { chunkSizeIn, ruleFor, sizeRules, UNIT_ABBREVIATION } from "../../src/core/quality/sizeRules";

describe("sizeRules", () => {
  it("maps each chunker to its own size keys and unit", () => {
    expect(sizeRules("token", { chunk_size: 512, overlap: 50 })).toEqual([
      { unit: "tokens", target: { key: "chunk_size", value: 512 }, max: { key: "chunk_size", value: 512 } },
    ]);
    expect(sizeRules("header", { min_chunk_chars: 200, max_chunk_chars: 2000 })[0]).toMatchObject({
      unit: "chars",
      target: { key: "max_chunk_chars", value: 2000 },
      min: { key: "min_chunk_chars", value: 200 },
      max: { key: "max_chunk_chars", value: 2000 },
    });
    expect(sizeRules("entity", { target_size: 800, min_size: 500, max_size: 1200 })[0]).toMatchObject({
      unit: "chars",
      target: { key: "target_size", value: 800 },
      min: { key: "min_size", value: 500 },
      max: { key: "max_size", value: 1200 },
    });
    expect(sizeRules("simple", { max_bytes: 2048 })[0]).toMatchObject({ unit: "bytes" });
    expect(sizeRules("hybrid", { max_chunk_tokens: 450 })[0]!.target).toEqual({
      key: "max_chunk_tokens",
      value: 450,
    });
  });

  it("follows the recursive chunker's length_unit", () => {
    expect(sizeRules("recursive", { chunk_size: 400, length_unit: "tokens" })[0]!.unit).toBe("tokens");
    expect(sizeRules("recursive", { chunk_size: 1000, length_unit: "chars" })[0]!.unit).toBe("chars");
  });

  it("measures hierarchical children and parents against their own sizes", () => {
    const rules = sizeRules("hierarchical", { parent_chunk_size: 1500, child_chunk_size: 400 });
    expect(ruleFor(rules, "child").max).toEqual({ key: "child_chunk_size", value: 400 });
    expect(ruleFor(rules, "parent").max).toEqual({ key: "parent_chunk_size", value: 1500 });
    expect(ruleFor(rules, undefined)).toBe(rules[0]);
  });

  it("gives late chunkers a target but no maximum (target_tokens is crossed by design)", () => {
    const [rule] = sizeRules("late-jaccard", { target_tokens: 450, max_tokens: 8000 });
    expect(rule!.target).toEqual({ key: "target_tokens", value: 450 });
    expect(rule!.max).toBeUndefined();
  });

  it("knows a target for every registered chunker's defaults (LangChain's and LlamaIndex's semantic splitters have none)", () => {
    for (const spec of CHUNKERS) {
      const [rule] = sizeRules(spec.id, spec.defaults as Record<string, unknown>);
      if (spec.id === "langchain-semantic" || spec.id === "llamaindex-semantic")
        expect(rule!.target).toBeUndefined();
      else expect(rule!.target, spec.id).toBeDefined();
    }
  });

  it("measures an unknown chunker in tokens with no target, and ignores non-numeric values", () => {
    expect(sizeRules("mystery", {})).toEqual([{ unit: "tokens", note: 'no size keys known for "mystery"' }]);
    expect(sizeRules("token", { chunk_size: "512" })[0]!.target).toBeUndefined();
  });
});

describe("chunkSizeIn", () => {
  it("measures the body (prefix excluded) in the rule's unit", () => {
    const chunk = { tokens: 7, text: "A > B\n\nnaïve café 😀", prefixChars: 7 };
    expect(chunkSizeIn(chunk, "tokens")).toBe(7);
    expect(chunkSizeIn(chunk, "chars")).toBe("naïve café 😀".length);
    expect(chunkSizeIn(chunk, "bytes")).toBe(new TextEncoder().encode("naïve café 😀").length);
    expect(UNIT_ABBREVIATION.tokens).toBe("tok");
  });
});
