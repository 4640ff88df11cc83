/**
 * The hierarchical chunker against hierarchical-parent-child-chunking.md and CHUNKERS.md: sections
 * at headings 1–3 with heading lines out of the text and in heading_path / chapter / section;
 * parents within parent_chunk_size, children within child_chunk_size inside their parent and
 * overlapping by up to child_chunk_overlap; parent/child/sibling links; cuts at sentence ends
 * unless one sentence is over the size (flagged); content ids, unique and deterministic.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Chunk } from "../../src/core/chunk";
import { hierarchicalChunker, uniqueIds } from "../../src/core/chunkers/hierarchical/run";
import type { HierarchicalConfig } from "../../src/core/chunkers/hierarchical/meta";
import { ConfigError, resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel, type DocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import { contentId } from "../../src/core/text/contentId";
import { headingSpans } from "../../src/core/text/headingSpans";
import { markdownHeadings } from "../../src/core/text/markdown";
import { isSpace } from "../../src/core/text/segment";
import { loadTokenizer } from "../../src/core/text/tokenizer";
import { extractPdfFile } from "../../src/pdf/node";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Small sizes keep generated documents short while every level of splitting still happens. */
const SMALL: Partial<HierarchicalConfig> = {
  parent_chunk_size: 200,
  child_chunk_size: 60,
  child_chunk_overlap: 15,
};

function mdDoc(text: string, id = "doc-id", name = "notes.md"): DocModel {
  return textDocModel(id, name, text, markdownHeadings(text));
}

/** Deterministic prose: sentence i of a topic, about 14 tokens. */
const sentence = (topic: string, i: number) =>
  `The ${topic} example number ${i} shows how plain words fill a short sentence.`;
const paragraph = (topic: string, from: number, n: number, joiner = " ") =>
  Array.from({ length: n }, (_, k) => sentence(topic, from + k)).join(joiner);

async function run(doc: DocModel, cfg: Partial<HierarchicalConfig> = SMALL) {
  const config = validConfig(hierarchicalChunker, cfg);
  const ctx = createRunContext();
  const out = await hierarchicalChunker.chunk(doc, config, ctx);
  const chunks = materialize(doc, out.drafts, await loadTokenizer("cl100k_base"));
  let previousStart = -1;
  for (const c of chunks) {
    expect(c.text).toBe(doc.text.slice(c.start, c.end));
    expect(c.start).toBeLessThan(c.end);
    expect(c.start).toBeGreaterThanOrEqual(previousStart);
    previousStart = c.start;
  }
  return { chunks, out, config, ctx };
}

const parentsOf = (chunks: Chunk[]) => chunks.filter((c) => c.level === "parent");
const childrenOf = (chunks: Chunk[], parent: Chunk) => chunks.filter((c) => c.parentId === parent.id);

/** Every non-space character is in a chunk or in the text of a heading of level 1–3. */
function expectNothingLostButHeadings(doc: DocModel, chunks: Chunk[]) {
  const covered = new Uint8Array(doc.text.length);
  for (const c of chunks) covered.fill(1, c.start, c.end);
  for (const s of headingSpans(doc)) {
    for (const c of chunks) expect(c.end <= s.start || c.start >= s.end).toBe(true);
    covered.fill(1, s.start, s.end);
  }
  for (let i = 0; i < doc.text.length; i++)
    if (!covered[i] && !isSpace(doc.text.charCodeAt(i))) expect.fail(`character ${i} is in no chunk`);
}

const BOOK = [
  "Front matter before any heading.",
  "# Ch1",
  paragraph("chapter", 0, 3),
  "## Section 1.2",
  "### Neural Networks",
  Array.from({ length: 8 }, (_, p) => paragraph("network", p * 5, 5)).join("\n\n"),
  "## Section 1.3",
  "#### A level-4 heading stays in the text",
  Array.from({ length: 30 }, (_, i) => sentence("line", i)).join("\n"),
  "# Ch2",
  paragraph("closing", 0, 2),
].join("\n\n");

describe("hierarchical chunker", () => {
  it("links every child to its parent, inside its range, with correct siblings and indexes", async () => {
    const doc = mdDoc(BOOK);
    const { chunks, out } = await run(doc);
    const parents = parentsOf(chunks);
    const children = chunks.filter((c) => c.level === "child");
    expect(parents.length).toBeGreaterThan(3);
    expect(children.length).toBeGreaterThan(parents.length);
    expect(out.stats).toMatchObject({ parent_count: parents.length, child_count: children.length });
    const ids = new Set(chunks.map((c) => c.id));
    expect(ids.size).toBe(chunks.length);
    parents.forEach((p, n) => {
      expect(p.meta).toMatchObject({
        chunk_id: p.id,
        parent_chunk_id: null,
        sibling_chunk_ids: [],
        level: "parent",
        chunk_index: n,
        chunk_strategy: "hierarchical_markdown",
        overlap_tokens: 0,
      });
      expect(p.parentId).toBeUndefined();
      const kids = childrenOf(chunks, p);
      expect(kids.length).toBeGreaterThan(0);
      // Children come right after their parent, in order, and tile it from start to end.
      const at = chunks.indexOf(p);
      expect(chunks.slice(at + 1, at + 1 + kids.length)).toEqual(kids);
      expect(kids[0]!.start).toBe(p.start);
      expect(kids[kids.length - 1]!.end).toBe(p.end);
      kids.forEach((k, i) => {
        expect(k.start).toBeGreaterThanOrEqual(p.start);
        expect(k.end).toBeLessThanOrEqual(p.end);
        // Siblings overlap or leave only whitespace between them: the parent's text is all covered.
        if (i > 0)
          expect(doc.text.slice(kids[i - 1]!.end, Math.max(k.start, kids[i - 1]!.end)).trim()).toBe("");
        expect(k.meta).toMatchObject({
          parent_chunk_id: p.id,
          level: "child",
          chunk_index: i,
          heading_path: p.meta.heading_path,
          chapter: p.meta.chapter,
          section: p.meta.section,
        });
        expect(k.meta.sibling_chunk_ids).toEqual(kids.filter((o) => o !== k).map((o) => o.id));
      });
    });
    // Parents tile the sections without overlapping one another.
    for (let i = 1; i < parents.length; i++)
      expect(parents[i]!.start).toBeGreaterThanOrEqual(parents[i - 1]!.end);
    expect(children.every((c) => ids.has(c.parentId!))).toBe(true);
  });

  it("keeps parents and children within their token sizes, flagging only what cannot be", async () => {
    const doc = mdDoc(BOOK);
    const { chunks, config } = await run(doc);
    for (const c of chunks) {
      const limit = c.level === "parent" ? config.parent_chunk_size : config.child_chunk_size;
      expect(c.meta.token_count).toBe(c.tokens);
      expect(c.tokens).toBeLessThanOrEqual(limit);
      expect(c.flags).toEqual([]);
    }
    // The sizes are used, not just respected: parents and children are filled well past half.
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(chunks.filter((c) => c.level === "child").map((c) => c.tokens))).toBeGreaterThan(30);
    expect(Math.max(...parentsOf(chunks).map((c) => c.tokens))).toBeGreaterThan(150);
  });

  it("takes heading lines out of the text and into heading_path, chapter (H1) and section (H2)", async () => {
    const doc = mdDoc(BOOK);
    const { chunks } = await run(doc);
    expectNothingLostButHeadings(doc, chunks);
    for (const c of chunks) expect(c.text).not.toMatch(/^#{1,3} /m);
    const pathOf = (needle: string) => {
      const c = chunks.find((ch) => ch.level === "child" && ch.text.includes(needle))!;
      return [c.meta.heading_path, c.meta.chapter, c.meta.section, c.headingPath];
    };
    expect(pathOf("Front matter")).toEqual(["", null, null, undefined]);
    expect(pathOf(sentence("chapter", 1))).toEqual(["Ch1", "Ch1", null, "Ch1"]);
    const nn = "Ch1 > Section 1.2 > Neural Networks";
    expect(pathOf(sentence("network", 33))).toEqual([nn, "Ch1", "Section 1.2", nn]);
    // A level-4 heading is body text of its level-3/2 section.
    const s13 = "Ch1 > Section 1.3";
    expect(pathOf("#### A level-4 heading")).toEqual([s13, "Ch1", "Section 1.3", s13]);
    expect(pathOf(sentence("closing", 1))).toEqual(["Ch2", "Ch2", null, "Ch2"]);
  });

  it("overlaps consecutive children of one parent by up to child_chunk_overlap tokens, never across parents", async () => {
    // Short lines: the pieces LangChain merges are small, so the overlap it keeps is close to the limit.
    const lines = Array.from({ length: 60 }, (_, i) => `Line ${i} has a few words.`).join("\n");
    const doc = mdDoc(`# Lines\n\n${lines}`);
    const tokenizer = await loadTokenizer("cl100k_base");
    const { chunks, config } = await run(doc);
    let overlapped = 0;
    for (const p of parentsOf(chunks)) {
      const kids = childrenOf(chunks, p);
      expect(kids[0]!.meta.overlap_tokens).toBe(0);
      for (let i = 1; i < kids.length; i++) {
        const shared = doc.text.slice(kids[i]!.start, kids[i - 1]!.end);
        expect(kids[i]!.start).toBeLessThan(kids[i - 1]!.end);
        expect(kids[i]!.meta.overlap_tokens).toBe(tokenizer.count(shared));
        expect(kids[i]!.meta.overlap_tokens).toBeLessThanOrEqual(config.child_chunk_overlap);
        // "≈ overlap": whole lines of ~8 tokens, so at least the limit minus one line.
        expect(kids[i]!.meta.overlap_tokens).toBeGreaterThanOrEqual(config.child_chunk_overlap - 9);
        overlapped++;
      }
    }
    expect(overlapped).toBeGreaterThan(3);
    const parents = parentsOf(chunks);
    for (let i = 1; i < parents.length; i++) {
      const lastChild = childrenOf(chunks, parents[i - 1]!).at(-1)!;
      expect(childrenOf(chunks, parents[i]!)[0]!.start).toBeGreaterThanOrEqual(lastChild.end);
    }
    // No overlap asked, none given.
    const none = await run(doc, { ...SMALL, child_chunk_overlap: 0 });
    const kids = none.chunks.filter((c) => c.level === "child");
    for (let i = 1; i < kids.length; i++) expect(kids[i]!.start).toBeGreaterThanOrEqual(kids[i - 1]!.end);
    expect(kids.every((c) => c.meta.overlap_tokens === 0)).toBe(true);
  });

  it("ends chunks at sentence ends inside long paragraphs, and flags a sentence too long to keep whole", async () => {
    // One paragraph, one line: only the sentence-end separator can cut it.
    const doc = mdDoc(`# P\n\n${paragraph("one-line", 0, 20)}`);
    const { chunks } = await run(doc);
    expect(chunks.filter((c) => c.level === "child").length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.text).toMatch(/^The one-line example number \d+ .*sentence\.$/);
      expect(c.flags).toEqual([]);
    }

    const long = `This single sentence never stops ${Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ")} at all.`;
    const flaggedDoc = mdDoc(`# Long\n\n${sentence("short", 1)} ${long} ${sentence("short", 2)}`);
    const flagged = await run(flaggedDoc);
    const cut = flagged.chunks.filter((c) => c.flags.includes("mid-sentence-cut"));
    expect(cut.length).toBeGreaterThan(0);
    for (const c of cut) expect(long).toContain(c.text.slice(-10)); // the cut lies inside the long sentence
    for (const c of flagged.chunks.filter((ch) => !ch.flags.includes("mid-sentence-cut")))
      expect(c.text).toMatch(/[.]$/);
    expect(flagged.out.stats!["chunks.mid_sentence_cut"]).toBe(cut.length);
    expect(flagged.out.warnings![0]).toMatch(/end mid-sentence/);
    for (const c of flagged.chunks) expect(c.tokens).toBeLessThanOrEqual(c.level === "parent" ? 200 : 60);
  });

  it("gives content ids, unique, with parent links to the actual parent when texts repeat", async () => {
    const section = paragraph("repeat", 0, 3);
    const doc = mdDoc(`# A\n\n${section}\n\n# B\n\n${section}\n\n# C\n\nshort text`);
    const { chunks } = await run(doc);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length);
    // Each short section is one parent and one child with the same text.
    expect(chunks.map((c) => c.level)).toEqual(["parent", "child", "parent", "child", "parent", "child"]);
    const base = await contentId(doc.id, section);
    expect(chunks.slice(0, 4).map((c) => c.id)).toEqual([base, `${base}_2`, `${base}_3`, `${base}_4`]);
    for (const c of chunks.filter((ch) => ch.level === "child")) {
      const parent = chunks[chunks.indexOf(c) - 1]!;
      expect(c.parentId).toBe(parent.id);
      expect(c.meta.parent_chunk_id).toBe(parent.id);
      expect(c.meta.heading_path).toBe(parent.meta.heading_path);
    }
    expect(chunks[4]!.id).toBe(await contentId(doc.id, "short text"));
    expect(uniqueIds(["a", "b", "a", "a"])).toEqual(["a", "b", "a_2", "a_3"]);
  });

  it("is deterministic, and ids depend on the document", async () => {
    const a = await run(mdDoc(BOOK));
    const b = await run(mdDoc(BOOK));
    expect(b.out.drafts).toEqual(a.out.drafts);
    const other = await run(mdDoc(BOOK, "another-doc"));
    expect(other.chunks.map((c) => [c.start, c.end])).toEqual(a.chunks.map((c) => [c.start, c.end]));
    expect(other.chunks[0]!.id).not.toBe(a.chunks[0]!.id);
  });

  it("reads the document's encoding from the run context, by the tiktoken model's encoding", async () => {
    const doc = mdDoc(BOOK);
    const { ctx } = await run(doc);
    expect(ctx.encoded.has(doc.id, "cl100k_base")).toBe(true);
    const o200 = validConfig(hierarchicalChunker, { tiktoken_model: "gpt-4o" });
    expect(hierarchicalChunker.encodingOf(o200)).toBe("o200k_base");
    expect(hierarchicalChunker.encodingOf(validConfig(hierarchicalChunker, {}))).toBe("cl100k_base");
    const ctx2 = createRunContext();
    await hierarchicalChunker.chunk(doc, o200, ctx2);
    expect(ctx2.encoded.has(doc.id, "o200k_base")).toBe(true);
  });

  it("has the seed's defaults and rejects child ≥ parent and overlap ≥ child", () => {
    expect(hierarchicalChunker.defaults).toEqual({
      parent_chunk_size: 1500,
      child_chunk_size: 400,
      child_chunk_overlap: 50,
      tiktoken_model: "gpt-3.5-turbo",
    });
    expect(resolveConfig(hierarchicalChunker, { child_chunk_size: 1500 }).problems.map((p) => p.key)).toEqual(
      ["child_chunk_size"],
    );
    expect(
      resolveConfig(hierarchicalChunker, { child_chunk_overlap: 400 }).problems.map((p) => p.key),
    ).toEqual(["child_chunk_overlap"]);
    expect(() => validConfig(hierarchicalChunker, { tiktoken_model: "davinci" })).toThrow(ConfigError);
    expect(() => validConfig(hierarchicalChunker, { child_chunk_overlap: 0 })).not.toThrow();
    for (const preset of hierarchicalChunker.presets)
      expect(() => validConfig(hierarchicalChunker, preset.config)).not.toThrow();
  });

  it("handles a document without headings and an empty one", async () => {
    const doc = textDocModel("plain", "plain.txt", paragraph("plain", 0, 12, "\n\n"));
    const { chunks } = await run(doc);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(c.meta).toMatchObject({ heading_path: "", chapter: null, section: null });
    expectNothingLostButHeadings(doc, chunks);
    expect((await run(textDocModel("e", "e.txt", "  \n\n "))).chunks).toEqual([]);
  });

  it("stops when the run is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const config = validConfig(hierarchicalChunker, SMALL);
    await expect(
      hierarchicalChunker.chunk(mdDoc(BOOK), config, createRunContext(controller.signal)),
    ).rejects.toThrow();
  });

  it("chunks public/sample.pdf with its PDF headings (levels 1–3) out of the text", async () => {
    const doc = await extractPdfFile(path.join(ROOT, "public", "sample.pdf"));
    expect(new Set(doc.headings.map((h) => h.level))).toEqual(new Set([1, 2, 3]));
    const { chunks } = await run(doc, {});
    expectNothingLostButHeadings(doc, chunks);
    expect(headingSpans(doc)).toHaveLength(doc.headings.length);
    for (const h of doc.headings) expect(chunks.some((c) => c.text.startsWith(h.title))).toBe(false);
    expect(chunks.map((c) => c.meta.heading_path)).toContain(
      "1 Chunking for retrieval > 1.1 Why size matters > 1.1.1 Token windows",
    );
    for (const c of chunks) expect(c.pages.length).toBeGreaterThan(0);
  });
});
