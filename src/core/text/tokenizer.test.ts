import { describe, expect, it } from "vitest";
import { loadJsTiktoken } from "../../../test/support/jsTiktoken";
import { encodingForModel, isEncodingName, loadTokenizer } from "./tokenizer";

const SAMPLES = [
  "Retrieval-augmented generation splits documents into chunks.",
  "naïve café — “quotes” and emoji 🧩 and 漢字かなカナ 한국어 العربية",
  "special tokens are text here: <|endoftext|> <|fim_prefix|>",
  "  leading spaces\n\n\ttabs\r\nand CRLF\n",
  "",
];

describe("tokenizer engines", () => {
  for (const encoding of ["cl100k_base", "o200k_base"] as const) {
    it(`gpt-tokenizer and js-tiktoken give identical ids (${encoding})`, async () => {
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
