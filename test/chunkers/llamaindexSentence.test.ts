/**
 * llamaindex-sentence against @llamaindex/core 0.6's own SentenceSplitter (llamaindex 0.12's; a
 * devDependency), given the same cl100k tokenizer: the same chunk texts, one by one, on real text —
 * where LlamaIndex's text is not a slice of the document (its secondary regex drops punctuation),
 * ours is the document's range and LlamaIndex's text is pinned in meta.llamaindex_text.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { SentenceSplitter } from "@llamaindex/core/node-parser";
import { Tiktoken } from "js-tiktoken/lite";
import cl100k from "js-tiktoken/ranks/cl100k_base";
import { describe, expect, it } from "vitest";
import type { LlamaindexSentenceConfig } from "../../src/core/chunkers/llamaindex-sentence/meta";
import { llamaindexSentenceChunker } from "../../src/core/chunkers/llamaindex-sentence/run";
import {
  sentenceCuts,
  abbreviationPattern,
  LLAMAINDEX_ABBREVIATIONS,
} from "../../src/core/chunkers/llamaindex-sentence/sentenceTokenizer";
import { resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import { loadTokenizer } from "../../src/core/text/tokenizer";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEXT = readFileSync(path.join(ROOT, "docs/decisions.md"), "utf8").slice(0, 40_000);
const tiktoken = new Tiktoken(cl100k);
const tokenizer = {
  encode: (t: string) => new Uint32Array(tiktoken.encode(t)),
  decode: (ids: Uint32Array) => tiktoken.decode([...ids]),
};

async function ours(text: string, tuned: Partial<LlamaindexSentenceConfig>) {
  const config = validConfig(llamaindexSentenceChunker, tuned);
  const doc = textDocModel("l", "l.md", text);
  const out = await llamaindexSentenceChunker.chunk(doc, config, createRunContext());
  const chunks = materialize(doc, out.drafts, await loadTokenizer("cl100k_base"));
  for (const c of chunks) expect(c.text).toBe(text.slice(c.start, c.end));
  return chunks;
}

function theirs(text: string, tuned: Partial<LlamaindexSentenceConfig>) {
  const c = validConfig(llamaindexSentenceChunker, tuned);
  const splitter = new SentenceSplitter({
    chunkSize: c.chunk_size,
    chunkOverlap: c.chunk_overlap,
    separator: c.separator,
    paragraphSeparator: c.paragraph_separator,
    secondaryChunkingRegex: c.secondary_chunking_regex,
    extraAbbreviations: c.extra_abbreviations,
    tokenizer,
  });
  return splitter.splitText(text);
}

const SETTINGS: Partial<LlamaindexSentenceConfig>[] = [
  {},
  { chunk_size: 256, chunk_overlap: 32 },
  { chunk_size: 128, chunk_overlap: 0 },
  { chunk_size: 64, chunk_overlap: 16, paragraph_separator: "\n\n" },
  { chunk_size: 200, chunk_overlap: 50, extra_abbreviations: ["e.g.", "cf."] },
  { chunk_size: 12, chunk_overlap: 2 },
];

describe("llamaindex-sentence: LlamaIndex's SentenceSplitter", () => {
  for (const tuned of SETTINGS)
    it(`gives LlamaIndex's chunk texts: ${JSON.stringify(tuned)}`, async () => {
      const mine = await ours(TEXT, tuned);
      const got = theirs(TEXT, tuned);
      expect(mine.map((c) => (c.meta.llamaindex_text as string | undefined) ?? c.text)).toEqual(got);
    });

  it("pins what LlamaIndex changes: punctuation its secondary regex does not match", async () => {
    // An index line: "Dr." is an abbreviation, so no sentence ends and the line is one long "sentence";
    // the secondary regex splits it, and no match can start at the comma after "Dr.": it is dropped.
    const index =
      Array.from({ length: 60 }, (_, i) => `Howard Dr., ${300 + i}n; ${400 + i}`).join("; ") + "\n";
    const mine = await ours(index, { chunk_size: 40, chunk_overlap: 0 });
    const got = theirs(index, { chunk_size: 40, chunk_overlap: 0 });
    expect(mine.map((c) => (c.meta.llamaindex_text as string | undefined) ?? c.text)).toEqual(got);
    const changed = mine.filter((c) => c.flags.includes("framework-text-differs"));
    expect(changed.length).toBeGreaterThan(0);
    for (const c of changed) {
      expect(index.includes(c.meta.llamaindex_text as string)).toBe(false);
      expect(c.text).toBe(index.slice(c.start, c.end));
    }
  });

  it("ends sentences where natural's tokenizer does, abbreviations and numbers masked", () => {
    const text = "Dr. Smith paid 3.50 dollars, i.e. a lot. See www.example.com. The start. Next one!";
    const cuts = sentenceCuts(text, 0, text.length, abbreviationPattern(LLAMAINDEX_ABBREVIATIONS));
    // "Dr." and "i.e." are abbreviations, 3.50 a number; the URL swallows its final dot; "start." hides
    // "art." (an abbreviation, matched inside the word): only "a lot." ends a sentence before the end.
    expect(cuts.map((c) => text.slice(0, c).slice(-6))).toEqual(["a lot."]);
  });

  it("has LlamaIndex's defaults and its overlap rule", () => {
    expect(validConfig(llamaindexSentenceChunker, {})).toMatchObject({
      chunk_size: 1024,
      chunk_overlap: 200,
      separator: " ",
    });
    expect(
      resolveConfig(llamaindexSentenceChunker, { chunk_size: 10, chunk_overlap: 10 }).problems[0]?.message,
    ).toBe("Chunk overlap must be less than chunk size.");
  });
});
