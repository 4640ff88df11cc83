/**
 * Every registered chunker, on real documents: offsets valid (text minus its declared prefix is
 * the document's range), chunks in document order, ids unique, and nothing lost — every
 * non-whitespace character is in some chunk, except where a seed drops text on purpose, which
 * the chunk before the gap must flag.
 */

import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHUNKERS } from "../../src/core/chunkers/registry";
import type { DocModel } from "../../src/core/document";
import { createRunContext, runChunker } from "../../src/core/engine";
import { headingSpans } from "../../src/core/text/headingSpans";
import { isSpace } from "../../src/core/text/segment";
import { extractPdfFile } from "../../src/pdf/node";
import { haveCorpus } from "../support/fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CORPUS = path.resolve(ROOT, "../shared/corpus");
/** Flags that declare text dropped after the chunk's end. */
const DROPS_TEXT = ["truncated"];
/** Chunkers that take heading lines out of the text (CHUNKERS.md): those characters are in no chunk on purpose. */
const DROPS_HEADINGS = ["hierarchical"];

const sources = [
  path.join(ROOT, "public/sample.pdf"),
  ...(haveCorpus()
    ? ["paper-tracemonkey.pdf", "cjk-korean-report-4p.pdf", "rtl-arabic-word.pdf"].map((f) =>
        path.join(CORPUS, f),
      )
    : []),
];

const docs = new Map<string, Promise<DocModel>>();
const load = (file: string) => {
  if (!docs.has(file)) docs.set(file, extractPdfFile(file));
  return docs.get(file)!;
};

/** Each chunker at its defaults, plus settings that exercise a seed's deliberate drops. */
const runs: [string, Record<string, unknown>][] = [
  ...CHUNKERS.map((c): [string, Record<string, unknown>] => [c.id, {}]),
  ["simple", { max_bytes: 64 }],
];

describe.each(runs)("chunker %s %j", (id, config) => {
  it.each(sources.map((s) => path.basename(s)))(
    "keeps offsets, order and every character on %s",
    async (name) => {
      const doc = await load(sources.find((s) => path.basename(s) === name)!);
      const run = await runChunker(doc, id, config, createRunContext());
      expect(run.chunks.length).toBeGreaterThan(0);
      expect(new Set(run.chunks.map((c) => c.id)).size).toBe(run.chunks.length);
      const covered = new Uint8Array(doc.text.length);
      let previousStart = -1;
      for (const c of run.chunks) {
        expect(c.text.slice(c.prefixChars)).toBe(doc.text.slice(c.start, c.end));
        expect(c.start).toBeGreaterThanOrEqual(previousStart);
        expect(c.end).toBeGreaterThanOrEqual(c.start);
        previousStart = c.start;
        covered.fill(1, c.start, c.end);
      }
      if (DROPS_HEADINGS.includes(id)) for (const s of headingSpans(doc)) covered.fill(1, s.start, s.end);
      const dropsAfter = run.chunks.filter((c) => c.flags.some((f) => DROPS_TEXT.includes(f)));
      for (let i = 0; i < doc.text.length; i++) {
        if (covered[i] || isSpace(doc.text.charCodeAt(i))) continue;
        const declared = dropsAfter.some(
          (c) => c.end <= i && !run.chunks.some((o) => o.start > c.start && o.start <= i),
        );
        expect(
          declared,
          `${id}: character ${i} (${JSON.stringify(doc.text.slice(i, i + 20))}) is in no chunk`,
        ).toBe(true);
      }
    },
  );
});
