import { describe, expect, it } from "vitest";
import { textDocModel } from "./document";
import { createRunContext, runChunker } from "./engine";
import { runReport } from "./runReport";

const doc = textDocModel(
  "d",
  "d.txt",
  "Rivers carry water to the sea. Banks lend money at interest. Boats float on the stream. ".repeat(40),
);

describe("runReport", () => {
  it("carries the seed's stat names for a chunker that reports none of them", async () => {
    const run = await runChunker(doc, "token", { chunk_size: 64, overlap: 8 }, createRunContext());
    const report = runReport(run);
    expect(Object.keys(report)).toEqual(["chunker", "config", "stats", "warnings", "timings"]);
    expect(report.chunker).toBe("token");
    expect(report.config).toMatchObject({ chunk_size: 64, overlap: 8 });
    expect(report.stats).toMatchObject({
      "chunk.count": run.chunks.length,
      "chunker.mode": "token",
      "fallback.reason": null,
      "agentic.tokens_used": 0,
    });
    const scores = report.stats["quality.scores"] as { chunk_id: string; size: number }[];
    expect(scores).toHaveLength(run.chunks.length);
    expect(scores[0]!.chunk_id).toBe(run.chunks[0]!.id);
    expect(report.stats["quality.mean_coherence"]).toBe(run.quality!.coherence);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it("keeps the chunker's own values: hybrid's mode and scores, agentic's fallback and spending", async () => {
    const run = await runChunker(doc, "hybrid", { mode: "agentic" }, createRunContext());
    const report = runReport(run);
    expect(report.stats["chunker.mode"]).toBe("agentic");
    expect(report.stats["fallback.reason"]).toMatch(/no LLM endpoint/);
    expect(report.stats["quality.scores"]).toBe(run.stats["quality.scores"]);
    expect(report.stats["agentic.tokens_used"]).toBe(0);
  });
});
