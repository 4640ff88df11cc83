import { describe, expect, it } from "vitest";
import { EncodedTextCache, encodeText } from "./encodedText";
import { loadTokenizer } from "./tokenizer";

describe("encodeText", () => {
  it("gives the character offset of every token boundary", async () => {
    const t = await loadTokenizer("cl100k_base");
    const text = "Chunk Workbench draws boxes — on every page, naïvely.";
    const enc = encodeText(t, text);
    expect(enc.floor[0]).toBe(0);
    expect(enc.ceil[enc.ids.length]).toBe(text.length);
    for (let k = 0; k < enc.ids.length; k++) {
      // Without split characters, each token is exactly the text between its boundaries.
      expect(text.slice(enc.floor[k], enc.floor[k + 1])).toBe(t.decode([enc.ids[k]!]));
      expect(enc.floor[k]).toBe(enc.ceil[k]);
    }
  });

  it("snaps a boundary inside a multi-byte character outward, never to U+FFFD", async () => {
    const t = await loadTokenizer("cl100k_base");
    const text = "模型 🧩 檢索增強生成";
    const enc = encodeText(t, text);
    let split = 0;
    for (let k = 0; k <= enc.ids.length; k++) {
      expect(enc.floor[k]).toBeLessThanOrEqual(enc.ceil[k]!);
      if (enc.floor[k] !== enc.ceil[k]) split++;
      if (k > 0) expect(enc.floor[k]).toBeGreaterThanOrEqual(enc.floor[k - 1]!);
    }
    expect(split).toBeGreaterThan(0); // this text does split characters across tokens
    for (let k = 0; k < enc.ids.length; k++) {
      const piece = text.slice(enc.floor[k], enc.ceil[k + 1]);
      expect(piece).not.toContain("\uFFFD");
      // The snapped piece holds every whole character the token's bytes touch.
      const decoded = t.decode([enc.ids[k]!]).replace(/\uFFFD/g, "");
      expect(piece.includes(decoded)).toBe(true);
    }
  });

  it("counts a lone surrogate as the U+FFFD the encoder sees", async () => {
    const t = await loadTokenizer("cl100k_base");
    const text = "a\uD800b";
    const enc = encodeText(t, text);
    expect(enc.ceil[enc.ids.length]).toBe(3);
  });
});

describe("EncodedTextCache", () => {
  it("encodes a text once per encoding and evicts the least recently used", async () => {
    const t = await loadTokenizer("cl100k_base");
    const cache = new EncodedTextCache(2);
    const a = cache.get("a", t, "alpha");
    expect(cache.get("a", t, "alpha")).toBe(a);
    cache.get("b", t, "beta");
    cache.get("a", t, "alpha");
    cache.get("c", t, "gamma");
    expect(cache.has("a", "cl100k_base")).toBe(true);
    expect(cache.has("b", "cl100k_base")).toBe(false);
  });

  it("keeps an encoding made elsewhere under its key and encoding, within its capacity", async () => {
    const t = await loadTokenizer("cl100k_base");
    const made = encodeText(t, "alpha beta");
    const cache = new EncodedTextCache(1);
    cache.put("a", made);
    expect(cache.get("a", t, "alpha beta")).toBe(made);
    cache.put("b", encodeText(t, "gamma"));
    expect(cache.has("a", "cl100k_base")).toBe(false);
    expect(cache.has("b", "cl100k_base")).toBe(true);
  });

  it("drops every encoding of one key, and only that key's", async () => {
    const t = await loadTokenizer("cl100k_base");
    const o = await loadTokenizer("o200k_base");
    const cache = new EncodedTextCache(6);
    cache.get("a", t, "alpha");
    cache.get("a", o, "alpha");
    cache.get("ab", t, "alpha beta");
    cache.drop("a");
    expect(cache.has("a", "cl100k_base")).toBe(false);
    expect(cache.has("a", "o200k_base")).toBe(false);
    expect(cache.has("ab", "cl100k_base")).toBe(true);
  });
});
