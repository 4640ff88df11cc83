/**
 * Token counts of text ranges read off a document's one encoding, so a chunker that weighs
 * thousands of sentences never re-encodes them.
 */
import type { EncodedText } from "./encodedText";

/**
 * Tokens of `encoded` that end inside (start, end]: each token is counted once, in the range
 * holding its last character. cl100k attaches a leading space to the next word, so a sentence's
 * first word lands in that sentence and the whitespace-only tokens between two ranges land in none.
 * Close to, not always equal to, encoding the range alone (context can merge pieces differently).
 */
export function tokensInRange(encoded: EncodedText, start: number, end: number): number {
  return endsAtOrBefore(encoded, end) - endsAtOrBefore(encoded, start);
}

/** Number of tokens whose end offset (ceil[k + 1] for token k) is ≤ offset; ceil is non-decreasing. */
function endsAtOrBefore(encoded: EncodedText, offset: number): number {
  const n = encoded.ids.length;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (encoded.ceil[mid + 1]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
