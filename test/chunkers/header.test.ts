/**
 * The header chunker against header-based-chunking.md's stated behaviour: chunks at heading
 * boundaries, merging of small sections, _sub_M splitting at paragraph boundaries, overlap only
 * between sibling sub-chunks, include_parent_headers, the no-heading and single-paragraph
 * fallbacks — and every chunk a true range (text.slice(prefixChars) === doc.text.slice(start, end)).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Chunk } from "../../src/core/chunk";
import { headerChunker } from "../../src/core/chunkers/header/run";
import type { HeaderConfig } from "../../src/core/chunkers/header/meta";
import { ConfigError, resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel, type DocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import { markdownHeadings } from "../../src/core/text/markdown";
import { loadTokenizer } from "../../src/core/text/tokenizer";
import { extractPdfFile } from "../../src/pdf/node";

const ROOT = path.resolve(import.meta.dirname, "../..");

function mdDoc(text: string, name = "Doc 1.md"): DocModel {
  return textDocModel("id", name, text, markdownHeadings(text));
}

async function run(doc: DocModel, cfg: Partial<HeaderConfig> = {}, sourcePath?: string): Promise<Chunk[]> {
  const config = validConfig(headerChunker, cfg);
  const ctx = createRunContext();
  const out = await headerChunker.chunk(doc, config, sourcePath ? { ...ctx, sourcePath } : ctx);
  const chunks = materialize(doc, out.drafts, await loadTokenizer("cl100k_base"));
  for (const c of chunks) {
    expect(c.text.slice(c.prefixChars)).toBe(doc.text.slice(c.start, c.end));
    expect(c.start).toBeLessThan(c.end);
  }
  return chunks;
}

const body = (c: Chunk) => c.text.slice(c.prefixChars);
const para = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");

describe("header chunker", () => {
  it("chunks at heading boundaries with {doc}_chunk_N ids and header paths", async () => {
    const a = para("alpha", 40);
    const b = para("beta", 40);
    const c = para("gamma", 40);
    const d = para("delta", 40);
    const doc = mdDoc(`Intro ${a}\n\n# Architecture\n\n${b}\n\n## Components\n\n${c}\n\n# Usage\n\n${d}\n`);
    const chunks = await run(doc, { include_parent_headers: false });
    expect(chunks.map((ch) => ch.id)).toEqual([
      "doc-1_chunk_0",
      "doc-1_chunk_1",
      "doc-1_chunk_2",
      "doc-1_chunk_3",
    ]);
    expect(chunks.map(body)).toEqual([
      `Intro ${a}`,
      `# Architecture\n\n${b}`,
      `## Components\n\n${c}`,
      `# Usage\n\n${d}`,
    ]);
    expect(chunks.map((ch) => ch.meta.header_path)).toEqual([
      "",
      "Architecture",
      "Architecture > Components",
      "Usage",
    ]);
    expect(chunks.map((ch) => ch.meta.level)).toEqual([0, 1, 2, 1]);
    expect(chunks.map((ch) => ch.meta.chunk_index)).toEqual([0, 1, 2, 3]);
    expect(chunks[2]!.headingPath).toBe("Architecture > Components");
    expect(chunks.every((ch) => ch.prefixChars === 0)).toBe(true);
  });

  it("a heading of any level ends the section (h1 > h2 > h3 and back)", async () => {
    const text = [
      "# A",
      para("a", 30),
      "### A3",
      para("b", 30),
      "## B2",
      para("c", 30),
      "# C",
      para("d", 30),
    ].join("\n\n");
    const chunks = await run(mdDoc(text), { min_chunk_chars: 1, include_parent_headers: false });
    expect(chunks.map((c) => c.meta.header_path)).toEqual(["A", "A > A3", "A > B2", "C"]);
  });

  it("merges a chunk under min_chunk_chars forward as a true range: first header_path, the others in merged_headers", async () => {
    const long = para("long", 60);
    const doc = mdDoc(
      `# A\n\nshort a\n\n## B\n\nshort b\n\n## C\n\n${long}\n\n# D\n\n${long}\n\n# E\n\ntiny`,
    );
    const chunks = await run(doc, { min_chunk_chars: 200 });
    expect(chunks.map((c) => c.id)).toEqual(["doc-1_chunk_0", "doc-1_chunk_1", "doc-1_chunk_2"]);
    // A and B (both small) absorb C: the absorbed headings stay in the text as the document has them.
    expect(body(chunks[0]!)).toBe(`# A\n\nshort a\n\n## B\n\nshort b\n\n## C\n\n${long}`);
    expect(chunks[0]!.meta.header_path).toBe("A");
    expect(chunks[0]!.meta.merged_headers).toEqual(["A > B", "A > C"]);
    expect(chunks[0]!.meta.level).toBe(1);
    expect(chunks[0]!.headingPath).toBe("A");
    // The prefix is the first section's path only; nothing invented anywhere.
    expect(chunks[0]!.text.slice(0, chunks[0]!.prefixChars)).toBe("A\n\n");
    for (const c of chunks) {
      expect(c.text).not.toContain(" + ");
      expect(String(c.meta.header_path)).not.toContain(" + ");
    }
    // D is large enough; E is small but nothing follows: it stays, flagged; neither merged anything.
    expect(chunks[1]!.meta.header_path).toBe("D");
    expect(chunks[1]!.meta.merged_headers).toBeUndefined();
    expect(body(chunks[2]!)).toBe("# E\n\ntiny");
    expect(chunks[2]!.flags).toContain("under-min");
  });

  it("splits a merged chunk over max_chunk_chars at paragraphs into _sub_M like any other", async () => {
    // "# Part I" alone is under min_chunk_chars, so it absorbs the ~2,900-character chapter after it.
    const chapter = Array.from({ length: 10 }, (_, i) => para(`c${i}w`, 50));
    const doc = mdDoc(`# Part I\n\n## Chapter 1\n\n${chapter.join("\n\n")}\n\n# Part II\n\n${para("z", 60)}`);
    const chunks = await run(doc, { min_chunk_chars: 200, max_chunk_chars: 2000, overlap_chars: 50 });
    expect(chunks.map((c) => c.id)).toEqual(["doc-1_chunk_0_sub_0", "doc-1_chunk_0_sub_1", "doc-1_chunk_1"]);
    const [sub0, sub1, next] = chunks as [Chunk, Chunk, Chunk];
    for (const c of [sub0, sub1]) {
      expect(c.end - c.start).toBeLessThanOrEqual(2000);
      expect(c.parentId).toBe("doc-1_chunk_0");
    }
    // Each sub-chunk's header path is the section its text starts in (issue 31: "each chunk
    // includes its full header path") — sub1 is all Chapter 1 text.
    expect(sub0.meta.header_path).toBe("Part I");
    expect(sub1.meta.header_path).toBe("Part I > Chapter 1");
    expect(body(sub0).startsWith("# Part I\n\n## Chapter 1\n\n")).toBe(true);
    expect(`${body(sub0)}\n\n${body(sub1)}`).toBe(`# Part I\n\n## Chapter 1\n\n${chapter.join("\n\n")}`);
    // merged_headers names the absorbed sections each piece holds.
    expect(sub0.meta.merged_headers).toEqual(["Part I > Chapter 1"]);
    expect(sub1.meta.merged_headers).toBeUndefined();
    expect(sub0.text.slice(0, sub0.prefixChars)).toBe("Part I\n\n");
    expect(sub1.text.slice(0, sub1.prefixChars)).toBe(`${sub0.text.slice(-50)}\n\nPart I > Chapter 1\n\n`);
    expect(next.meta.header_path).toBe("Part II");
    expect(next.prefixChars).toBe("Part II\n\n".length);
  });

  it("splits chunks over max_chunk_chars at paragraph boundaries into _sub_M", async () => {
    const paras = Array.from({ length: 6 }, (_, i) => para(`p${i}w`, 20)); // ~100-130 chars each
    const doc = mdDoc(`# Big\n\n${paras.join("\n\n")}\n\n# Next\n\n${para("n", 50)}`);
    const chunks = await run(doc, {
      min_chunk_chars: 10,
      max_chunk_chars: 300,
      overlap_chars: 0,
      include_parent_headers: false,
    });
    const subs = chunks.filter((c) => c.id.startsWith("doc-1_chunk_0_sub_"));
    expect(subs.map((c) => c.id)).toEqual(subs.map((_, m) => `doc-1_chunk_0_sub_${m}`));
    expect(subs.length).toBeGreaterThan(1);
    for (const c of subs) {
      expect(c.end - c.start).toBeLessThanOrEqual(300);
      expect(c.parentId).toBe("doc-1_chunk_0");
      expect(c.meta.parent_chunk_id).toBe("doc-1_chunk_0");
      expect(c.meta.header_path).toBe("Big");
      // Never mid-paragraph: every sub-chunk is whole paragraphs.
      for (const p of body(c).split("\n\n")) expect(["# Big", ...paras]).toContain(p);
    }
    expect(subs.map(body).join("\n\n")).toBe(`# Big\n\n${paras.join("\n\n")}`);
    expect(chunks.at(-1)!.id).toBe("doc-1_chunk_1");
  });

  it("keeps a single paragraph over max_chunk_chars whole and flags it", async () => {
    const doc = mdDoc(`# H\n\n${para("x", 200)}`);
    const chunks = await run(doc, {
      min_chunk_chars: 1,
      max_chunk_chars: 500,
      include_parent_headers: false,
    });
    expect(chunks.map((c) => c.id)).toEqual(["doc-1_chunk_0_sub_0", "doc-1_chunk_0_sub_1"]);
    expect(chunks[1]!.flags).toEqual(["over-max"]);
  });

  it("overlaps only sibling sub-chunks: last overlap_chars + \\n\\n, never across parents", async () => {
    const paras = Array.from({ length: 4 }, (_, i) => para(`s${i}w`, 30));
    const section = (t: string) => `# ${t}\n\n${paras.map((p) => `${t}-${p}`).join("\n\n")}`;
    const doc = mdDoc(`${section("One")}\n\n${section("Two")}`);
    const chunks = await run(doc, {
      min_chunk_chars: 10,
      max_chunk_chars: 400,
      overlap_chars: 50,
      include_parent_headers: false,
    });
    expect(chunks.some((c) => c.id.startsWith("doc-1_chunk_0_sub_1"))).toBe(true);
    for (let i = 0; i < chunks.length; i++) {
      const c = chunks[i]!;
      const prev = chunks[i - 1];
      const sibling =
        prev !== undefined &&
        c.id.includes("_sub_") &&
        prev.id.includes("_sub_") &&
        c.parentId === prev.parentId &&
        c.id.endsWith(`_sub_${Number(prev.id.split("_sub_")[1]) + 1}`);
      if (sibling) {
        expect(c.text.slice(0, c.prefixChars)).toBe(`${prev.text.slice(-50)}\n\n`);
        expect(c.prefixChars).toBe(52);
        expect(c.meta.overlap_chars).toBe(50);
      } else {
        expect(c.prefixChars).toBe(0); // the first sub-chunk of chunk_1 gets nothing from chunk_0
      }
    }
    const firstOfTwo = chunks.find((c) => c.id === "doc-1_chunk_1_sub_0")!;
    expect(firstOfTwo.text.startsWith("# Two")).toBe(true);
  });

  it("overlap_chars 0 means no overlap", async () => {
    const doc = mdDoc(`# H\n\n${Array.from({ length: 5 }, (_, i) => para(`q${i}`, 30)).join("\n\n")}`);
    const chunks = await run(doc, { min_chunk_chars: 1, max_chunk_chars: 300, overlap_chars: 0 });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((c) => c.text.slice(0, c.prefixChars) === "H\n\n")).toBe(true);
  });

  it("include_parent_headers prefixes the header path (after the overlap); off leaves the body alone", async () => {
    const big = Array.from({ length: 4 }, (_, i) => para(`b${i}w`, 30)).join("\n\n");
    const doc = mdDoc(`# Architecture\n\n${para("i", 50)}\n\n## Components\n\n${big}`);
    const on = await run(doc, { min_chunk_chars: 10, max_chunk_chars: 400, overlap_chars: 20 });
    expect(on[0]!.text.startsWith("Architecture\n\n# Architecture")).toBe(true);
    expect(on[0]!.prefixChars).toBe("Architecture\n\n".length);
    const sub0 = on.find((c) => c.id === "doc-1_chunk_1_sub_0")!;
    const sub1 = on.find((c) => c.id === "doc-1_chunk_1_sub_1")!;
    expect(sub0.text.slice(0, sub0.prefixChars)).toBe("Architecture > Components\n\n");
    expect(sub1.text.slice(0, sub1.prefixChars)).toBe(
      `${sub0.text.slice(-20)}\n\nArchitecture > Components\n\n`,
    );

    const off = await run(doc, {
      min_chunk_chars: 10,
      max_chunk_chars: 400,
      overlap_chars: 20,
      include_parent_headers: false,
    });
    expect(off.map((c) => c.id)).toEqual(on.map((c) => c.id));
    expect(off[0]!.prefixChars).toBe(0);
    const offSub1 = off.find((c) => c.id === "doc-1_chunk_1_sub_1")!;
    expect(offSub1.text.slice(0, offSub1.prefixChars)).toBe(
      `${off.find((c) => c.id === "doc-1_chunk_1_sub_0")!.text.slice(-20)}\n\n`,
    );
  });

  it("without headings: one chunk per paragraph, then the same merge and split", async () => {
    const p0 = para("big", 60); // 349 chars: a chunk of its own
    const p3 = para("mid", 40); // 229 chars
    const p5 = para("huge", 80); // 549 chars: over max_chunk_chars
    const text = [p0, "Short one.", "Short two.", p3, "Tiny.", p5, "End."].join("\n\n");
    const doc = textDocModel("id", "Plain Notes.txt", text);
    const chunks = await run(doc, { min_chunk_chars: 200, max_chunk_chars: 400, overlap_chars: 20 });
    expect(chunks.map((c) => c.id)).toEqual([
      "plain-notes_chunk_0",
      "plain-notes_chunk_1",
      "plain-notes_chunk_2_sub_0",
      "plain-notes_chunk_2_sub_1",
      "plain-notes_chunk_3",
    ]);
    expect(chunks.map(body)).toEqual([p0, `Short one.\n\nShort two.\n\n${p3}`, "Tiny.", p5, "End."]);
    // "Tiny." absorbed the 549-character paragraph; the merged chunk is then split like any other,
    // with the siblings' overlap.
    expect(chunks[3]!.text.slice(0, chunks[3]!.prefixChars)).toBe("Tiny.\n\n");
    expect(chunks[3]!.flags).toEqual(["over-max"]);
    expect(chunks[4]!.flags).toEqual(["under-min"]);
    expect(chunks.filter((c) => c !== chunks[3]).every((c) => c.prefixChars === 0)).toBe(true);
    expect(chunks.every((c) => c.meta.header_path === "" && c.meta.merged_headers === undefined)).toBe(true);
    expect(chunks.map((c) => c.meta.chunk_index)).toEqual([0, 1, 2, 3, 4]);
  });

  it("chunk_index is unique and in document order, sub-chunks included", async () => {
    const paras = Array.from({ length: 6 }, (_, i) => para(`p${i}w`, 20));
    const doc = mdDoc(`# Big\n\n${paras.join("\n\n")}\n\n# Next\n\n${para("n", 50)}`);
    const chunks = await run(doc, { min_chunk_chars: 10, max_chunk_chars: 300 });
    expect(chunks.filter((c) => c.id.includes("_sub_")).length).toBeGreaterThan(1);
    expect(chunks.map((c) => c.meta.chunk_index)).toEqual(chunks.map((_, i) => i));
  });

  it("file_path is the input's absolute path when the host has one (CLI), else the file name (browser)", async () => {
    const text = `# H\n\n${para("w", 60)}`;
    const browser = await run(mdDoc(text, "Notes.md"));
    expect(browser.map((c) => c.meta.file_path)).toEqual(["Notes.md"]);
    const cli = await run(mdDoc(text, "Notes.md"), {}, "/data/in/Notes.md");
    expect(cli.map((c) => c.meta.file_path)).toEqual(["/data/in/Notes.md"]);
    expect(cli.map((c) => c.id)).toEqual(["notes_chunk_0"]); // {doc} still comes from the file name
  });

  it("reads setext headings in Markdown as headings", async () => {
    const text = `Guide\n=====\n\n${para("a", 50)}\n\nInstall\n-------\n\n${para("b", 50)}`;
    const chunks = await run(mdDoc(text), { include_parent_headers: false });
    expect(chunks.map(body)).toEqual([
      `Guide\n=====\n\n${para("a", 50)}`,
      `Install\n-------\n\n${para("b", 50)}`,
    ]);
    expect(chunks.map((c) => c.meta.header_path)).toEqual(["Guide", "Guide > Install"]);
    expect(chunks.map((c) => c.meta.level)).toEqual([1, 2]);
  });

  it("a document without headings that fits, or a single paragraph, is one chunk", async () => {
    const small = textDocModel("id", "a.txt", "One.\n\nTwo.");
    expect((await run(small)).map((c) => [c.id, c.text])).toEqual([["a_chunk_0", "One.\n\nTwo."]]);
    const single = textDocModel("id", "b.txt", `  ${para("w", 600)}\n`);
    const chunks = await run(single, { max_chunk_chars: 500 });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.id).toBe("b_chunk_0");
    expect(chunks[0]!.flags).toEqual(["over-max"]);
    expect(await run(textDocModel("id", "e.txt", "  \n\n "))).toEqual([]);
  });

  it("validates sizes", () => {
    expect(validConfig(headerChunker, {})).toEqual({
      strategy: "header_based",
      min_chunk_chars: 200,
      max_chunk_chars: 2000,
      overlap_chars: 50,
      include_parent_headers: true,
    });
    for (const preset of headerChunker.presets)
      expect(() => validConfig(headerChunker, preset.config)).not.toThrow();
    expect(headerChunker.presets.map((p) => p.config.max_chunk_chars)).toEqual([2000, 1500]);
    expect(() => validConfig(headerChunker, { max_chunk_chars: 0 })).toThrow(ConfigError);
    expect(() => validConfig(headerChunker, { min_chunk_chars: 0 })).toThrow(ConfigError);
    expect(
      resolveConfig(headerChunker, { min_chunk_chars: 500, max_chunk_chars: 400 }).problems[0]?.key,
    ).toBe("min_chunk_chars");
    expect(resolveConfig(headerChunker, { overlap_chars: 300, max_chunk_chars: 300 }).problems[0]?.key).toBe(
      "overlap_chars",
    );
    expect(() => validConfig(headerChunker, { overlap_chars: 0 })).not.toThrow();
  });

  it("chunks public/sample.pdf at its three heading levels", async () => {
    const doc = await extractPdfFile(path.join(ROOT, "public", "sample.pdf"));
    expect(new Set(doc.headings.map((h) => h.level))).toEqual(new Set([1, 2, 3]));
    for (const cfg of [
      {},
      { max_chunk_chars: 500, min_chunk_chars: 100 },
      { include_parent_headers: false },
    ]) {
      const chunks = await run(doc, cfg);
      const config = validConfig(headerChunker, cfg);
      const ids = chunks.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^sample_chunk_\d+(_sub_\d+)?$/);
      for (const c of chunks) {
        expect(c.pages.length).toBeGreaterThan(0);
        if (c.end - c.start > config.max_chunk_chars) expect(c.flags).toContain("over-max");
      }
      // Every heading starts a chunk or sits inside a merged one; chunks never overlap in the document.
      for (let i = 1; i < chunks.length; i++)
        expect(chunks[i]!.start).toBeGreaterThanOrEqual(chunks[i - 1]!.end);
    }
    const chunks = await run(doc, {
      min_chunk_chars: 1,
      max_chunk_chars: 100_000,
      include_parent_headers: true,
    });
    // One chunk per heading plus the front matter, each prefixed with its path.
    expect(chunks).toHaveLength(doc.headings.length + 1);
    const h113 = chunks.find(
      (c) => c.meta.header_path === "1 Chunking for retrieval > 1.1 Why size matters > 1.1.1 Token windows",
    )!;
    expect(h113.meta.level).toBe(3);
    expect(
      h113.text.startsWith(
        "1 Chunking for retrieval > 1.1 Why size matters > 1.1.1 Token windows\n\n1.1.1 Token windows",
      ),
    ).toBe(true);
  });
});

describe("header: the seed's rules, from the seed's text (issue 31)", () => {
  // Expected values below are read off header-based-chunking.md, not off our code.
  it("a preamble merged with a section: every sub-chunk carries the path of the section its text is in", async () => {
    // 100-character preamble (under min 200) absorbs "Architecture > Components" (~1,800 chars), then split at 600.
    const preamble = "p".repeat(99) + ".";
    const components = Array.from({ length: 6 }, (_, i) => para(`k${i}w`, 50));
    const doc = mdDoc(`${preamble}\n\n# Architecture\n\n## Components\n\n${components.join("\n\n")}`);
    const chunks = await run(doc, { min_chunk_chars: 200, max_chunk_chars: 600, overlap_chars: 0 });
    const subs = chunks.filter((c) => c.id.includes("_sub_"));
    expect(subs.length).toBeGreaterThan(2);
    // The first piece starts in the heading-less preamble: it takes the first path it holds.
    expect(subs[0]!.meta.header_path).toBe("Architecture");
    for (const c of subs.slice(1)) {
      expect(c.meta.header_path).toBe("Architecture > Components");
      // include_parent_headers (seed: true): "Parent headers included in chunk content".
      expect(c.text.startsWith("Architecture > Components\n\n")).toBe(true);
    }
  });

  it('strategy "none" disables chunking: the whole document is one chunk', async () => {
    const doc = mdDoc(`# A\n\n${para("a", 80)}\n\n# B\n\n${para("b", 80)}`);
    const chunks = await run(doc, { strategy: "none" });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.start).toBe(0);
    expect(chunks[0]!.end).toBe(doc.text.length);
    expect(chunks[0]!.id).toBe("doc-1_chunk_0");
  });

  it("front matter is metadata: tags, aliases and custom fields on every chunk, wikilinks per chunk, not in the text", async () => {
    const text =
      "---\ntags: [design, rag]\naliases: [Chunking ADR]\nowner: ana\n---\n" +
      `# Intro\n\nSee [[Retrieval]] and #indexing for more. ${para("i", 40)}\n\n` +
      `# Details\n\nLinks to [[Embeddings|vectors]]. ${para("d", 40)}`;
    const doc = mdDoc(text);
    const chunks = await run(doc, { min_chunk_chars: 10 });
    expect(chunks).toHaveLength(2);
    for (const c of chunks) {
      expect(c.start).toBeGreaterThanOrEqual(text.indexOf("# Intro"));
      expect(c.meta.metadata).toMatchObject({
        tags: ["design", "rag", "indexing"],
        aliases: ["Chunking ADR"],
        owner: "ana",
      });
      expect("modified_time" in c.meta).toBe(true);
    }
    expect((chunks[0]!.meta.metadata as { links?: string[] }).links).toEqual(["Retrieval"]);
    expect((chunks[1]!.meta.metadata as { links?: string[] }).links).toEqual(["Embeddings"]);
  });
});
