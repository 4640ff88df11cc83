/**
 * langchain-semantic against worked examples computed by hand from langchain_experimental's
 * SemanticChunker source (text_splitter.py: combine_sentences, calculate_cosine_distances,
 * _calculate_breakpoint_threshold, _threshold_from_clusters, split_text's grouping and its
 * min_chunk_size rule), with a toy embedder whose vectors are counts of two words — so every
 * distance, threshold and group below can be checked with a pencil. LangChain's Python package is
 * not installed here (langchain_experimental pulls langchain_community and numpy).
 */
import { describe, expect, it } from "vitest";
import type { RunContext } from "../../src/core/chunk";
import type { LangchainSemanticConfig } from "../../src/core/chunkers/langchain-semantic/meta";
import {
  combineSentences,
  groupSentences,
  langchainSemanticChunker,
  splitSentences,
  thresholdFromClusters,
} from "../../src/core/chunkers/langchain-semantic/run";
import { resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import type { Embedder } from "../../src/core/providers/embedder";
import { catsDogsEmbedder, NEVER_EMBEDDER } from "../support/toyEmbedder";
import { loadTokenizer } from "../../src/core/text/tokenizer";

async function run(
  text: string,
  tuned: Partial<LangchainSemanticConfig>,
  embedder: Embedder = catsDogsEmbedder(),
) {
  const config = validConfig(langchainSemanticChunker, tuned);
  const doc = textDocModel("s", "s.txt", text);
  const ctx: RunContext = { ...createRunContext(), embedder };
  const out = await langchainSemanticChunker.chunk(doc, config, ctx);
  const chunks = materialize(doc, out.drafts, await loadTokenizer("cl100k_base"));
  for (const c of chunks) expect(c.text.slice(c.prefixChars)).toBe(text.slice(c.start, c.end));
  return {
    out,
    chunks,
    texts: chunks.map((c) => (c.meta.langchain_text as string | undefined) ?? c.text),
  };
}

const FIVE = "Cats purr. Cats nap. Dogs bark. Dogs run. Dogs dig.";

describe("langchain-semantic: SemanticChunker, worked by hand", () => {
  it("splits sentences as re.split does, empty pieces kept", () => {
    const spans = splitSentences("A b. C d!  E?\nF. ", "(?<=[.?!])\\s+");
    expect(spans.map((s) => "A b. C d!  E?\nF. ".slice(s.start, s.end))).toEqual([
      "A b.",
      "C d!",
      "E?",
      "F.",
      "",
    ]);
  });

  it("combines each sentence with buffer_size neighbours", () => {
    expect(combineSentences(["a", "b", "c"], 1)).toEqual(["a b", "a b c", "b c"]);
    expect(combineSentences(["a", "b", "c"], 0)).toEqual(["a", "b", "c"]);
  });

  it("buffer 0, percentile 95: distances [0, 1, 0, 0], threshold 0.85 → a break after sentence 1", async () => {
    const { texts, out } = await run(FIVE, { buffer_size: 0 });
    expect(texts).toEqual(["Cats purr. Cats nap.", "Dogs bark. Dogs run. Dogs dig."]);
    expect(out.stats!["threshold.value"]).toBeCloseTo(0.85, 12);
    expect(out.trace!.points.map((p) => 1 - p.value)).toEqual([0, 1, 0, 0]);
  });

  it("buffer 1 embeds each sentence with its neighbours: distances .1056, .2, .1056, 0; threshold .1859", async () => {
    const embedder = catsDogsEmbedder();
    const { texts, out } = await run(FIVE, { buffer_size: 1 }, embedder);
    expect(embedder.texts[1]).toBe("Cats purr. Cats nap. Dogs bark.");
    const d = out.trace!.points.map((p) => 1 - p.value);
    expect(d[0]).toBeCloseTo(1 - 2 / Math.sqrt(5), 6);
    expect(d[1]).toBeCloseTo(0.2, 6);
    expect(d[3]).toBeCloseTo(0, 6);
    expect(out.stats!["threshold.value"]).toBeCloseTo(
      1 - 2 / Math.sqrt(5) + (0.2 - (1 - 2 / Math.sqrt(5))) * 0.85,
      6,
    );
    expect(texts).toEqual(["Cats purr. Cats nap.", "Dogs bark. Dogs run. Dogs dig."]);
  });

  it("standard_deviation 1: mean .1028 + std .0708 = .1736 → the same break", async () => {
    const { texts, out } = await run(FIVE, {
      buffer_size: 1,
      breakpoint_threshold_type: "standard_deviation",
      breakpoint_threshold_amount: 1,
    });
    expect(out.stats!["threshold.value"]).toBeCloseTo(0.1736, 3);
    expect(texts).toHaveLength(2);
  });

  it("number_of_chunks 3 over 4 distances: percentile 33.3 = 0, every positive distance breaks", async () => {
    expect(thresholdFromClusters([0, 1, 0, 0], 3)).toBe(0);
    // Asking for more chunks than distances clamps to len(distances): percentile 0.
    expect(thresholdFromClusters([0.5, 0.2, 0.9], 10)).toBeCloseTo(0.2, 12);
    // One chunk: percentile 100 — nothing is strictly above the largest distance.
    expect(thresholdFromClusters([0.5, 0.2, 0.9], 1)).toBeCloseTo(0.9, 12);
    const { texts } = await run(FIVE, { buffer_size: 0, number_of_chunks: 3 });
    expect(texts).toEqual(["Cats purr. Cats nap.", "Dogs bark. Dogs run. Dogs dig."]);
  });

  it("min_chunk_size carries a short group on to the next breakpoint; the last group is never checked", async () => {
    const text = "Cats purr. Dogs bark. Cats nap. Cats run.";
    // buffer 0: vectors [1,0] [0,1] [1,0] [1,0] → distances [1, 1, 0]; percentile 0 = 0 → breaks after 0 and 1.
    const plain = await run(text, { buffer_size: 0, breakpoint_threshold_amount: 0 });
    expect(plain.texts).toEqual(["Cats purr.", "Dogs bark.", "Cats nap. Cats run."]);
    // "Cats purr." is 10 < 12: no close at its breakpoint; at the next, "Cats purr. Dogs bark." (21) closes.
    const min = await run(text, { buffer_size: 0, breakpoint_threshold_amount: 0, min_chunk_size: 12 });
    expect(min.texts).toEqual(["Cats purr. Dogs bark.", "Cats nap. Cats run."]);
    expect(groupSentences([10, 10, 9, 9], [0, 1], 100)).toEqual([[0, 3]]);
    expect(groupSentences([10, 10, 9, 9], [0, 2], 12)).toEqual([
      [0, 2],
      [3, 3],
    ]);
  });

  it("one sentence is one chunk; gradient with two sentences gives each its own, embedding nothing", async () => {
    expect((await run("Cats purr", {}, NEVER_EMBEDDER)).texts).toEqual(["Cats purr"]);
    expect(
      (await run("Cats purr. Dogs bark.", { breakpoint_threshold_type: "gradient" }, NEVER_EMBEDDER)).texts,
    ).toEqual(["Cats purr.", "Dogs bark."]);
  });

  it("joins sentences with one space as LangChain does, keeps the true range, and flags its start_index where it is wrong", async () => {
    const text = "Cats purr.\n\nCats nap. Dogs bark.  Dogs run.";
    const { chunks, texts } = await run(text, { buffer_size: 0 });
    expect(texts).toEqual(["Cats purr. Cats nap.", "Dogs bark. Dogs run."]);
    expect(chunks[0]!.text).toBe("Cats purr.\n\nCats nap.");
    expect(chunks[0]!.flags).toContain("separators-collapsed");
    // create_documents: start_index of chunk 2 = len(chunk 1's text) = 20; its true start is 22.
    expect(chunks[1]!.meta.langchain_start_index).toBe(20);
    expect(chunks[1]!.start).toBe(22);
    expect(chunks[1]!.flags).toContain("framework-offset-differs");
    expect(chunks[0]!.flags).not.toContain("framework-offset-differs");
  });

  it("changing the type brings LangChain's default amount; a bad regex is a config problem", () => {
    const next = langchainSemanticChunker.withParam!(
      { ...langchainSemanticChunker.defaults },
      "breakpoint_threshold_type",
      "interquartile",
    );
    expect(next.breakpoint_threshold_amount).toBe(1.5);
    expect(resolveConfig(langchainSemanticChunker, { sentence_split_regex: "(" }).problems[0]?.key).toBe(
      "sentence_split_regex",
    );
  });
});
