/**
 * The smallest and largest of many numbers. `Math.max(...values)` passes each value as an argument
 * and overflows the call stack past ~120,000 of them — one-token chunks of a 352-page book blanked
 * the app that way — so every list that grows with a document is reduced with a loop.
 */
export function extent(values: Iterable<number>): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  let any = false;
  for (const v of values) {
    any = true;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return any ? { min, max } : null;
}
