/**
 * chonkie-sentence against @chonkiejs/core 0.0.11's own SentenceChunker (a devDependency), and the
 * Rust splitter's port against @chonkiejs/chunk's split_offsets itself (property test): the same
 * chunk texts on real text; where Chonkie's offsets are UTF-8 bytes used as string positions
 * (single-character delimiters on non-ASCII text), the exact difference — Chonkie's text is the
 * string sliced at its byte offsets, which each chunk's meta carries, and ours is the true range.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { SentenceChunker } from "@chonkiejs/core";
import { split_offsets } from "@chonkiejs/chunk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitAtDelimiters } from "../../src/core/chunkers/chonkie/split";
import { chonkieFormat } from "../../src/core/export/configFormats/chonkie";
import type { ChonkieSentenceConfig } from "../../src/core/chunkers/chonkie-sentence/meta";
import { chonkieSentenceChunker } from "../../src/core/chunkers/chonkie-sentence/run";
import { resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import { loadTokenizer } from "../../src/core/text/tokenizer";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEXT = readFileSync(path.join(ROOT, "docs/decisions.md"), "utf8").slice(0, 60_000);

async function ours(text: string, tuned: Partial<ChonkieSentenceConfig>) {
  const config = validConfig(chonkieSentenceChunker, tuned);
  const doc = textDocModel("c", "c.md", text);
  const out = await chonkieSentenceChunker.chunk(doc, config, createRunContext());
  const chunks = materialize(doc, out.drafts, await loadTokenizer("cl100k_base"));
  for (const c of chunks) expect(c.text).toBe(text.slice(c.start, c.end));
  return chunks.map((c) => ({
    ...c,
    text: (c.meta.chonkie_text as string | undefined) ?? c.text,
    own: c.text,
  }));
}

async function theirs(text: string, tuned: Partial<ChonkieSentenceConfig>) {
  const c = validConfig(chonkieSentenceChunker, tuned);
  const chunker = await SentenceChunker.create({
    chunkSize: c.chunk_size,
    chunkOverlap: c.chunk_overlap,
    minSentencesPerChunk: c.min_sentences_per_chunk,
    minCharactersPerSentence: c.min_characters_per_sentence,
    delim: c.delim,
    includeDelim: c.include_delim,
  });
  return chunker.chunk(text);
}

const SETTINGS: Partial<ChonkieSentenceConfig>[] = [
  {},
  { chunk_size: 512, chunk_overlap: 64 },
  { chunk_size: 300, chunk_overlap: 100, min_sentences_per_chunk: 2 },
  { chunk_size: 200, include_delim: "next", min_characters_per_sentence: 30 },
  { chunk_size: 400, delim: [".", "\n"], chunk_overlap: 50 },
  { chunk_size: 250, delim: ["\n", "."], include_delim: "none", min_characters_per_sentence: 1 },
];

describe("chonkie-sentence: Chonkie's SentenceChunker", () => {
  for (const tuned of SETTINGS)
    it(`gives Chonkie's chunks, offsets and all, on ASCII-heavy real text: ${JSON.stringify(tuned)}`, async () => {
      // docs/decisions.md has non-ASCII (— é ≤): on the byte path compare where Chonkie's offsets still hold.
      const ascii = TEXT.replace(/[^\t\n\r\x20-\x7e]/g, "-");
      const mine = await ours(ascii, tuned);
      const got = await theirs(ascii, tuned);
      expect(mine.map((c) => c.text)).toEqual(got.map((c) => c.text));
      expect(mine.map((c) => [c.start, c.end])).toEqual(got.map((c) => [c.startIndex, c.endIndex]));
    });

  it("on non-ASCII text: the JavaScript path matches Chonkie exactly", async () => {
    const mine = await ours(TEXT, { chunk_size: 400, chunk_overlap: 40 });
    const got = await theirs(TEXT, { chunk_size: 400, chunk_overlap: 40 });
    expect(mine.map((c) => c.text)).toEqual(got.map((c) => c.text));
    expect(mine.every((c) => !c.flags.includes("framework-offset-differs"))).toBe(true);
  });

  it("on non-ASCII text: the byte path's groups are Chonkie's; its offsets are bytes, its text the string sliced at them", async () => {
    const tuned = { chunk_size: 400, delim: [".", "\n"] };
    const mine = await ours(TEXT, tuned);
    const got = await theirs(TEXT, tuned);
    expect(mine).toHaveLength(got.length);
    mine.forEach((c, i) => {
      expect(c.meta.chonkie_start_index).toBe(got[i]!.startIndex);
      expect(c.meta.chonkie_end_index).toBe(got[i]!.endIndex);
      expect(c.text).toBe(got[i]!.text);
    });
    const shifted = mine.filter((c) => c.flags.includes("framework-offset-differs"));
    expect(shifted.length).toBeGreaterThan(0);
    // The first chunk starting after a non-ASCII character is where Chonkie's text stops being the document's.
    const firstShift = shifted[0]!;
    expect(firstShift.text).not.toBe(firstShift.own);
    expect(firstShift.own).toBe(TEXT.slice(firstShift.start, firstShift.end));
    expect(TEXT.slice(0, firstShift.end)).toMatch(/[^\t\n\r\x20-\x7e]/);
  });

  it("ports split_offsets exactly: offsets in bytes on any text, any delimiters, any min_chars", async () => {
    const { init } = await import("@chonkiejs/chunk");
    await init();
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom("a", "b", " ", ".", "!", "\n", "é", "—", "🦜", "?"),
          maxLength: 80,
        }),
        fc.constantFrom(".", ".\n", "!?", " "),
        fc.constantFrom("prev", "next", "none"),
        fc.integer({ min: 0, max: 12 }),
        (text, delims, include, minChars) => {
          const expected = split_offsets(text, { delimiters: delims, includeDelim: include, minChars });
          const got = splitAtDelimiters(text, delims, include as "prev", minChars).map((p) => [
            p.chonkieStart,
            p.chonkieEnd,
          ]);
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("exports a file whose JavaScript line, run by @chonkiejs/core, gives the workbench's chunks", async () => {
    const tuned = { chunk_size: 300, chunk_overlap: 60, min_sentences_per_chunk: 2 };
    const file = chonkieFormat.write("chonkie-sentence", { ...validConfig(chonkieSentenceChunker, tuned) });
    const options = /SentenceChunker\.create\((\{.*\})\)\)\.chunk\(text\)/.exec(file)?.[1];
    expect(options).toBeDefined();
    // The comment's object literal, read as JavaScript reads it.
    const parsed = new Function(`return (${options!});`)() as Parameters<typeof SentenceChunker.create>[0];
    const got = await (await SentenceChunker.create(parsed)).chunk(TEXT);
    expect((await ours(TEXT, tuned)).map((c) => c.text)).toEqual(got.map((c) => c.text));
  });

  it("has Chonkie's defaults and refuses what its constructor refuses", () => {
    expect(validConfig(chonkieSentenceChunker, {})).toEqual({
      chunk_size: 2048,
      chunk_overlap: 0,
      min_sentences_per_chunk: 1,
      min_characters_per_sentence: 12,
      delim: [". ", "! ", "? ", "\n"],
      include_delim: "prev",
    });
    expect(
      resolveConfig(chonkieSentenceChunker, { chunk_size: 10, chunk_overlap: 10 }).problems[0]?.message,
    ).toBe("chunkOverlap must be less than chunkSize");
    expect(resolveConfig(chonkieSentenceChunker, { delim: ["", "."] }).problems[0]?.key).toBe("delim");
    // A non-ASCII character is refused only where Chonkie matches bytes (every delimiter one character).
    expect(resolveConfig(chonkieSentenceChunker, { delim: ["。", "\n"] }).problems[0]?.message).toMatch(
      /UTF-8 byte/,
    );
    expect(resolveConfig(chonkieSentenceChunker, { delim: ["。", ". "] }).problems).toEqual([]);
  });
});
