import { describe, expect, it } from "vitest";
import { loadJsTiktoken } from "../../../test/support/jsTiktoken";
import { asciiTokenTable, createPieceEncoder, fnvHash, isAsciiText } from "./bpeEncode";
import { byteRankMap } from "./bpeMerge";

async function cl100k() {
  const [ranks, { CL100K_TOKEN_SPLIT_REGEX }] = await Promise.all([
    import("gpt-tokenizer/bpeRanks/cl100k_base"),
    import("gpt-tokenizer/encodingParams/constants"),
  ]);
  return createPieceEncoder(CL100K_TOKEN_SPLIT_REGEX, byteRankMap(ranks.default as (string | number[])[]));
}

describe("createPieceEncoder", () => {
  it("gives tiktoken's ids, before and after it has remembered merges, and after forgetting them", async () => {
    const encoder = await cl100k();
    const reference = await loadJsTiktoken("cl100k_base");
    const text =
      "Tokenization of unusual words: antidisestablishmentarianism, naïveté, Schrödinger's cat, " +
      "“quoted” text, ＣＪＫ全角 and 漢字, emoji 🧩👍🏽, numbers 1234567 and 3.14159,\r\n  indented\tline\n\n";
    const expected = reference.encode(text);
    expect(encoder.encode(text)).toEqual(expected);
    expect(encoder.encode(text)).toEqual(expected);
    encoder.forget();
    expect(encoder.encode(text)).toEqual(expected);
  });

  it("does not read a non-ASCII piece as the token its UTF-16 units happen to spell", async () => {
    const encoder = await cl100k();
    const reference = await loadJsTiktoken("cl100k_base");
    // "Ã©" in UTF-16 units are é's UTF-8 bytes (C3 A9): looked up as they are, they would be é.
    for (const text of ["Ã©", "Ã©tÃ©", "Ã", "é"])
      expect(encoder.encode(text), text).toEqual(reference.encode(text));
  });

  it("encodes the empty text as no ids, and special-token text as ordinary text", async () => {
    const encoder = await cl100k();
    const reference = await loadJsTiktoken("cl100k_base");
    expect(encoder.encode("")).toEqual([]);
    expect(encoder.encode("<|endoftext|>")).toEqual(reference.encode("<|endoftext|>"));
  });

  it("skips text its regex leaves unmatched, as a global match does, and remembers nothing across forget()", () => {
    // Toy table: a, b, ab. tiktoken's regexes leave no text unmatched; a narrower one does.
    const ranks = new Map([
      ["a", 0],
      ["b", 1],
      ["ab", 2],
    ]);
    const encoder = createPieceEncoder(/[ab]+/gu, ranks);
    expect(encoder.encode("ab--a.b")).toEqual([2, 0, 1]);
    expect(encoder.encode("--")).toEqual([]);
    expect(encoder.encode("aab")).toEqual([0, 2]);
    encoder.forget();
    expect(encoder.encode("aab")).toEqual([0, 2]);
  });
});

describe("asciiTokenTable", () => {
  it("finds a token by a stretch of a longer text, hashed as fnvHash hashes it", () => {
    const table = asciiTokenTable(
      new Map([
        ["the", 7],
        [" the", 8],
        ["é", 9],
        ["th", 10],
      ]),
    );
    const text = "on the hill";
    expect(table.rank(text, 2, 6, fnvHash(text, 2, 6))).toBe(8);
    expect(table.rank(text, 3, 6, fnvHash(text, 3, 6))).toBe(7);
    expect(table.rank(text, 3, 5, fnvHash(text, 3, 5))).toBe(10);
    expect(table.rank(text, 0, 2, fnvHash(text, 0, 2))).toBe(-1);
    // Only ASCII byte strings are in it: a multi-byte token's byte string is looked up elsewhere.
    expect(table.rank("é", 0, 1, fnvHash("é", 0, 1))).toBe(-1);
  });

  it("hashes a stretch as the same text on its own", () => {
    expect(fnvHash("xx the", 3, 6)).toBe(fnvHash("the", 0, 3));
    expect(fnvHash("abc", 0, 3)).not.toBe(fnvHash("acb", 0, 3));
  });
});

describe("isAsciiText", () => {
  it("is true only when every unit is below 0x80", () => {
    expect(isAsciiText("")).toBe(true);
    expect(isAsciiText("plain text\t~")).toBe(true);
    expect(isAsciiText("café")).toBe(false);
    expect(isAsciiText("\u0080")).toBe(false);
  });
});
