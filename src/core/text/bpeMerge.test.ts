import { describe, expect, it } from "vitest";
import { bpeMerge, byteRankMap, encodePiece, mergeShortPiece, utf8ByteString } from "./bpeMerge";

/** A rank table over ASCII "bytes": every listed string is a token, its index its rank. */
function table(tokens: string[]): Map<string, number> {
  return new Map(tokens.map((token, rank) => [token, rank]));
}

function merge(piece: string, ranks: Map<string, number>): string[] {
  const tokens = [...ranks.keys()];
  return bpeMerge(piece.length, (start, end) => ranks.get(piece.slice(start, end))).map((id) => tokens[id]!);
}

/** tiktoken's own loop, quadratic: rescan for the lowest-ranked pair (leftmost on ties), merge, repeat. */
function referenceMerge(piece: string, ranks: Map<string, number>): number[] {
  const parts = [...piece];
  for (;;) {
    let best = -1;
    let bestRank = Infinity;
    for (let i = 0; i + 1 < parts.length; i++) {
      const rank = ranks.get(parts[i]! + parts[i + 1]!);
      if (rank !== undefined && rank < bestRank) [best, bestRank] = [i, rank];
    }
    if (best < 0) return parts.map((part) => ranks.get(part)!);
    parts.splice(best, 2, parts[best]! + parts[best + 1]!);
  }
}

function random(seed: number): () => number {
  return () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe("bpeMerge", () => {
  it("merges the lowest-ranked pair first, not the leftmost", () => {
    // "bc" outranks "ab": a left-to-right merger would make "ab" + "cd".
    const ranks = table(["a", "b", "c", "d", "bc", "ab", "cd", "bcd"]);
    expect(merge("abcd", ranks)).toEqual(["a", "bcd"]);
  });

  it("merges the leftmost pair on ties", () => {
    const ranks = table(["a", "aa", "aaaa"]);
    expect(merge("aaa", ranks)).toEqual(["aa", "a"]);
    // aa·a·a·a → aa·aa·a → aaaa·a; rightmost-first would end a·aaaa.
    expect(merge("aaaaa", ranks)).toEqual(["aaaa", "a"]);
    expect(merge("aaaaaaaa", ranks)).toEqual(["aaaa", "aaaa"]);
  });

  it("re-ranks both neighbours of a merged part", () => {
    // After "bc", the left neighbour pair is "abc" and the right one "bcd"; "abc" wins.
    const ranks = table(["a", "b", "c", "d", "bc", "abc", "bcd"]);
    expect(merge("abcd", ranks)).toEqual(["abc", "d"]);
  });

  it("handles empty, one-byte and unmergeable pieces", () => {
    const ranks = table(["a", "b"]);
    expect(merge("", ranks)).toEqual([]);
    expect(merge("a", ranks)).toEqual(["a"]);
    expect(merge("abba", ranks)).toEqual(["a", "b", "b", "a"]);
  });

  it("refuses a byte that is no token", () => {
    expect(() => merge("ax", table(["a"]))).toThrow(/not a token/);
    const ranks = table(["a"]);
    expect(() => mergeShortPiece(2, (s, e) => ranks.get("ax".slice(s, e)))).toThrow(/not a token/);
  });

  it("gives tiktoken's loop's result on random tables and pieces", () => {
    const next = random(11);
    for (let round = 0; round < 200; round++) {
      const alphabet = "abcd".slice(0, 2 + Math.floor(next() * 3));
      const tokens = [...alphabet];
      // Random merges of existing tokens, so a rank table as BPE training leaves it.
      while (tokens.length < 4 + next() * 30) {
        const joined =
          tokens[Math.floor(next() * tokens.length)]! + tokens[Math.floor(next() * tokens.length)]!;
        if (!tokens.includes(joined)) tokens.push(joined);
      }
      const ranks = table(tokens);
      const piece = Array.from(
        { length: Math.floor(next() * 60) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join("");
      const rankOf = (start: number, end: number) => ranks.get(piece.slice(start, end));
      const expected = referenceMerge(piece, ranks);
      expect(bpeMerge(piece.length, rankOf)).toEqual(expected);
      expect(mergeShortPiece(piece.length, rankOf)).toEqual(expected);
    }
  });
});

describe("encodePiece", () => {
  it("takes a piece that is itself a token whole, even where merging would not reach it", () => {
    const ranks = table(["a", "b", "c", "abc"]);
    expect(encodePiece("abc", ranks)).toEqual([3]);
    expect(encodePiece("abca", ranks)).toEqual([0, 1, 2, 0]);
  });

  it("looks multi-byte text up by its UTF-8 bytes", () => {
    // "é" is C3 A9: two byte tokens and their merge.
    const ranks = byteRankMap(["a", [0xc3], [0xa9], "é"]);
    expect(encodePiece("aé", ranks)).toEqual([0, 3]);
    expect(encodePiece("é", ranks)).toEqual([3]);
  });
});

describe("utf8ByteString", () => {
  it("is TextEncoder's bytes, one char per byte, lone surrogates as U+FFFD", () => {
    const encoder = new TextEncoder();
    const samples = [
      "",
      "ascii only",
      "naïve",
      "漢字",
      "🧩 emoji",
      "a\ud800b",
      "\udc00",
      "end\ud83d",
      "\u{10ffff}\u07ff\u0800",
    ];
    const next = random(5);
    for (let i = 0; i < 50; i++)
      samples.push(String.fromCharCode(...Array.from({ length: 40 }, () => Math.floor(next() * 0x10000))));
    for (const text of samples) {
      const bytes = utf8ByteString(text);
      expect(Uint8Array.from(bytes, (char) => char.charCodeAt(0))).toEqual(encoder.encode(text));
    }
  });
});
