import type { EncodedText } from "./encodedText";

/**
 * Token length of any range [start, end) of an encoded document: the number of the document's
 * tokens that share a character with the range. Two binary searches over the boundary arrays, no
 * encoding — a splitter measuring every candidate piece of a book needs exactly this.
 *
 * It is the count of the range *in context*: a piece cut out and encoded alone can differ at its
 * two edges (a token the range cuts in half counts once here), which is why a chunker reports
 * its final chunks' counts separately when it needs them exact.
 */
export function rangeTokenCounter(encoded: EncodedText): (start: number, end: number) => number {
  const { floor, ceil } = encoded;
  const n = encoded.ids.length;
  return (start, end) => {
    if (end <= start) return 0;
    // Token k covers the characters [floor[k], ceil[k + 1]); both arrays never decrease.
    // lo: first token ending after `start`; hi: first token starting at or after `end`.
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ceil[mid + 1]! > start) hi = mid;
      else lo = mid + 1;
    }
    const first = lo;
    lo = first;
    hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (floor[mid]! >= end) hi = mid;
      else lo = mid + 1;
    }
    return Math.max(0, lo - first);
  };
}
