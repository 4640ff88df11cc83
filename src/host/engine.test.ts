import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { createRunContext, runChunker } from "../core/engine";
import { extractPdfBytes } from "../pdf/node";
import type { DocModel } from "../core/document";
import { EngineHost, stableJson, type ModelCache } from "./engine";
import { InputError } from "./errors";
import { readWordVectorsFile } from "../cli/wordVectorsFile";
import { furniturePdf } from "../../test/fixtures/pdfs";

const text = Array.from({ length: 30 }, (_, i) =>
  i < 15 ? `Cats purr and cats nap in the sun ${i}.` : `Bonds and rates moved in the market ${i}.`,
).join(" ");
const bytes = new TextEncoder().encode(text);

async function samplePdfBytes(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText("Hello pages", { x: 50, y: 700 });
  return pdf.save();
}

describe("EngineHost", () => {
  it("opens text by its kind, keeps it, and runs the stages to what runChunker gives", async () => {
    const host = new EngineHost(extractPdfBytes);
    host.providers.useWordVectors(readWordVectorsFile);
    const doc = await host.open(bytes, { name: "notes.txt", encoding: "cl100k_base" });
    expect(host.has(doc.id)).toBe(true);
    const request = { docId: doc.id, chunker: "token", config: { chunk_size: 20, overlap: 0 } };
    const ranges = await host.ranges(request);
    expect(ranges.quality).toBeUndefined();
    const scores = await host.scores(request);
    expect(scores.chunkCount).toBe(ranges.chunks.length);
    const all = await host.runAll(request);
    // The host's local embedder is the session's (GloVe by default): the reference runs with the same.
    const reference = await runChunker(doc, "token", request.config, {
      ...createRunContext(),
      localEmbedder: host.providers.localEmbedder,
    });
    expect(all.chunks).toEqual(reference.chunks);
    expect(all.quality).toEqual(reference.quality);
    expect(all.warnings).toEqual(reference.warnings);
  });

  it("scores a run it no longer remembers by running it again, and forgets closed documents", async () => {
    const host = new EngineHost(extractPdfBytes);
    const doc = await host.open(bytes, { name: "notes.md" });
    const request = { docId: doc.id, chunker: "recursive", config: {} };
    const quality = await host.coherence(request);
    expect(quality.quality.coherence).not.toBeNull();
    host.forget(doc.id);
    expect(host.has(doc.id)).toBe(false);
    await expect(host.scores(request)).rejects.toThrow(/open it again/);
  });

  it("takes a model from the cache instead of extracting, and keeps new ones there (never a password's)", async () => {
    const stored = new Map<string, DocModel>();
    const cache: ModelCache = {
      get: async (id) => stored.get(id),
      put: async (model) => void stored.set(model.id, model),
    };
    let extractions = 0;
    const host = new EngineHost(async (b, o) => {
      extractions++;
      return extractPdfBytes(b, o);
    });
    const pdf = await samplePdfBytes();
    const first = await host.open(pdf, { name: "a.pdf", kind: "pdf" }, { cache });
    await new Promise((r) => setTimeout(r, 10));
    // The stored model is extraction's (furniture in its text); the one opened applies the setting.
    expect(stored.get(first.id)?.text).toBe(first.text);
    expect(stored.get(first.id)?.furnitureSetting).toBe("keep");
    expect(first.furnitureSetting).toBe("drop");
    const again = await new EngineHost(async () => {
      throw new Error("must not extract");
    }).open(pdf, { name: "renamed.pdf", kind: "pdf" }, { cache });
    expect(again).toEqual({ ...first, name: "renamed.pdf" });
    stored.clear();
    await host.open(pdf, { name: "a.pdf", kind: "pdf", password: "" }, { cache });
    await new Promise((r) => setTimeout(r, 10));
    expect(stored.size).toBe(0);
    expect(extractions).toBe(2);
  });

  it("switches a document's furniture setting without extracting again, and names it in the run's stats", async () => {
    let extractions = 0;
    const host = new EngineHost(async (b, o) => {
      extractions++;
      return extractPdfBytes(b, o);
    });
    const fx = await furniturePdf({ pages: 4, numbers: true, footer: true });
    const drop = await host.open(fx.bytes, { name: "m.pdf", kind: "pdf" });
    const runDrop = await host.ranges({
      docId: drop.id,
      chunker: "token",
      config: { chunk_size: 20, overlap: 0 },
    });
    const keep = await host.open(fx.bytes, { name: "m.pdf", kind: "pdf", furniture: "keep" });
    expect(extractions).toBe(1);
    expect(keep.id).toBe(`${drop.id}:keep`);
    expect(keep.text.length).toBeGreaterThan(drop.text.length);
    const runKeep = await host.ranges({
      docId: keep.id,
      chunker: "token",
      config: { chunk_size: 20, overlap: 0 },
    });
    expect(runDrop.stats["document.furniture"]).toBe("drop");
    expect(runKeep.stats["document.furniture"]).toBe("keep");
    expect(runDrop.chunks.some((c) => c.text.includes("Company confidential"))).toBe(false);
    expect(runKeep.chunks.some((c) => c.text.includes("Company confidential"))).toBe(true);
    // One model per file: the other setting's is let go, so a set naming "m.pdf" finds one document.
    expect(host.openDocuments().map((d) => d.id)).toEqual([keep.id]);
  });

  it("refuses files of no known kind and bad UTF-8 with an input error", async () => {
    const host = new EngineHost(extractPdfBytes);
    await expect(host.open(bytes, { name: "a.png" })).rejects.toBeInstanceOf(InputError);
    await expect(host.open(new Uint8Array([0xff, 0xfe, 0x00]), { name: "a.txt" })).rejects.toThrow(
      /not UTF-8/,
    );
  });

  it("says per chunker what will run instead on a document, before any run", async () => {
    const host = new EngineHost(extractPdfBytes);
    const doc = await host.open(bytes, { name: "notes.txt", encoding: "cl100k_base" });
    const notes = await host.fallbackNotes(doc.id, {
      token: { chunk_size: 20 },
      "late-embedding": { max_tokens: 50 },
      agentic: {},
      recursive: { chunk_size: -1 },
    });
    expect(notes.token).toBeNull();
    expect(notes["late-embedding"]).toMatchObject({
      runs: "late-jaccard",
      change: expect.stringMatching(/max_tokens/),
    });
    expect(notes.agentic).toMatchObject({ runs: "late-jaccard", reason: "no LLM endpoint is configured" });
    // A config with problems starts no run: nothing to foresee.
    expect(notes.recursive).toBeNull();
  });

  it("asks for an LLM endpoint before judging", async () => {
    const host = new EngineHost(extractPdfBytes);
    const doc = await host.open(bytes, { name: "a.txt" });
    expect(() => host.judgeCoherence(doc.id, [{ start: 0, end: 5 }], host.ledger.meter())).toThrow(/no LLM/);
  });

  it("stableJson names a config the same whatever its key order", () => {
    expect(stableJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: 3 } })).toBe(
      stableJson({ a: { c: 3, d: [2, { y: 2, z: 1 }] }, b: 1 }),
    );
  });

  it("hands a document's encoding to another host, which runs alike without encoding it again", async () => {
    const maker = new EngineHost(extractPdfBytes);
    const doc = await maker.open(bytes, { name: "notes.txt" });
    const encoded = await maker.encodedText(doc.id, "cl100k_base");
    expect(await maker.encodedText(doc.id, "cl100k_base")).toBe(encoded);

    const taker = new EngineHost(extractPdfBytes);
    taker.keep(doc);
    taker.adoptEncoding(doc.id, encoded);
    expect(await taker.encodedText(doc.id, "cl100k_base")).toBe(encoded);
    const request = { docId: doc.id, chunker: "token", config: { chunk_size: 20, overlap: 0 } };
    expect((await taker.stored(request)).chunks).toEqual((await maker.stored(request)).chunks);
    // One held already stays (its range counts are cached by identity).
    taker.adoptEncoding(doc.id, { ...encoded });
    expect(await taker.encodedText(doc.id, "cl100k_base")).toBe(encoded);
  });

  it("refuses an encoding of another text", async () => {
    const host = new EngineHost(extractPdfBytes);
    const doc = await host.open(bytes, { name: "notes.txt" });
    const other = await host.open(new TextEncoder().encode("short"), { name: "short.txt" });
    const wrong = await host.encodedText(other.id, "cl100k_base");
    const fresh = new EngineHost(extractPdfBytes);
    fresh.keep(doc);
    expect(() => fresh.adoptEncoding(doc.id, wrong)).toThrow(/encoding of 5 characters/);
  });

  it("holds a long PDF's provisional model while the rest is read, then the whole document in its place", async () => {
    const fx = await furniturePdf({ pages: 420, numbers: true });
    const host = new EngineHost(extractPdfBytes);
    let firstRun: Promise<unknown> | undefined;
    let provisionalId = "";
    const doc = await host.open(
      fx.bytes,
      { name: "long.pdf", encoding: "cl100k_base" },
      {
        onProvisional: (first) => {
          provisionalId = first.id;
          // Left out under the default setting, like the whole document's furniture.
          expect(first.furnitureSetting).toBe("drop");
          expect(host.has(first.id)).toBe(true);
          firstRun = host.ranges({
            docId: first.id,
            chunker: "token",
            config: { chunk_size: 50, overlap: 0 },
          });
        },
      },
    );
    expect(provisionalId).toBe(`${doc.id}:provisional`);
    const run = (await firstRun) as { chunks: { pages: number[] }[] };
    expect(run.chunks.length).toBeGreaterThan(0);
    expect(Math.max(...run.chunks.flatMap((c) => c.pages))).toBeLessThanOrEqual(100);
    // One model per file: the whole document replaced the provisional one.
    expect(host.has(provisionalId)).toBe(false);
    expect(host.has(doc.id)).toBe(true);
    expect(doc.provisional).toBeUndefined();
    expect(doc.pages).toHaveLength(420);
  });

  it("lets go of the provisional model when the extraction is abandoned", async () => {
    const fx = await furniturePdf({ pages: 420 });
    const host = new EngineHost(extractPdfBytes);
    const controller = new AbortController();
    let provisionalId = "";
    await expect(
      host.open(
        fx.bytes,
        { name: "long.pdf" },
        {
          signal: controller.signal,
          onProvisional: (first) => {
            provisionalId = first.id;
            controller.abort();
          },
        },
      ),
    ).rejects.toThrow();
    expect(provisionalId).not.toBe("");
    expect(host.has(provisionalId)).toBe(false);
  });

  it("counts a deferred run's tokens before its later stages, and gives them to the page with its scores", async () => {
    const host = new EngineHost(extractPdfBytes);
    const doc = await host.open(bytes, { name: "notes.txt" });
    const config = { length_unit: "chars", chunk_size: 120, chunk_overlap: 0 };
    const request = { docId: doc.id, chunker: "recursive", config, deferTokens: true };
    const stage1 = await host.ranges(request);
    expect(stage1.tokensPending).toBe(true);
    const { quality, tokens } = await host.scoresAndCounts(request);
    const reference = await host.runAll({ docId: doc.id, chunker: "recursive", config });
    expect(Array.from(tokens!)).toEqual(reference.chunks.map((c) => c.tokens));
    expect(quality.chunkCount).toBe(reference.chunks.length);
    // Stage 3 and a moved-back slider read the counted run.
    expect((await host.stored(request)).chunks).toEqual(reference.chunks);
    // A request that did not defer, or a run in tokens, gets no counts back.
    expect((await host.scoresAndCounts({ ...request, deferTokens: false })).tokens).toBeNull();
    const inTokens = {
      docId: doc.id,
      chunker: "token",
      config: { chunk_size: 20, overlap: 0 },
      deferTokens: true,
    };
    await host.ranges(inTokens);
    expect((await host.scoresAndCounts(inTokens)).tokens).toBeNull();
  });
});
