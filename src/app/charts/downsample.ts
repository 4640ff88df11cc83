/**
 * Which points of a long curve to draw: per bucket its lowest and highest point, in order, so every
 * dip (where boundaries fall) survives on screen. Only drawing is downsampled; computing never is.
 * `keep` indices (the run's boundaries) are always drawn.
 */
export function minMaxIndices(
  values: ArrayLike<number>,
  maxPoints: number,
  keep: Iterable<number> = [],
): number[] {
  const n = values.length;
  const forced = new Set<number>();
  for (const k of keep) if (k >= 0 && k < n) forced.add(k);
  if (n <= maxPoints) return Array.from({ length: n }, (_, i) => i);
  const buckets = Math.max(1, Math.floor(maxPoints / 2));
  const size = n / buckets;
  const chosen = new Set<number>(forced);
  chosen.add(0);
  chosen.add(n - 1);
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor(b * size);
    const to = Math.min(n, Math.floor((b + 1) * size));
    let lo = from;
    let hi = from;
    for (let i = from + 1; i < to; i++) {
      if (values[i]! < values[lo]!) lo = i;
      if (values[i]! > values[hi]!) hi = i;
    }
    chosen.add(lo);
    chosen.add(hi);
  }
  return [...chosen].sort((a, b) => a - b);
}
