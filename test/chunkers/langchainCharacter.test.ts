/**
 * langchain-character against its oracle, @langchain/textsplitters' CharacterTextSplitter itself
 * (token lengths through js-tiktoken cl100k): the same chunk texts, every chunk a true range, a
 * piece longer than chunk_size kept whole and flagged, as LangChain keeps it and warns.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CharacterTextSplitter } from "@langchain/textsplitters";
import { Tiktoken } from "js-tiktoken/lite";
import cl100k from "js-tiktoken/ranks/cl100k_base";
import { describe, expect, it, vi } from "vitest";
import type { LangchainCharacterConfig } from "../../src/core/chunkers/langchain-character/meta";
import { langchainCharacterChunker } from "../../src/core/chunkers/langchain-character/run";
import { resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import { loadTokenizer } from "../../src/core/text/tokenizer";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEXT = readFileSync(path.join(ROOT, "docs/decisions.md"), "utf8").slice(0, 50_000);
const tiktoken = new Tiktoken(cl100k);

async function ours(text: string, tuned: Partial<LangchainCharacterConfig>) {
  const config = validConfig(langchainCharacterChunker, tuned);
  const doc = textDocModel("c", "c.md", text);
  const out = await langchainCharacterChunker.chunk(doc, config, createRunContext());
  const chunks = materialize(doc, out.drafts, await loadTokenizer("cl100k_base"));
  for (const c of chunks) expect(c.text.slice(c.prefixChars)).toBe(text.slice(c.start, c.end));
  return { out, chunks, texts: chunks.map((c) => (c.meta.langchain_text as string | undefined) ?? c.text) };
}

async function theirs(text: string, tuned: Partial<LangchainCharacterConfig>) {
  const config = validConfig(langchainCharacterChunker, tuned);
  const splitter = new CharacterTextSplitter({
    separator: config.separator,
    chunkSize: config.chunk_size,
    chunkOverlap: config.chunk_overlap,
    keepSeparator: config.keep_separator !== false,
    ...(config.length_unit === "tokens" ? { lengthFunction: (t: string) => tiktoken.encode(t).length } : {}),
  });
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    return await splitter.splitText(text);
  } finally {
    warn.mockRestore();
  }
}

const SETTINGS: Partial<LangchainCharacterConfig>[] = [
  {},
  { separator: "\n", chunk_size: 300, chunk_overlap: 40 },
  { separator: "\n", chunk_size: 300, chunk_overlap: 40, keep_separator: true },
  { separator: ". ", chunk_size: 500, chunk_overlap: 0 },
  { separator: "\n\n", chunk_size: 120, chunk_overlap: 30, length_unit: "tokens" },
  { separator: " ", chunk_size: 60, chunk_overlap: 10 },
];

describe("langchain-character: LangChain's CharacterTextSplitter", () => {
  for (const tuned of SETTINGS)
    it(`gives LangChain's chunk texts: ${JSON.stringify(tuned)}`, async () => {
      const expected = await theirs(TEXT, tuned);
      const { texts } = await ours(TEXT, tuned);
      expect(texts.length).toBeGreaterThan(3);
      expect(texts).toEqual(expected);
    });

  it("keeps a piece longer than chunk_size whole, flagged, with LangChain's warning", async () => {
    const text = `short one\n\n${"long ".repeat(60)}\n\nshort two`;
    const tuned = { chunk_size: 100, chunk_overlap: 0 };
    const { out, chunks, texts } = await ours(text, tuned);
    expect(texts).toEqual(await theirs(text, tuned));
    const long = chunks.find((c) => c.text.startsWith("long"))!;
    expect(long.flags).toContain("over-chunk-size");
    expect(out.warnings?.[0]).toMatch(/^Created a chunk of size 300, which is longer than the specified 100/);
  });

  it("keeps edge whitespace with strip_whitespace false (Python's option)", async () => {
    const { chunks } = await ours("  a b  \n\n  c d  ", {
      chunk_size: 8,
      chunk_overlap: 0,
      strip_whitespace: false,
    });
    expect(chunks.map((c) => c.text)).toEqual(["  a b  ", "  c d  "]);
  });

  it("has LangChain JS's defaults and its overlap rule", () => {
    expect(validConfig(langchainCharacterChunker, {})).toEqual({
      separator: "\n\n",
      chunk_size: 1000,
      chunk_overlap: 200,
      keep_separator: false,
      is_separator_regex: false,
      strip_whitespace: true,
      flavor: "js",
      length_unit: "chars",
      encoding: "cl100k_base",
    });
    expect(
      resolveConfig(langchainCharacterChunker, { chunk_size: 10, chunk_overlap: 10 }).problems[0]?.message,
    ).toBe("Cannot have chunkOverlap >= chunkSize");
    expect(resolveConfig(langchainCharacterChunker, { separator: 3 }).problems[0]?.key).toBe("separator");
  });
});
