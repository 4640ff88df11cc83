/**
 * chonkie-semantic against @chonkiejs/core 0.0.11's own SemanticChunker (a devDependency), both
 * given one deterministic embedder (hashed word counts), on real text: the same chunks, offsets and
 * all, on ASCII text — its split_offsets returns UTF-8 byte offsets, exact only there; the byte
 * difference itself is pinned in chonkieSentence.test.ts. Savitzky–Golay and the valley rule are
 * also checked against values worked by hand from Chonkie's source.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { SemanticChunker } from "@chonkiejs/core";
import { describe, expect, it } from "vitest";
import type { RunContext } from "../../src/core/chunk";
import type { ChonkieSemanticConfig } from "../../src/core/chunkers/chonkie-semantic/meta";
import {
  chonkieSemanticChunker,
  findSplitIndices,
  savitzkyGolay,
} from "../../src/core/chunkers/chonkie-semantic/run";
import { resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import type { Embedder } from "../../src/core/providers/embedder";
import { loadTokenizer } from "../../src/core/text/tokenizer";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEXT = readFileSync(path.join(ROOT, "docs/decisions.md"), "utf8")
  .slice(0, 30_000)
  .replace(/[^\t\n\r\x20-\x7e]/g, "-");

/** Words hashed into 48 buckets: a fixed embedder whose similarities vary along real text. */
function hashedCounts(text: string): number[] {
  const v = new Array<number>(48).fill(0);
  for (const w of text.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
    let h = 0;
    for (let i = 0; i < w.length; i++) h = (h * 31 + w.charCodeAt(i)) >>> 0;
    v[h % 48]! += 1;
  }
  return v;
}

const embedder: Embedder = {
  id: "hashed-48",
  label: "hashed word counts (48)",
  kind: "lexical",
  embed: (texts) => Promise.resolve(texts.map((t) => Float32Array.from(hashedCounts(t)))),
};

async function ours(text: string, tuned: Partial<ChonkieSemanticConfig>) {
  const config = validConfig(chonkieSemanticChunker, tuned);
  const doc = textDocModel("c", "c.md", text);
  const ctx: RunContext = { ...createRunContext(), embedder };
  const out = await chonkieSemanticChunker.chunk(doc, config, ctx);
  return { out, chunks: materialize(doc, out.drafts, await loadTokenizer("cl100k_base")) };
}

async function theirs(text: string, tuned: Partial<ChonkieSemanticConfig>) {
  const c = validConfig(chonkieSemanticChunker, tuned);
  const chunker = await SemanticChunker.create({
    embeddings: (texts: string[]) => Promise.resolve(texts.map(hashedCounts)),
    threshold: c.threshold,
    chunkSize: c.chunk_size,
    similarityWindow: c.similarity_window,
    minSentencesPerChunk: c.min_sentences_per_chunk,
    minCharactersPerSentence: c.min_characters_per_sentence,
    delimiters: c.delim,
    includeDelim: c.include_delim,
    filterWindow: c.filter_window,
    filterPolyorder: c.filter_polyorder,
    filterTolerance: c.filter_tolerance,
    skipWindow: c.skip_window,
  });
  return chunker.chunk(text);
}

const SETTINGS: Partial<ChonkieSemanticConfig>[] = [
  {},
  { threshold: 0.6, chunk_size: 600 },
  { threshold: 0.7, similarity_window: 2, min_sentences_per_chunk: 3, filter_window: 7 },
  { threshold: 0.75, filter_window: 9, filter_polyorder: 2, chunk_size: 800 },
  { threshold: 0.5, skip_window: 2, chunk_size: 1500 },
  { threshold: 0.65, include_delim: "next", min_characters_per_sentence: 60 },
];

describe("chonkie-semantic: Chonkie's SemanticChunker", () => {
  for (const tuned of SETTINGS)
    it(`gives Chonkie's chunks on real text: ${JSON.stringify(tuned)}`, async () => {
      const { chunks } = await ours(TEXT, tuned);
      const got = await theirs(TEXT, tuned);
      expect(got.length).toBeGreaterThan(2);
      expect(chunks.map((c) => c.text)).toEqual(got.map((c) => c.text));
      expect(chunks.map((c) => [c.start, c.end])).toEqual(got.map((c) => [c.startIndex, c.endIndex]));
    });

  it("smooths as Chonkie's Savitzky–Golay does, mirrored at the edges", () => {
    // Interior point of [0, 1, 0, 1, 0]: (−3·0 + 12·1 + 17·0 + 12·1 − 3·0)/35 = 24/35.
    expect(savitzkyGolay([0, 1, 0, 1, 0], 5, 3)[2]).toBeCloseTo(24 / 35, 12);
    // Edge i = 0 mirrors: indices −2 → 2, −1 → 1: (−3·0 + 12·1 + 17·0 + 12·1 − 3·0)/35.
    expect(savitzkyGolay([0, 1, 0, 1, 0], 5, 3)[0]).toBeCloseTo(24 / 35, 12);
    // Any other pair: a moving average with clamped edges.
    expect(savitzkyGolay([3, 0, 3], 3, 1)).toEqual([2, 2, 2]);
    expect(savitzkyGolay([1, 2], 5, 3)).toEqual([1, 2]);
  });

  it("keeps valleys below threshold, min distance apart, whose vertex is within tolerance", () => {
    // Moving average (window 3, order 1): minima .5333 at 3 and .6 at 8, parabola vertices on the samples.
    const dips = [1, 0.8, 0.6, 0.4, 0.6, 0.8, 1, 0.7, 0.4, 0.7, 1];
    expect(findSplitIndices(dips, 0.8, 3, 1, 0.2, 1)).toEqual([3, 8]);
    expect(findSplitIndices(dips, 0.8, 3, 1, 0.2, 6)).toEqual([3]);
    expect(findSplitIndices(dips, 0.55, 3, 1, 0.2, 1)).toEqual([3]);
  });

  it("gives no chunk for text of delimiters only, and refuses a non-ASCII delimiter character", async () => {
    const { out } = await ours("!?.\n..", { include_delim: "none" });
    expect(out.drafts).toEqual([]);
    expect(resolveConfig(chonkieSemanticChunker, { delim: ["…"] }).problems[0]?.message).toMatch(
      /UTF-8 byte/,
    );
  });

  it("draws its curve and threshold, and refuses what Chonkie's create refuses", async () => {
    const { out } = await ours(TEXT, {});
    expect(out.trace!.threshold).toBe(0.8);
    expect(out.trace!.points.length).toBeGreaterThan(10);
    expect(resolveConfig(chonkieSemanticChunker, { filter_window: 6 }).problems[0]?.message).toBe(
      "filterWindow must be an odd number",
    );
    expect(resolveConfig(chonkieSemanticChunker, { threshold: 1 }).problems[0]?.key).toBe("threshold");
  });
});
