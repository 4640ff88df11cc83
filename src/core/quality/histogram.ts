/**
 * Size histogram bins laid out so that the target is a bin edge: a glance tells how many chunks
 * fall short of it and how many pass it. Sizes far past the target (more than `spread` × target)
 * share one overflow bin, so one giant chunk does not flatten the rest into a single bar.
 */

export interface Bin {
  /** [from, to) in the size unit; the overflow bin has to = Infinity. */
  from: number;
  to: number;
  count: number;
}

export function sizeBins(sizes: readonly number[], target?: number, bins = 16, spread = 4): Bin[] {
  if (sizes.length === 0) return [];
  let max = 0;
  for (const s of sizes) if (s > max) max = s;
  const hasTarget = target !== undefined && target > 0;
  const top = hasTarget ? Math.min(Math.max(max, target), spread * target) : max;
  // With a target the width is target / perTarget, so the target falls on an edge; bin indices are
  // computed as ⌊size · perTarget / target⌋ to stay exact in floating point.
  const perTarget = hasTarget ? Math.max(1, Math.round((bins * target) / Math.max(top, 1))) : 0;
  const width = hasTarget ? target / perTarget : Math.max(1, Math.ceil((max + 1) / bins));
  const binOf = (s: number) => (hasTarget ? Math.floor((s * perTarget) / target) : Math.floor(s / width));
  const count = binOf(top) + 1;
  // (i · target) / perTarget, not i · width: bin perTarget must start at exactly the target.
  const edge = (i: number) => (hasTarget ? (i * target) / perTarget : i * width);
  const out: Bin[] = Array.from({ length: count }, (_, i) => ({ from: edge(i), to: edge(i + 1), count: 0 }));
  let overflow: Bin | null = null;
  for (const s of sizes) {
    const i = binOf(s);
    if (i < count) out[i]!.count++;
    else {
      overflow ??= { from: edge(count), to: Infinity, count: 0 };
      overflow.count++;
    }
  }
  if (overflow) out.push(overflow);
  return out;
}
