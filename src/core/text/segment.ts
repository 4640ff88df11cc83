/**
 * Sentence and word segmentation as ranges into the text (never copies), so every chunker can cut
 * at true offsets. Two sentence modes: Intl.Segmenter (Unicode's rules, any script) and the regex
 * mode the NOESIS seed describes ("split text into sentences, regex-based").
 */

export interface Span {
  start: number;
  end: number;
}

export type SentenceMode = "intl" | "regex";

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(granularity: "sentence" | "word", locale: string): Intl.Segmenter {
  const key = `${granularity}:${locale}`;
  let s = segmenters.get(key);
  if (!s) {
    s = new Intl.Segmenter(locale, { granularity });
    segmenters.set(key, s);
  }
  return s;
}

/** Sentences with surrounding whitespace trimmed off; a paragraph break always ends a sentence. */
export function segmentSentences(text: string, mode: SentenceMode = "intl", locale = "en"): Span[] {
  const out: Span[] = [];
  for (const para of paragraphs(text)) {
    if (mode === "regex") regexSentences(text, para, out);
    else {
      for (const seg of segmenter("sentence", locale).segment(text.slice(para.start, para.end))) {
        pushTrimmed(text, para.start + seg.index, para.start + seg.index + seg.segment.length, out);
      }
    }
  }
  return out;
}

/**
 * The regex mode: a sentence ends after a run of . ! ? (and any closing quotes or brackets) that is
 * followed by whitespace, or at the end of a paragraph.
 */
const SENTENCE_END = /[.!?]+["'’”)\]]*(?=\s)/g;
function regexSentences(text: string, para: Span, out: Span[]): void {
  const body = text.slice(para.start, para.end);
  let from = 0;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(body); m; m = SENTENCE_END.exec(body)) {
    const end = m.index + m[0].length;
    pushTrimmed(text, para.start + from, para.start + end, out);
    from = end;
  }
  pushTrimmed(text, para.start + from, para.end, out);
}

/** Paragraphs: text between blank lines ("\n" followed by optional spaces and another "\n"). */
export function paragraphs(text: string): Span[] {
  const out: Span[] = [];
  const breaks = /\n[ \t\r\f\v]*\n\s*/g;
  let from = 0;
  for (let m = breaks.exec(text); m; m = breaks.exec(text)) {
    pushTrimmed(text, from, m.index, out);
    from = m.index + m[0].length;
  }
  pushTrimmed(text, from, text.length, out);
  return out;
}

/** Word-like segments (letters, digits, ideographs), as Intl.Segmenter defines words. */
export function segmentWords(text: string, locale = "en"): Span[] {
  const out: Span[] = [];
  for (const seg of segmenter("word", locale).segment(text)) {
    if (seg.isWordLike) out.push({ start: seg.index, end: seg.index + seg.segment.length });
  }
  return out;
}

/** The regex word mode seeds use for Jaccard similarity: lower-cased \w+ runs (Unicode letters and digits). */
export function regexWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

function pushTrimmed(text: string, start: number, end: number, out: Span[]): void {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (end > start) out.push({ start, end });
}

export function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x3000 ||
    code === 0x2028 ||
    code === 0x2029
  );
}
