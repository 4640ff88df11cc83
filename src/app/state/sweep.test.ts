import { describe, expect, it } from "vitest";
import type { NumberParam } from "../../core/chunk";
import { getChunkerMeta } from "../../core/chunkers/metas";
import { importConfig } from "../../core/export/formats";
import type { SweepLine } from "../../core/sweep/result";
import { parseSweepSpace, type SweepPoint } from "../../core/sweep/space";
import { sameLines } from "./sweep";
import {
  buildSpace,
  clampRange,
  defaultAxis,
  estimateSeconds,
  previewSpace,
  secondsLeft,
  varyingParams,
  type SweepEditor,
} from "./sweepSpace";
import { frontJson, sortRows, tableCsv } from "./sweepTable";

const tokenParam = (key: string) => getChunkerMeta("token").params.find((p) => p.key === key) as NumberParam;

const editor = (over: Partial<SweepEditor> = {}): SweepEditor => ({
  chunkers: null,
  axes: {},
  mode: "grid",
  samples: 5,
  seed: 1,
  ...over,
});

const line = (chunker: string, config: Record<string, unknown>, over: Partial<SweepLine>): SweepLine => ({
  chunker,
  config,
  ...over,
});

const recallLine = (recall: number, retrieved: number, ms = 10): SweepLine =>
  line(
    "token",
    { chunk_size: retrieved, overlap: 0, encoding: "cl100k_base" },
    {
      metrics: {
        recall,
        precision: 0.1,
        iou: 0.1,
        precision_omega: 0.2,
        hit_at_k: 1,
        mrr: 0.5,
        ndcg_at_k: 0,
      },
      chunks: 10,
      mean_tokens: retrieved / 5,
      retrieved_tokens: retrieved,
      ms,
    },
  );

describe("the sweep editor", () => {
  it("offers the number, enum and boolean params of a chunker", () => {
    expect(varyingParams("token").map((p) => p.key)).toEqual(["chunk_size", "overlap", "encoding"]);
    expect(varyingParams("entity").some((p) => p.key === "dictionary")).toBe(false);
  });

  it("starts a number axis around the current value, inside the param's range", () => {
    const axis = defaultAxis(tokenParam("chunk_size"), 512);
    expect(axis).toEqual({ kind: "range", min: 200, max: 1000, step: 200 });
    const zero = defaultAxis(tokenParam("overlap"), 0);
    expect(zero.kind === "range" && zero.min).toBe(0);
    expect(zero.kind === "range" && Number.isInteger(zero.step) && zero.step >= 1).toBe(true);
    // Near the top of the range: clamped to it.
    const top = defaultAxis(tokenParam("chunk_size"), 32768);
    expect(top.kind === "range" && top.max <= 32768 && top.min <= top.max).toBe(true);
    const threshold = getChunkerMeta("late-jaccard").params.find(
      (p) => p.key === "similarity_threshold",
    ) as NumberParam;
    const t = defaultAxis(threshold, 0.5);
    expect(t.kind === "range" && t.min >= 0 && t.max <= 1 && t.step > 0).toBe(true);
  });

  it("starts an enum axis with every option and a boolean with both values", () => {
    const encoding = getChunkerMeta("token").params.find((p) => p.key === "encoding")!;
    if (encoding.type !== "enum") throw new Error("encoding is an enum");
    expect(defaultAxis(encoding, "cl100k_base")).toEqual({ kind: "values", values: [...encoding.options] });
    const strip = getChunkerMeta("recursive").params.find((p) => p.key === "strip_whitespace")!;
    if (strip.type !== "boolean") throw new Error("strip_whitespace is a boolean");
    expect(defaultAxis(strip, true)).toEqual({ kind: "values", values: [true, false] });
    // An enum whose options mix booleans and strings (LangChain's keep_separator) keeps them as they are.
    const keep = getChunkerMeta("recursive").params.find((p) => p.key === "keep_separator")!;
    if (keep.type !== "enum") throw new Error("keep_separator is an enum");
    expect(defaultAxis(keep, true)).toEqual({ kind: "values", values: [true, false, "start", "end"] });
  });

  it("clamps a range so that no invalid value can be asked for", () => {
    const p = tokenParam("chunk_size");
    const axis = { min: 100, max: 400, step: 100 };
    expect(clampRange(p, axis, "min", -5)).toEqual({ min: 1, max: 400, step: 100 });
    expect(clampRange(p, axis, "max", 1e9)).toEqual({ min: 100, max: 32768, step: 100 });
    // min past max drags max along, and the other way round.
    expect(clampRange(p, axis, "min", 600)).toEqual({ min: 600, max: 600, step: 100 });
    expect(clampRange(p, axis, "max", 50)).toEqual({ min: 50, max: 50, step: 100 });
    // Whole numbers for an int; a step above zero.
    expect(clampRange(p, axis, "min", 150.6)).toEqual({ min: 151, max: 400, step: 100 });
    expect(clampRange(p, axis, "step", 0)).toEqual({ min: 100, max: 400, step: 1 });
    expect(clampRange(p, axis, "step", Number.NaN)).toEqual(axis);
  });

  it("builds the space: varying params as ranges or lists, the panel's other values as one value", () => {
    const space = buildSpace(
      editor({
        axes: {
          token: {
            chunk_size: { kind: "range", min: 100, max: 300, step: 100 },
            encoding: { kind: "values", values: ["cl100k_base", "o200k_base"] },
          },
        },
      }),
      "token",
      { token: { chunk_size: 512, overlap: 50, encoding: "o200k_base" } },
    );
    expect(space).toEqual({
      chunkers: [
        {
          chunker: "token",
          params: {
            chunk_size: { min: 100, max: 300, step: 100 },
            overlap: [50],
            encoding: ["cl100k_base", "o200k_base"],
          },
        },
      ],
    });
    expect(() => parseSweepSpace(space)).not.toThrow();
  });

  it("leaves out a panel value that is not valid, and adds samples and seed in random mode", () => {
    const space = buildSpace(
      editor({ chunkers: ["token"], mode: "random", samples: 3, seed: 7 }),
      "recursive",
      {
        token: { chunk_size: -4, overlap: 10 },
      },
    ) as { chunkers: { params: Record<string, unknown> }[]; samples: number; seed: number };
    expect(space.chunkers[0]!.params).toEqual({ overlap: [10] });
    expect(space.samples).toBe(3);
    expect(space.seed).toBe(7);
  });

  it("previews the points with those skipped by a rule between params, before anything runs", () => {
    const preview = previewSpace({
      chunkers: [{ chunker: "token", params: { chunk_size: [50, 100, 200], overlap: [0, 100] } }],
    });
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.points).toHaveLength(6);
    expect(preview.skipped).toBe(2);
    expect(preview.points.find((p) => p.skipped)?.skipped).toMatch(
      /overlap: must be smaller than chunk_size/,
    );
  });

  it("refuses a space too big for the tab, and says what is wrong with a bad one", () => {
    const big = previewSpace({
      chunkers: [{ chunker: "token", params: { chunk_size: { min: 1, max: 10000, step: 1 } } }],
    });
    expect(big.ok).toBe(false);
    expect(!big.ok && big.error).toMatch(/random points/);
    const bad = previewSpace({ chunkers: [{ chunker: "token", params: { size: [1] } }] });
    expect(!bad.ok && bad.error).toMatch(/"size" is not a token param/);
  });
});

describe("the sweep's estimates", () => {
  const points: SweepPoint[] = [
    { chunker: "token", config: {} },
    { chunker: "token", config: {} },
    { chunker: "token", config: {}, skipped: "overlap: too big" },
    { chunker: "recursive", config: {} },
  ];

  it("guesses per chunker before anything was measured, and skipped points cost nothing", () => {
    expect(estimateSeconds(points, [], 1)).toBeCloseTo((43 + 43 + 63) / 1000);
    expect(estimateSeconds(points, [], 2)).toBeCloseTo((43 + 43 + 63) / 2000);
  });

  it("uses the median ms of the lines measured so far", () => {
    const history = [recallLine(1, 100, 1000), recallLine(1, 100, 3000), recallLine(1, 100, 2000)];
    expect(estimateSeconds(points, history, 1)).toBeCloseTo((2003 + 2003 + 63) / 1000);
  });

  it("counts time left from the time per finished point", () => {
    const lines = [recallLine(1, 100, 500), undefined, undefined, undefined];
    // One point ran in 2 s of sweep; two are left (the skipped one is not).
    expect(secondsLeft(points, lines, 2000, 1)).toBeCloseTo(4);
    // Nothing finished yet: the estimate, less what has passed.
    expect(secondsLeft(points, [], 0, 1)).toBeCloseTo(0.149);
  });
});

describe("the sweep's table and exports", () => {
  const lines: (SweepLine | undefined)[] = [
    recallLine(0.5, 300),
    line("token", { chunk_size: 10, overlap: 20 }, { skipped: "overlap: must be smaller" }),
    recallLine(0.9, 800),
    undefined,
    recallLine(0.7, 1000),
    line("token", { chunk_size: 5, overlap: 0 }, { error: 'bad "thing", really' }),
  ];

  it("sorts by a column, lines without a value last in space order", () => {
    expect(sortRows(lines, { key: "recall", descending: true }).map((r) => r.index)).toEqual([2, 4, 0, 1, 5]);
    expect(sortRows(lines, { key: "retrieved_tokens", descending: false }).map((r) => r.index)).toEqual([
      0, 2, 4, 1, 5,
    ]);
    expect(sortRows(lines, { key: "index", descending: true }).map((r) => r.index)).toEqual([5, 4, 2, 1, 0]);
  });

  it("writes the table as CSV with the reason of skipped and failed points and the front marked", () => {
    const csv = tableCsv(lines, "recall").trim().split("\n");
    expect(csv[0]).toBe(
      "index,chunker,config,status,reason,recall,precision,iou,precision_omega,hit_at_k,mrr,chunks,mean_tokens,retrieved_tokens,ms,pareto",
    );
    expect(csv).toHaveLength(6);
    expect(csv[1]).toMatch(
      /^0,token,"{""chunk_size"":300,""overlap"":0,""encoding"":""cl100k_base""}",ok,,0.5,/,
    );
    expect(csv[1]!.endsWith(",true")).toBe(true);
    expect(csv[2]).toMatch(/,skipped,overlap: must be smaller,/);
    expect(csv[5]).toContain(',error,"bad ""thing"", really",');
    // Dominated by 0.9 at 800: off the front.
    expect(csv[4]!.endsWith(",false")).toBe(true);
  });

  it("neutralizes text a spreadsheet would run as a formula (issue 29), never a number", () => {
    const hostile = [{ chunker: "token", config: {}, error: '=HYPERLINK("http://x","y")', ms: -5 }];
    const row = tableCsv(hostile, "recall").trim().split("\n")[1]!;
    expect(row).toContain(`,error,"'=HYPERLINK(""http://x"",""y"")",`);
    expect(row).toContain(",-5,");
  });

  it("exports the front as JSON whose points each read back as a workbench export", () => {
    const doc = JSON.parse(frontJson(lines, "recall")) as {
      version: number;
      points: {
        chunker: string;
        config: Record<string, unknown>;
        metrics: { recall: number };
        index: number;
      }[];
    };
    expect(doc.version).toBe(1);
    expect(doc.points.map((p) => p.index)).toEqual([0, 2]);
    for (const point of doc.points) {
      const imported = importConfig(JSON.stringify(point));
      expect(imported).toMatchObject({ chunker: point.chunker, config: point.config, format: "json" });
    }
    expect(doc.points[1]!.metrics.recall).toBe(0.9);
  });
});

describe("sameLines", () => {
  it("holds for the same line objects at the same indices only", () => {
    const a: SweepLine = { chunker: "token", config: { chunk_size: 1 }, skipped: "x" };
    const b: SweepLine = { chunker: "token", config: { chunk_size: 2 }, skipped: "y" };
    expect(sameLines([a, undefined, b], [a, undefined, b])).toBe(true);
    expect(sameLines([a, undefined], [a, b])).toBe(false);
    expect(sameLines([a], [{ ...a }])).toBe(false);
    expect(sameLines([a], [a, b])).toBe(false);
  });
});
