/**
 * Seed fidelity on real PDFs (the seed fidelity issue's "done means"): at their defaults, entity and
 * hierarchical end honestly in ≥ 95% of unflagged chunks, with at most 10% of chunks excused by a
 * flag, and late-jaccard's default cuts chunks whose median is within 25% of target_tokens.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DocModel } from "../../src/core/document";
import { createRunContext, runRanges } from "../../src/core/engine";
import { extractPdfFile } from "../../src/pdf/node";
import { haveCorpus, SHARED } from "../support/fixtures";
import { honestEnds } from "./honestEnds";

const FILES = ["paper-tracemonkey.pdf", "manual-r-lang-69p.pdf"];
const docs = new Map<string, Promise<DocModel>>();
const load = (name: string) => {
  if (!docs.has(name)) docs.set(name, extractPdfFile(path.join(SHARED, "corpus", name)));
  return docs.get(name)!;
};

describe.skipIf(!haveCorpus())("seed fidelity on the corpus", () => {
  for (const file of FILES) {
    for (const chunker of ["entity", "hierarchical"]) {
      it(`${chunker} ends honestly on ${file}`, async () => {
        const doc = await load(file);
        const run = await runRanges(doc, chunker, {}, createRunContext());
        const ends = honestEnds(doc, run.chunks);
        expect(ends.share, ends.examples.join("\n")).toBeGreaterThanOrEqual(0.95);
        expect(ends.flaggedShare).toBeLessThanOrEqual(0.1);
      }, 60_000);
    }

    it(`late-jaccard's default gives a median chunk within 25% of target_tokens on ${file}`, async () => {
      const doc = await load(file);
      const run = await runRanges(doc, "late-jaccard", {}, createRunContext());
      const sizes = run.chunks.map((c) => c.tokens).sort((a, b) => a - b);
      const median = sizes[Math.floor(sizes.length / 2)]!;
      expect(Math.abs(median - 450) / 450).toBeLessThanOrEqual(0.25);
    }, 60_000);
  }
});
