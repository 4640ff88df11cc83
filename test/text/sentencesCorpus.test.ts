/**
 * The workbench sentence segmenter on real documents (issue 26): a software manual whose contents
 * and index pages are dot leaders, and a 352-page book. The seed's regex makes most of the manual's
 * "sentences" a lone dot; the workbench segmenter makes none, and the late chunkers say which.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DocModel } from "../../src/core/document";
import { createRunContext, runRanges } from "../../src/core/engine";
import { noesisSentences } from "../../src/core/text/noesisSentences";
import { punctuationOnlyCount, workbenchSentences } from "../../src/core/text/sentences";
import { corpusManualAndBook, haveCorpus } from "../support/fixtures";

describe.skipIf(!haveCorpus())("sentences on the corpus", () => {
  let manual: DocModel;
  let book: DocModel;
  beforeAll(async () => {
    [manual, book] = await corpusManualAndBook();
  });

  it("R manual: the seed's regex reads most of it as dots, the workbench segmenter as none", () => {
    const seed = noesisSentences(manual.text);
    const workbench = workbenchSentences(manual.text);
    // Measured: 10,139 of 11,603 seed "sentences" are only punctuation; 1,942 workbench sentences.
    expect(punctuationOnlyCount(manual.text, seed)).toBeGreaterThan(0.8 * seed.length);
    expect(punctuationOnlyCount(manual.text, workbench)).toBe(0);
    expect(workbench.length).toBeGreaterThan(1500);
    expect(workbench.length).toBeLessThan(2500);
    const lines = workbench.map((s) => manual.text.slice(s.start, s.end));
    // A contents line is one sentence, its leader and page number included.
    expect(lines.filter((l) => /^2\.1\.1 Vectors[ .]{20,}3$/.test(l))).toHaveLength(1);
    expect(lines).toContain("2.1.1 Vectors");
    expect(lines).toContain("Vectors can be thought of as contiguous cells containing data.");
  });

  it("book: no punctuation-only sentence, and about as many sentences as the seed's", () => {
    const seed = noesisSentences(book.text);
    const workbench = workbenchSentences(book.text);
    // Measured: 5,889 seed sentences (156 only punctuation), 7,549 workbench ones (headings and
    // contents, index and note lines end where the regex ran them together).
    expect(punctuationOnlyCount(book.text, workbench)).toBe(0);
    expect(workbench.length).toBeGreaterThan(0.9 * seed.length);
    expect(workbench.length).toBeLessThan(1.6 * seed.length);
  });

  it("late-jaccard warns on the seed's splitter for the manual and not on the workbench's", async () => {
    const ctx = createRunContext();
    const seed = await runRanges(manual, "late-jaccard", {}, ctx);
    expect(seed.warnings).toContainEqual(
      expect.stringMatching(
        /^sentence_splitter "seed": [\d,]+ of [\d,]+ sentences are only punctuation \(dot leaders\?\); sentence_splitter "workbench" reads them as lines$/,
      ),
    );
    const workbench = await runRanges(manual, "late-jaccard", { sentence_splitter: "workbench" }, ctx);
    expect(workbench.warnings.some((w) => w.startsWith("sentence_splitter"))).toBe(false);
    expect(workbench.stats["sentence.splitter"]).toBe("workbench");
  });
});
