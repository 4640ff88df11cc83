/**
 * The similarity chart's x axis without the table of contents and the index: their gaps compare
 * title lines with title lines and read as a flat stretch that squeezes the text's own curve. The
 * chart draws the body's gaps; this maps its positions back to the curve's points.
 */

interface Span {
  start: number;
  end: number;
}

/** What the chart shows of a curve: the indices of the points it draws, in order. */
export interface AxisPoints {
  /** Indices into the curve's points of the gaps outside every span. */
  shown: number[];
  /** How many gaps fall inside a span (set apart). */
  setApart: number;
}

/** The points whose gap lies outside `spans` (sorted, disjoint); all of them when there are none. */
export function pointsOutsideSpans(
  points: readonly { offset: number }[],
  spans: readonly Span[] | undefined,
): AxisPoints {
  const shown: number[] = [];
  if (!spans || spans.length === 0) return { shown: points.map((_, i) => i), setApart: 0 };
  let s = 0;
  points.forEach((p, i) => {
    while (s < spans.length && spans[s]!.end < p.offset) s++;
    const span = spans[s];
    if (!(span && span.start <= p.offset && p.offset <= span.end)) shown.push(i);
  });
  return { shown, setApart: points.length - shown.length };
}

/** The chart position of each boundary (a point index): its own, or the next shown point's when it is set apart. */
export function shownPositions(boundaries: readonly number[], shown: readonly number[]): number[] {
  const out: number[] = [];
  let k = 0;
  for (const b of [...boundaries].sort((x, y) => x - y)) {
    while (k < shown.length && shown[k]! < b) k++;
    if (k < shown.length && out[out.length - 1] !== k) out.push(k);
  }
  return out;
}
