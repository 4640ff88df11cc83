import { describe, expect, it } from "vitest";
import type { SimilarityCurve } from "./adjacent";
import { packCurve, packedCurveTransferables, unpackCurve } from "./packedCurve";

const curve: SimilarityCurve = {
  embedderId: "glove:abc",
  embedderLabel: "GloVe",
  kind: "static",
  points: [
    { offset: 12, value: 0.8125, start: 0, end: 30 },
    { offset: 30, value: -0.1234567891234, start: 13, end: 58 },
  ],
  warning: "a warning",
};

describe("packCurve / unpackCurve", () => {
  it("round-trips the points through a transfer, values to the last digit, keys in order", () => {
    const packed = packCurve(curve);
    const moved = structuredClone(packed, { transfer: packedCurveTransferables(packed) });
    expect(packed.points.value.byteLength).toBe(0);
    const back = unpackCurve(moved);
    expect(back).toEqual(curve);
    expect(JSON.stringify(back)).toBe(JSON.stringify(curve));
  });

  it("keeps an empty curve", () => {
    expect(unpackCurve(packCurve({ ...curve, points: [] })).points).toEqual([]);
  });
});
