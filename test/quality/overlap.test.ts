import { describe, expect, it, vi } from "vitest";
import { textDocModel } from "../../src/core/document";
import { overlapCarried } from "../../src/core/quality/overlap";
import { encodeText } from "../../src/core/text/encodedText";
import { tokensInRange } from "../../src/core/text/spanTokens";
import { loadTokenizer } from "../../src/core/text/tokenizer";
import { chunkOf } from "./helpers";

const doc = textDocModel("o", "o.txt", "aa bb cc dd ee ff");

describe("overlapCarried", () => {
  it("measures the characters consecutive chunks share", () => {
    const chunks = [chunkOf(doc, 0, 0, 8), chunkOf(doc, 1, 6, 14), chunkOf(doc, 2, 14, 17)];
    const { report, perChunk } = overlapCarried(chunks);
    expect(perChunk).toEqual([0, 2, 0]);
    expect(report).toMatchObject({ pairs: 2, overlapping: 1, totalChars: 2, meanChars: 1, prefixChars: 0 });
  });

  it("pairs chunks of one level only: a parent and its children nest, they do not overlap", () => {
    const chunks = [
      chunkOf(doc, 0, 0, 17, { level: "parent" }),
      chunkOf(doc, 1, 0, 9, { level: "child" }),
      chunkOf(doc, 2, 6, 17, { level: "child" }),
    ];
    const { report, perChunk } = overlapCarried(chunks);
    expect(report.pairs).toBe(1);
    expect(perChunk).toEqual([0, 0, 3]);
  });

  it("counts overlap a chunker declares as carried in the prefix, bounded by the prefix", () => {
    const chunks = [
      chunkOf(doc, 0, 0, 8),
      chunkOf(doc, 1, 9, 17, { prefixChars: 7, meta: { overlap_chars: 5 } }),
      chunkOf(doc, 2, 17, 17, { prefixChars: 3, meta: { overlap_chars: 50 } }),
    ];
    const { report } = overlapCarried(chunks);
    expect(report.totalChars).toBe(8);
    expect(report.prefixChars).toBe(8);
  });

  it("expresses range overlap in tokens off the document's encoding, asked for only when needed", async () => {
    const encoded = encodeText(await loadTokenizer("cl100k_base"), doc.text);
    const source = vi.fn(() => encoded);
    const disjoint = overlapCarried([chunkOf(doc, 0, 0, 8), chunkOf(doc, 1, 8, 17)], source);
    expect(source).not.toHaveBeenCalled();
    expect(disjoint.report.totalTokens).toBeUndefined();

    const { report } = overlapCarried([chunkOf(doc, 0, 0, 11), chunkOf(doc, 1, 5, 17)], source);
    expect(source).toHaveBeenCalledTimes(1);
    expect(report.totalTokens).toBe(tokensInRange(encoded, 5, 11));
    expect(report.totalTokens).toBeGreaterThan(0);
    expect(report.meanTokens).toBe(report.totalTokens);
  });
});
