/**
 * hybrid against the NOESIS seed's HybridChunker: mode from routing rules (or the config's mode),
 * "late" = late-jaccard at max_chunk_tokens, "agentic" falling back to late with a visible reason,
 * the seed's stats keys, and the workbench's documented quality scores.
 */
import { describe, expect, it } from "vitest";
import { hybridChunker } from "../../src/core/chunkers/hybrid/run";
import { HYBRID_DEFAULTS, type HybridConfig } from "../../src/core/chunkers/hybrid/meta";
import { lateJaccardChunker } from "../../src/core/chunkers/late-jaccard/run";
import { lateEmbeddingChunker } from "../../src/core/chunkers/late-embedding/run";
import { LATE_JACCARD_DEFAULTS } from "../../src/core/chunkers/late-jaccard/meta";
import { resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel } from "../../src/core/document";
import { createRunContext } from "../../src/core/engine";
import { parseRoutingYaml } from "../../src/core/routingYaml";
import { encodeText } from "../../src/core/text/encodedText";
import { tokensInRange } from "../../src/core/text/spanTokens";
import { loadTokenizer } from "../../src/core/text/tokenizer";

const TOPICS = [
  "The river carries water past the old mill and the fish swim upstream in spring.",
  "A bank lends money at an interest rate that depends on the credit of the borrower.",
  "Contracts bind both parties to arbitration when a dispute about payment arises.",
];
const TEXT = Array.from({ length: 60 }, (_, i) => `${TOPICS[i % 3]} Note ${i} follows here.`).join(" ");
const doc = textDocModel("doc-h", "mixed.txt", TEXT);

async function run(cfg: Partial<HybridConfig> = {}) {
  return hybridChunker.chunk(doc, validConfig(hybridChunker, cfg), createRunContext());
}

const SEED_RULES = parseRoutingYaml(`default_profile: standard
default_chunker_mode: late
rules:
  - tenant: enterprise
    profile: premium
    chunker_mode: late
  - tenant: enterprise
    doc_class: legal_contract
    chunker_mode: agentic
`);

describe("hybrid chunker", () => {
  it("runs late-jaccard with target_tokens = max_chunk_tokens and the seed's stats", async () => {
    const out = await run({ max_chunk_tokens: 120, overlap_tokens: 30 });
    const late = await lateJaccardChunker.chunk(
      doc,
      { ...LATE_JACCARD_DEFAULTS, target_tokens: 120, overlap_tokens: 30 },
      createRunContext(),
    );
    expect(out.drafts.map((d) => [d.id, d.start, d.end])).toEqual(
      late.drafts.map((d) => [d.id, d.start, d.end]),
    );
    expect(out.trace).toEqual(late.trace);
    expect(out.stats).toMatchObject({
      "chunk.count": late.drafts.length,
      "chunker.mode": "late",
      "chunker.ran": "late-jaccard",
      "chunker.version": "hybrid-v1",
      "routing.source": "config",
    });
    expect(out.warnings).toEqual([]);
  });

  it("routes by rules: the seed's example sends an enterprise legal contract to agentic, which falls back visibly without an LLM", async () => {
    const out = await run({
      routing: { rules: SEED_RULES, context: { tenant: "enterprise", doc_class: "legal_contract" } },
    });
    expect(out.stats).toMatchObject({
      "chunker.mode": "agentic",
      "chunker.ran": "late-jaccard",
      "routing.source": "routing",
      "routing.level": "tenant+doc_class",
      "routing.rule_index": 1,
      "routing.matched": "rules[1] (tenant=enterprise, doc_class=legal_contract) → agentic",
    });
    expect(out.stats!["fallback.reason"]).toMatch(/no LLM endpoint/);
    expect(out.warnings![0]).toMatch(/fell back from agentic to late-jaccard: no LLM endpoint configured/);
    expect(out.drafts.length).toBeGreaterThan(0);
  });

  it("with rules, the rules decide over the config's mode; without a match, default_chunker_mode", async () => {
    const out = await run({
      mode: "agentic",
      routing: { rules: SEED_RULES, context: { tenant: "enterprise" } },
    });
    expect(out.stats).toMatchObject({ "chunker.mode": "late", "routing.rule_index": 0 });
    const none = await run({
      mode: "agentic",
      routing: { rules: SEED_RULES, context: { tenant: "smallco" } },
    });
    expect(none.stats).toMatchObject({ "chunker.mode": "late", "routing.level": "default_chunker_mode" });
    const byConfig = await run({ mode: "agentic" });
    expect(byConfig.stats).toMatchObject({ "chunker.mode": "agentic", "chunker.ran": "late-jaccard" });
    expect(byConfig.warnings![0]).toMatch(/fell back from agentic to late-jaccard/);
  });

  it("accepts the seed's mode hybrid (never defined): runs agentic with its late fallback and says so", async () => {
    const out = await run({ mode: "hybrid" });
    expect(out.stats).toMatchObject({ "chunker.mode": "hybrid", "chunker.ran": "late-jaccard" });
    expect(out.warnings![0]).toMatch(/mode hybrid .* never defined: ran agentic with its late fallback/);
    expect(out.stats!["fallback.reason"]).toMatch(/no LLM endpoint/);
    const routed = await run({
      routing: {
        rules: parseRoutingYaml(
          "default_chunker_mode: late\nrules:\n  - tenant: t\n    chunker_mode: hybrid\n",
        ),
        context: { tenant: "t" },
      },
    });
    expect(routed.stats!["chunker.mode"]).toBe("hybrid");
  });

  it("use_embedding_similarity runs the seed's Phase 2 (late-embedding) with window_size and batch_size", async () => {
    const out = await run({
      max_chunk_tokens: 120,
      overlap_tokens: 30,
      use_embedding_similarity: true,
      window_size: 2,
    });
    const phase2 = await lateEmbeddingChunker.chunk(
      doc,
      validConfig(lateEmbeddingChunker, { target_tokens: 120, overlap_tokens: 30, window_size: 2 }),
      createRunContext(),
    );
    expect(out.stats!["chunker.ran"]).toBe("late-embedding");
    expect(out.drafts.map((d) => [d.start, d.end])).toEqual(phase2.drafts.map((d) => [d.start, d.end]));
    const phase1 = await run({ max_chunk_tokens: 120, overlap_tokens: 30 });
    expect(phase1.stats!["chunker.ran"]).toBe("late-jaccard");
    expect(HYBRID_DEFAULTS).toMatchObject({
      use_embedding_similarity: false,
      window_size: 3,
      batch_size: 16,
    });
  });

  it("every chunk carries the seed's parent_ref: the document id", async () => {
    for (const cfg of [{}, { mode: "agentic" as const }, { use_embedding_similarity: true }]) {
      const out = await run(cfg);
      for (const d of out.drafts) expect(d.meta!.parent_ref).toBe("doc-h");
    }
  });

  it("scores each chunk: size fit to max_chunk_tokens and lexical cohesion, in stats and meta", async () => {
    const out = await run({ max_chunk_tokens: 100, overlap_tokens: 20 });
    const scores = out.stats!["quality.scores"] as {
      index: number;
      size_fit: number;
      lexical_cohesion: number | null;
    }[];
    expect(scores).toHaveLength(out.drafts.length);
    const enc = encodeText(await loadTokenizer("cl100k_base"), TEXT);
    out.drafts.forEach((d, i) => {
      const t = tokensInRange(enc, d.start, d.end);
      expect(scores[i]!.size_fit).toBeCloseTo(Math.min(t, 100) / Math.max(t, 100), 12);
      expect((d.meta!.quality as { index: number }).index).toBe(i);
      // Oracle: the seed's sentences and words, Jaccard of each adjacent pair, averaged.
      const sentences = TEXT.slice(d.start, d.end)
        .split(/(?<=[.!?])\s+/u)
        .map((x) => new Set(x.toLowerCase().split(/\s+/u)));
      const pairs = sentences.slice(1).map((b, k) => {
        const a = sentences[k]!;
        const inter = [...b].filter((w) => a.has(w)).length;
        return inter / (a.size + b.size - inter);
      });
      const want = pairs.length ? pairs.reduce((x, y) => x + y, 0) / pairs.length : null;
      if (want === null) expect(scores[i]!.lexical_cohesion).toBeNull();
      else expect(scores[i]!.lexical_cohesion).toBeCloseTo(want, 12);
    });
    expect(out.stats!["quality.mean_size_fit"]).toBeCloseTo(
      scores.reduce((a, s) => a + s.size_fit, 0) / scores.length,
      12,
    );
    expect(out.stats).not.toHaveProperty("quality.mean_coherence");

    const off = await run({ enable_quality_metrics: false });
    expect(off.stats).not.toHaveProperty("quality.scores");
    expect(off.drafts[0]!.meta).not.toHaveProperty("quality");
  });

  it("runs its mode and scores its chunks on the sentences sentence_splitter cuts", async () => {
    // The seed's regex cuts after "e.g." and "Fig.": three sentences where the workbench splitter sees one.
    const text = "Rivers flood, e.g. In spring they rise as Fig. 2 shows.";
    const abbreviated = textDocModel("a", "a.txt", text);
    const seed = await hybridChunker.chunk(abbreviated, validConfig(hybridChunker, {}), createRunContext());
    const workbench = await hybridChunker.chunk(
      abbreviated,
      validConfig(hybridChunker, { sentence_splitter: "workbench" }),
      createRunContext(),
    );
    expect(seed.stats).toMatchObject({ "sentence.count": 3, "sentence.splitter": "seed" });
    expect(workbench.stats).toMatchObject({ "sentence.count": 1, "sentence.splitter": "workbench" });
    expect(
      (seed.stats!["quality.scores"] as { lexical_cohesion: number | null }[])[0]!.lexical_cohesion,
    ).not.toBeNull();
    expect(
      (workbench.stats!["quality.scores"] as { lexical_cohesion: number | null }[])[0]!.lexical_cohesion,
    ).toBeNull();
  });

  it("lexical cohesion is 1 for a chunk of repeated sentences and null for one sentence", async () => {
    const same = textDocModel("s", "s.txt", "Same words here. Same words here. Same words here.");
    const out = await hybridChunker.chunk(same, validConfig(hybridChunker, {}), createRunContext());
    expect((out.stats!["quality.scores"] as { lexical_cohesion: number }[])[0]!.lexical_cohesion).toBe(1);
    const one = textDocModel("o", "o.txt", "Only one sentence.");
    const o = await hybridChunker.chunk(one, validConfig(hybridChunker, {}), createRunContext());
    expect((o.stats!["quality.scores"] as { lexical_cohesion: null }[])[0]!.lexical_cohesion).toBeNull();
    expect(o.stats!["quality.mean_lexical_cohesion"]).toBeNull();
  });

  it("is deterministic", async () => {
    const a = await run({ routing: { rules: SEED_RULES, context: { tenant: "enterprise" } } });
    const b = await run({ routing: { rules: SEED_RULES, context: { tenant: "enterprise" } } });
    expect(a).toEqual(b);
  });

  it("has the seed's defaults; its presets are valid configs", () => {
    expect(HYBRID_DEFAULTS).toMatchObject({
      mode: "late",
      max_chunk_tokens: 450,
      overlap_tokens: 80,
      enable_quality_metrics: true,
    });
    for (const p of hybridChunker.presets)
      expect(resolveConfig(hybridChunker, p.config).problems).toEqual([]);
  });

  it("validates the routing value's shape and overlap < max_chunk_tokens", () => {
    const problems = (routing: unknown) => resolveConfig(hybridChunker, { routing }).problems;
    expect(problems({ rules: null, context: {} })).toEqual([]);
    expect(problems({ rules: { rules: [{ tenant: "a", chunker_mode: "fast" }] }, context: {} })[0]).toEqual({
      key: "routing",
      message: "rules: rules[0].chunker_mode: must be one of late, agentic, hybrid",
    });
    expect(problems({ rules: null, context: { tenant: 1 } })[0]!.message).toMatch(
      /context.tenant must be a string/,
    );
    expect(problems({ rules: null, context: { region: "eu" } })[0]!.message).toMatch(/unknown key region/);
    expect(problems({ rulez: {} })[0]!.message).toMatch(/unknown key rulez/);
    expect(problems([1])[0]!.message).toMatch(/must be \{rules, context\}/);
    expect(
      resolveConfig(hybridChunker, { max_chunk_tokens: 80, overlap_tokens: 80 }).problems.map((p) => p.key),
    ).toEqual(["overlap_tokens"]);
  });

  it("accepts rules with numeric selectors as YAML gives them", async () => {
    const out = await run({
      routing: {
        rules: { rules: [{ tenant: 42 as unknown as string, chunker_mode: "late" }] },
        context: { tenant: "42" },
      },
    });
    expect(out.stats!["routing.rule_index"]).toBe(0);
  });
});
