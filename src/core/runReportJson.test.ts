import { describe, expect, it } from "vitest";
import type { RunReport } from "./runReport";
import { joinRunReportJson, scoresJson, splitRunReportJson } from "./runReportJson";

const report = (scores: unknown): RunReport => ({
  chunker: "token",
  config: { chunk_size: 2, overlap: 0 },
  stats: {
    "token.count": 5,
    "quality.scores": scores,
    "quality.mean_coherence": null,
    nested: { a: [1, 2] },
  },
  warnings: ["w"],
  timings: { chunk_ms: 1.5 },
});

const scores = Array.from({ length: 7 }, (_, i) => ({
  chunk_id: `chunk_${i}`,
  size: i,
  unit: "tokens",
  ends_at_sentence: i % 2 === 0,
  coherence: i === 3 ? 0.5 : null,
}));

describe("splitRunReportJson", () => {
  it("joins, slice by slice, to exactly what JSON.stringify writes", () => {
    const json = splitRunReportJson(report(scores));
    const slices = [scoresJson(json, 0, 3), scoresJson(json, 3, 6), scoresJson(json, 6, 7)];
    expect(joinRunReportJson(json, slices)).toBe(JSON.stringify(report(scores), null, 2));
    expect(joinRunReportJson(json, [scoresJson(json, 0, 7)])).toBe(JSON.stringify(report(scores), null, 2));
  });

  it("writes a report without scores, or with an empty list, whole", () => {
    for (const value of [[], null, "x"]) {
      const json = splitRunReportJson(report(value));
      expect(json.scores).toEqual([]);
      expect(joinRunReportJson(json, [])).toBe(JSON.stringify(report(value), null, 2));
    }
  });
});
