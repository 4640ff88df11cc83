/**
 * llamaindex-semantic against examples worked by hand from llama-index-core's
 * SemanticSplitterNodeParser source (semantic_splitter.py: _build_sentence_groups joining with "",
 * _calculate_distances_between_sentence_groups, _build_node_chunks at numpy's percentile), with a toy
 * embedder counting two words. LlamaIndex's Python package is not installed here.
 */
import { describe, expect, it } from "vitest";
import type { RunContext } from "../../src/core/chunk";
import { calibrationChoices } from "../../src/core/calibrate";
import type { LlamaindexSemanticConfig } from "../../src/core/chunkers/llamaindex-semantic/meta";
import {
  llamaindexSemanticChunker,
  nodeChunks,
  sentenceStarts,
} from "../../src/core/chunkers/llamaindex-semantic/run";
import { validConfig } from "../../src/core/config";
import { textDocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import type { Embedder } from "../../src/core/providers/embedder";
import { catsDogsEmbedder, NEVER_EMBEDDER } from "../support/toyEmbedder";
import { loadTokenizer } from "../../src/core/text/tokenizer";

async function run(text: string, tuned: Partial<LlamaindexSemanticConfig>, embedder = catsDogsEmbedder()) {
  const config = validConfig(llamaindexSemanticChunker, tuned);
  const doc = textDocModel(`s-${text.length}-${JSON.stringify(tuned)}`, "s.txt", text);
  const ctx: RunContext = { ...createRunContext(), embedder };
  const out = await llamaindexSemanticChunker.chunk(doc, config, ctx);
  const chunks = materialize(doc, out.drafts, await loadTokenizer("cl100k_base"));
  return { out, texts: chunks.map((c) => c.text), embedder };
}

const FIVE = "Cats purr. Cats nap. Dogs bark. Dogs run. Dogs dig.";

describe("llamaindex-semantic: SemanticSplitterNodeParser, worked by hand", () => {
  it("lays sentences out as span_tokenize does: whitespace after a sentence is its own", () => {
    const text = "  Cats purr.  Cats nap. Dogs bark.";
    expect(sentenceStarts(text).map((s) => text.slice(s, s + 4))).toEqual(["Cats", "Cats", "Dogs"]);
  });

  it("buffer 0: distances [0, 1, 0, 0], percentile 95 = 0.85 → one break; chunks are exact slices", async () => {
    const { texts, out } = await run(FIVE, { buffer_size: 0 });
    expect(texts).toEqual(["Cats purr. Cats nap. ", "Dogs bark. Dogs run. Dogs dig."]);
    expect(out.stats!["threshold.value"]).toBeCloseTo(0.85, 12);
  });

  it('buffer 1 joins neighbours as they stand in the text (""): distances .1056, .2, .1056, 0', async () => {
    const { texts, out, embedder } = await run(FIVE, { buffer_size: 1 });
    expect(embedder.texts[1]).toBe("Cats purr. Cats nap. Dogs bark. ");
    const d = out.trace!.points.map((p) => 1 - p.value);
    expect(d[1]).toBeCloseTo(0.2, 6);
    expect(texts).toEqual(["Cats purr. Cats nap. ", "Dogs bark. Dogs run. Dogs dig."]);
  });

  it("percentile 0 breaks at every positive distance; one sentence is one chunk, embedding nothing", async () => {
    expect(nodeChunks([0, 1, 0, 0.5], 5, 0)).toEqual([
      [0, 1],
      [2, 3],
      [4, 4],
    ]);
    expect(nodeChunks([], 1, 95)).toEqual([[0, 0]]);
    expect((await run("Cats purr", {}, NEVER_EMBEDDER as Embedder & { texts: string[] })).texts).toEqual([
      "Cats purr",
    ]);
  });

  it("the calibrator gives each method's threshold as the percentile that lands on it", () => {
    const values = [0.9, 0.8, 0.9, 0.1, 0.9, 0.8, 0.9, 0.9, 0.2, 0.9];
    const choices = calibrationChoices(
      "llamaindex-semantic",
      { buffer_size: 1, breakpoint_percentile_threshold: 95 },
      values,
      null,
    );
    const iqr = choices.find((c) => c.method === "interquartile")!;
    expect(typeof iqr.config.breakpoint_percentile_threshold).toBe("number");
    expect(iqr.config.breakpoint_percentile_threshold).toBeGreaterThan(0);
  });
});
