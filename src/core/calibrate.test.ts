/**
 * The threshold calibrator's core: each breakpoint method's threshold on a known curve, the configs
 * that ask a chunker for it, the histogram, and the sizes a config yields (run on a real chunker).
 */
import { describe, expect, it } from "vitest";
import { calibrationChoices, histogram, isCalibrated } from "./calibrate";
import { choiceSizes } from "./calibrateSizes";
import { textDocModel } from "./document";
import { createRunContext } from "./engine";

// Distances 1 − v: [0.1, 0.2, 0.1, 0.9, 0.1, 0.2, 0.1, 0.1, 0.8, 0.1].
const VALUES = [0.9, 0.8, 0.9, 0.1, 0.9, 0.8, 0.9, 0.9, 0.2, 0.9];

describe("calibrationChoices", () => {
  it("gives each method's threshold and the config that asks late-embedding for it", () => {
    const config = { threshold_mode: "percentile", threshold_amount: 95 };
    const choices = calibrationChoices("late-embedding", config, VALUES, 0.15);
    expect(choices.map((c) => c.method)).toEqual([
      "current",
      "standard_deviation",
      "interquartile",
      "absolute",
    ]);
    // Distances mean .27, population std √.0861 → mean + 3·std → similarity 1 − that.
    expect(choices[1]!.threshold).toBeCloseTo(1 - (0.27 + 3 * Math.sqrt(0.0861)), 6);
    expect(choices[1]!.config).toEqual({ threshold_mode: "standard_deviation", threshold_amount: 3 });
    expect(choices[3]!.threshold).toBe(0.75);
  });

  it("for LangChain's SemanticChunker, also turns number_of_chunks off", () => {
    const config = {
      breakpoint_threshold_type: "percentile",
      breakpoint_threshold_amount: 95,
      number_of_chunks: 4,
    };
    const choices = calibrationChoices("langchain-semantic", config, VALUES, null);
    expect(choices[1]!.config).toMatchObject({
      breakpoint_threshold_type: "percentile",
      breakpoint_threshold_amount: 95,
      number_of_chunks: 0,
    });
  });

  it("for a chunker that takes a similarity, sets it to each method's threshold, clamped and once per value", () => {
    const choices = calibrationChoices("chonkie-semantic", { threshold: 0.8 }, VALUES, 0.8);
    // percentile 95 of distances: rank 8.55 of sorted [.1 ×6, .2, .2, .8, .9] → .8 + .55·.1 = .855 → .145.
    expect(choices.find((c) => c.method === "percentile")!.config).toEqual({ threshold: 0.145 });
    // standard deviation 3 lands under 0: clamped to Chonkie's 0.01.
    expect(choices.find((c) => c.method === "standard_deviation")!.config).toEqual({ threshold: 0.01 });
    const values = choices.map((c) => c.config.threshold);
    expect(new Set(values).size).toBe(values.length);
  });

  it("knows which chunkers it calibrates, and gives nothing without a curve", () => {
    expect(isCalibrated("langchain-semantic")).toBe(true);
    expect(isCalibrated("token")).toBe(false);
    expect(calibrationChoices("token", {}, VALUES, null)).toEqual([]);
    expect(calibrationChoices("late-jaccard", {}, [], null)).toEqual([]);
  });
});

describe("histogram", () => {
  it("bins values over the range, the last bin closed", () => {
    expect(histogram([0, 0.1, 0.5, 1], 2)).toEqual({ lo: 0, hi: 1, counts: [2, 2] });
    expect(histogram([0, 5, 10, 11], 2, 0, 10).counts).toEqual([1, 2]);
    expect(histogram([], 3).counts).toEqual([0, 0, 0]);
  });
});

describe("choiceSizes", () => {
  it("runs a config and measures its chunks in the chunker's unit", async () => {
    const text = "First sentence here. Second one there.\nThird line of text. Fourth and last.";
    const doc = textDocModel("cal", "cal.txt", text);
    const { sizes, rule } = await choiceSizes(
      doc,
      "chonkie-sentence",
      { chunk_size: 40, delim: [". ", "\n"] },
      createRunContext(),
    );
    expect(rule.unit).toBe("chars");
    expect(rule.max).toEqual({ key: "chunk_size", value: 40 });
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(text.length);
    expect(sizes.every((s) => s <= 40)).toBe(true);
  });
});
