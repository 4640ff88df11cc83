import { describe, expect, it } from "vitest";
import { loadJsTiktoken } from "../../../test/support/jsTiktoken";
import { encodingForModel, idDecoder, isEncodingName, loadTokenizer } from "./tokenizer";

const SAMPLES = [
  "Retrieval-augmented generation splits documents into chunks.",
  "naïve café — “quotes” and emoji 🧩 and 漢字かなカナ 한국어 العربية",
  "special tokens are text here: <|endoftext|> <|fim_prefix|>",
  "  leading spaces\n\n\ttabs\r\nand CRLF\n",
  "",
];

describe("tokenizer engines", () => {
  for (const encoding of ["cl100k_base", "o200k_base"] as const) {
    it(`our encoder and js-tiktoken give identical ids (${encoding})`, async () => {
      const fast = await loadTokenizer(encoding);
      const reference = await loadJsTiktoken(encoding);
      for (const text of SAMPLES) {
        const ids = fast.encode(text);
        expect(ids).toEqual(reference.encode(text));
        expect(fast.decode(ids)).toBe(text);
        expect(fast.count(text)).toBe(ids.length);
      }
    });

    it(`knows every token's UTF-8 byte length (${encoding})`, async () => {
      const fast = await loadTokenizer(encoding);
      const reference = await loadJsTiktoken(encoding);
      for (const text of SAMPLES) {
        const ids = fast.encode(text);
        const bytes = ids.reduce((sum, id) => sum + fast.byteLength(id), 0);
        expect(bytes).toBe(new TextEncoder().encode(text).length);
        for (const id of ids) expect(reference.byteLength(id)).toBe(fast.byteLength(id));
      }
    });
  }

  it("loads each encoding once", async () => {
    expect(await loadTokenizer("cl100k_base")).toBe(await loadTokenizer("cl100k_base"));
  });

  it("encodes the known cl100k ids", async () => {
    const t = await loadTokenizer("cl100k_base");
    expect(t.encode("hello world")).toEqual([15339, 1917]);
  });

  it("forgets its caches and encodes and counts the same afterwards", async () => {
    const t = await loadTokenizer("cl100k_base");
    const text = "Cold runs start from nothing: hello world, hello again.";
    const ids = t.encode(text);
    const count = t.count("hello");
    t.forget!();
    expect(t.encode(text)).toEqual(ids);
    expect(t.count("hello")).toBe(count);
  });
});

function random(seed: number): () => number {
  return () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function randomText(length: number, alphabet: readonly string[], seed: number): string {
  const next = random(seed);
  let text = "";
  while (text.length < length) text += alphabet[Math.floor(next() * alphabet.length)];
  return text;
}

const BASE64 = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"];
const HEX = [..."0123456789abcdef"];
// Letters of several scripts, astral letters (𝐀 𝔸) and marks: one long piece (cl100k: marks
// apart); with emoji and punctuation: many short ones.
const LETTERS = [..."aéßΩжא漢字かカ한", "𝐀", "𝔸", "\u0301"];
const UNICODE = [...LETTERS, "🧩", "😀", "👍🏽", "，", " "];

/**
 * Unbroken pieces, where gpt-tokenizer's merge alone was quadratic. js-tiktoken's merge is
 * quadratic too (~0.6 s for 3000 bytes): the reference decides the sizes.
 */
const LONG_PIECES: [string, string][] = [
  ["a × 3000", "a".repeat(3000)],
  ["ab × 1500", "ab".repeat(1500)],
  ["aB × 1500 (o200k splits on case)", "aB".repeat(1500)],
  ["A × 1000", "A".repeat(1000)],
  ["spaces", " ".repeat(1000)],
  ["newlines", "\n".repeat(1000)],
  ["= × 1000", "=".repeat(1000)],
  ["emoji", "🧩".repeat(300)],
  [
    "CJK",
    randomText(1000, [..."的一是不了人我在有他这为之大来以个中上们到说国和地也子时道出而要于就下得可"], 1),
  ],
  ["decomposed accents", "e\u0301".repeat(500)],
  ["random letters with astral characters", randomText(1500, LETTERS, 4)],
  ["random Unicode with astral characters", randomText(5000, UNICODE, 5)],
  ["random base64", randomText(5000, BASE64, 2)],
  ["random hex", randomText(5000, HEX, 3)],
];

// Long pieces inside ordinary text, right after whitespace (where cutting the text is delicate),
// after pieces that end in newlines, and everything at once in random order.
const MIXED = [
  "x  \t" + "=".repeat(400) + " y",
  "foo\n\n  " + "a".repeat(400) + "  bar\n",
  "=\n".repeat(200) + " " + "b".repeat(400) + "'s end",
  "=\n/\n".repeat(100) + "/".repeat(300),
  "it's " + "Z".repeat(300) + "'ll 123" + "4".repeat(300) + "\u3000".repeat(300) + "，" + "中".repeat(300),
  ...Array.from({ length: 20 }, (_, seed) =>
    randomText(
      4000,
      [
        "a".repeat(300),
        " ".repeat(290),
        "\n",
        "\r\n",
        "\t",
        " ",
        "'s",
        "'",
        "12",
        "345",
        "=",
        "/",
        "é",
        "\u0301",
        "🧩",
        "中文",
        "，",
        "A",
        "x",
        ".",
        "\u00a0",
      ],
      100 + seed,
    ),
  ),
];

describe("long pieces", () => {
  for (const encoding of ["cl100k_base", "o200k_base"] as const) {
    it(`match js-tiktoken on long unbroken pieces (${encoding})`, async () => {
      const fast = await loadTokenizer(encoding);
      const reference = await loadJsTiktoken(encoding);
      for (const [name, text] of LONG_PIECES) {
        const ids = fast.encode(text);
        expect(ids, name).toEqual(reference.encode(text));
        expect(fast.decode(ids), name).toBe(text);
        expect(fast.count(text), name).toBe(ids.length);
      }
    });

    it(`match js-tiktoken on long pieces amid ordinary text (${encoding})`, async () => {
      const fast = await loadTokenizer(encoding);
      const reference = await loadJsTiktoken(encoding);
      for (const text of MIXED)
        expect(fast.encode(text), JSON.stringify(text.slice(0, 40))).toEqual(reference.encode(text));
    });

    it(
      `encodes a megabyte in one piece or of base64 in seconds (${encoding})`,
      { timeout: 30_000 },
      async () => {
        const fast = await loadTokenizer(encoding);
        const reference = await loadJsTiktoken(encoding);
        // tiktoken makes a run of a's into 8-a tokens: js-tiktoken does for 3000 (the test above).
        const run = "a".repeat(1_000_000);
        const [eight] = reference.encode("a".repeat(8));
        const ids = fast.encode(run);
        expect(ids).toEqual(new Array<number>(125_000).fill(eight!));
        expect(fast.decode(ids)).toBe(run);
        expect(fast.count(run)).toBe(ids.length);

        const base64 = randomText(1_000_000, BASE64, 9);
        const b64Ids = fast.encode(base64);
        expect(fast.decode(b64Ids)).toBe(base64);
        expect(fast.count(base64)).toBe(b64Ids.length);
        expect(b64Ids.reduce((sum, id) => sum + fast.byteLength(id), 0)).toBe(base64.length);
      },
    );
  }
});

describe("encodingForModel", () => {
  it("maps the seeds' model names", () => {
    expect(encodingForModel("gpt-3.5-turbo")).toBe("cl100k_base");
    expect(encodingForModel("gpt-4")).toBe("cl100k_base");
    expect(encodingForModel("text-embedding-3-small")).toBe("cl100k_base");
    expect(encodingForModel("gpt-4o-mini")).toBe("o200k_base");
    expect(encodingForModel("o200k_base")).toBe("o200k_base");
    expect(encodingForModel("llama-3")).toBeNull();
    expect(isEncodingName("cl100k_base")).toBe(true);
    expect(isEncodingName("p50k_base")).toBe(false);
  });
});

describe("idDecoder", () => {
  // A rank table as gpt-tokenizer's: UTF-8 text, or raw bytes where they are no valid UTF-8 alone.
  const table = ["h", "i", [0xc3], [0xa9], " "];
  const decode = idDecoder(table, new Map([["<|endoftext|>", 9]]));

  it("joins ranks' bytes before decoding, so a character split across tokens comes back whole", () => {
    expect(decode([0, 1, 4, 2, 3])).toBe("hi é");
  });

  it("decodes special-token ids to their text and refuses ids the encoding lacks", () => {
    expect(decode([0, 9])).toBe("h<|endoftext|>");
    expect(() => decode([7])).toThrow(/token id 7/);
  });
});
