/**
 * late-embedding as CHUNKERS.md specifies it: the seed's sentence windows, the gap each window
 * pair speaks for, LangChain's threshold modes on the window curve, chunks closed by late-jaccard's
 * builder, the fallback to late-jaccard (embedder errors, a real endpoint's 500 and timeout, a
 * document over max_tokens) and no re-embedding when only a threshold changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChunkerOutput, RunContext } from "../../src/core/chunk";
import {
  LATE_EMBEDDING_DEFAULTS,
  type LateEmbeddingConfig,
} from "../../src/core/chunkers/late-embedding/meta";
import {
  embedWindows,
  LOCAL_EMBEDDING_CACHE,
  lateEmbeddingChunker,
  MAX_BATCHES_IN_FLIGHT,
  sentenceWindows,
  windowGap,
} from "../../src/core/chunkers/late-embedding/run";
import { lateJaccardChunker } from "../../src/core/chunkers/late-jaccard/run";
import { resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel, type DocModel } from "../../src/core/document";
import { createRunContext } from "../../src/core/engine";
import { cachedEmbedder, MemoryEmbeddingCache } from "../../src/core/providers/cache";
import { EmbedderError, type Embedder } from "../../src/core/providers/embedder";
import { createOpenAIEmbedder } from "../../src/core/providers/openaiEmbedder";
import { cosineSimilarity } from "../../src/core/providers/vectors";
import { contentId } from "../../src/core/text/contentId";
import { noesisSentences } from "../../src/core/text/noesisSentences";
import { fakeEmbedding, startOpenAIServer, type OpenAIServer } from "../support/openaiServer";

function ctxWith(embedder?: Embedder, signal?: AbortSignal): RunContext {
  return { ...createRunContext(signal), ...(embedder ? { embedder } : {}) };
}

async function run(
  doc: DocModel,
  cfg: Partial<LateEmbeddingConfig> = {},
  ctx: RunContext = ctxWith(),
): Promise<ChunkerOutput> {
  return lateEmbeddingChunker.chunk(doc, validConfig(lateEmbeddingChunker, cfg), ctx);
}

/** An embedder answering from `vectorOf`, counting calls and texts. */
function fakeEmbedder(vectorOf: (text: string) => number[], id = "fake") {
  const calls: string[][] = [];
  const embedder: Embedder = {
    id,
    label: `${id} embedder`,
    kind: "neural",
    async embed(texts, signal) {
      signal?.throwIfAborted();
      calls.push([...texts]);
      return texts.map((t) => Float32Array.from(vectorOf(t)));
    },
  };
  return { embedder, calls };
}

const sentencesOf = (doc: DocModel) => noesisSentences(doc.text).map((s) => doc.text.slice(s.start, s.end));

/** Nine distinct sentences; far apart enough in tokens that size never closes a chunk at target 10000. */
const NINE = Array.from({ length: 9 }, (_, k) => `Sentence number ${k} stands here.`).join(" ");
const nineDoc = textDocModel("nine", "nine.txt", NINE);

/**
 * An embedder whose adjacent windows have exactly the cosines `sims`: window j is the unit vector at
 * angle θ_j, with θ_{j+1} − θ_j = acos(sims[j]).
 */
function curveEmbedder(doc: DocModel, windowSize: number, sims: number[]) {
  const windows = sentenceWindows(sentencesOf(doc), windowSize);
  expect(windows).toHaveLength(sims.length + 1);
  const angles = [0];
  for (const s of sims) angles.push(angles.at(-1)! + Math.acos(s));
  const index = new Map(windows.map((w, j) => [w, j]));
  return fakeEmbedder((t) => {
    const a = angles[index.get(t)!]!;
    return [Math.cos(a), Math.sin(a)];
  });
}

/** The sentence ranges of the chunks, [start, end). */
const ranges = (out: ChunkerOutput) => out.drafts.map((d) => d.meta!.sentence_range);

describe("sentence windows", () => {
  it("are the seed's example: A B C D E → A B C, B C D, C D E", () => {
    expect(sentenceWindows(["A", "B", "C", "D", "E"], 3)).toEqual(["A B C", "B C D", "C D E"]);
    expect(sentenceWindows(["A", "B"], 3)).toEqual(["A B"]);
    expect(sentenceWindows(["A", "B", "C"], 1)).toEqual(["A", "B", "C"]);
    expect(sentenceWindows([], 3)).toEqual([]);
  });

  it("a low cosine between windows j and j+1 marks the gap after sentence j+window_size−1", async () => {
    expect(windowGap(0, 3)).toBe(2);
    // Topics by sentence: A A A A B B B B; windows count their topics' words.
    const text = "Alpha one. Alpha two. Alpha three. Alpha four. Beta one. Beta two. Beta three. Beta four.";
    const doc = textDocModel("ab", "ab.txt", text);
    const { embedder } = fakeEmbedder((t) => [
      (t.match(/Alpha/g) ?? []).length,
      (t.match(/Beta/g) ?? []).length,
    ]);
    // Windows AAA AAA AAB ABB BBB BBB: cosines 1, 2/√5, 0.8, 2/√5, 1. The lowest (0.8, windows 2
    // and 3) is the gap before sentence 5, the one window 3 adds.
    const out = await run(
      doc,
      { threshold_mode: "absolute", threshold_amount: 0.85, target_tokens: 1000, overlap_tokens: 0 },
      ctxWith(embedder),
    );
    expect(ranges(out)).toEqual([
      [0, 5],
      [5, 8],
    ]);
    const spans = noesisSentences(text);
    expect(out.trace!.points.map((p) => p.offset)).toEqual([2, 3, 4, 5, 6].map((i) => spans[i]!.end));
    const values = out.trace!.points.map((p) => p.value);
    [1, 2 / Math.sqrt(5), 0.8, 2 / Math.sqrt(5), 1].forEach((v, i) => expect(values[i]).toBeCloseTo(v, 6));
    expect(out.trace!.boundaries).toEqual([spans[4]!.end]);
    expect(out.trace!.threshold).toBe(0.85);
    expect(out.drafts[0]!.meta).toMatchObject({ chunker: "late-embedding", boundary: "similarity" });
    expect(out.drafts[0]!.meta!.similarity_score as number).toBeCloseTo(0.8, 6);
  });
});

describe("threshold modes give LangChain's breakpoints on the window curve", () => {
  // The breakpoints tests' curve; distances 0.1 0.2 0.9 0.15 0.8 0.1. Window gap j → sentence gap j+2.
  const sims = [0.9, 0.8, 0.1, 0.85, 0.2, 0.9];
  const big = { target_tokens: 10_000, overlap_tokens: 0 };
  const cut = (gaps: number[]) => {
    const ends = [...gaps.map((g) => g + 1), 9];
    return ends.map((e, i) => [i === 0 ? 0 : ends[i - 1]!, e]);
  };

  it("percentile: d above numpy's linear percentile (95 → 0.875)", async () => {
    const { embedder } = curveEmbedder(nineDoc, 3, sims);
    const out = await run(
      nineDoc,
      { ...big, threshold_mode: "percentile", threshold_amount: 95 },
      ctxWith(embedder),
    );
    expect(ranges(out)).toEqual(cut([4]));
    expect(out.trace!.threshold).toBeCloseTo(0.125, 6);
    const p60 = await run(
      nineDoc,
      { ...big, threshold_mode: "percentile", threshold_amount: 60 },
      ctxWith(embedder),
    );
    expect(ranges(p60)).toEqual(cut([4, 6]));
  });

  it("standard_deviation: mean + amount · population std", async () => {
    const { embedder } = curveEmbedder(nineDoc, 3, sims);
    const one = await run(
      nineDoc,
      { ...big, threshold_mode: "standard_deviation", threshold_amount: 1 },
      ctxWith(embedder),
    );
    expect(ranges(one)).toEqual(cut([4, 6]));
    const three = await run(
      nineDoc,
      { ...big, threshold_mode: "standard_deviation", threshold_amount: 3 },
      ctxWith(embedder),
    );
    expect(ranges(three)).toEqual(cut([]));
  });

  it("interquartile: mean + amount · (p75 − p25)", async () => {
    const { embedder } = curveEmbedder(nineDoc, 3, sims);
    // mean .375, p25 .1125, p75 .65: threshold .375 + .5 · .5375 = .64375.
    const out = await run(
      nineDoc,
      { ...big, threshold_mode: "interquartile", threshold_amount: 0.5 },
      ctxWith(embedder),
    );
    expect(ranges(out)).toEqual(cut([4, 6]));
    expect(out.trace!.threshold).toBeCloseTo(1 - 0.64375, 6);
  });

  it("gradient: numpy's gradient of d above its percentile; no threshold line", async () => {
    const { embedder } = curveEmbedder(nineDoc, 3, sims);
    // gradient of d = .1 .4 −.025 −.05 −.025 −.7; p80 → rank 4 → .1; above it: window gap 1.
    const out = await run(
      nineDoc,
      { ...big, threshold_mode: "gradient", threshold_amount: 80 },
      ctxWith(embedder),
    );
    expect(ranges(out)).toEqual(cut([3]));
    expect(out.trace).not.toHaveProperty("threshold");
  });

  it("absolute: cosine strictly below the amount", async () => {
    const { embedder } = curveEmbedder(nineDoc, 3, sims);
    const out = await run(
      nineDoc,
      { ...big, threshold_mode: "absolute", threshold_amount: 0.75 },
      ctxWith(embedder),
    );
    expect(ranges(out)).toEqual(cut([4, 6]));
    expect(out.trace!.threshold).toBe(0.75);
  });
});

describe("late-embedding chunks", () => {
  const prose = Array.from({ length: 60 }, (_, k) =>
    [
      "Rivers carry water and fish to the sea.",
      "Banks lend money at an interest rate.",
      "Boats float on the stream.",
    ][k % 3]!.replace(".", ` number ${k}.`),
  ).join(" ");
  const doc = textDocModel("prose", "River Notes.txt", prose);

  it("closes by size and carries overlap exactly as late-jaccard does", async () => {
    // absolute −1: no cosine is below it, so only size closes chunks; late-jaccard at threshold 0
    // has no Jaccard below 0 either. Both must then give the same chunks.
    const sizes = { target_tokens: 60, overlap_tokens: 15 };
    const emb = await run(doc, { ...sizes, threshold_mode: "absolute", threshold_amount: -1 });
    const jac = await lateJaccardChunker.chunk(
      doc,
      validConfig(lateJaccardChunker, { ...sizes, similarity_threshold: 0, boundary_rule: "adjacent" }),
      createRunContext(),
    );
    expect(emb.drafts.length).toBeGreaterThan(3);
    expect(emb.drafts.map((d) => [d.id, d.start, d.end, d.meta!.overlap_sentences])).toEqual(
      jac.drafts.map((d) => [d.id, d.start, d.end, d.meta!.overlap_sentences]),
    );
    expect(emb.stats).toMatchObject({ "chunker.ran": "late-embedding", "boundaries.similarity": 0 });
  });

  it("uses the local lexical embedder without an endpoint, and says so", async () => {
    const out = await run(doc, { target_tokens: 200, overlap_tokens: 20 });
    const windows = sentencesOf(doc).length - 2;
    expect(out.stats).toMatchObject({
      "chunker.ran": "late-embedding",
      "embedding.kind": "lexical",
      "embedding.model": "Local lexical (TF-IDF, not neural)",
      "windows.count": windows,
      "embedding.batches": Math.ceil(windows / 16),
    });
    expect(out.trace!.points).toHaveLength(windows - 1);
    expect(out.warnings).toEqual([expect.stringMatching(/^no embedding endpoint: .*local lexical embedder/)]);
  });

  it("falls back to late-jaccard when the embedder returns all-zero vectors", async () => {
    const { embedder } = fakeEmbedder(() => [0, 0]);
    const out = await run(doc, { target_tokens: 120, overlap_tokens: 20 }, ctxWith(embedder));
    expect(out.stats!["chunker.ran"]).toBe("late-jaccard");
    expect(out.warnings![0]).toMatch(/fell back from late-embedding to late-jaccard: .*all-zero vectors/);
  });

  it("is deterministic: same ids, ranges and trace on a re-run", async () => {
    const a = await run(doc, { target_tokens: 120, overlap_tokens: 20, threshold_amount: 80 });
    const b = await run(doc, { target_tokens: 120, overlap_tokens: 20, threshold_amount: 80 });
    expect(b.drafts).toEqual(a.drafts);
    expect(b.trace).toEqual(a.trace);
  });

  it("content ids by default; positional {doc}_chunk_N ids when use_content_based_ids is off", async () => {
    const spans = noesisSentences(prose);
    const on = await run(doc, { target_tokens: 120, overlap_tokens: 20 });
    const [s, e] = on.drafts[0]!.meta!.sentence_range as [number, number];
    const joined = spans
      .slice(s, e)
      .map((x) => prose.slice(x.start, x.end))
      .join(" ");
    expect(on.drafts[0]!.id).toBe(await contentId("prose", joined));
    const off = await run(doc, { target_tokens: 120, overlap_tokens: 20, use_content_based_ids: false });
    expect(off.drafts.map((d) => d.id)).toEqual(off.drafts.map((_, n) => `river-notes_chunk_${n}`));
  });

  it("sends batches of batch_size windows", async () => {
    const { embedder, calls } = fakeEmbedder((t) => [t.length % 7, 1]);
    const out = await run(doc, { batch_size: 5 }, ctxWith(embedder));
    const windows = sentencesOf(doc).length - 2;
    // Requests overlap (up to four at once), so they may finish in any order: compare sizes as a multiset.
    expect(calls.map((c) => c.length).sort((a, b) => b - a)).toEqual([
      ...Array<number>(Math.floor(windows / 5)).fill(5),
      ...(windows % 5 ? [windows % 5] : []),
    ]);
    expect(out.stats).toMatchObject({
      "embedding.batches": calls.length,
      "embedding.model": "fake embedder",
    });
  });
});

describe("embedWindows", () => {
  /** An embedder whose calls resolve on demand, to watch how many are in flight. */
  function gatedEmbedder() {
    let inFlight = 0;
    let most = 0;
    const sizes: number[] = [];
    const embedder: Embedder = {
      id: "gated",
      label: "gated",
      kind: "neural",
      async embed(texts, signal) {
        sizes.push(texts.length);
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        signal?.throwIfAborted();
        if (texts.includes("boom")) throw new EmbedderError("exploded", 500, { code: "http-5xx" });
        return texts.map((t) => Float32Array.of(t.length, 1));
      },
    };
    return { embedder, sizes, most: () => most };
  }

  it("sends batch_size windows per request, up to 4 requests at once, vectors in window order", async () => {
    const { embedder, sizes, most } = gatedEmbedder();
    const windows = Array.from({ length: 50 }, (_, i) => "w".repeat(i + 1));
    const { vectors, batches } = await embedWindows(embedder, windows, 8, undefined);
    expect(batches).toBe(7);
    expect([...sizes].sort((a, b) => b - a)).toEqual([8, 8, 8, 8, 8, 8, 2]);
    expect(most()).toBe(MAX_BATCHES_IN_FLIGHT);
    expect(vectors.map((v) => v[0])).toEqual(windows.map((w) => w.length));
  });

  it("stops sending after the first failure and reports it", async () => {
    const { embedder, sizes } = gatedEmbedder();
    const windows = [...Array<string>(8).fill("ok"), "boom", ...Array<string>(40).fill("ok")];
    await expect(embedWindows(embedder, windows, 4, undefined)).rejects.toThrow(/exploded/);
    expect(sizes.length).toBeLessThan(13);
  });
});

describe("no re-embedding when only a threshold changes", () => {
  const doc = textDocModel(
    "drag",
    "drag.txt",
    Array.from(
      { length: 30 },
      (_, k) => `Topic ${k % 4} sentence ${k} about ${["cats", "tax", "rain"][k % 3]}.`,
    ).join(" "),
  );

  it("an endpoint embedder behind the host's cache is not called again", async () => {
    const { embedder, calls } = fakeEmbedder((t) => [t.length % 5, t.length % 3, 1]);
    const ctx = ctxWith(cachedEmbedder(embedder, new MemoryEmbeddingCache()));
    await run(doc, { threshold_amount: 95 }, ctx);
    const first = calls.length;
    expect(first).toBeGreaterThan(0);
    const moved = await run(doc, { threshold_amount: 60 }, ctx);
    expect(calls.length).toBe(first);
    expect(moved.stats!["chunker.ran"]).toBe("late-embedding");
  });

  it("the local embedder is kept per document and its vectors cached", async () => {
    await run(doc, { threshold_amount: 95 });
    const misses = LOCAL_EMBEDDING_CACHE.misses;
    const hits = LOCAL_EMBEDDING_CACHE.hits;
    await run(doc, { threshold_mode: "absolute", threshold_amount: 0.3 });
    expect(LOCAL_EMBEDDING_CACHE.misses).toBe(misses);
    expect(LOCAL_EMBEDDING_CACHE.hits - hits).toBe(28); // every window found
  });
});

describe("fallback to late-jaccard", () => {
  const text = Array.from({ length: 40 }, (_, k) => `Plain sentence ${k} with some words in it.`).join(" ");
  const doc = textDocModel("fb", "fb.txt", text);
  const sizes = { target_tokens: 80, overlap_tokens: 10 };

  async function expectFellBack(out: ChunkerOutput, reason: RegExp) {
    const jac = await lateJaccardChunker.chunk(
      doc,
      validConfig(lateJaccardChunker, sizes),
      createRunContext(),
    );
    expect(out.drafts).toEqual(jac.drafts);
    expect(out.warnings![0]).toMatch(/^fell back from late-embedding to late-jaccard: /);
    expect(out.warnings![0]).toMatch(reason);
    expect(out.stats!["chunker.ran"]).toBe("late-jaccard");
    expect(out.stats!["fallback.reason"]).toMatch(reason);
  }

  it("on an EmbedderError, with its message as the reason", async () => {
    const failing: Embedder = {
      id: "broken",
      label: "broken embedder",
      kind: "neural",
      embed: () => Promise.reject(new EmbedderError("model not loaded", 503)),
    };
    await expectFellBack(await run(doc, sizes, ctxWith(failing)), /broken embedder failed: model not loaded/);
  });

  it("on a document over max_tokens, without embedding", async () => {
    const { embedder, calls } = fakeEmbedder(() => [1, 0]);
    const out = await run(doc, { ...sizes, max_tokens: 50 }, ctxWith(embedder));
    await expectFellBack(out, /over max_tokens 50/);
    expect(calls).toEqual([]);
  });

  it("with its sentence_splitter", async () => {
    const { embedder } = fakeEmbedder(() => [1, 0]);
    const out = await run(
      doc,
      { ...sizes, max_tokens: 50, sentence_splitter: "workbench" },
      ctxWith(embedder),
    );
    expect(out.stats).toMatchObject({ "chunker.ran": "late-jaccard", "sentence.splitter": "workbench" });
  });

  it("but not on the run's own abort, even while the embedder hangs", async () => {
    const hanging: Embedder = {
      id: "hang",
      label: "hanging embedder",
      kind: "neural",
      embed: (_texts, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener("abort", () => reject(signal.reason as Error), { once: true });
        }),
    };
    const controller = new AbortController();
    const pending = run(doc, sizes, ctxWith(hanging, controller.signal));
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("against a real OpenAI-compatible endpoint", () => {
  let server: OpenAIServer;
  beforeAll(async () => {
    server = await startOpenAIServer({ dimensions: 32 });
  });
  afterAll(() => server.close());

  const text = Array.from(
    { length: 23 },
    (_, k) =>
      `${["Cats purr softly", "Taxes rise yearly", "Rain falls often"][Math.floor(k / 8)]} in case ${k}.`,
  ).join(" ");
  const doc = textDocModel("srv", "srv.txt", text);
  const endpoint = (timeoutMs = 2000) =>
    createOpenAIEmbedder({ baseUrl: `${server.url}/v1`, model: "fake-embed", timeoutMs });

  it("uses the server's embeddings, batch_size windows per request", async () => {
    server.reset();
    const out = await run(
      doc,
      { batch_size: 4, threshold_mode: "absolute", threshold_amount: 0.5 },
      ctxWith(endpoint()),
    );
    const windows = sentenceWindows(sentencesOf(doc), 3);
    expect(server.count("/v1/embeddings")).toBe(Math.ceil(windows.length / 4));
    const inputs = server.requests.map((r) => (r.body as { input: string[] }).input);
    expect(inputs.flat()).toEqual(windows);
    expect(Math.max(...inputs.map((i) => i.length))).toBe(4);
    const vectors = windows.map((w) => Float32Array.from(fakeEmbedding(w, 32)));
    out.trace!.points.forEach((p, j) =>
      expect(p.value).toBeCloseTo(cosineSimilarity(vectors[j]!, vectors[j + 1]!), 6),
    );
    expect(out.stats).toMatchObject({
      "chunker.ran": "late-embedding",
      "embedding.kind": "neural",
      "embedding.model": `fake-embed @ 127.0.0.1:${server.port}`,
      "embedding.batches": Math.ceil(windows.length / 4),
    });
  });

  it("falls back with the reason on a 500", async () => {
    server.reset();
    server.scriptEmbeddings({ status: 500, message: "GPU on fire" });
    const out = await run(doc, {}, ctxWith(endpoint()));
    expect(out.stats!["chunker.ran"]).toBe("late-jaccard");
    expect(out.warnings![0]).toMatch(/^fell back from late-embedding to late-jaccard: .*500.*GPU on fire/);
  });

  it("falls back with the reason when the server is slower than the endpoint's timeout", async () => {
    server.reset();
    server.scriptEmbeddings({ delayMs: 1000 });
    const out = await run(doc, {}, ctxWith(endpoint(100)));
    expect(out.stats!["chunker.ran"]).toBe("late-jaccard");
    expect(out.stats!["fallback.reason"]).toMatch(/did not answer within/);
  });
});

describe("sentence_splitter", () => {
  it("embeds windows of the workbench splitter's sentences", async () => {
    // The seed's regex cuts after "e.g." and "Fig.": five sentences where the workbench splitter sees three.
    const text = "Rivers flood, e.g. In spring they rise. Fig. 2 shows the levels. Banks lend money.";
    const abbreviated = textDocModel("abbr", "abbr.txt", text);
    const { embedder, calls } = fakeEmbedder(() => [1, 0]);
    const out = await run(abbreviated, { window_size: 1, sentence_splitter: "workbench" }, ctxWith(embedder));
    expect(calls.flat()).toEqual([
      "Rivers flood, e.g. In spring they rise.",
      "Fig. 2 shows the levels.",
      "Banks lend money.",
    ]);
    expect(out.stats).toMatchObject({ "sentence.count": 3, "sentence.splitter": "workbench" });
    expect(noesisSentences(text)).toHaveLength(5);
  });
});

describe("config", () => {
  it("has the seed's defaults and LangChain's percentile 95", () => {
    expect(LATE_EMBEDDING_DEFAULTS).toEqual({
      max_tokens: 8000,
      target_tokens: 450,
      overlap_tokens: 80,
      similarity_threshold: 0.7,
      window_size: 3,
      batch_size: 16,
      use_content_based_ids: true,
      threshold_mode: "percentile",
      threshold_amount: 95,
      sentence_splitter: "seed",
      token_counter: "cl100k",
    });
  });

  it("checks overlap < target and the amount in the mode's units", () => {
    const key = (cfg: Partial<LateEmbeddingConfig>) =>
      resolveConfig(lateEmbeddingChunker, cfg).problems[0]?.key;
    expect(key({ target_tokens: 50, overlap_tokens: 50 })).toBe("overlap_tokens");
    expect(key({ threshold_mode: "absolute", threshold_amount: 95 })).toBe("threshold_amount");
    expect(key({ threshold_mode: "percentile", threshold_amount: -0.5 })).toBe("threshold_amount");
    expect(key({ threshold_mode: "standard_deviation", threshold_amount: -0.5 })).toBe("threshold_amount");
    expect(key({ threshold_mode: "absolute", threshold_amount: 0.75 })).toBeUndefined();
    expect(key({ threshold_mode: "spline" as never })).toBe("threshold_mode");
  });
});
