import { describe, expect, it } from "vitest";
import { MEANINGS, plainConfig, rankCandidates, recommendation } from "./summary";

describe("plainConfig", () => {
  it("says a config in words, scalar keys only", () => {
    expect(plainConfig("recursive", { chunk_size: 300, chunk_overlap: 50, separators: ["\n\n"] })).toBe(
      "recursive · chunk_size 300, chunk_overlap 50",
    );
    expect(plainConfig("token", {})).toBe("token");
  });
});

describe("rankCandidates", () => {
  it("orders by the objective, and within a tie by fewer tokens", () => {
    const ranked = rankCandidates([
      { name: "a", value: 0.8, cost: 500 },
      { name: "b", value: 0.9, cost: 900 },
      { name: "c", value: 0.898, cost: 400 },
    ]);
    expect(ranked.map((c) => c.name)).toEqual(["c", "b", "a"]);
  });
});

describe("recommendation", () => {
  it("names the best, its recall and tokens, and how far the runner-up is behind", () => {
    const { headline, why } = recommendation({
      objective: "recall",
      k: 5,
      compared: "A and B",
      candidates: [
        { name: "A, token · chunk_size 512", value: 0.8, cost: 2500 },
        { name: "B, recursive · chunk_size 300", value: 0.86, cost: 1400 },
      ],
    });
    expect(headline).toBe("Recommended: B, recursive · chunk_size 300.");
    expect(why).toBe(
      "Because it has the highest recall@5, 86.0% at 1,400 tokens retrieved per question; the runner-up, A, token · chunk_size 512, reaches 80.0% (−6.0 points) at 2,500.",
    );
  });
  it("on a tie, says the recall matches and the tokens saved", () => {
    const { why } = recommendation({
      objective: "recall",
      compared: "x",
      candidates: [
        { name: "a", value: 0.9, cost: 900 },
        { name: "b", value: 0.899, cost: 600 },
      ],
    });
    expect(why).toMatch(
      /^Because it matches the runner-up's recall \(89\.9% against 90\.0%\) with 300 fewer/,
    );
  });
  it("with one configuration asks for another, and without questions says it rests on quality", () => {
    expect(
      recommendation({
        objective: "recall",
        compared: "x",
        candidates: [{ name: "a", value: 0.5, cost: 10 }],
      }).headline,
    ).toBe("One configuration was measured: a.");
    const quality = recommendation({
      objective: "quality",
      compared: "x",
      candidates: [
        { name: "a", value: 0.5, cost: 10 },
        { name: "b", value: 0.7, cost: 10 },
      ],
    });
    expect(quality.why).toMatch(/rests on the chunks' own quality scores/);
    expect(recommendation({ objective: "recall", compared: "x", candidates: [] }).headline).toMatch(
      /No configuration/,
    );
  });
});

describe("MEANINGS", () => {
  it("explain every metric in one sentence", () => {
    expect(MEANINGS.map((m) => m.name)).toEqual([
      "Recall",
      "Precision",
      "IoU",
      "Precision Ω",
      "Hit@k",
      "MRR",
      "nDCG@k",
      "Tokens retrieved per question",
      "Quality scores",
    ]);
    for (const m of MEANINGS) expect(m.meaning).toMatch(/^[A-Z][^.]*(\.[^.]+)*\.$/);
  });
});
