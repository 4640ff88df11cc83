/**
 * A similarity curve as it crosses from the engine worker to the page: one point per sentence gap,
 * 59,000 on the 2,415-page manual, in typed arrays whose buffers are transferred. Structured clone
 * of the point objects was a 60 ms task on the page's thread when the curve arrived; the page
 * rebuilds them in one loop.
 */
import type { SimilarityCurve } from "./adjacent";

export type PackedSimilarityCurve = Omit<SimilarityCurve, "points"> & {
  points: { offset: Int32Array; value: Float64Array; start: Int32Array; end: Int32Array };
};

export function packCurve(curve: SimilarityCurve): PackedSimilarityCurve {
  const n = curve.points.length;
  const offset = new Int32Array(n);
  const value = new Float64Array(n);
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  curve.points.forEach((p, i) => {
    offset[i] = p.offset;
    value[i] = p.value;
    start[i] = p.start;
    end[i] = p.end;
  });
  return { ...curve, points: { offset, value, start, end } };
}

export function packedCurveTransferables(curve: PackedSimilarityCurve): ArrayBuffer[] {
  const p = curve.points;
  return [p.offset, p.value, p.start, p.end].map((a) => a.buffer as ArrayBuffer);
}

export function unpackCurve(packed: PackedSimilarityCurve): SimilarityCurve {
  const { offset, value, start, end } = packed.points;
  const points = new Array<SimilarityCurve["points"][number]>(offset.length);
  for (let i = 0; i < offset.length; i++)
    points[i] = { offset: offset[i]!, value: value[i]!, start: start[i]!, end: end[i]! };
  return { ...packed, points };
}
