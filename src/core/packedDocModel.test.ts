import { describe, expect, it } from "vitest";
import { textDocModel, type DocModel } from "./document";
import { packDocModel, packedDocModelTransferables, unpackDocModel } from "./packedDocModel";

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
