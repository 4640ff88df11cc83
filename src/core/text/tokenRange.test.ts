import { describe, expect, it } from "vitest";
import { encodeText } from "./encodedText";
import { loadTokenizer } from "./tokenizer";
import { rangeTokenCounter } from "./tokenRange";

describe("rangeTokenCounter", () => {
  it("counts the document's tokens a range touches, without encoding", async () => {
    const t = await loadTokenizer("cl100k_base");
    const text = "Index small chunks for precision.\n\nReturn large chunks for context, 1500 tokens each.";
    const enc = encodeText(t, text);
    const count = rangeTokenCounter(enc);
    const n = enc.ids.length;
    expect(count(0, text.length)).toBe(n);
    expect(count(5, 5)).toBe(0);
    // A range from token boundary i to boundary j holds exactly j − i tokens.
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j <= n; j++) expect(count(enc.floor[i]!, enc.floor[j]!)).toBe(j - i);
    }
    // One character inside a token still touches that token; straddling a boundary touches two.
    const k = 3;
    const inside = enc.floor[k]! + 1;
    expect(enc.floor[k + 1]! - enc.floor[k]!).toBeGreaterThan(1);
    expect(count(inside, inside + 1)).toBe(1);
    expect(count(enc.floor[k + 1]! - 1, enc.floor[k + 1]! + 1)).toBe(2);
  });

  it("matches encoding a slice alone when the slice is whole tokens", async () => {
    const t = await loadTokenizer("cl100k_base");
    const text = "Der schnelle braune Fuchs springt. 模型檢索增強生成 🧩 done.";
    const enc = encodeText(t, text);
    const count = rangeTokenCounter(enc);
    for (let i = 0; i < enc.ids.length; i++) {
      const a = enc.floor[i]!;
      if (enc.ceil[i] !== a) continue; // boundary inside a character: no clean slice there
      expect(count(a, text.length)).toBe(enc.ids.length - i);
    }
  });
});
