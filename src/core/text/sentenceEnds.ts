/**
 * Sentence ends as cut positions (the hierarchical chunker's "sentence ends by Intl.Segmenter"
 * separator) and the test of whether a chunk ends at one. Unicode's sentence rules also end a
 * sentence at every line break, so a cut at "\n" is a sentence end too.
 */
import { isSpace } from "./segment";

const segmenters = new Map<string, Intl.Segmenter>();
function sentenceSegmenter(locale: string): Intl.Segmenter {
  let s = segmenters.get(locale);
  if (!s) {
    s = new Intl.Segmenter(locale, { granularity: "sentence" });
    segmenters.set(locale, s);
  }
  return s;
}

/**
 * Positions strictly inside (start, end) where a sentence ends, ascending. Intl.Segmenter gives a
 * sentence its trailing whitespace; the cut is placed before that whitespace instead, so the next
 * piece starts with it — as a kept separator starts its piece, and as the tokenizer attaches a
 * space to the word after it.
 */
export function sentenceCuts(text: string, start: number, end: number, locale = "en"): number[] {
  const cuts: number[] = [];
  let last = start;
  for (const seg of sentenceSegmenter(locale).segment(text.slice(start, end))) {
    let at = start + seg.index;
    while (at > last && isSpace(text.charCodeAt(at - 1))) at--;
    if (at > last && at < end) {
      cuts.push(at);
      last = at;
    }
  }
  return cuts;
}

/** How far around a chunk's end the segmenter looks: sentences are found in context, not whole lines. */
const WINDOW = 600;

/**
 * Whether `end` (a chunk's trimmed end) is a sentence end: only whitespace up to `limit` (the end
 * of its section), a line break before the next character, or a sentence boundary there.
 */
export function endsSentence(text: string, end: number, limit: number, locale = "en"): boolean {
  let next = end;
  while (next < limit && isSpace(text.charCodeAt(next))) {
    if (text.charCodeAt(next) === 10 || text.charCodeAt(next) === 13) return true;
    next++;
  }
  if (next >= limit) return true;
  const lineStart = text.lastIndexOf("\n", end - 1) + 1;
  const from = Math.max(lineStart, end - WINDOW);
  let to = text.indexOf("\n", end);
  if (to < 0 || to > end + WINDOW) to = Math.min(text.length, end + WINDOW);
  return sentenceCuts(text, from, to, locale).includes(end);
}
