/**
 * The exact token count of a range of an encoded document — what encoding the range alone gives —
 * without encoding it: the document's own tokens in the middle, and only the two edges encoded.
 *
 * Why that is exact: tiktoken's encoders split text into pieces with a regex, then merge bytes
 * within each piece; no token crosses a piece boundary. Between an ASCII letter and a space that
 * is followed by an ASCII letter ("word word") every piece boundary rule of cl100k_base and
 * o200k_base agrees: the piece holding the letter ends there (letters are consumed greedily and a
 * contraction ends at the letter), and the next piece starts with the space, whatever came before.
 * So at such a "hard" boundary L near the range's start and R near its end, the range's own pieces
 * and the document's coincide between L and R, and
 *   count(prefix + text[start, end)) = count(prefix + text[start, L)) + doc tokens in [L, R)
 *                                       + count(text[R, end)).
 * A range with no hard boundary inside (CJK, a short range) is simply encoded.
 */
import type { EncodedText } from "./encodedText";
import type { Tokenizer } from "./tokenizer";

/** Shorter than this, encoding the range is as cheap as finding its edges. */
const MIN_RANGE = 64;

const isAsciiLetter = (code: number) => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);

/** p is a hard piece boundary: an ASCII letter, then a space, then an ASCII letter. */
function isHardBoundary(text: string, p: number): boolean {
  return (
    text.charCodeAt(p) === 0x20 &&
    isAsciiLetter(text.charCodeAt(p - 1)) &&
    isAsciiLetter(text.charCodeAt(p + 1))
  );
}

/** The index k of the document token starting exactly at `offset` (a boundary between tokens), else −1. */
function tokenStartingAt(encoded: EncodedText, offset: number): number {
  const { floor, ceil } = encoded;
  let lo = 0;
  let hi = encoded.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (floor[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  // At a boundary between whole characters floor and ceil agree; inside a character they do not.
  return lo < encoded.ids.length && floor[lo] === offset && ceil[lo] === offset ? lo : -1;
}

/**
 * Counts already made, per encoded document, by range: a sweep's points and a slider's moves split
 * the same text at the same places again and again (recursive counts every piece), and encoding a
 * piece or an edge allocates far more than a lookup. Bounded: cleared when it grows past the limit.
 */
const rangeCounts = new WeakMap<EncodedText, Map<number, number>>();
const MAX_CACHED_RANGES = 1 << 20;
/** start · 2^26 + end: exact for texts under 64 Mi characters (below 2^53), else not cached. */
const RANGE_KEY = 2 ** 26;

export function exactTokenCount(
  tokenizer: Tokenizer,
  encoded: EncodedText,
  text: string,
  start: number,
  end: number,
  prefix = "",
): number {
  if (encoded.encoding !== tokenizer.encoding) return tokenizer.count(prefix + text.slice(start, end));
  if (prefix !== "" || text.length >= RANGE_KEY)
    return countRange(tokenizer, encoded, text, start, end, prefix);
  let cache = rangeCounts.get(encoded);
  if (!cache) rangeCounts.set(encoded, (cache = new Map()));
  const key = start * RANGE_KEY + end;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const count = countRange(tokenizer, encoded, text, start, end, "");
  if (cache.size >= MAX_CACHED_RANGES) cache.clear();
  cache.set(key, count);
  return count;
}

function countRange(
  tokenizer: Tokenizer,
  encoded: EncodedText,
  text: string,
  start: number,
  end: number,
  prefix: string,
): number {
  if (end - start < MIN_RANGE) return tokenizer.count(prefix + text.slice(start, end));
  let left = start + 1;
  while (left < end - 1 && !isHardBoundary(text, left)) left++;
  let right = end - 2;
  while (right > left && !isHardBoundary(text, right)) right--;
  if (right <= left) return tokenizer.count(prefix + text.slice(start, end));
  const from = tokenStartingAt(encoded, left);
  const to = tokenStartingAt(encoded, right);
  if (from < 0 || to < 0) return tokenizer.count(prefix + text.slice(start, end));
  return (
    tokenizer.count(prefix + text.slice(start, left)) + (to - from) + tokenizer.count(text.slice(right, end))
  );
}
