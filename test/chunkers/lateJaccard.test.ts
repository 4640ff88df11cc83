/**
 * late-jaccard: the NOESIS seed's regex sentences and content ids; by default CHUNKERS.md's rule
 * (Jaccard of adjacent sentences, size closing at target_tokens, overlap ≤ overlap_tokens that never
 * repeats a whole chunk) checked as properties of the output; with boundary_rule "running-chunk" the
 * seed code's loop, checked against a transcription of late_chunker.py. True offsets, the traces
 * and the max_tokens warning.
 */
import { describe, expect, it } from "vitest";
import type { Chunk } from "../../src/core/chunk";
import {
  adjacentJaccard,
  closeChunks,
  type LateBoundary,
  sentenceTable,
  splitterWarnings,
} from "../../src/core/chunkers/late/toolkit";
import {
  detectJaccardBoundaries,
  lateJaccardChunker,
  runLateJaccard,
} from "../../src/core/chunkers/late-jaccard/run";
import {
  followBoundaryRule,
  LATE_JACCARD_DEFAULTS,
  RULE_THRESHOLDS,
  type LateJaccardConfig,
} from "../../src/core/chunkers/late-jaccard/meta";
import { resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel, type DocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import { contentId } from "../../src/core/text/contentId";
import { encodeText } from "../../src/core/text/encodedText";
import { noesisSentences } from "../../src/core/text/noesisSentences";
import { tokensInRange } from "../../src/core/text/spanTokens";
import { loadTokenizer } from "../../src/core/text/tokenizer";

async function run(doc: DocModel, cfg: Partial<LateJaccardConfig> = {}) {
  const config = validConfig(lateJaccardChunker, cfg);
  const out = await lateJaccardChunker.chunk(doc, config, createRunContext());
  const chunks = materialize(doc, out.drafts, await loadTokenizer("cl100k_base"));
  return { out, chunks };
}

/** `re.split(r"(?<=[.!?])\s+", text)`, stripped, empties dropped: the seed's _split_sentences. */
const seedSplit = (text: string) =>
  text
    .split(/(?<=[.!?])\s+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** The seed's _detect_boundaries_jaccard transcribed, similarity recomputed from joined text as the seed does. */
function seedBoundaries(
  sentences: string[],
  tokens: number[],
  target: number,
  overlap: number,
  threshold: number,
) {
  const words = (ss: string[]) => new Set(ss.join(" ").toLowerCase().split(/\s+/u).filter(Boolean));
  const sim = (a: string[], b: string[]) => {
    const w1 = words(a);
    const w2 = words(b);
    if (!w1.size && !w2.size) return 1;
    if (!w1.size || !w2.size) return 0;
    const inter = [...w1].filter((w) => w2.has(w)).length;
    return inter / new Set([...w1, ...w2]).size;
  };
  const out: [number, number, number][] = [];
  let cs = 0;
  let ct = 0;
  for (let i = 0; i < sentences.length; i++) {
    ct += tokens[i]!;
    if (ct >= target) {
      if (i + 1 < sentences.length) {
        const s = sim(sentences.slice(cs, i + 1), [sentences[i + 1]!]);
        if (s < threshold) {
          out.push([cs, i + 1, s]);
          let n = 0;
          let t = 0;
          for (let k = i; k >= cs; k--) {
            if (t + tokens[k]! > overlap) break;
            t += tokens[k]!;
            n++;
          }
          cs = i + 1 - n;
          ct = tokens.slice(cs, i + 1).reduce((a, b) => a + b, 0);
          continue;
        }
      }
      out.push([cs, i + 1, 1]);
      cs = i + 1;
      ct = 0;
    }
  }
  if (cs < sentences.length) out.push([cs, sentences.length, 0]);
  return out;
}

/** A deterministic pseudo-random generator, so the property test is reproducible. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const VOCAB = "river bank money loan water fish boat rate credit stream interest flood".split(" ");

function prose(n: number, rand: () => number): string {
  return Array.from({ length: n }, () => {
    const len = 3 + Math.floor(rand() * 10);
    const ws = Array.from({ length: len }, () => VOCAB[Math.floor(rand() * VOCAB.length)]!);
    return ws.join(" ") + ".";
  }).join(rand() < 0.2 ? "\n\n" : " ");
}

describe("noesisSentences", () => {
  it("splits exactly where the seed's regex splits, as true ranges", () => {
    const text =
      '  Intro heading\n\nFirst sentence. Second one!  Third?\n\nA "quoted." Next e.g. here.\tTab-led. Trailing   ';
    const spans = noesisSentences(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(seedSplit(text));
    // A paragraph break without a full stop is not a sentence end in the seed.
    expect(text.slice(spans[0]!.start, spans[0]!.end)).toBe("Intro heading\n\nFirst sentence.");
  });

  it("gives nothing for blank text", () => {
    expect(noesisSentences(" \n\n ")).toEqual([]);
  });
});

describe("tokensInRange", () => {
  it("counts each token once, in the range holding its end; whitespace between ranges in none", async () => {
    const t = await loadTokenizer("cl100k_base");
    const text = "Hello world. Foo bar baz.\n\nLast line here.";
    const enc = encodeText(t, text);
    const spans = noesisSentences(text);
    const counts = spans.map((s) => tokensInRange(enc, s.start, s.end));
    // In context " Foo" is one token; alone "Foo" may be two: within one of encoding alone.
    counts.forEach((n, i) =>
      expect(Math.abs(n - t.count(text.slice(spans[i]!.start, spans[i]!.end)))).toBeLessThanOrEqual(1),
    );
    expect(counts[0]).toBe(3); // "Hello", " world", "."
    // The ranges and the gaps between them partition the token stream.
    const cuts = [0, ...spans.flatMap((s) => [s.start, s.end]), text.length];
    let total = 0;
    for (let i = 1; i < cuts.length; i++) total += tokensInRange(enc, cuts[i - 1]!, cuts[i]!);
    expect(total).toBe(enc.ids.length);
    expect(tokensInRange(enc, spans[0]!.end, spans[1]!.start)).toBe(0); // the space went to " Foo"
  });
});

describe("detectJaccardBoundaries", () => {
  it("matches the transcribed seed loop on generated documents", () => {
    const rand = rng(7);
    for (let trial = 0; trial < 40; trial++) {
      const sentences = seedSplit(prose(5 + Math.floor(rand() * 60), rand));
      const tokens = sentences.map(() => 1 + Math.floor(rand() * 30));
      const target = 10 + Math.floor(rand() * 120);
      const overlap = Math.floor(rand() * target);
      const threshold = [0, 0.1, 0.3, 0.7, 1.01][trial % 5]!;
      const words = sentences.map((s) => s.toLowerCase().split(/\s+/u));
      const got = detectJaccardBoundaries(tokens, words, {
        target_tokens: target,
        overlap_tokens: overlap,
        similarity_threshold: threshold,
      }).boundaries.map((b) => [b.startIdx, b.endIdx, b.similarityScore]);
      const want = seedBoundaries(sentences, tokens, target, overlap, threshold);
      expect(got.length).toBe(want.length);
      got.forEach((g, i) => {
        expect(g[0]).toBe(want[i]![0]);
        expect(g[1]).toBe(want[i]![1]);
        expect(g[2]).toBeCloseTo(want[i]![2], 12);
      });
    }
  });

  it("considers similarity only once a chunk reaches target: no cut between dissimilar short sentences", () => {
    // Every pair of sentences shares no word (Jaccard 0 < threshold everywhere).
    const words = Array.from({ length: 10 }, (_, i) => [`a${i}`, `b${i}`]);
    const tokens = Array(10).fill(3) as number[];
    const { boundaries, gapSimilarity } = detectJaccardBoundaries(tokens, words, {
      target_tokens: 9,
      overlap_tokens: 3,
      similarity_threshold: 0.1,
    });
    expect(gapSimilarity).toEqual(Array(9).fill(0));
    // Close at 9 tokens (3 sentences), carry the last sentence (3 ≤ 3 overlap tokens), repeat.
    expect(boundaries.map((b) => [b.startIdx, b.endIdx, b.kind])).toEqual([
      [0, 3, "similarity"],
      [2, 5, "similarity"],
      [4, 7, "similarity"],
      [6, 9, "similarity"],
      [8, 10, "document-end"],
    ]);
  });

  it("forces a boundary without overlap when the chunk is similar to the next sentence", () => {
    const words = Array.from({ length: 6 }, () => ["same", "words"]);
    const tokens = Array(6).fill(4) as number[];
    const { boundaries } = detectJaccardBoundaries(tokens, words, {
      target_tokens: 8,
      overlap_tokens: 4,
      similarity_threshold: 0.5,
    });
    expect(boundaries.map((b) => [b.startIdx, b.endIdx, b.kind, b.similarityScore])).toEqual([
      [0, 2, "forced", 1],
      [2, 4, "forced", 1],
      [4, 6, "forced", 1],
    ]);
  });
});

/** The rule of CHUNKERS.md, checked on closeChunks' output without re-running its loop. */
function expectAdjacentRule(
  bs: LateBoundary[],
  tokens: number[],
  sims: number[],
  target: number,
  overlap: number,
  threshold: number,
) {
  const sum = (a: number, b: number) => tokens.slice(a, b).reduce((x, y) => x + y, 0);
  expect(bs[0]!.startIdx).toBe(0);
  expect(bs.at(-1)!.endIdx).toBe(tokens.length);
  expect(bs.at(-1)!.kind).toBe("document-end");
  bs.forEach((b, c) => {
    const prev = bs[c - 1];
    // Where the chunk's own sentences begin: after what it repeats of the previous chunk.
    const fresh = prev ? prev.endIdx : 0;
    expect(b.endIdx).toBeGreaterThan(fresh); // at least one new sentence
    // Within target, unless it is one sentence over it.
    if (b.endIdx - b.startIdx > 1) expect(sum(b.startIdx, b.endIdx)).toBeLessThanOrEqual(target);
    // A low-similarity gap inside a chunk can only be an earlier chunk's closing gap, in the overlap.
    for (let g = b.startIdx; g < b.endIdx - 1; g++) {
      if (sims[g]! < threshold) {
        expect(g).toBeLessThan(fresh);
        expect(bs.slice(0, c).some((e) => e.endIdx - 1 === g)).toBe(true);
      }
    }
    if (c < bs.length - 1) {
      const g = b.endIdx - 1;
      const low = sims[g]! < threshold;
      expect(low || sum(b.startIdx, b.endIdx) + tokens[g + 1]! > target).toBe(true);
      expect(b.kind).toBe(low ? "similarity" : "size");
      expect(b.similarityScore).toBe(sims[g]);
    }
    if (prev) {
      // Overlap: the previous chunk's last whole sentences, as many as fit, never all of them.
      const carried = prev.endIdx - b.startIdx;
      expect(carried).toBeGreaterThanOrEqual(0);
      expect(carried).toBeLessThan(prev.endIdx - prev.startIdx);
      const budget = Math.min(overlap, target - tokens[prev.endIdx]!);
      expect(sum(b.startIdx, prev.endIdx)).toBeLessThanOrEqual(Math.max(0, budget));
      const more = b.startIdx - 1;
      if (more > prev.startIdx) expect(sum(more, prev.endIdx)).toBeGreaterThan(budget);
    }
  });
}

describe("closeChunks (boundary_rule adjacent)", () => {
  it("follows CHUNKERS.md's rule on generated documents", () => {
    const rand = rng(11);
    for (let trial = 0; trial < 60; trial++) {
      const sentences = seedSplit(prose(2 + Math.floor(rand() * 80), rand));
      const tokens = sentences.map(() => 1 + Math.floor(rand() * 40));
      const target = 10 + Math.floor(rand() * 120);
      const overlap = Math.floor(rand() * target);
      const threshold = [0, 0.1, 0.2, 0.4, 1.01][trial % 5]!;
      const sims = adjacentJaccard(sentences.map((s) => s.toLowerCase().split(/\s+/u)));
      const breaks = new Set(sims.flatMap((v, g) => (v < threshold ? [g] : [])));
      const bs = closeChunks(
        tokens,
        { breaks, values: sims },
        { target_tokens: target, overlap_tokens: overlap },
      );
      expectAdjacentRule(bs, tokens, sims, target, overlap, threshold);
    }
  });

  it("cuts at every low adjacent pair; one-sentence chunks carry no overlap", () => {
    // Jaccard 0 at every gap: each sentence is a chunk, and carrying it whole would repeat it.
    const words = Array.from({ length: 5 }, (_, i) => [`a${i}`, `b${i}`]);
    const sims = adjacentJaccard(words);
    expect(sims).toEqual([0, 0, 0, 0]);
    const bs = closeChunks(
      [3, 3, 3, 3, 3],
      { breaks: new Set([0, 1, 2, 3]), values: sims },
      { target_tokens: 100, overlap_tokens: 50 },
    );
    expect(bs.map((b) => [b.startIdx, b.endIdx, b.kind])).toEqual([
      [0, 1, "similarity"],
      [1, 2, "similarity"],
      [2, 3, "similarity"],
      [3, 4, "similarity"],
      [4, 5, "document-end"],
    ]);
  });

  it("closes before the sentence that would pass the target and carries the last sentences", () => {
    const bs = closeChunks(
      [4, 4, 4, 4, 4, 4],
      { breaks: new Set(), values: [1, 1, 1, 1, 1] },
      { target_tokens: 12, overlap_tokens: 4 },
    );
    expect(bs.map((b) => [b.startIdx, b.endIdx, b.kind])).toEqual([
      [0, 3, "size"],
      [2, 5, "size"],
      [4, 6, "document-end"],
    ]);
  });

  it("puts a sentence over the target in a chunk of its own, without overlap", () => {
    const bs = closeChunks(
      [5, 5, 50, 5, 5],
      { breaks: new Set(), values: [0.5, 0.5, 0.5, 0.5] },
      { target_tokens: 20, overlap_tokens: 5 },
    );
    expect(bs.map((b) => [b.startIdx, b.endIdx])).toEqual([
      [0, 2],
      [2, 3],
      [3, 5],
    ]);
  });

  it("gives nothing for no sentences and one chunk for one", () => {
    const limits = { target_tokens: 10, overlap_tokens: 2 };
    expect(closeChunks([], { breaks: new Set(), values: [] }, limits)).toEqual([]);
    expect(closeChunks([30], { breaks: new Set(), values: [] }, limits)).toEqual([
      { startIdx: 0, endIdx: 1, similarityScore: 0, kind: "document-end" },
    ]);
  });
});

describe("late-jaccard chunker", () => {
  const rand = rng(42);
  const text = prose(400, rand);
  const doc = textDocModel("doc-1", "rivers.txt", text);

  it("gives true ranges of whole seed sentences, CHUNKERS.md's boundaries, seed ids and metadata", async () => {
    const { out, chunks } = await run(doc, {
      target_tokens: 120,
      overlap_tokens: 30,
      boundary_rule: "adjacent",
      similarity_threshold: 0.1,
    });
    const spans = noesisSentences(text);
    const t = await loadTokenizer("cl100k_base");
    const enc = encodeText(t, text);
    const tokens = spans.map((x) => tokensInRange(enc, x.start, x.end));
    // Oracle words: the seed's text.lower().split() on its own sentences.
    const sims = adjacentJaccard(seedSplit(text).map((x) => x.toLowerCase().split(/\s+/u)));
    expect(chunks.length).toBeGreaterThan(5);
    const bs: LateBoundary[] = [];
    for (const c of chunks) {
      expect(c.text).toBe(text.slice(c.start, c.end));
      const [s, e] = c.meta.sentence_range as [number, number];
      expect(c.start).toBe(spans[s]!.start);
      expect(c.end).toBe(spans[e - 1]!.end);
      const joined = spans
        .slice(s, e)
        .map((x) => text.slice(x.start, x.end))
        .join(" ");
      expect(c.id.replace(/_\d+$/, "")).toBe(await contentId("doc-1", joined));
      expect(c.meta.chunker).toBe("late");
      bs.push({
        startIdx: s,
        endIdx: e,
        similarityScore: c.meta.similarity_score as number,
        kind: c.meta.boundary as LateBoundary["kind"],
      });
    }
    expectAdjacentRule(bs, tokens, sims, 120, 30, 0.1);
    expect(out.stats).toMatchObject({ "sentence.count": spans.length, boundary_rule: "adjacent" });
    expect(out.warnings).toEqual([]);
  });

  it("traces the adjacent-similarity curve: a point per gap, boundaries at the chosen gaps", async () => {
    const { out, chunks } = await run(doc, {
      target_tokens: 120,
      overlap_tokens: 30,
      similarity_threshold: 0.2,
      boundary_rule: "adjacent",
    });
    const spans = noesisSentences(text);
    const sims = adjacentJaccard(seedSplit(text).map((x) => x.toLowerCase().split(/\s+/u)));
    const trace = out.trace!;
    expect(trace.threshold).toBe(0.2);
    expect(trace.points).toEqual(spans.slice(0, -1).map((s, i) => ({ offset: s.end, value: sims[i] })));
    expect(trace.boundaries).toEqual(chunks.slice(0, -1).map((c) => c.end));
    const byOffset = new Map(trace.points.map((p) => [p.offset, p.value]));
    const low = trace.points.filter((p) => p.value < 0.2).map((p) => p.offset);
    // Every low gap is a boundary; the others are closes by size.
    expect(low.every((o) => trace.boundaries.includes(o))).toBe(true);
    for (const c of chunks.slice(0, -1)) {
      expect(c.meta.similarity_score).toBe(byOffset.get(c.end));
      expect(c.meta.boundary).toBe((byOffset.get(c.end) as number) < 0.2 ? "similarity" : "size");
    }
  });

  it("boundary_rule running-chunk: the seed code's loop, chunks reaching the target, its trace", async () => {
    const { out, chunks } = await run(doc, {
      target_tokens: 120,
      overlap_tokens: 30,
      similarity_threshold: 0.2,
      boundary_rule: "running-chunk",
    });
    const spans = noesisSentences(text);
    const t = await loadTokenizer("cl100k_base");
    const enc = encodeText(t, text);
    const tokens = spans.map((x) => tokensInRange(enc, x.start, x.end));
    const want = seedBoundaries(seedSplit(text), tokens, 120, 30, 0.2);
    expect(chunks.map((c) => c.meta.sentence_range)).toEqual(want.map(([s, e]) => [s, e]));
    // Every chunk but the last closed at ≥ target tokens.
    for (const c of chunks.slice(0, -1)) {
      const [s, e] = c.meta.sentence_range as [number, number];
      expect(tokens.slice(s, e).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(120);
    }
    expect(out.stats).toMatchObject({ boundary_rule: "running-chunk" });
    const trace = out.trace!;
    // Points only where the loop compares with the threshold: where a chunk has reached the target.
    const reached = new Set<number>();
    let start = 0;
    let acc = 0;
    for (let i = 0; i + 1 < spans.length; i++) {
      acc += tokens[i]!;
      if (acc >= 120) {
        reached.add(spans[i]!.end);
        const chunk = chunks.find((c) => c.end === spans[i]!.end);
        start = chunk ? (chunk.meta.boundary === "similarity" ? -1 : i + 1) : start;
        acc = 0;
        if (start === -1) {
          // The next chunk starts at its overlap: recount from there.
          const next = chunks.find((c) => c.start > chunk!.start && c.start <= spans[i + 1]!.start)!;
          const [ns] = next.meta.sentence_range as [number, number];
          for (let k = ns; k <= i; k++) acc += tokens[k]!;
          start = ns;
        }
      }
    }
    expect(trace.points.map((p) => p.offset)).toEqual([...reached]);
    expect(trace.points.length).toBeLessThan(spans.length / 2);
    expect(trace.boundaries).toEqual(chunks.slice(0, -1).map((c) => c.end));
    // A similarity boundary's score is the traced (running-chunk) value at its gap, below the threshold.
    const byOffset = new Map(trace.points.map((p) => [p.offset, p.value]));
    for (const c of chunks.filter((c) => c.meta.boundary === "similarity")) {
      expect(c.meta.similarity_score).toBe(byOffset.get(c.end));
      expect(c.meta.similarity_score as number).toBeLessThan(0.2);
    }
  });

  it("running-chunk carries overlap sentences into the next chunk only after a similarity boundary", async () => {
    const { chunks } = await run(doc, {
      target_tokens: 100,
      overlap_tokens: 40,
      similarity_threshold: 0.3,
      boundary_rule: "running-chunk",
    });
    const kinds = new Set(chunks.map((c) => c.meta.boundary));
    expect([...kinds].sort()).toEqual(["document-end", "forced", "similarity"]);
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1]!;
      const cur = chunks[i]!;
      const carried = cur.meta.overlap_sentences as number;
      if (prev.meta.boundary === "forced") expect(carried).toBe(0);
      expect(cur.start < prev.end).toBe(carried > 0);
    }
  });

  it("chunks a document over max_tokens anyway and warns", async () => {
    const { out, chunks } = await run(doc, { max_tokens: 100 });
    expect(chunks.length).toBeGreaterThan(0);
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings![0]).toMatch(/over max_tokens 100: chunked with Jaccard as usual/);
    // The seed names Phase 1 as its strategy for long documents; it has no per-block fallback here.
    expect(out.warnings![0]).toMatch(/Phase 1/);
    expect(out.warnings![0]).not.toMatch(/per-block/);
  });

  it("flags chunks holding a sentence the seed's regex cannot split, and warns", async () => {
    // CJK full stops are not [.!?]: the seed sees one long sentence.
    const cjk = "檢索增強生成將文件切成小塊。模型讀取每一塊並引用頁碼。".repeat(30) + " Short one. Another.";
    const { out, chunks } = await run(textDocModel("c", "c.txt", cjk), {
      target_tokens: 50,
      overlap_tokens: 10,
    });
    expect(chunks[0]!.flags).toEqual(["sentence-over-target"]);
    expect(chunks.at(-1)!.flags).toEqual([]);
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings![0]).toMatch(/^1 sentence is longer than target_tokens 50 \(longest \d+ tokens\)/);
  });

  it("is deterministic: two runs give the same chunks, ids and trace, under both rules", async () => {
    for (const boundary_rule of ["adjacent", "running-chunk"] as const) {
      const a = await run(doc, { boundary_rule });
      const b = await run(doc, { boundary_rule });
      const key = (cs: Chunk[]) => cs.map((c) => [c.id, c.start, c.end]);
      expect(key(a.chunks)).toEqual(key(b.chunks));
      expect(a.out.trace).toEqual(b.out.trace);
    }
  });

  it("same text in another document gets other ids", async () => {
    const a = await run(doc);
    const b = await run(textDocModel("doc-2", "rivers.txt", text));
    expect(a.chunks[0]!.id).not.toBe(b.chunks[0]!.id);
  });

  it("switching the rule resets the threshold to that rule's default unless the user set it", () => {
    const start = { ...LATE_JACCARD_DEFAULTS } as Record<string, unknown>;
    const adjacent = followBoundaryRule(start, "boundary_rule", "adjacent");
    expect(adjacent).toMatchObject({
      boundary_rule: "adjacent",
      similarity_threshold: RULE_THRESHOLDS.adjacent,
    });
    expect(followBoundaryRule(adjacent, "boundary_rule", "running-chunk")).toMatchObject({
      similarity_threshold: 0.7,
    });
    const tuned = followBoundaryRule(start, "similarity_threshold", 0.42);
    expect(followBoundaryRule(tuned, "boundary_rule", "adjacent")).toMatchObject({
      boundary_rule: "adjacent",
      similarity_threshold: 0.42,
    });
    expect(followBoundaryRule(start, "target_tokens", 300)).toEqual({ ...start, target_tokens: 300 });
    expect(lateJaccardChunker.withParam).toBe(followBoundaryRule);
  });

  it("has the seed code's defaults (running chunk at 0.7) and rejects overlap ≥ target", () => {
    expect(LATE_JACCARD_DEFAULTS).toEqual({
      max_tokens: 8000,
      target_tokens: 450,
      overlap_tokens: 80,
      similarity_threshold: 0.7,
      boundary_rule: "running-chunk",
      sentence_splitter: "seed",
      token_counter: "cl100k",
    });
    expect(resolveConfig(lateJaccardChunker, { boundary_rule: "sentences" }).problems[0]?.key).toBe(
      "boundary_rule",
    );
    expect(resolveConfig(lateJaccardChunker, { sentence_splitter: "intl" }).problems[0]?.key).toBe(
      "sentence_splitter",
    );
    expect(
      resolveConfig(lateJaccardChunker, { target_tokens: 50, overlap_tokens: 50 }).problems[0]?.key,
    ).toBe("overlap_tokens");
    expect(resolveConfig(lateJaccardChunker, { similarity_threshold: 1.5 }).problems[0]?.key).toBe(
      "similarity_threshold",
    );
  });

  it("an empty document gives no chunks and an empty trace", async () => {
    const { chunks, out } = await run(textDocModel("e", "e.txt", ""));
    expect(chunks).toEqual([]);
    expect(out.trace).toEqual({ points: [], threshold: 0.7, boundaries: [] });
  });
});

describe("sentence_splitter (a workbench extension)", () => {
  /** A manual's contents page, then prose: the seed's regex makes a "sentence" of every leader dot. */
  const contents = [
    "Table of Contents",
    "",
    ...Array.from(
      { length: 12 },
      (_, i) => `${i + 1}.${i % 3} Section title ${i} . . . . . . . . . . . . . . . . . . . . ${i * 3 + 1}`,
    ),
    "",
    "1 Introduction",
    "R is a system for statistical computation and graphics. It provides a programming language, high",
    "level graphics, interfaces to other languages and debugging facilities. This manual details and",
    "defines the R language.",
  ].join("\n");
  const manual = () => textDocModel("manual", "manual.txt", contents);

  it("warns with the count and the other choice when over 20% of the seed's sentences are only punctuation", async () => {
    const { out } = await run(manual());
    const seed = noesisSentences(contents);
    const dots = seed.filter((s) => /^[.\s]+$/u.test(contents.slice(s.start, s.end))).length;
    expect(dots).toBeGreaterThan(0.2 * seed.length);
    expect(out.warnings).toContain(
      `sentence_splitter "seed": ${dots} of ${seed.length} sentences are only punctuation (dot leaders?); ` +
        `sentence_splitter "workbench" reads them as lines`,
    );
    expect(out.stats).toMatchObject({ "sentence.count": seed.length, "sentence.splitter": "seed" });
  });

  it("workbench reads contents lines as sentences: no warning, no punctuation-only sentence", async () => {
    const { out, chunks } = await run(manual(), {
      sentence_splitter: "workbench",
      target_tokens: 40,
      overlap_tokens: 10,
    });
    expect(out.warnings).toEqual([]);
    // 12 contents lines, the title, the heading and three prose sentences.
    expect(out.stats).toMatchObject({ "sentence.count": 17, "sentence.splitter": "workbench" });
    for (const c of chunks) expect(c.text).toMatch(/[\p{L}\p{N}]/u);
    expect(chunks[0]!.text.startsWith("Table of Contents")).toBe(true);
  });

  it("keeps a sentence table per splitter, so switching back re-reads the first", async () => {
    const doc = manual();
    const ctx = createRunContext();
    const seed = await sentenceTable(doc, ctx, "seed");
    const workbench = await sentenceTable(doc, ctx, "workbench");
    expect(workbench).not.toBe(seed);
    expect(await sentenceTable(doc, ctx)).toBe(seed);
    expect(await sentenceTable(doc, ctx, "workbench")).toBe(workbench);
    expect(seed.punctuationOnly).toBeGreaterThan(100);
    expect(workbench.punctuationOnly).toBe(0);
    expect(splitterWarnings(workbench)).toEqual([]);
    expect(splitterWarnings({ ...seed, punctuationOnly: Math.floor(0.2 * seed.spans.length) })).toEqual([]);
  });

  it("writes counts with thousands separators", () => {
    const table = {
      spans: Array.from({ length: 8126 }, () => ({ start: 0, end: 1 })),
      tokens: [],
      words: [],
      documentTokens: 0,
      splitter: "seed" as const,
      punctuationOnly: 6800,
      counter: "cl100k" as const,
    };
    expect(splitterWarnings(table)).toEqual([
      'sentence_splitter "seed": 6,800 of 8,126 sentences are only punctuation (dot leaders?); sentence_splitter "workbench" reads them as lines',
    ]);
  });
});

describe("token_counter (DESIGN §12 seed fidelity)", () => {
  it("chars_div_4 sizes every sentence and the document by NOESIS's len(text) // 4, in code points", async () => {
    // Eight sentences of 40 code points each (one with an astral character, one code point, two units).
    const sentence = (i: number) => `Sentence ${i} of the test`.padEnd(39, "x") + ".";
    const sentences = Array.from({ length: 8 }, (_, i) => sentence(i));
    sentences[3] = sentences[3]!.slice(0, 38) + "😀.";
    for (const s of sentences) expect([...s]).toHaveLength(40);
    const text = sentences.join(" ");
    const d = textDocModel("tc", "tc.txt", text);
    // target 30 "tokens" = 120 code points: three sentences of 10 each close a chunk (no overlap).
    const config = {
      ...LATE_JACCARD_DEFAULTS,
      target_tokens: 30,
      overlap_tokens: 0,
      token_counter: "chars_div_4" as const,
    };
    const out = await runLateJaccard(d, config, createRunContext());
    const sizes = out.drafts.map((dr) => [...text.slice(dr.start, dr.end)].length);
    expect(sizes).toEqual([122, 122, 81]); // 3 + 3 + 2 sentences, joined by spaces
    expect(out.stats?.["document.tokens"]).toBe(Math.floor([...text].length / 4));
    // cl100k (the default) counts the document with the tokenizer.
    const cl = await runLateJaccard(d, { ...config, token_counter: "cl100k" }, createRunContext());
    expect(cl.stats?.["document.tokens"]).toBe((await loadTokenizer("cl100k_base")).count(text));
  });

  it("refuses an unknown counter", () => {
    expect(resolveConfig(lateJaccardChunker, { token_counter: "words" }).problems[0]?.key).toBe(
      "token_counter",
    );
  });
});
