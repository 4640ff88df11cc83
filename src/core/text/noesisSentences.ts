/**
 * The NOESIS late chunker's sentence splitter, `re.split(r"(?<=[.!?])\s+", text)` with each piece
 * stripped and empty pieces dropped, as ranges into the text. It differs from segment.ts's
 * "regex" mode on purpose: the seed does not end a sentence at a paragraph break (a heading
 * without a full stop runs into the next sentence) and does not keep closing quotes with the
 * sentence (`."` followed by a space is no split) — the late chunkers must cut where the seed cuts.
 */
import type { Span } from "./segment";

/** Whitespace runs that follow one of . ! ? — the seed's split points. */
const SPLIT = /(?<=[.!?])\s+/gu;

export function noesisSentences(text: string): Span[] {
  const out: Span[] = [];
  let from = 0;
  SPLIT.lastIndex = 0;
  for (let m = SPLIT.exec(text); m; m = SPLIT.exec(text)) {
    pushStripped(text, from, m.index, out);
    from = m.index + m[0].length;
  }
  pushStripped(text, from, text.length, out);
  return out;
}

/** Python's str.strip(): only the first and last piece can carry whitespace, the split ate the rest. */
function pushStripped(text: string, start: number, end: number, out: Span[]): void {
  while (start < end && /\s/u.test(text[start]!)) start++;
  while (end > start && /\s/u.test(text[end - 1]!)) end--;
  if (end > start) out.push({ start, end });
}

/**
 * The seed's word set for Jaccard: `set(text.lower().split())` — whitespace-separated pieces with
 * their punctuation ("end." and "end" are different words, as in the seed).
 */
export function noesisWords(sentence: string): string[] {
  return sentence
    .toLowerCase()
    .split(/\s+/u)
    .filter((w) => w.length > 0);
}
