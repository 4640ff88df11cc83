/**
 * ChunkerSpec.fallbackOn: what a chunker says it will run instead, before the run — held to what
 * the run then does (chunker.ran), on a document over and under max_tokens, with and without an LLM.
 */
import { describe, expect, it } from "vitest";
import type { FallbackFacts } from "../../src/core/chunk";
import { agenticFallback } from "../../src/core/chunkers/agentic/run";
import { hybridFallback } from "../../src/core/chunkers/hybrid/run";
import { lateEmbeddingFallback } from "../../src/core/chunkers/late-embedding/run";
import { getChunker } from "../../src/core/chunkers/registry";
import { resolveConfig } from "../../src/core/config";
import { textDocModel } from "../../src/core/document";
import { createRunContext, runChunker } from "../../src/core/engine";
import { loadTokenizer } from "../../src/core/text/tokenizer";

const small: FallbackFacts = { documentTokens: 1_000, llm: false };
const big: FallbackFacts = { documentTokens: 58_532, llm: false };

describe("fallbackOn", () => {
  it("late-embedding runs late-jaccard on a document over max_tokens, and says which max_tokens would do", () => {
    expect(lateEmbeddingFallback({ max_tokens: 8_000 }, small)).toBeNull();
    expect(lateEmbeddingFallback({ max_tokens: 8_000 }, big)).toEqual({
      runs: "late-jaccard",
      reason: "the document has 58532 tokens, over max_tokens 8000",
      change: "max_tokens of at least 58532",
    });
  });

  it("agentic runs its fallback without an LLM — and late-embedding's own fallback on a big document", () => {
    expect(agenticFallback({ fallback: "late-jaccard" }, { ...big, llm: true })).toBeNull();
    expect(agenticFallback({ fallback: "late-jaccard" }, small)).toMatchObject({
      runs: "late-jaccard",
      reason: "no LLM endpoint is configured",
    });
    expect(agenticFallback({ fallback: "late-embedding" }, small)?.runs).toBe("late-embedding");
    const twice = agenticFallback({ fallback: "late-embedding" }, big)!;
    expect(twice.runs).toBe("late-jaccard");
    expect(twice.reason).toMatch(/58532 tokens, over max_tokens 8000/);
  });

  it("hybrid foresees what its resolved mode runs, and nothing for rules a run would refuse", () => {
    const defaults = resolveConfig(getChunker("hybrid"), {}).config as Parameters<typeof hybridFallback>[0];
    expect(hybridFallback({ ...defaults, mode: "late" }, big)).toBeNull();
    expect(hybridFallback({ ...defaults, mode: "late", use_embedding_similarity: true }, big)?.runs).toBe(
      "late-jaccard",
    );
    expect(hybridFallback({ ...defaults, mode: "agentic" }, small)?.runs).toBe("late-jaccard");
    expect(hybridFallback({ ...defaults, mode: "agentic" }, { ...small, llm: true })).toBeNull();
    // Rules as a link or a file may give them, which validation refuses (a run would say so).
    const broken = {
      ...defaults,
      routing: { ...defaults.routing, rules: [{ chunker_mode: "nonsense" }] },
    } as unknown as Parameters<typeof hybridFallback>[0];
    expect(hybridFallback(broken, small)).toBeNull();
  });

  it("says what the run then does", async () => {
    const text = Array.from({ length: 60 }, (_, i) => `Sentence ${i} talks about topic ${i % 7}.`).join(" ");
    const doc = textDocModel("fallback-doc", "doc.txt", text);
    const documentTokens = (await loadTokenizer("cl100k_base")).encode(text).length;
    // [chunker, config, what runs when it runs as chosen (hybrid's late mode is late-jaccard)]
    const cases: [string, Record<string, unknown>, string][] = [
      ["late-embedding", { max_tokens: 200, target_tokens: 100 }, "late-embedding"],
      ["late-embedding", { max_tokens: documentTokens + 10, target_tokens: 100 }, "late-embedding"],
      ["agentic", {}, "agentic"],
      ["agentic", { fallback: "late-embedding" }, "agentic"],
      ["hybrid", { mode: "agentic" }, "agentic"],
      ["hybrid", { mode: "late" }, "late-jaccard"],
    ];
    for (const [id, input, chosen] of cases) {
      const spec = getChunker(id);
      const { config, problems } = resolveConfig(spec, input);
      expect(problems, `${id} ${JSON.stringify(input)}`).toEqual([]);
      const note = spec.fallbackOn!(config, { documentTokens, llm: false });
      const run = await runChunker(doc, id, config as Record<string, unknown>, createRunContext());
      const ran = run.stats["chunker.ran"] ?? id;
      expect(ran, `${id} ${JSON.stringify(input)}`).toBe(note?.runs ?? chosen);
    }
  });
});
