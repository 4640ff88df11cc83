import { describe, expect, it } from "vitest";
import { textDocModel, type DocModel } from "../../src/core/document";
import { packedQualityTransferables, packQuality, unpackQuality } from "../../src/core/quality/packedQuality";
import { runQuality } from "../../src/core/quality/runQuality";
import { markdownHeadings } from "../../src/core/text/markdown";
import { partition } from "./helpers";

const TEXT = "# Intro\nOne two three. Four five six.\n\n# Next\nSeven eight nine. Ten eleven.";
const doc: DocModel = textDocModel("q", "q.md", TEXT, markdownHeadings(TEXT));
const at = (s: string) => TEXT.indexOf(s);

describe("packQuality / unpackQuality", () => {
  it("round-trips a run's scores: sizes, units, sentence ends, overlap, flags and coherence", () => {
    const chunks = partition(doc, [0, at("two") + 1, at("# Next") + 4, at("Ten"), TEXT.length]);
    const quality = runQuality(
      doc,
      { chunker: "token", config: { chunk_size: 100 }, chunks, stats: {} },
      { coherence: { scores: [0.25, null, 0.75, null], embedderLabel: "test" } },
    );
    expect(quality.chunks.some((c) => c.flags.length > 0)).toBe(true);
    expect(quality.chunks.some((c) => c.flags.length === 0)).toBe(true);
    expect(quality.chunks[0]!.coherence).toBe(0.25);
    const packed = packQuality(quality);
    expect(packed.chunks.flagged.length).toBeLessThan(quality.chunks.length);
    // Structured clone (what postMessage does) keeps it whole.
    expect(unpackQuality(structuredClone(packed))).toEqual(quality);
    expect(packedQualityTransferables(packed)).toHaveLength(6);
  });

  it("keeps a run without chunks empty", () => {
    const quality = runQuality(doc, { chunker: "token", config: { chunk_size: 3 }, chunks: [], stats: {} });
    expect(unpackQuality(packQuality(quality))).toEqual(quality);
  });
});
