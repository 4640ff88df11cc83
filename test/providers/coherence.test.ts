import { describe, expect, it } from "vitest";
import { meanCoherence, sentenceCoherence } from "../../src/core/quality/coherence";
import { cosineSimilarity } from "../../src/core/providers/vectors";

const v = (...xs: number[]) => Float32Array.from(xs);

/** The definition, literally: mean over i<j of cos(v_i, v_j). */
function naive(vectors: Float32Array[]): number {
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < vectors.length; i++) {
    for (let j = i + 1; j < vectors.length; j++) {
      sum += cosineSimilarity(vectors[i]!, vectors[j]!);
      pairs++;
    }
  }
  return sum / pairs;
}

describe("sentenceCoherence", () => {
  it("is 1 for parallel sentences, 0 for orthogonal ones, −1 for opposite ones", () => {
    expect(sentenceCoherence([v(1, 0), v(3, 0), v(0.5, 0)], "e").score).toBeCloseTo(1, 6);
    expect(sentenceCoherence([v(1, 0, 0), v(0, 2, 0), v(0, 0, 5)], "e").score).toBeCloseTo(0, 6);
    expect(sentenceCoherence([v(1, 1), v(-2, -2)], "e").score).toBeCloseTo(-1, 6);
  });

  it("equals the pairwise mean of cosines on random vectors, zero vectors included", () => {
    let seed = 42;
    const rand = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32 - 0.5;
    };
    for (let n = 2; n <= 9; n++) {
      const vectors = Array.from({ length: n }, () => Float32Array.from({ length: 16 }, rand));
      if (n === 5) vectors[2] = new Float32Array(16);
      expect(sentenceCoherence(vectors, "e").score).toBeCloseTo(naive(vectors), 5);
    }
  });

  it("has no score for fewer than two sentences, and carries the embedder id", () => {
    expect(sentenceCoherence([v(1, 2)], "lexical-tfidf-v1:d2048:abc")).toEqual({
      score: null,
      sentences: 1,
      method: "mean-pairwise-cosine",
      embedderId: "lexical-tfidf-v1:d2048:abc",
    });
    expect(() => sentenceCoherence([v(1, 2), v(1, 2, 3)], "e")).toThrow(RangeError);
  });

  it("averages the chunks that have a score", () => {
    const a = sentenceCoherence([v(1, 0), v(1, 0)], "e");
    const b = sentenceCoherence([v(1, 0), v(0, 1)], "e");
    const single = sentenceCoherence([v(1, 0)], "e");
    expect(meanCoherence([a, b, single])).toBeCloseTo(0.5, 6);
    expect(meanCoherence([single])).toBeNull();
  });
});
