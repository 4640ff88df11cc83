/**
 * The recursive chunker against its oracle: @langchain/textsplitters' RecursiveCharacterTextSplitter
 * itself, for the same settings (token lengths through js-tiktoken cl100k, as fromTiktoken would —
 * LangChain never downloads anything here). Same chunk texts, and every chunk a true range.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { RecursiveCharacterTextSplitter } from "@langchain/textsplitters";
import { Tiktoken } from "js-tiktoken/lite";
import cl100k from "js-tiktoken/ranks/cl100k_base";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Chunk } from "../../src/core/chunk";
import {
  CHROMA_SEPARATORS,
  OVERLAP_MESSAGE,
  type RecursiveConfig,
} from "../../src/core/chunkers/recursive/meta";
import { recursiveChunker, recursiveSplit } from "../../src/core/chunkers/recursive/run";
import { resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel, type DocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import { loadTokenizer } from "../../src/core/text/tokenizer";
import { extractPdfFile } from "../../src/pdf/node";
import { haveChroma } from "../support/fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CHROMA = path.resolve(ROOT, "../shared/eval/chroma/corpora");
const haveChromaData = haveChroma();

const tiktoken = new Tiktoken(cl100k);
const tokenLength = (text: string) => tiktoken.encode(text).length;

type Setting = { name: string; config: Partial<RecursiveConfig> };

/** The brief's settings; the defaults are tokens 400/50. */
const SETTINGS: Setting[] = [
  { name: "chars 100/20", config: { length_unit: "chars", chunk_size: 100, chunk_overlap: 20 } },
  { name: "chars 1000/200", config: { length_unit: "chars", chunk_size: 1000, chunk_overlap: 200 } },
  { name: "tokens 400/50 (defaults)", config: {} },
  {
    name: "Chroma 200/0 tokens",
    config: { chunk_size: 200, chunk_overlap: 0, separators: [...CHROMA_SEPARATORS] },
  },
  {
    name: "Chroma 400/200 tokens",
    config: { chunk_size: 400, chunk_overlap: 200, separators: [...CHROMA_SEPARATORS] },
  },
  {
    name: "keep_separator false, chars 100/20",
    config: { length_unit: "chars", chunk_size: 100, chunk_overlap: 20, keep_separator: false },
  },
  {
    name: "keep_separator false, Chroma 200/0 tokens",
    config: { chunk_size: 200, chunk_overlap: 0, separators: [...CHROMA_SEPARATORS], keep_separator: false },
  },
];

/** Small sizes, so hand-made texts reach every branch (recursion, "" splitting, overlap loop). */
const SMALL_SETTINGS: Setting[] = [
  { name: "chars 10/3", config: { length_unit: "chars", chunk_size: 10, chunk_overlap: 3 } },
  { name: "chars 25/0", config: { length_unit: "chars", chunk_size: 25, chunk_overlap: 0 } },
  { name: "chars 1/0", config: { length_unit: "chars", chunk_size: 1, chunk_overlap: 0 } },
  { name: "tokens 5/2", config: { chunk_size: 5, chunk_overlap: 2 } },
  {
    name: "tokens 12/4 Chroma",
    config: { chunk_size: 12, chunk_overlap: 4, separators: [...CHROMA_SEPARATORS] },
  },
  {
    name: "chars 10/3 keep false",
    config: { length_unit: "chars", chunk_size: 10, chunk_overlap: 3, keep_separator: false },
  },
  {
    name: "tokens 6/1 keep false Chroma",
    config: { chunk_size: 6, chunk_overlap: 1, separators: [...CHROMA_SEPARATORS], keep_separator: false },
  },
  {
    name: "chars 8/2 no '' separator",
    config: { length_unit: "chars", chunk_size: 8, chunk_overlap: 2, separators: ["\n\n", "\n", " "] },
  },
];

const TRICKY: Record<string, string> = {
  "separators at edges": "\n\nFirst paragraph here.\n\nSecond one, a bit longer than the first.\n\n",
  "runs of blank lines":
    "Alpha beta.\n\n\n\n\nGamma delta epsilon.\n\n\nZeta\n\n\n\n\n\n\n\neta theta iota kappa.\n",
  "long words": `${"x".repeat(57)} short ${"supercalifragilistic".repeat(4)}\n${"y".repeat(31)}`,
  "unicode, CJK and emoji":
    "檢索增強生成將文件切成小塊。模型🧩讀取每一塊並引用頁碼。😀👍🏽 café naïve Ωmega — “quotes” …\n\n한국어 문장입니다. مرحبا بالعالم".repeat(
      3,
    ),
  "leading and trailing whitespace":
    "   \t  Indented start of text with   runs   of    spaces.  \n  \n   End.   \t\n",
  "double spaces": "a  b   c    d. e  f? g!  h\n\n\n\ni  j",
  "only whitespace": " \n\n \t \n ",
  "regex-special separators": "What? Yes! No. Maybe... (a|b) [c] {d} ^e$ f*g+h \\ i/j. End?!",
  "no separators at all": "abcdefghijklmnopqrstuvwxyz0123456789".repeat(3),
  empty: "",
};

let warnSpy: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  // LangChain console.warns oversize chunks; the chunker reports them as run warnings instead.
  warnSpy = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterAll(() => warnSpy.mockRestore());

/**
 * LangChain's splitter with CHUNKERS.md's one declared departure: the "" separator splits into code
 * points, as Python's list(text) does (the JS package's text.split("") cuts an emoji in half).
 */
class CodePointSplitter extends RecursiveCharacterTextSplitter {
  override splitOnSeparator(text: string, separator: string): string[] {
    return separator ? super.splitOnSeparator(text, separator) : Array.from(text);
  }
}

async function oracle(text: string, input: Partial<RecursiveConfig>): Promise<string[]> {
  const config = { ...recursiveChunker.defaults, ...input };
  const splitter = new CodePointSplitter({
    chunkSize: config.chunk_size,
    chunkOverlap: config.chunk_overlap,
    separators: config.separators,
    keepSeparator: config.keep_separator !== false,
    lengthFunction: config.length_unit === "tokens" ? tokenLength : (t: string) => t.length,
  });
  return splitter.splitText(text);
}

async function run(doc: DocModel, input: Partial<RecursiveConfig>): Promise<Chunk[]> {
  const config = validConfig(recursiveChunker, input);
  const output = await recursiveChunker.chunk(doc, config, createRunContext());
  return materialize(doc, output.drafts, await loadTokenizer(recursiveChunker.encodingOf(config)));
}

/** LangChain's text for a chunk: its range, unless keep_separator false collapsed separators. */
const langchainText = (c: Chunk) => (c.meta.langchain_text as string | undefined) ?? c.text;

async function expectSameAsLangChain(doc: DocModel, setting: Setting) {
  const chunks = await run(doc, setting.config);
  expect(chunks.map(langchainText)).toEqual(await oracle(doc.text, setting.config));
  let previousStart = 0;
  for (const c of chunks) {
    expect(c.text).toBe(doc.text.slice(c.start, c.end));
    expect(c.start).toBeGreaterThanOrEqual(previousStart);
    expect(c.end).toBeGreaterThan(c.start);
    previousStart = c.start;
    if (c.meta.langchain_text !== undefined) {
      expect(setting.config.keep_separator).toBe(false);
      expect(c.flags).toContain("separators-collapsed");
    }
  }
  return chunks;
}

describe("recursive chunker: hand-made texts", () => {
  const cases = Object.keys(TRICKY).flatMap((name) =>
    [...SETTINGS, ...SMALL_SETTINGS].map((s) => [name, s.name] as const),
  );
  it.each(cases)("%s — %s", async (name, settingName) => {
    const setting = [...SETTINGS, ...SMALL_SETTINGS].find((s) => s.name === settingName)!;
    await expectSameAsLangChain(textDocModel("t", `${name}.txt`, TRICKY[name]!), setting);
  });

  it("cuts overlapping separator occurrences as split(/(?=sep)/) does", async () => {
    const doc = textDocModel("o", "o.txt", "a\n\n\nb");
    const chunks = await expectSameAsLangChain(doc, {
      name: "",
      config: { length_unit: "chars", chunk_size: 2, chunk_overlap: 0 },
    });
    expect(chunks.map((c) => c.text)).toEqual(["a", "b"]);
  });

  it("keep_separator false: a run of separators is joined back with one, flagged, range kept", async () => {
    const doc = textDocModel("k", "k.txt", "one  two");
    const chunks = await expectSameAsLangChain(doc, {
      name: "",
      config: { length_unit: "chars", chunk_size: 7, chunk_overlap: 0, keep_separator: false },
    });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.text).toBe("one  two");
    expect(chunks[0]!.meta.langchain_text).toBe("one two");
  });

  it("keeps a piece no separator can split whole, untrimmed, and flags it over-chunk-size", async () => {
    // No separator of the list occurs and "" is not in it: LangChain pushes the piece as it is.
    const doc = textDocModel("w", "w.txt", "  aaaa bbbbbbbbbbbbbbbbbb ");
    const config = validConfig(recursiveChunker, {
      length_unit: "chars",
      chunk_size: 5,
      chunk_overlap: 0,
      separators: ["\n"],
    });
    const output = await recursiveChunker.chunk(doc, config, createRunContext());
    expect(output.drafts.map((d) => doc.text.slice(d.start, d.end))).toEqual(await oracle(doc.text, config));
    expect(output.drafts).toHaveLength(1);
    expect(output.drafts[0]!.flags).toContain("over-chunk-size");
  });
});

describe.skipIf(!haveChromaData)("recursive chunker: Chroma corpora", () => {
  const files = haveChromaData ? readdirSync(CHROMA).filter((f) => f.endsWith(".md")) : [];
  const cases = files.flatMap((f) => SETTINGS.map((s) => [f, s.name] as const));
  it.each(cases)("%s — %s", async (file, settingName) => {
    const setting = SETTINGS.find((s) => s.name === settingName)!;
    const text = readFileSync(path.join(CHROMA, file), "utf8");
    const chunks = await expectSameAsLangChain(textDocModel(file, file, text), setting);
    expect(chunks.length).toBeGreaterThan(0);
  });

  it("chunks a 1 MB document at default settings in well under two seconds", async () => {
    const text = files
      .map((f) => readFileSync(path.join(CHROMA, f), "utf8"))
      .join("\n\n")
      .slice(0, 1_000_000);
    const doc = textDocModel("big", "big.md", text);
    const ctx = createRunContext();
    await ctx.tokenizer("cl100k_base");
    const t0 = performance.now();
    const output = await recursiveChunker.chunk(doc, recursiveChunker.defaults, ctx);
    const ms = performance.now() - t0;
    expect(output.drafts.length).toBeGreaterThan(100);
    expect(ms).toBeLessThan(2000);
  });
});

describe("recursive chunker: public/sample.pdf", () => {
  let doc: DocModel;
  beforeAll(async () => {
    doc = await extractPdfFile(path.join(ROOT, "public/sample.pdf"));
  });
  it.each(SETTINGS.map((s) => s.name))("%s", async (settingName) => {
    await expectSameAsLangChain(
      doc,
      SETTINGS.find((s) => s.name === settingName)!,
    );
  });
});

describe("recursive chunker: config", () => {
  it("has LangChain's defaults with the seed's sizes", () => {
    expect(recursiveChunker.defaults).toEqual({
      chunk_size: 400,
      chunk_overlap: 50,
      separators: ["\n\n", "\n", " ", ""],
      length_unit: "tokens",
      keep_separator: true,
      is_separator_regex: false,
      strip_whitespace: true,
      flavor: "js",
      encoding: "cl100k_base",
    });
    expect(recursiveChunker.source).toBe("hierarchical-parent-child-chunking.md");
  });

  it("rejects chunk_overlap ≥ chunk_size with LangChain's message, and sizes < 1", () => {
    expect(resolveConfig(recursiveChunker, { chunk_size: 100, chunk_overlap: 100 }).problems).toEqual([
      { key: "chunk_overlap", message: OVERLAP_MESSAGE },
    ]);
    expect(() => new RecursiveCharacterTextSplitter({ chunkSize: 100, chunkOverlap: 100 })).toThrow(
      OVERLAP_MESSAGE,
    );
    expect(resolveConfig(recursiveChunker, { chunk_size: 0 }).problems[0]?.key).toBe("chunk_size");
    expect(resolveConfig(recursiveChunker, { chunk_overlap: -1 }).problems[0]?.key).toBe("chunk_overlap");
    expect(resolveConfig(recursiveChunker, { separators: ["\n", 3] }).problems[0]?.key).toBe("separators");
    expect(resolveConfig(recursiveChunker, { length_unit: "words" }).problems[0]?.key).toBe("length_unit");
  });

  it("follows the flavor's overlap rule: Python allows chunk_overlap == chunk_size, with its own message over it", () => {
    expect(
      resolveConfig(recursiveChunker, { flavor: "python", chunk_size: 100, chunk_overlap: 100 }).problems,
    ).toEqual([]);
    expect(
      resolveConfig(recursiveChunker, { flavor: "python", chunk_size: 100, chunk_overlap: 101 }).problems,
    ).toEqual([
      {
        key: "chunk_overlap",
        message: "Got a larger chunk overlap (101) than chunk size (100), should be smaller.",
      },
    ]);
  });

  it('takes keep_separator true, false, "start" or "end", and regex separators only when they compile', () => {
    for (const keep of [true, false, "start", "end"])
      expect(resolveConfig(recursiveChunker, { keep_separator: keep, flavor: "python" }).problems).toEqual(
        [],
      );
    // LangChain JS's keepSeparator is a boolean: "end" is Python's only.
    expect(resolveConfig(recursiveChunker, { keep_separator: "end" }).problems[0]?.message).toMatch(
      /LangChain Python's .* set flavor to python/,
    );
    expect(resolveConfig(recursiveChunker, { keep_separator: "middle" }).problems[0]?.key).toBe(
      "keep_separator",
    );
    expect(resolveConfig(recursiveChunker, { separators: ["(", ""] }).problems).toEqual([]);
    const bad = resolveConfig(recursiveChunker, { separators: ["(", ""], is_separator_regex: true }).problems;
    expect(bad.map((p) => p.key)).toEqual(["separators"]);
    expect(bad[0]?.message).toMatch(/"\(" is not a valid regular expression/);
  });

  it("has the brief's presets, each a valid config", () => {
    expect(recursiveChunker.presets.map((p) => p.name).slice(0, 3)).toEqual([
      "Chroma eval 200/0 tokens",
      "Chroma eval 400/200 tokens",
      "Characters 1000/200",
    ]);
    // Then from_language's lists, per flavor: JS's 16 languages, Python's 27 (perl has none).
    expect(recursiveChunker.presets.filter((p) => p.name.startsWith("fromLanguage(")).length).toBe(16);
    expect(recursiveChunker.presets.filter((p) => p.name.startsWith("from_language(")).length).toBe(27);
    for (const p of recursiveChunker.presets)
      expect(resolveConfig(recursiveChunker, p.config).problems).toEqual([]);
  });

  it("an empty document gives no chunks", async () => {
    expect(await run(textDocModel("e", "e.txt", ""), {})).toEqual([]);
  });
});

describe("recursiveSplit keep_separator", () => {
  const text = "aa bb cc";
  const split = (keepSeparator: boolean | "end") =>
    recursiveSplit(text, 0, text.length, {
      chunkSize: 5,
      chunkOverlap: 0,
      separators: [" "],
      keepSeparator,
      length: (s, e) => e - s,
    }).map((r) => text.slice(r.start, r.end));

  it('"end" glues each separator to the piece before it, as Python LangChain does', () => {
    // end: "aa " + "bb " is 6 > 5, so "aa" closes; "bb " + "cc" is 5. start: "aa" + " bb" is 5.
    expect(split("end")).toEqual(["aa", "bb cc"]);
    expect(split(true)).toEqual(["aa bb", "cc"]);
  });
});
