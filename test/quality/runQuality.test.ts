import { describe, expect, it } from "vitest";
import { textDocModel, type DocModel } from "../../src/core/document";
import { createRunContext, runChunker } from "../../src/core/engine";
import { DEFAULT_EMBEDDING_TOKEN_LIMIT, runQuality, spanShare } from "../../src/core/quality/runQuality";
import { markdownHeadings } from "../../src/core/text/markdown";
import { chunkOf, partition } from "./helpers";

const TEXT = "# Intro\nOne two three. Four five six.\n\n# Next\nSeven eight nine. Ten eleven.";
const doc: DocModel = textDocModel("q", "q.md", TEXT, markdownHeadings(TEXT));
const at = (s: string) => TEXT.indexOf(s);

describe("runQuality", () => {
  it("scores a sentence-aligned partition: every chunk ends a sentence, nothing cut, nothing repeated", () => {
    const chunks = partition(doc, [0, at("Four"), at("# Next"), at("Ten"), TEXT.length]);
    const q = runQuality(doc, { chunker: "token", config: { chunk_size: 100 }, chunks, stats: {} });
    expect(q.chunkCount).toBe(4);
    expect(q.endsAtSentence).toEqual({ count: 4, share: 1 });
    expect(q.midSentence).toEqual({ count: 0, share: 0 });
    expect(q.midWord).toEqual({ count: 0, share: 0 });
    expect(q.orphanHeadings).toBe(0);
    expect(q.coverage.coverage).toBe(1);
    expect(q.coverage.redundancy).toBe(0);
    expect(q.overlap.totalChars).toBe(0);
    expect(q.chunks.every((c) => c.flags.length === 0)).toBe(true);
  });

  it("flags cuts per chunk and counts them per run", () => {
    const chunks = partition(doc, [0, at("two") + 1, at("# Next") + 4, TEXT.length]);
    const q = runQuality(doc, { chunker: "token", config: { chunk_size: 100 }, chunks, stats: {} });
    expect(q.chunks[0]!.flags).toEqual(["mid-sentence-cut", "mid-word-cut"]);
    expect(q.chunks[1]!.flags).toEqual(["mid-sentence-cut", "mid-word-cut", "orphan-heading"]);
    expect(q.chunks[2]!.flags).toEqual(["mid-sentence-cut", "mid-word-cut"]);
    expect(q.midWord).toEqual({ count: 3, share: 1 });
    expect(q.endsAtSentence.count).toBe(1);
    expect(q.orphanHeadings).toBe(1);
    // The chunker's own flags are left alone.
    expect(chunks.every((c) => c.flags.length === 0)).toBe(true);
  });

  it("judges sizes in the chunker's unit against its min and max keys", () => {
    const chunks = partition(doc, [0, at("Four"), at("# Next"), TEXT.length]);
    const sizes = chunks.map((c) => c.end - c.start);
    const q = runQuality(doc, {
      chunker: "header",
      config: { min_chunk_chars: sizes[0]! + 1, max_chunk_chars: sizes[2]! - 1 },
      chunks: chunks.map((c) => ({ ...c, tokens: 1 })),
      stats: {},
    });
    expect(q.chunks.map((c) => c.size)).toEqual(sizes);
    expect(q.chunks.map((c) => c.unit)).toEqual(["chars", "chars", "chars"]);
    expect(q.size.underMin).toBe(sizes.filter((s) => s < sizes[0]! + 1).length);
    expect(q.size.overMax).toBe(1);
    expect(q.chunks[2]!.flags).toContain("over-max");
    expect(q.size).toMatchObject({ measured: 3, min: Math.min(...sizes), max: Math.max(...sizes) });
    expect(q.size.median).toBe([...sizes].sort((a, b) => a - b)[1]);
  });

  it("counts UTF-8 bytes for the simple chunker", () => {
    const d = textDocModel("b", "b.txt", "héé ok");
    const q = runQuality(d, {
      chunker: "simple",
      config: { max_bytes: 4 },
      chunks: [chunkOf(d, 0, 0, 3), chunkOf(d, 1, 4, 6)],
      stats: {},
    });
    expect(q.chunks.map((c) => c.size)).toEqual([5, 2]);
    expect(q.size.overMax).toBe(1);
    expect(q.size.underMin).toBeNull();
  });

  it("flags chunks over the embedding limit, 8191 tokens by default", () => {
    const chunks = [chunkOf(doc, 0, 0, 10, { tokens: 8191 }), chunkOf(doc, 1, 10, 20, { tokens: 8192 })];
    const input = { chunker: "token", config: {}, chunks, stats: {} };
    expect(DEFAULT_EMBEDDING_TOKEN_LIMIT).toBe(8191);
    expect(runQuality(doc, input).embedding).toEqual({ limit: 8191, over: 1 });
    expect(runQuality(doc, input, { embeddingTokenLimit: 100 }).embedding).toEqual({ limit: 100, over: 2 });
    expect(runQuality(doc, input).chunks[1]!.flags).toContain("over-embedding-limit");
  });

  it("reads coherence from the run's stats first, else from the chunks, else reports none", () => {
    const chunks = [
      chunkOf(doc, 0, 0, 10, { meta: { coherence: 0.5 } }),
      chunkOf(doc, 1, 10, 20, { meta: { semantic_coherence: 0.7 } }),
      chunkOf(doc, 2, 20, 30, { meta: { coherence: { score: 0.6, sentences: 3 } } }),
      chunkOf(doc, 3, 30, 40, { meta: { coherence: { score: null, sentences: 1 } } }),
    ];
    const q = runQuality(doc, { chunker: "entity", config: {}, chunks, stats: {} });
    expect(q.coherence).toBeCloseTo(0.6, 12);
    expect(q.chunks.map((c) => c.coherence)).toEqual([0.5, 0.7, 0.6, undefined]);
    const stated = runQuality(doc, {
      chunker: "hybrid",
      config: {},
      chunks,
      stats: { "quality.mean_coherence": 0.9 },
    });
    expect(stated.coherence).toBe(0.9);
    const none = runQuality(doc, { chunker: "token", config: {}, chunks: partition(doc, [0, 5]), stats: {} });
    expect(none.coherence).toBeNull();
  });

  it("reports null shares for an empty run", () => {
    const q = runQuality(doc, { chunker: "token", config: { chunk_size: 10 }, chunks: [], stats: {} });
    expect(q.endsAtSentence.share).toBeNull();
    expect(q.size.mean).toBeNull();
    expect(q.coverage.coverage).toBe(0);
    expect(q.coverage.redundancy).toBeNull();
  });
});

describe("the engine's runs carry their quality", () => {
  const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} says a few words.`).join(" ");
  const d = textDocModel("e", "e.txt", long);

  it("computes it for every run, with the overlap the token chunker carries in tokens", async () => {
    const ctx = createRunContext();
    const run = await runChunker(d, "token", { chunk_size: 40, overlap: 10 }, ctx);
    const q = run.quality!;
    expect(q.chunkCount).toBe(run.chunks.length);
    expect(q.chunks).toHaveLength(run.chunks.length);
    expect(q.size.rules[0]!.target).toEqual({ key: "chunk_size", value: 40 });
    expect(q.coverage.coverage).toBe(1);
    expect(q.coverage.redundancy).toBeGreaterThan(0);
    // Every window but a tail inside the previous one starts 30 tokens after its predecessor.
    const regular = run.chunks.filter((c) => !c.flags.includes("tail-inside-previous")).length;
    expect(q.overlap.totalTokens).toBeGreaterThanOrEqual(10 * (regular - 1));
    expect(run.timings["quality_ms"]).toBeGreaterThanOrEqual(0);

    const wider = await runChunker(d, "token", { chunk_size: 80, overlap: 10 }, ctx);
    expect(wider.quality!.chunkCount).toBeLessThan(q.chunkCount);
    expect(wider.quality!.size.mean).not.toBe(q.size.mean);
  });

  it("gives a run with no overlap a redundancy of 0", async () => {
    const run = await runChunker(d, "token", { chunk_size: 40, overlap: 0 }, createRunContext());
    expect(run.quality!.coverage.redundancy).toBe(0);
    expect(run.quality!.overlap.totalChars).toBe(0);
  });
});

describe("spanShare and the table-of-contents label", () => {
  it("measures how much of a range sorted spans cover", () => {
    const spans = [
      { start: 0, end: 10 },
      { start: 20, end: 30 },
    ];
    expect(spanShare(spans, 0, 10)).toBe(1);
    expect(spanShare(spans, 5, 25)).toBe(0.5);
    expect(spanShare(spans, 10, 20)).toBe(0);
    expect(spanShare(spans, 3, 3)).toBe(0);
  });

  it("labels a chunk that is mostly table of contents, and only such a chunk", () => {
    const text =
      "1 Introduction . . . . . . 1\n2 Objects . . . . . . . . 7\n\nThe body text of the manual starts here.";
    const tocEnd = text.indexOf("\n\n");
    const doc = { ...textDocModel("d", "d.txt", text), tocSpans: [{ start: 0, end: tocEnd }] };
    const chunks = [
      { start: 0, end: tocEnd },
      { start: tocEnd + 2, end: text.length },
    ].map((r, index) => ({
      id: `c${index}`,
      index,
      ...r,
      prefixChars: 0,
      text: text.slice(r.start, r.end),
      tokens: 5,
      pages: [],
      boxes: [],
      flags: [],
      meta: {},
    }));
    const q = runQuality(doc, { chunker: "token", config: { chunk_size: 100 }, chunks, stats: {} });
    expect(q.chunks[0]!.flags).toContain("table-of-contents");
    expect(q.chunks[1]!.flags).not.toContain("table-of-contents");
  });
});
