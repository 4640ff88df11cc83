import { describe, expect, it } from "vitest";
import { compareVerdict, metricDifferences, retrievalWords } from "./difference";
import type { QuestionMetrics } from "./metrics";

const q = (recall: number, omega = 0.5): QuestionMetrics => ({
  recall,
  precision: 0,
  iou: 0,
  precision_omega: omega,
  hit: recall > 0 ? 1 : 0,
  rr: 0,
  ndcg: 0,
});

describe("metricDifferences and compareVerdict", () => {
  it("pairs B − A per metric and says which side is better where the interval leaves out zero", () => {
    const a = Array.from({ length: 60 }, (_, i) => q(i % 2 === 0 ? 0.4 : 0.5));
    const b = a.map((m) => q(m.recall + 0.2));
    const d = metricDifferences(a, b)!;
    expect(d.recall.b_minus_a).toBeCloseTo(0.2, 12);
    expect(d.recall.ci95[0]).toBeCloseTo(0.2, 12); // the same gain on every question: no spread
    expect(d.precision_omega.b_minus_a).toBe(0);
    expect(compareVerdict(d, 60)).toBe(
      "B is better on recall; no detectable difference in precision Ω with 60 questions",
    );
  });

  it("refuses to pair runs of different lengths", () => {
    expect(metricDifferences([q(1)], [q(1), q(0)])).toBeNull();
  });
});

describe("retrievalWords", () => {
  it("names k, the retriever and its embedder, and what differs from a flat, plain index", () => {
    const base = { k: 5, retriever: "bm25" as const, retrieval: "flat" as const, contextualize: false };
    expect(retrievalWords(base)).toBe("k = 5, bm25");
    expect(
      retrievalWords({
        ...base,
        retriever: "hybrid",
        embedderLabel: "GloVe",
        retrieval: "children-return-parents",
        contextualize: true,
      }),
    ).toBe("k = 5, hybrid (GloVe), children-return-parents, heading path indexed");
  });
});
