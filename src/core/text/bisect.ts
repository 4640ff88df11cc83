/**
 * The one binary search of the code base. Sorted offsets, spans, runs, pages and token boundaries
 * are all searched the same way: for the first index at which a monotone condition starts to hold.
 */

/**
 * The first index in [lo, hi) at which `holds(i)` is true, given that once it holds it holds for
 * every later index; `hi` when it holds nowhere.
 */
export function firstIndexWhere(lo: number, hi: number, holds: (index: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (holds(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The index of the last element ≤ value in an ascending array, or −1. */
export function lastAtOrBelow(sorted: ArrayLike<number>, value: number): number {
  return firstIndexWhere(0, sorted.length, (i) => sorted[i]! > value) - 1;
}
