import { describe, expect, it } from "vitest";
import type { ChunkDraft } from "./chunk";
import { UnknownChunkerError, chunkerSummaries, getChunker } from "./chunkers/registry";
import { ConfigError, resolveConfig } from "./config";
import { textDocModel, type DocModel } from "./document";
import {
  createRunContext,
  materialize,
  runChunker,
  runRanges,
  scoreCoherence,
  scoreRun,
  withCoherence,
  withTokenCounts,
  countsTokensLater,
} from "./engine";
import { TOKENS_PENDING } from "./chunk";
import { EncodedTextCache } from "./text/encodedText";
import { loadTokenizer } from "./text/tokenizer";

describe("materialize", () => {
  it("makes repeated ids unique in document order and applies prefixes", async () => {
    const doc: DocModel = textDocModel("d", "d.txt", "alpha beta alpha");
    const drafts: ChunkDraft[] = [
      { id: "x", start: 0, end: 5 },
      { id: "x", start: 6, end: 10, prefix: "H > " },
      { id: "x", start: 11, end: 16 },
    ];
    const chunks = materialize(doc, drafts, await loadTokenizer("cl100k_base"));
    expect(chunks.map((c) => c.id)).toEqual(["x", "x_2", "x_3"]);
    expect(chunks[1]!.text).toBe("H > beta");
    expect(chunks[1]!.prefixChars).toBe(4);
    expect(chunks[1]!.text.slice(chunks[1]!.prefixChars)).toBe(doc.text.slice(6, 10));
    expect(chunks[1]!.tokens).toBe((await loadTokenizer("cl100k_base")).count("H > beta"));
    expect(chunks.every((c) => c.pages.length === 0 && c.boxes.length === 0)).toBe(true);
  });
});

describe("materialize marks", () => {
  it("gives each mark the boxes of its own span, not the chunk's", async () => {
    const text = "Ada Lovelace met Babbage";
    const doc: DocModel = {
      ...textDocModel("d", "d.pdf", text),
      pages: [
        { number: 1, width: 600, height: 800, rotate: 0, textStart: 0, textEnd: text.length, hasText: true },
      ],
      runs: [
        {
          page: 1,
          start: 0,
          end: text.length,
          x0: 0,
          y0: 100,
          x1: 6 * text.length,
          y1: 112,
          fontSize: 12,
          fontName: "M",
        },
      ],
    };
    const drafts: ChunkDraft[] = [
      {
        id: "c",
        start: 0,
        end: text.length,
        marks: [{ start: 17, end: 24, kind: "entity", label: "person: Babbage" }],
      },
      { id: "d", start: 0, end: 3 },
    ];
    const [withMark, without] = materialize(doc, drafts, await loadTokenizer("cl100k_base"));
    expect(withMark!.marks).toHaveLength(1);
    const mark = withMark!.marks![0]!;
    expect(mark).toMatchObject({ start: 17, end: 24, kind: "entity", label: "person: Babbage" });
    expect(mark.boxes).toHaveLength(1);
    // Glyph advances are estimated per character, so only "the last word, not the whole line" is exact.
    expect(mark.boxes[0]!.x0).toBeGreaterThan(0.6 * 17 * 6);
    expect(mark.boxes[0]!.x1).toBeCloseTo(24 * 6, 0);
    expect(withMark!.boxes[0]!.x0).toBe(0);
    expect(without!.marks).toBeUndefined();
  });
});

describe("runChunker", () => {
  it("rejects unknown chunkers and invalid configs with typed errors", async () => {
    const doc = textDocModel("d", "d.txt", "text");
    await expect(runChunker(doc, "nope", {}, createRunContext())).rejects.toBeInstanceOf(UnknownChunkerError);
    await expect(
      runChunker(doc, "token", { chunk_size: 10, overlap: 20 }, createRunContext()),
    ).rejects.toBeInstanceOf(ConfigError);
    await expect(runChunker(doc, "token", { chunk_sise: 10 }, createRunContext())).rejects.toThrow(
      /unknown key/,
    );
  });

  it("stops when its signal is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      runChunker(textDocModel("d", "d", "abc"), "token", {}, createRunContext(controller.signal)),
    ).rejects.toThrow();
  });

  it("reports the resolved config, stats and timings", async () => {
    const run = await runChunker(
      textDocModel("d", "d", "some words ".repeat(100)),
      "token",
      { chunk_size: 50, overlap: 5 },
      createRunContext(),
    );
    expect(run.config).toEqual({ chunk_size: 50, overlap: 5, encoding: "cl100k_base" });
    expect(run.stats["chunk.count"]).toBe(run.chunks.length);
    expect(run.stats["token.count"]).toBe(
      (await loadTokenizer("cl100k_base")).count("some words ".repeat(100)),
    );
    expect(run.timings.chunk_ms).toBeGreaterThanOrEqual(0);
    expect(run.warnings).toEqual([]);
  });

  it("scores coherence for every run and reports the hybrid seed's quality.mean_coherence", async () => {
    const text = Array.from({ length: 30 }, (_, i) =>
      i < 15 ? `Cats purr and cats nap in the sun ${i}.` : `Bonds and rates moved in the market ${i}.`,
    ).join(" ");
    const doc = textDocModel("coh", "c.txt", text);
    const hybrid = await runChunker(doc, "hybrid", {}, createRunContext());
    expect(typeof hybrid.stats["quality.mean_coherence"]).toBe("number");
    expect(hybrid.stats["quality.coherence_by"]).toMatch(/lexical/i);
    expect(hybrid.quality?.coherence).toBe(hybrid.stats["quality.mean_coherence"]);
    const off = await runChunker(doc, "hybrid", { enable_quality_metrics: false }, createRunContext());
    expect(off.stats["quality.mean_coherence"]).toBeUndefined();
    const token = await runChunker(doc, "token", { chunk_size: 40, overlap: 0 }, createRunContext());
    expect(token.quality?.coherence).not.toBeNull();
    expect(token.stats["quality.mean_coherence"]).toBeUndefined();
  });

  it("rejects a chunk_size of 50 with the default overlap of 50", async () => {
    await expect(
      runChunker(textDocModel("d", "d", "x"), "token", { chunk_size: 50 }, createRunContext()),
    ).rejects.toThrow(/overlap/);
  });
});

describe("staged runs", () => {
  const text = Array.from({ length: 40 }, (_, i) =>
    i < 20 ? `Cats purr and cats nap in the sun ${i}.` : `Bonds and rates moved in the market ${i}.`,
  ).join(" ");
  const doc = textDocModel("staged", "s.txt", text);

  it("stage 1 carries ranges and no scores; the stages together are runChunker's run", async () => {
    for (const [chunker, config] of [
      ["token", { chunk_size: 30, overlap: 5 }],
      ["hybrid", {}],
      ["recursive", { chunk_size: 120, chunk_overlap: 20 }],
    ] as const) {
      const ctx = createRunContext();
      const ranges = await runRanges(doc, chunker, config, ctx);
      expect(ranges.quality).toBeUndefined();
      expect(Object.keys(ranges.timings).sort()).toEqual(["chunk_ms", "cite_ms"]);
      const staged = withCoherence(ranges, await scoreCoherence(doc, ranges, ctx));
      const whole = await runChunker(doc, chunker, config, createRunContext());
      const strip = (r: typeof whole) => ({ ...r, timings: Object.keys(r.timings).sort() });
      expect(strip(staged)).toEqual(strip(whole));
    }
  });

  it("a run measured in characters may leave its token counts to the next stage: then the same run", async () => {
    const config = { length_unit: "chars", chunk_size: 160, chunk_overlap: 20 };
    const encoded = new EncodedTextCache();
    const deferred = await runRanges(doc, "recursive", config, createRunContext(undefined, encoded), {
      deferTokens: true,
    });
    expect(deferred.tokensPending).toBe(true);
    expect(deferred.chunks.every((c) => c.tokens === TOKENS_PENDING)).toBe(true);
    // The split and the boxes cost no encoding of the document.
    expect(encoded.has(doc.id, "cl100k_base")).toBe(false);
    const counted = await withTokenCounts(doc, deferred, createRunContext());
    const direct = await runRanges(doc, "recursive", config, createRunContext());
    expect(counted.tokensPending).toBeUndefined();
    expect(counted.chunks).toEqual(direct.chunks);
    expect({ ...counted, timings: null }).toEqual({ ...direct, timings: null });
    // A counted run, and a run in tokens, pass through as they are.
    expect(await withTokenCounts(doc, direct, createRunContext())).toBe(direct);
    const tokens = await runRanges(
      doc,
      "recursive",
      { chunk_size: 40, chunk_overlap: 5 },
      createRunContext(),
      {
        deferTokens: true,
      },
    );
    expect(tokens.tokensPending).toBeUndefined();
    expect(tokens.chunks.every((c) => c.tokens > 0)).toBe(true);
  });

  it("counts tokens later exactly for chunkers measuring in characters", () => {
    expect(countsTokensLater("recursive", { length_unit: "chars" })).toBe(true);
    expect(countsTokensLater("header", {})).toBe(true);
    expect(countsTokensLater("recursive", { length_unit: "tokens" })).toBe(false);
    expect(countsTokensLater("token", {})).toBe(false);
  });

  it("stage 2 scores every chunk as the full run does, coherence aside", async () => {
    const ctx = createRunContext();
    const ranges = await runRanges(doc, "token", { chunk_size: 25, overlap: 0 }, ctx);
    const early = await scoreRun(doc, ranges, ctx);
    const full = (await scoreCoherence(doc, ranges, ctx)).quality;
    expect(early.chunks.map((q) => q.flags)).toEqual(full.chunks.map((q) => q.flags));
    expect(early.coverage).toEqual(full.coverage);
    expect(early.coherence).toBeNull();
    expect(full.coherence).not.toBeNull();
  });
});

describe("registry and config", () => {
  it("lists chunkers with id, label, source, defaults and params", () => {
    for (const s of chunkerSummaries()) {
      expect(s.id).toBeTruthy();
      // A seed's file, or — for a peer framework's chunker — the framework and its version.
      expect(s.source).toMatch(
        /^(langchain|chonkie|llamaindex)-/.test(s.id)
          ? /^(LangChain|Chonkie|LlamaIndex) \w+ \(.*\d+\.(\d+|x)\b.*\)$/
          : /\.md$/,
      );
      expect(Object.keys(s.defaults).sort()).toEqual(s.params.map((p) => p.key).sort());
    }
    expect(getChunker("token").id).toBe("token");
  });

  it("type-checks values against the param specs", () => {
    const spec = getChunker("token");
    expect(resolveConfig(spec, { chunk_size: "512" }).problems[0]?.message).toMatch(/number/);
    expect(resolveConfig(spec, { chunk_size: 1.5 }).problems[0]?.message).toMatch(/whole/);
    expect(resolveConfig(spec, { encoding: "p50k" }).problems[0]?.message).toMatch(/one of/);
    expect(resolveConfig(spec, [1]).problems[0]?.key).toBe("config");
    expect(resolveConfig(spec, undefined).config).toEqual(spec.defaults);
  });
});
