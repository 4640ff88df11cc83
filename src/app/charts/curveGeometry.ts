/**
 * The similarity curve's geometry, as plain numbers: its axis ticks, its line as one SVG path, and
 * which drawn point lies under the pointer. The chart draws these itself rather than through
 * recharts, whose first render of a curve (its store, selectors and the labels it measures in the
 * DOM) was one 60–90 ms main-thread task — the longest while a 2,415-page manual opened.
 */

/** Up to about `count` round tick values (steps of 1, 2, 2.5 or 5 × 10^k) from `lo` to `hi`, both inside. */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo) || !Number.isFinite(lo) || !Number.isFinite(hi)) return Number.isFinite(lo) ? [lo] : [];
  const rough = (hi - lo) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough * (1 - 1e-9))!;
  const first = Math.ceil(lo / step - 1e-9);
  const ticks: number[] = [];
  for (let k = first; k * step <= hi + step * 1e-9; k++) {
    // Rounded to the step's own decimals: 0.30000000000000004 is 0.3 on an axis.
    // (and −0 is 0).
    ticks.push(Number((k * step).toFixed(Math.max(0, -Math.floor(Math.log10(step)) + 1))) || 0);
  }
  return ticks;
}

/** A tick's label: at most three decimals, no trailing zeros. */
export function tickLabel(value: number): string {
  return String(Number(value.toFixed(3)));
}

export interface PlotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** x of curve position `i` (0 … count − 1) in the plot. */
export function xOf(i: number, count: number, box: PlotBox): number {
  return box.left + (count <= 1 ? 0 : (i / (count - 1)) * box.width);
}

/** y of a similarity on the plot's fixed scale [lo, 1]. */
export function yOf(value: number, lo: number, box: PlotBox): number {
  return box.top + (1 - (value - lo) / (1 - lo)) * box.height;
}

/** The drawn points as one polyline path ("M x y L x y …"), to 0.1 px. */
export function curvePath(
  data: readonly { i: number; value: number }[],
  count: number,
  lo: number,
  box: PlotBox,
): string {
  let d = "";
  for (let k = 0; k < data.length; k++) {
    const p = data[k]!;
    d += `${k === 0 ? "M" : "L"}${xOf(p.i, count, box).toFixed(1)} ${yOf(p.value, lo, box).toFixed(1)}`;
  }
  return d;
}

/**
 * The drawn point nearest the pointer's x (its index in `data`), or −1 for no data: `data` is in
 * curve order, so a binary search finds the neighbours.
 */
export function nearestDrawn(data: readonly { i: number }[], x: number, count: number, box: PlotBox): number {
  if (data.length === 0) return -1;
  const position = count <= 1 || box.width <= 0 ? 0 : ((x - box.left) / box.width) * (count - 1);
  let lo = 0;
  let hi = data.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (data[mid]!.i < position) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && position - data[lo - 1]!.i <= data[lo]!.i - position ? lo - 1 : lo;
}
