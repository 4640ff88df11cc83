import { describe, expect, it } from "vitest";
import { textDocModel, type DocModel } from "./document";
import {
  isVerticalRun,
  packDocModel,
  packedDocModelTransferables,
  packedRunsOf,
  runAt,
  runCount,
  unpackDocModel,
  withModelChanges,
  withPackedRuns,
} from "./packedDocModel";

const text = "Ada Lovelace met Babbage.\nمرحبا بالعالم";
const doc: DocModel = {
  ...textDocModel("d", "d.pdf", text),
  pages: [
    { number: 1, width: 600, height: 800, rotate: 0, textStart: 0, textEnd: text.length, hasText: true },
  ],
  runs: [
    {
      page: 1,
      start: 0,
      end: 25,
      x0: 10.25,
      y0: 100,
      x1: 300.5,
      y1: 112.75,
      fontSize: 12,
      fontName: "Times",
      dir: "ltr",
    },
    {
      page: 1,
      start: 26,
      end: 39,
      x0: 400,
      y0: 120,
      x1: 500.125,
      y1: 132,
      fontSize: 11.5,
      fontName: "Amiri",
      dir: "rtl",
    },
    { page: 2, start: 39, end: 39, x0: 1, y0: 2, x1: 3, y1: 4, fontSize: 9, fontName: "Times" },
  ],
};

describe("packDocModel / unpackDocModel", () => {
  it("round-trips every run through structured clone, directions and font names kept", () => {
    const packed = packDocModel(doc);
    expect(packed.runs.fonts).toEqual(["Times", "Amiri"]);
    const back = unpackDocModel(structuredClone(packed));
    expect(back).toEqual(doc);
    // Key for key, in extraction's order.
    expect(JSON.stringify(back)).toBe(JSON.stringify(doc));
    expect(packedDocModelTransferables(packed)).toHaveLength(4);
  });

  it("keeps a model without runs whole", () => {
    const plain = textDocModel("t", "t.md", "just text");
    expect(unpackDocModel(packDocModel(plain))).toEqual(plain);
  });
});

describe("runs held packed", () => {
  it("packedRunsOf reads an unpacked model's runs as they crossed, without building them", () => {
    const packed = packDocModel(doc);
    const model = unpackDocModel(packed);
    expect(packedRunsOf(model)).toBe(packed.runs);
    expect(runCount(model)).toBe(3);
    expect(runAt(packedRunsOf(model), 1)).toEqual(doc.runs[1]);
    expect(runAt(packedRunsOf(model), 2)).toEqual(doc.runs[2]);
    const vertical = packDocModel({
      ...doc,
      runs: [{ ...doc.runs[0]!, dir: "btt" }, doc.runs[1]!, doc.runs[2]!],
    });
    expect([0, 1, 2].map((i) => isVerticalRun(vertical.runs, i))).toEqual([true, false, false]);
  });

  it("packs a model built from objects once per runs array", () => {
    const first = packedRunsOf(doc);
    expect(packedRunsOf({ runs: doc.runs })).toBe(first);
    expect(Array.from(first.ints)).toEqual([1, 0, 25, 1, 26, 39, 2, 39, 39]);
    expect(packedRunsOf(textDocModel("t", "t.md", "x")).font).toHaveLength(0);
  });

  it("a model whose runs were built and replaced is read from its runs", () => {
    const model = unpackDocModel(packDocModel(doc));
    model.runs = doc.runs.slice(0, 1);
    expect(runCount(model)).toBe(1);
  });

  it("packDocModel of a held model copies its buffers: transferring them leaves the model whole", () => {
    const model = unpackDocModel(packDocModel(doc));
    const again = packDocModel(model);
    structuredClone(again, { transfer: packedDocModelTransferables(again) });
    expect(runCount(model)).toBe(3);
    expect(JSON.stringify(model)).toBe(JSON.stringify(doc));
  });

  it("withModelChanges keeps runs packed and shared, keys in order; a plain model is spread", () => {
    const packed = packDocModel(doc);
    const model = unpackDocModel(packed);
    const renamed = withModelChanges(model, { name: "other.pdf", furnitureSetting: "keep" });
    expect(packedRunsOf(renamed)).toBe(packed.runs);
    expect(JSON.stringify(renamed)).toBe(
      JSON.stringify({ ...doc, name: "other.pdf", furnitureSetting: "keep" }),
    );
    expect(withModelChanges(doc, { name: "x" })).toEqual({ ...doc, name: "x" });
  });

  it("withPackedRuns gives a model with other runs", () => {
    const runs = packDocModel({ ...doc, runs: doc.runs.slice(2) }).runs;
    const model = withPackedRuns(doc, runs, { id: "e" });
    expect(model.id).toBe("e");
    expect(model.runs).toEqual(doc.runs.slice(2));
    expect(Object.keys(model)).toEqual(Object.keys(doc));
  });
});
