import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ndcgAtK,
  METRIC_KEYS,
  meanMetrics,
  precisionOmega,
  scoreQuestion,
  type QuestionMetrics,
  type RankedChunk,
} from "./metrics";
import type { CharRange } from "./ranges";

const r = (start: number, end: number): CharRange => ({ start, end });
const ranked = (doc: number, start: number, end: number): RankedChunk => ({ doc, start, end });

describe("scoreQuestion", () => {
  // Document 0, references [10, 30) and [50, 60): 30 characters. Retrieved, in rank order:
  //   1. [0, 40) of document 1 — another document: 40 characters in precision's denominator, nothing else;
  //   2. [25, 55) of document 0 — shares [25, 30) and [50, 55): 10 characters;
  //   3. [0, 12) of document 0 — shares [10, 12): 2 characters.
  // num = 12; Σ|r| = 40 + 30 + 12 = 82; not covered: [12, 25) and [55, 60) = 18.
  const references = [r(10, 30), r(50, 60)];
  const retrieved = [ranked(1, 0, 40), ranked(0, 25, 55), ranked(0, 0, 12)];
  // All of document 0's chunks: every one but [80, 100) touches a reference, and together they
  // cover both, so precision_Ω = 30 / |[0, 80)| = 0.375.
  const docChunks = [r(0, 12), r(12, 25), r(25, 55), r(55, 80), r(80, 100)];

  it("computes every metric of a question with two references and three retrieved chunks", () => {
    const m = scoreQuestion(0, references, retrieved, docChunks);
    expect(m.recall).toBe(12 / 30); // 0.4
    expect(m.precision).toBe(12 / 82);
    expect(m.iou).toBe(12 / (82 + 18)); // 0.12
    expect(m.precision_omega).toBe(30 / 80);
    expect(m.hit).toBe(1);
    expect(m.rr).toBe(1 / 2); // rank 1 is another document's chunk
    expect(m).toEqual({
      recall: 0.4,
      precision: 12 / 82,
      iou: 0.12,
      precision_omega: 0.375,
      hit: 1,
      rr: 0.5,
      // Gains: 0 (another document), 10/30, 2/30; the document's best three: 13/30, 10/30, 5/30.
      ndcg: expect.closeTo(
        (10 / 30 / Math.log2(3) + 2 / 30 / 2) / (13 / 30 + 10 / 30 / Math.log2(3) + 5 / 30 / 2),
        14,
      ),
    });
  });

  it("counts another document's chunk in precision's denominator only, even where its offsets overlap", () => {
    const m = scoreQuestion(0, [r(10, 30)], [ranked(1, 10, 30)], [r(10, 30)]);
    expect(m).toEqual({ recall: 0, precision: 0, iou: 0, precision_omega: 1, hit: 0, rr: 0, ndcg: 0 });
    const other = scoreQuestion(1, [r(10, 30)], [ranked(1, 10, 30)], [r(10, 30)]);
    expect(other).toEqual({ recall: 1, precision: 1, iou: 1, precision_omega: 1, hit: 1, rr: 1, ndcg: 1 });
  });

  it("does not take touching chunks for a hit, nor give them shared characters", () => {
    // Reference [10, 20); [0, 10) and [20, 30) only touch it.
    const chunks = [r(0, 10), r(10, 20), r(20, 30), r(30, 40)];
    const touching = scoreQuestion(0, [r(10, 20)], [ranked(0, 0, 10), ranked(0, 20, 30)], chunks);
    expect(touching.hit).toBe(0);
    expect(touching.rr).toBe(0);
    expect(touching.recall).toBe(0);
    expect(touching.precision).toBe(0);
    expect(touching.iou).toBe(0); // 0 / (20 + 10)
    const third = scoreQuestion(
      0,
      [r(10, 20)],
      [ranked(0, 0, 10), ranked(0, 20, 30), ranked(0, 10, 20)],
      chunks,
    );
    expect(third.hit).toBe(1);
    expect(third.rr).toBe(1 / 3);
    expect(third.recall).toBe(1);
    expect(third.precision).toBe(10 / 30);
    expect(third.iou).toBe(10 / 30);
  });

  it("gives a retrieved chunk that covers a reference one character deep a hit", () => {
    const m = scoreQuestion(0, [r(10, 20)], [ranked(0, 19, 25)], [r(19, 25)]);
    expect(m.hit).toBe(1);
    expect(m.rr).toBe(1);
    expect(m.recall).toBe(1 / 10);
    expect(m.precision).toBe(1 / 6);
    expect(m.iou).toBe(1 / (6 + 9));
  });

  it("counts overlapping retrieved chunks' shared characters once", () => {
    const m = scoreQuestion(0, [r(0, 10)], [ranked(0, 0, 6), ranked(0, 4, 10)], []);
    expect(m.recall).toBe(1); // [0, 6) ∪ [4, 10) = 10 characters, not 12
    expect(m.precision).toBe(10 / 12);
    expect(m.iou).toBe(10 / 12);
  });

  it("is all zeros without references or retrieved chunks", () => {
    const zeros = { recall: 0, precision: 0, iou: 0, precision_omega: 0, hit: 0, rr: 0, ndcg: 0 };
    expect(scoreQuestion(0, [], [], [])).toEqual(zeros);
    expect(scoreQuestion(0, [r(0, 5)], [], [])).toEqual(zeros);
  });
});

describe("precisionOmega", () => {
  it("takes chunks that only touch a reference into the denominator (Chroma's inclusive touch)", () => {
    // Reference [10, 20): [0, 10) and [20, 30) touch it, [30, 40) does not. 10 / |[0, 30)|.
    expect(precisionOmega([r(10, 20)], [r(0, 10), r(10, 20), r(20, 30), r(30, 40)])).toBe(1 / 3);
  });

  it("adds what no chunk covers to the denominator", () => {
    // [0, 15) shares 5 characters; [15, 20) is uncovered: 5 / |[0, 20)|.
    expect(precisionOmega([r(10, 20)], [r(0, 15)])).toBe(0.25);
  });

  it("merges overlapping chunks rather than counting them in full", () => {
    // [0, 20) and [10, 30) both cover [10, 20): 10 / |[0, 30)|.
    expect(precisionOmega([r(10, 20)], [r(0, 20), r(10, 30)])).toBe(1 / 3);
  });

  it("is 0 when no chunk shares a character, touching or not", () => {
    expect(precisionOmega([r(10, 20)], [r(0, 10), r(20, 30)])).toBe(0);
    expect(precisionOmega([r(10, 20)], [r(30, 40)])).toBe(0);
    expect(precisionOmega([r(10, 20)], [])).toBe(0);
  });

  it("takes any iterable of chunks", () => {
    function* chunks() {
      yield r(0, 12);
      yield r(12, 30);
    }
    expect(precisionOmega([r(10, 20)], chunks())).toBe(10 / 30);
  });

  it("counts overlapping references' uncovered parts once (DESIGN's union; Chroma's sum would count [7, 10) twice)", () => {
    // References [0, 10) and [5, 15), one chunk [0, 7): shared 7; uncovered [7, 10) and [7, 15).
    expect(precisionOmega([r(0, 10), r(5, 15)], [r(0, 7)])).toBe(7 / 15);
  });
});

describe("meanMetrics", () => {
  it("averages each metric over questions, hit as hit_at_k and rr as mrr", () => {
    const a: QuestionMetrics = {
      recall: 1,
      precision: 0.5,
      iou: 0.25,
      precision_omega: 0.5,
      hit: 1,
      rr: 1,
      ndcg: 1,
    };
    const b: QuestionMetrics = {
      recall: 0,
      precision: 0,
      iou: 0,
      precision_omega: 0.25,
      hit: 0,
      rr: 0,
      ndcg: 0,
    };
    const c: QuestionMetrics = {
      recall: 0.5,
      precision: 0.25,
      iou: 0.5,
      precision_omega: 0,
      hit: 1,
      rr: 0.5,
      ndcg: 0.5,
    };
    expect(meanMetrics([a, b, c])).toEqual({
      recall: 0.5,
      precision: 0.25,
      iou: 0.25,
      precision_omega: 0.25,
      hit_at_k: 2 / 3,
      mrr: 0.5,
      ndcg_at_k: 0.5,
    });
  });

  it("is all zeros for no questions, keyed exactly by METRIC_KEYS", () => {
    const empty = meanMetrics([]);
    expect(Object.keys(empty)).toEqual([...METRIC_KEYS]);
    expect(Object.values(empty)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it("METRIC_KEYS are the CLI's metric names, in its order", () => {
    expect(METRIC_KEYS).toEqual([
      "recall",
      "precision",
      "iou",
      "precision_omega",
      "hit_at_k",
      "mrr",
      "ndcg_at_k",
    ]);
  });
});

/**
 * Chroma's reference code (chunking_evaluation/evaluation_framework/base_evaluation.py), ported line
 * by line: union_ranges, intersect_two_ranges, difference, the per-question loop of
 * _scores_from_dataset and of _full_precision_score.
 */
type Pair = [number, number];
const chroma = {
  union(ranges: Pair[]): Pair[] {
    const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
    const merged: Pair[] = [sorted[0]!];
    for (const [start, end] of sorted.slice(1)) {
      const [lastStart, lastEnd] = merged[merged.length - 1]!;
      if (start <= lastEnd) merged[merged.length - 1] = [lastStart, Math.max(lastEnd, end)];
      else merged.push([start, end]);
    }
    return merged;
  },
  intersect([s1, e1]: Pair, [s2, e2]: Pair): Pair | null {
    const start = Math.max(s1, s2);
    const end = Math.min(e1, e2);
    return start <= end ? [start, end] : null;
  },
  difference(ranges: Pair[], [ts, te]: Pair): Pair[] {
    const result: Pair[] = [];
    for (const [start, end] of ranges) {
      if (end < ts || start > te) result.push([start, end]);
      else if (start < ts && end > te) result.push([start, ts], [te, end]);
      else if (start < ts) result.push([start, ts]);
      else if (end > te) result.push([te, end]);
    }
    return result;
  },
  sum: (ranges: Pair[]) => ranges.reduce((s, [a, b]) => s + b - a, 0),
  /** numerator, unused highlights and denominator chunks of one question over `chunks`. */
  loop(refs: Pair[], chunks: { doc: number; range: Pair }[], doc: number) {
    let numerator: Pair[] = [];
    let denominatorChunks: Pair[] = [];
    let unused = refs.map((x): Pair => [x[0], x[1]]);
    for (const chunk of chunks) {
      for (const ref of refs) {
        if (chunk.doc !== doc) continue;
        const cut = chroma.intersect(chunk.range, ref);
        if (cut !== null) {
          unused = chroma.difference(unused, cut);
          numerator = chroma.union([cut, ...numerator]);
          denominatorChunks = chroma.union([chunk.range, ...denominatorChunks]);
        }
      }
    }
    return { num: numerator.length > 0 ? chroma.sum(numerator) : 0, unused, denominatorChunks };
  },
};

describe("metrics against a port of Chroma's reference code", () => {
  // Disjoint references, as in Chroma's questions (none of its 472 has overlapping references).
  const references = fc
    .uniqueArray(fc.integer({ min: 0, max: 80 }), { minLength: 2, maxLength: 8 })
    .map((cuts) => {
      const sorted = [...cuts].sort((a, b) => a - b);
      const refs: Pair[] = [];
      for (let i = 0; i + 1 < sorted.length; i += 2) refs.push([sorted[i]!, sorted[i + 1]!]);
      return refs;
    });
  const chunk = fc
    .tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 1, max: 30 }))
    .map(([start, len]): Pair => [start, start + len]);
  const docChunk = fc.record({ doc: fc.integer({ min: 0, max: 1 }), range: chunk });

  it("recall, precision and iou agree with _scores_from_dataset", () => {
    fc.assert(
      fc.property(references, fc.array(docChunk, { maxLength: 6 }), (refs, chunks) => {
        const expected = chroma.loop(refs, chunks, 0);
        const refChars = chroma.sum(refs);
        const precisionDen = chunks.reduce((s, c) => s + c.range[1] - c.range[0], 0);
        const m = scoreQuestion(
          0,
          refs.map(([a, b]) => r(a, b)),
          chunks.map((c) => ranked(c.doc, c.range[0], c.range[1])),
          [],
        );
        expect(m.recall).toBe(expected.num / refChars);
        expect(m.precision).toBe(precisionDen === 0 ? 0 : expected.num / precisionDen);
        expect(m.iou).toBe(expected.num / (precisionDen + chroma.sum(expected.unused)));
      }),
      { numRuns: 300 },
    );
  });

  it("precision_omega agrees with _full_precision_score", () => {
    fc.assert(
      fc.property(references, fc.array(chunk, { maxLength: 10 }), (refs, chunks) => {
        const expected = chroma.loop(
          refs,
          chunks.map((range) => ({ doc: 0, range })),
          0,
        );
        const denominator = chroma.sum([...expected.denominatorChunks, ...expected.unused]);
        const omega = precisionOmega(
          refs.map(([a, b]) => r(a, b)),
          chunks.map(([a, b]) => r(a, b)),
        );
        expect(omega).toBe(expected.num / denominator);
      }),
      { numRuns: 300 },
    );
  });
});

describe("ndcgAtK (graded by the share of the reference a chunk covers)", () => {
  const ranked = (doc: number, start: number, end: number) => ({ doc, start, end });
  it("is 1 when the chunks come in the best order, less when a better one ranks lower", () => {
    // Reference 0–100; chunk A covers 60 of it, B covers 40, C none.
    const A = r(0, 60);
    const B = r(60, 120);
    const C = r(200, 300);
    const all = [A, B, C];
    expect(ndcgAtK(0, [r(0, 100)], [ranked(0, 0, 60), ranked(0, 60, 120)], all)).toBeCloseTo(1, 12);
    const swapped = ndcgAtK(0, [r(0, 100)], [ranked(0, 60, 120), ranked(0, 0, 60)], all);
    // DCG = 0.4 + 0.6/log2(3); ideal = 0.6 + 0.4/log2(3).
    expect(swapped).toBeCloseTo((0.4 + 0.6 / Math.log2(3)) / (0.6 + 0.4 / Math.log2(3)), 12);
    expect(ndcgAtK(0, [r(0, 100)], [ranked(0, 200, 300), ranked(1, 0, 60)], all)).toBe(0);
  });
  it("counts an overlapping reference once, and caps at k the chunks the ideal order may use", () => {
    expect(ndcgAtK(0, [r(0, 50), r(25, 100)], [ranked(0, 0, 60)], [r(0, 60), r(60, 100)])).toBeCloseTo(1, 12);
  });
});
