import { describe, expect, it } from "vitest";
import { expandSpace, MAX_SWEEP_POINTS, parseSweepSpace, SweepSpaceError } from "./space";

const recursive = (params: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  chunkers: [{ chunker: "recursive", params }],
  ...extra,
});

describe("parseSweepSpace", () => {
  it("refuses what is not a space, naming the problem", () => {
    expect(() => parseSweepSpace([])).toThrow(SweepSpaceError);
    expect(() => parseSweepSpace({ chunkers: [] })).toThrow(/non-empty list/);
    expect(() => parseSweepSpace({ chunkers: [{}] })).toThrow(/chunkers\[0\] needs "chunker"/);
    expect(() => parseSweepSpace({ chunkers: [{ chunker: "nope", params: {} }] })).toThrow(
      /chunkers\[0\]: .*nope/,
    );
    expect(() => parseSweepSpace({ chunkers: [], grid: 1 })).toThrow(/unknown key "grid"/);
    expect(() => parseSweepSpace(recursive({ size: [1] }))).toThrow(/"size" is not a recursive param/);
    expect(() => parseSweepSpace(recursive({ chunk_size: 5 }))).toThrow(
      /a list of values or \{min, max, step\}/,
    );
    expect(() => parseSweepSpace({ chunkers: [{ chunker: "recursive", params: [] }] })).toThrow(
      /params must be/,
    );
  });

  it("refuses a value outside its param's range before anything runs", () => {
    expect(() => parseSweepSpace(recursive({ chunk_size: [100, 0] }))).toThrow(
      /chunk_size: 0 must be between 1/,
    );
    expect(() => parseSweepSpace(recursive({ length_unit: ["tokens", "words"] }))).toThrow(
      /"words" must be one of/,
    );
    expect(() => parseSweepSpace(recursive({ chunk_size: { min: 0, max: 10, step: 5 } }))).toThrow(
      /0 must be between/,
    );
    expect(() => parseSweepSpace(recursive({ chunk_size: { min: 10, max: 5, step: 1 } }))).toThrow(
      /min ≤ max/,
    );
    expect(() => parseSweepSpace(recursive({ chunk_size: { min: 10, max: 20, step: 0 } }))).toThrow(
      /step > 0/,
    );
    expect(() => parseSweepSpace(recursive({ length_unit: { min: 1, max: 2, step: 1 } }))).toThrow(
      /for number params/,
    );
    expect(() => parseSweepSpace(recursive({ chunk_size: [] }))).toThrow(/no values/);
    expect(() => parseSweepSpace(recursive({ chunk_size: [100] }, { samples: 0 }))).toThrow(/samples/);
    expect(() => parseSweepSpace(recursive({ chunk_size: [100] }, { seed: 1.5 }))).toThrow(/seed/);
  });

  it("refuses a grid too large to mean", () => {
    expect(() =>
      parseSweepSpace(
        recursive({
          chunk_size: { min: 1, max: 1000, step: 1 },
          chunk_overlap: { min: 0, max: 200, step: 1 },
        }),
      ),
    ).toThrow(new RegExp(`at most ${MAX_SWEEP_POINTS}`));
  });
});

describe("a space's retrieval axis (issue 30: a retriever or contextualizing as a param)", () => {
  it("crosses every chunker point with every retrieval combination, the retrieval varying fastest", () => {
    const space = parseSweepSpace({
      ...recursive({ chunk_size: [100, 200] }),
      retrieval: { retriever: ["bm25", "hybrid"], contextualize: [false, true] },
    });
    const points = expandSpace(space);
    expect(points.map((p) => [p.config["chunk_size"], p.retrieval])).toEqual([
      [100, { retriever: "bm25", contextualize: false }],
      [100, { retriever: "bm25", contextualize: true }],
      [100, { retriever: "hybrid", contextualize: false }],
      [100, { retriever: "hybrid", contextualize: true }],
      [200, { retriever: "bm25", contextualize: false }],
      [200, { retriever: "bm25", contextualize: true }],
      [200, { retriever: "hybrid", contextualize: false }],
      [200, { retriever: "hybrid", contextualize: true }],
    ]);
    expect(expandSpace(parseSweepSpace(recursive({ chunk_size: [100] })))[0]).not.toHaveProperty("retrieval");
  });

  it("refuses an unknown key or value, naming it", () => {
    const bad = (retrieval: unknown) => () =>
      parseSweepSpace({ ...recursive({ chunk_size: [100] }), retrieval });
    expect(bad({ retriever: ["psychic"] })).toThrow(/retrieval.retriever: "psychic" is not one of bm25/);
    expect(bad({ reranker: [true] })).toThrow(/unknown key "reranker" in "retrieval"/);
    expect(bad({ contextualize: ["yes"] })).toThrow(/true or false/);
    expect(bad({ hybrid_weights: [[0, 0]] })).toThrow(/not both 0/);
    expect(bad({ retrieval: [] })).toThrow(/non-empty list/);
    expect(bad([1])).toThrow(/"retrieval" must be an object/);
  });

  it("counts its combinations in the grid's size", () => {
    const big = {
      chunkers: [{ chunker: "recursive", params: { chunk_size: { min: 1, max: 60000, step: 1 } } }],
      retrieval: { retriever: ["bm25", "local"] },
    };
    expect(() => parseSweepSpace(big)).toThrow(/120000 points/);
  });
});

describe("expandSpace", () => {
  it("expands in space order, the last param fastest, with full configs and skipped rule-breakers", () => {
    const points = expandSpace(
      parseSweepSpace(recursive({ chunk_size: { min: 100, max: 300, step: 100 }, chunk_overlap: [0, 150] })),
    );
    expect(points.map((p) => [p.config["chunk_size"], p.config["chunk_overlap"]])).toEqual([
      [100, 0],
      [100, 150],
      [200, 0],
      [200, 150],
      [300, 0],
      [300, 150],
    ]);
    expect(points[0]!.config).toMatchObject({ length_unit: "tokens", encoding: "cl100k_base" });
    expect(points[1]!.skipped).toMatch(/chunk_overlap/);
    expect(points.filter((p) => p.skipped)).toHaveLength(1);
  });

  it("keeps chunkers in the order given, a separators list being one value", () => {
    const points = expandSpace(
      parseSweepSpace({
        chunkers: [
          { chunker: "token", params: { chunk_size: [64, 128] } },
          { chunker: "recursive", params: { separators: [["\n\n", " "], ["\n"]] } },
        ],
      }),
    );
    expect(points.map((p) => p.chunker)).toEqual(["token", "token", "recursive", "recursive"]);
    expect(points[3]!.config["separators"]).toEqual(["\n"]);
  });

  it("steps without floating noise", () => {
    const points = expandSpace(
      parseSweepSpace({
        chunkers: [
          { chunker: "late-jaccard", params: { similarity_threshold: { min: 0.1, max: 0.3, step: 0.1 } } },
        ],
      }),
    );
    expect(points.map((p) => p.config["similarity_threshold"])).toEqual([0.1, 0.2, 0.3]);
  });

  it("samples the same points for the same seed, in space order, and others for another seed", () => {
    const space = (seed: number) =>
      parseSweepSpace(recursive({ chunk_size: { min: 100, max: 1000, step: 50 } }, { samples: 5, seed }));
    const a = expandSpace(space(7)).map((p) => p.config["chunk_size"] as number);
    expect(a).toHaveLength(5);
    expect(expandSpace(space(7)).map((p) => p.config["chunk_size"])).toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(a);
    expect(new Set(a).size).toBe(5);
    expect(expandSpace(space(8)).map((p) => p.config["chunk_size"])).not.toEqual(a);
    // More samples than points: the whole grid.
    expect(expandSpace(parseSweepSpace(recursive({ chunk_size: [1, 2] }, { samples: 9 })))).toHaveLength(2);
  });
});

describe("ranges are counted before they are expanded (issue 29)", () => {
  const space = (range: Record<string, number>) => ({
    chunkers: [{ chunker: "token", params: { chunk_size: range } }],
  });
  it.each([
    [{ min: 1, max: 1e12, step: 1 }, /is 1000000000000 values; at most 100000/],
    [{ min: 1, max: Number.POSITIVE_INFINITY, step: 1 }, /needs finite numbers/],
    [{ min: 1, max: 100, step: 1e-300 }, /values; at most 100000/],
  ])("refuses %o at once, naming the range", (range, message) => {
    expect(() => parseSweepSpace(space(range))).toThrow(message);
  });
  it("keeps the last value of a 0.1-step range (no drift past max)", () => {
    const parsed = parseSweepSpace({
      chunkers: [
        { chunker: "late-jaccard", params: { similarity_threshold: { min: 0.1, max: 0.5, step: 0.1 } } },
      ],
    });
    expect(parsed.axes[0]!.values[0]).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
  });
});
