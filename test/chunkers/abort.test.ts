/**
 * An abort reaches a chunker in the middle of its work (core/checkpoint): a timer that fires while
 * the chunker loops is let in at the next checkpoint, and the run rejects with its reason instead
 * of finishing. Without checkpoints a synchronous loop never lets the timer run.
 */
import { describe, expect, it } from "vitest";
import { lateDrafts, sentenceTable, type LateBoundary } from "../../src/core/chunkers/late/toolkit";
import { textDocModel } from "../../src/core/document";
import { createRunContext, runRanges } from "../../src/core/engine";

const text = Array.from(
  { length: 20_000 },
  (_, i) => `Sentence ${i} talks about topic ${i % 37} and the weather in town ${i % 11}.`,
).join(" ");
const doc = textDocModel("abort-doc", "long.txt", text);

describe("checkpoints in chunkers", () => {
  it("lateDrafts stops at its next checkpoint when the run is aborted meanwhile", async () => {
    const table = await sentenceTable(doc, createRunContext());
    const boundaries: LateBoundary[] = table.spans.map((_, i) => ({
      startIdx: i,
      endIdx: i + 1,
      similarityScore: null,
      kind: "similarity",
    }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("superseded")), 0);
    await expect(
      lateDrafts(doc, table, boundaries, { target_tokens: 450, chunker: "late" }, controller.signal),
    ).rejects.toThrow("superseded");
    // Unaborted, the same call completes: the rejection above came from the checkpoint.
    expect(
      await lateDrafts(doc, table, boundaries.slice(0, 50), { target_tokens: 450, chunker: "late" }),
    ).toHaveLength(50);
  });

  it("a whole run aborted while it works rejects with the abort's reason", async () => {
    // hierarchical plans a document in one synchronous pass (on this text, one section of 20,000
    // sentences, for seconds): an abort reaches it only after, and the page's bridge terminates a
    // worker that busy (app/engine/bridge).
    for (const chunker of ["late-jaccard", "entity", "recursive"]) {
      const controller = new AbortController();
      const big = textDocModel(`abort-${chunker}`, "long.txt", text);
      setTimeout(() => controller.abort(new Error(`stop ${chunker}`)), 0);
      await expect(runRanges(big, chunker, {}, createRunContext(controller.signal))).rejects.toThrow(
        `stop ${chunker}`,
      );
    }
  });
});
