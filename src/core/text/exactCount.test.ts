import { describe, expect, it } from "vitest";
import { encodeText } from "./encodedText";
import { exactTokenCount } from "./exactCount";
import { loadTokenizer } from "./tokenizer";

const PROSE = [
  "It's the workbench's job: chunk a 352-page book in milliseconds, don't re-tokenize it.",
  "Numbers 12345 and 3.14159, URLs like https://example.com/a?b=c, and e-mail: a@b.co.",
  "  Leading  and   trailing   spaces,\ttabs,\r\nCRLF lines\n\n\nand blank lines.  ",
  "Unicode: naïve café — “quotes” ‘single’ … 漢字かなカナ 한국어 العربية emoji 🧩🧩 and <|endoftext|>.",
  "ALLCAPS words, CamelCase words, snake_case_words and kebab-case-words; (parens) [brackets] {braces}.",
  "'Tis the season; I'll've done it; they're, we've, I'm, you'd — contractions everywhere.",
].join(" ");

describe("exactTokenCount", () => {
  for (const encoding of ["cl100k_base", "o200k_base"] as const) {
    it(`equals encoding the range alone, for every kind of range (${encoding})`, async () => {
      const tokenizer = await loadTokenizer(encoding);
      const text = Array.from({ length: 12 }, (_, i) => `${i}. ${PROSE}`).join("\n");
      const encoded = encodeText(tokenizer, text);
      let seed = 11;
      const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
      for (let t = 0; t < 1500; t++) {
        const start = rand(text.length);
        const end = Math.min(text.length, start + rand(600));
        const prefix = t % 5 === 0 ? "Chapter 1 > Section 2\n\n" : "";
        expect(exactTokenCount(tokenizer, encoded, text, start, end, prefix)).toBe(
          tokenizer.count(prefix + text.slice(start, end)),
        );
      }
    });
  }

  it("falls back to encoding when the encoded text is of another encoding", async () => {
    const cl = await loadTokenizer("cl100k_base");
    const o200 = await loadTokenizer("o200k_base");
    const text = PROSE.repeat(3);
    const encoded = encodeText(cl, text);
    expect(exactTokenCount(o200, encoded, text, 0, text.length)).toBe(o200.count(text));
  });
});
