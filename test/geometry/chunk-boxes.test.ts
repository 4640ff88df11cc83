/**
 * Chunk citations against poppler's word boxes on the text PDFs of the corpus, measured as an
 * outside grader would through the CLI: 64-token chunks (overlap 0) over the whole document, then
 * 1. page citations, 2. coverage of each chunk's words by its boxes, 3. boxes lying on text and
 * 4. tightness. Skipped without ../shared/corpus or `pdftotext`. GEOMETRY_REPORT=1 prints the
 * measured numbers per file (and a few failures of each check).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { Chunk } from "../../src/core/chunk";
import { CHUNKERS } from "../../src/core/chunkers/registry";
import type { DocModel } from "../../src/core/document";
import { createRunContext, runChunker } from "../../src/core/engine";
import { extractPdfFile } from "../../src/pdf/node";
import { popplerWords, type PopplerWord } from "../pdf/poppler";
import { haveCorpus as needCorpus, havePdftotext } from "../support/fixtures";
import { locateWords, type Located } from "./locate";
import { measure, share, type Ratio } from "./measure";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const CORPUS = path.resolve(repoRoot, "../shared/corpus");
const haveCorpus = needCorpus();
const hasPdftotext = havePdftotext();
const REPORT = process.env.GEOMETRY_REPORT === "1";

interface Case {
  name: string;
  /** What the row is called in the report (the file name unless a page subset is scored). */
  label?: string;
  password?: string;
  /** Pages scored (the whole document is always chunked). */
  scorePage?: (page: number) => boolean;
  /** Latin-script text: poppler's words should nearly all be found in ours. */
  latin: boolean;
}

const CASES: Case[] = [
  { name: "paper-tracemonkey.pdf", latin: true },
  { name: "manual-r-lang-69p.pdf", latin: true },
  { name: "rotated-page2-90.pdf", latin: true },
  {
    name: "rotated-page2-90.pdf",
    label: "rotated-page2-90.pdf p2 (/Rotate 90)",
    scorePage: (p) => p === 2,
    latin: true,
  },
  { name: "rotated-270-word.pdf", latin: true },
  { name: "mediabox-negative-origin-form.pdf", latin: true },
  { name: "cropbox-offset.pdf", latin: true },
  { name: "encrypted-aes128-user-pass-1234.pdf", password: "1234", latin: true },
  // Every 7th page of the book (offset crop boxes), its first text page and a few in the middle.
  {
    name: "large-freeculture-352p.pdf",
    label: "large-freeculture-352p.pdf (54 sampled pages)",
    latin: true,
    scorePage: (p) => p === 2 || p % 7 === 3 || (p >= 150 && p <= 153),
  },
  { name: "cjk-korean-report-4p.pdf", latin: false },
  { name: "cjk-chinese-fduthesis-18p.pdf", latin: false },
  { name: "rtl-arabic-word.pdf", latin: false },
];

const THRESHOLDS = {
  pages: 0.99,
  coverage: 0.97,
  onText: 0.95,
  tightness: 0.9,
  locatedLatin: 0.9,
  located: 0.8,
  // For the eye: no box bridging a gutter, no line drawn as two touching boxes.
  spanning: 0.95,
  splitLines: 0.98,
};

interface Prepared {
  chunks: Chunk[];
  words: PopplerWord[];
  loc: Located;
}

/** Each file extracted, chunked (64 tokens, no overlap) and matched with poppler's words once. */
const prepared = new Map<string, Promise<Prepared>>();
function prepare(c: Case): Promise<Prepared> {
  let p = prepared.get(c.name);
  if (!p) {
    p = (async () => {
      const file = path.join(CORPUS, c.name);
      const doc = await extractPdfFile(file, { password: c.password });
      const run = await runChunker(doc, "token", { chunk_size: 64, overlap: 0 }, createRunContext());
      const words = popplerWords(file, c.password);
      return { chunks: run.chunks, words, loc: locateWords(doc, words) };
    })();
    prepared.set(c.name, p);
  }
  return p;
}

const pct = (r: Ratio): string => `${(100 * share(r)).toFixed(2)}% (${r.total - r.ok}/${r.total} off)`;

describe.skipIf(!haveCorpus || !hasPdftotext)("chunk boxes and pages against poppler's words", () => {
  const rows: string[] = [];
  afterAll(() => {
    if (!REPORT) return;
    const head =
      "file | located | 1 pages | 2 coverage | 3 on text | 4 tightness | 4 strict | chunks/boxes\n" +
      "    variants: coverage by area | coverage of boundary-split words | tightness by area | spanning | split lines";
    console.log([head, ...rows].join("\n"));
  });

  it.each(CASES.map((c) => ({ ...c, label: c.label ?? c.name })))("$label", async (c) => {
    const { chunks, words, loc } = await prepare(c);
    const m = measure(chunks, words, loc, { scorePage: c.scorePage });
    if (REPORT) {
      rows.push(
        [
          c.label,
          pct(m.located),
          pct(m.pages),
          pct(m.coverage),
          pct(m.onText),
          pct(m.tightness),
          pct(m.tightnessStrict),
          `${m.chunks}/${m.boxes}`,
        ].join(" | "),
        "    variants: " +
          [m.coverageByArea, m.coverageSplitWords, m.tightnessByArea, m.spanning, m.splitLines]
            .map(pct)
            .join(" | "),
      );
      for (const [kind, list] of Object.entries(m.examples)) {
        for (const e of list) rows.push(`    ${kind}: ${e}`);
      }
    }
    expect(m.located.total).toBeGreaterThan(0);
    expect(m.chunks).toBeGreaterThan(0);
    expect(share(m.located)).toBeGreaterThanOrEqual(c.latin ? THRESHOLDS.locatedLatin : THRESHOLDS.located);
    expect(share(m.pages)).toBeGreaterThanOrEqual(THRESHOLDS.pages);
    expect(share(m.coverage)).toBeGreaterThanOrEqual(THRESHOLDS.coverage);
    expect(share(m.onText)).toBeGreaterThanOrEqual(THRESHOLDS.onText);
    expect(share(m.tightness)).toBeGreaterThanOrEqual(THRESHOLDS.tightness);
    expect(share(m.spanning)).toBeGreaterThanOrEqual(THRESHOLDS.spanning);
    expect(share(m.splitLines)).toBeGreaterThanOrEqual(THRESHOLDS.splitLines);
  });
});

/**
 * Every chunker's boxes come from the same citations, but their ranges differ (heading lines left
 * out, prefixes, character-sized overlaps, parents over many lines): the same four checks for each
 * registered chunker at its defaults, on a two-column paper and a rotated page.
 */
const EVERY_CHUNKER_FILES: Case[] = [
  { name: "paper-tracemonkey.pdf", latin: true },
  { name: "rotated-page2-90.pdf", latin: true },
];
// agentic without an LLM is late-jaccard (its fallback), already in the list.
const GEOMETRY_CHUNKERS = CHUNKERS.map((c) => c.id).filter((id) => id !== "agentic");

describe.skipIf(!haveCorpus || !hasPdftotext)("every chunker's boxes against poppler's words", () => {
  const docs = new Map<string, Promise<{ doc: DocModel; words: PopplerWord[]; loc: Located }>>();
  const load = (c: Case) => {
    let p = docs.get(c.name);
    if (!p) {
      p = (async () => {
        const file = path.join(CORPUS, c.name);
        const doc = await extractPdfFile(file);
        const words = popplerWords(file);
        return { doc, words, loc: locateWords(doc, words) };
      })();
      docs.set(c.name, p);
    }
    return p;
  };

  it.each(GEOMETRY_CHUNKERS.flatMap((id) => EVERY_CHUNKER_FILES.map((c) => ({ id, ...c }))))(
    "$id on $name",
    async (c) => {
      const { doc, words, loc } = await load(c);
      // simple drops the tail of long blocks on purpose (flagged truncated): words that are in no chunk
      // are not a geometry error, so it is measured with blocks kept whole.
      const config = c.id === "simple" ? { max_bytes: 1_000_000 } : {};
      const run = await runChunker(doc, c.id, config, createRunContext());
      // Parents repeat their children's lines; each level is measured on its own.
      for (const level of [undefined, "child", "parent"] as const) {
        const chunks = run.chunks.filter((ch) => ch.level === level);
        if (chunks.length === 0) continue;
        const m = measure(chunks, words, loc, {});
        expect(share(m.pages), `${c.id} ${level ?? ""} pages`).toBeGreaterThanOrEqual(THRESHOLDS.pages);
        expect(share(m.coverage), `${c.id} ${level ?? ""} coverage`).toBeGreaterThanOrEqual(
          THRESHOLDS.coverage,
        );
        expect(share(m.onText), `${c.id} ${level ?? ""} on text`).toBeGreaterThanOrEqual(THRESHOLDS.onText);
        expect(share(m.tightness), `${c.id} ${level ?? ""} tightness`).toBeGreaterThanOrEqual(
          THRESHOLDS.tightness,
        );
      }
    },
  );
});
