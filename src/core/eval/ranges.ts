/**
 * Character-range arithmetic as Chroma's chunking-evaluation reference code does it (DESIGN §8):
 * an intersection is [max(starts), min(ends)] and exists when start ≤ end (so ranges that only
 * touch intersect, emptily); unions merge ranges that touch. The paper's figures depend on both
 * conventions, so they are kept exactly, not "fixed".
 */
export interface CharRange {
  start: number;
  end: number;
}

/** Chroma's inclusive intersection: null only when the ranges are apart by at least one character. */
export function intersectRanges(a: CharRange, b: CharRange): CharRange | null {
  const start = Math.max(a.start, b.start);
  const end = Math.min(a.end, b.end);
  return start <= end ? { start, end } : null;
}

/** Sorted by start, ranges that overlap or touch merged into one. */
export function mergeRanges(ranges: readonly CharRange[]): CharRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: CharRange[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ start: r.start, end: r.end });
  }
  return merged;
}

export function totalLength(ranges: readonly CharRange[]): number {
  let sum = 0;
  for (const r of ranges) sum += r.end - r.start;
  return sum;
}

/**
 * `ranges` with `cut` taken out, as Chroma's `difference` does: a range strictly inside `cut`'s
 * reach is dropped, one that straddles it keeps the parts outside.
 */
export function subtractRange(ranges: readonly CharRange[], cut: CharRange): CharRange[] {
  const out: CharRange[] = [];
  for (const r of ranges) {
    if (r.end < cut.start || r.start > cut.end) out.push(r);
    else if (r.start < cut.start && r.end > cut.end) {
      out.push({ start: r.start, end: cut.start }, { start: cut.end, end: r.end });
    } else if (r.start < cut.start) out.push({ start: r.start, end: cut.start });
    else if (r.end > cut.end) out.push({ start: cut.end, end: r.end });
  }
  return out;
}
