import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import cl100k from "js-tiktoken/ranks/cl100k_base";
import o200k from "js-tiktoken/ranks/o200k_base";
import { describe, expect, it } from "vitest";
import { encodeWithLongPieces, isCut, LONG_PIECE } from "./bpeSplit";

// gpt-tokenizer's split regexes (what encodeSplit uses) and tiktoken's own (js-tiktoken's).
const REGEXES: [string, RegExp][] = [
  ["gpt-tokenizer cl100k_base", CL100K_TOKEN_SPLIT_REGEX],
  ["gpt-tokenizer o200k_base", O200K_TOKEN_SPLIT_REGEX],
  ["tiktoken cl100k_base", new RegExp(cl100k.pat_str, "gu")],
  ["tiktoken o200k_base", new RegExp(o200k.pat_str, "gu")],
];

function pieces(text: string, regex: RegExp): string[] {
  return [...text.matchAll(new RegExp(regex))].map((match) => match[0]);
}

function boundaries(text: string, regex: RegExp): Set<number> {
  const ends = new Set<number>();
  let end = 0;
  for (const piece of pieces(text, regex)) ends.add((end += piece.length));
  return ends;
}

function random(seed: number): () => number {
  return () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

// Everything the split rules tell apart: cases of letters (Lu Ll Lt Lm Lo), marks, contractions,
// numbers of every kind (², Arabic-Indic, astral 𝟏), whitespace kinds, punctuation, / (o200k's
// tail), astral letters and symbols, lone surrogates.
const ALPHABET = [
  ..."aZéǅʰ中\u0301'1²١ \t\n\r\u00a0\u3000=/,，",
  "'s",
  "'LL",
  "𝟏",
  "𝐀",
  "🧩",
  "\ud800",
  "\udc00",
];

function randomTexts(count: number, seed: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () =>
    Array.from(
      { length: 1 + Math.floor(next() * 30) },
      () => ALPHABET[Math.floor(next() * ALPHABET.length)],
    ).join(""),
  );
}

describe("isCut", () => {
  it("finds only piece boundaries that follow no whitespace, under every split regex", () => {
    for (const text of randomTexts(2000, 1)) {
      const cuts = Array.from({ length: text.length - 1 }, (_, i) => i + 1).filter((at) => isCut(text, at));
      for (const [name, regex] of REGEXES) {
        const ends = boundaries(text, regex);
        for (const at of cuts) expect(ends.has(at), `${name}: ${JSON.stringify(text)} at ${at}`).toBe(true);
      }
      for (const at of cuts) expect(/\s/.test(text[at - 1]!), JSON.stringify(text)).toBe(false);
    }
  });

  it("finds the boundaries of prose", () => {
    const text = "It's 42 words, or so.";
    const cuts = Array.from({ length: text.length - 1 }, (_, i) => i + 1).filter((at) => isCut(text, at));
    expect(cuts.map((at) => text.slice(0, at))).toEqual([
      "It's",
      "It's 42",
      "It's 42 words",
      "It's 42 words,",
      "It's 42 words, or",
      "It's 42 words, or so",
    ]);
  });
});

describe("what encodeSplit relies on", () => {
  it("a text cut at a boundary after no whitespace splits as inside the whole text", () => {
    for (const text of randomTexts(500, 2))
      for (const [name, regex] of REGEXES.slice(0, 2)) {
        const whole = pieces(text, regex);
        let end = 0;
        whole.forEach((piece, i) => {
          end += piece.length;
          if (/\s/.test(text[end - 1]!)) return;
          expect(pieces(text.slice(0, end), regex), `${name}: ${JSON.stringify(text)} at ${end}`).toEqual(
            whole.slice(0, i + 1),
          );
        });
      }
  });

  it("a piece alone splits as itself", () => {
    for (const text of randomTexts(500, 3))
      for (const [name, regex] of REGEXES.slice(0, 2))
        for (const piece of pieces(text, regex)) expect(pieces(piece, regex), name).toEqual([piece]);
  });

  it("cutting before a long piece that follows whitespace would change the split", () => {
    // Why encodeSplit encodes the whitespace pieces before a long piece one by one.
    const text = "x  \t" + "=".repeat(LONG_PIECE);
    expect(pieces(text, CL100K_TOKEN_SPLIT_REGEX).slice(0, 3)).toEqual(["x", "  ", "\t"]);
    expect(pieces("x  \t", CL100K_TOKEN_SPLIT_REGEX)).toEqual(["x", "  \t"]);
  });
});

describe("encodeWithLongPieces", () => {
  // Stand-ins that show which side encoded what: gpt-tokenizer's side gives -1 per call.
  const short = (calls: string[]) => (text: string) => {
    calls.push(text);
    return [-1];
  };
  const ranks = new Map([..."a= ".split("").map((char, rank): [string, number] => [char, rank]), ["aa", 3]]);

  it("gives text without long stretches to gpt-tokenizer whole", () => {
    const calls: string[] = [];
    const text = "plain prose, 12 words long. ".repeat(100);
    expect(encodeWithLongPieces(text, CL100K_TOKEN_SPLIT_REGEX, short(calls), () => ranks)).toEqual([-1]);
    expect(calls).toEqual([text]);
  });

  it("merges only the long piece itself, and builds ranks for long pieces only", () => {
    const calls: string[] = [];
    let built = 0;
    const text = "before it " + "a".repeat(LONG_PIECE) + " after it";
    const ids = encodeWithLongPieces(text, CL100K_TOKEN_SPLIT_REGEX, short(calls), () => (built++, ranks));
    expect(calls).toEqual(["before it", " after it"]);
    // The long piece is " aaa…": a space, then "aa" merges.
    expect(ids).toEqual([-1, 2, ...new Array<number>(LONG_PIECE / 2).fill(3), -1]);
    expect(built).toBe(1);
    encodeWithLongPieces(
      "1".repeat(LONG_PIECE * 2),
      CL100K_TOKEN_SPLIT_REGEX,
      short([]),
      () => (built++, ranks),
    );
    expect(built).toBe(1);
  });

  it("encodes the whitespace pieces before a long piece one by one", () => {
    const calls: string[] = [];
    encodeWithLongPieces(
      "x  \t" + "=".repeat(LONG_PIECE),
      CL100K_TOKEN_SPLIT_REGEX,
      short(calls),
      () => ranks,
    );
    expect(calls).toEqual(["x", "  ", "\t"]);
  });
});
