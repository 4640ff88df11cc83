/**
 * The workbench's sentence segmenter: one segmentation for the similarity curve, the quality
 * scores, the local embedder's fit and the late chunkers' `sentence_splitter: "workbench"`
 * (DESIGN §12). The seed's regex (noesisSentences) cuts after every . ! ? followed by whitespace,
 * so a table of contents' dot leader ("6.3.1 Windows . . . . 26") becomes one "sentence" per dot;
 * on real manuals most of its sentences are a lone ".". This one reads text as extracted from PDFs:
 *
 * - A sentence ends after . ! ? (with any closing quotes or brackets) followed by whitespace, and
 *   after 。！？｡ ؟ ۔ with or without whitespace (CJK and Arabic do not need a space after them).
 * - Dot leaders (". . .", "....", "…", "·····", spaces or none) never end a sentence, nor does a
 *   terminal just before one ("What is R? . . . 5"); a line holding a leader followed by a page
 *   number (a table-of-contents or index line) ends at its line break.
 * - A period does not end a sentence after a common abbreviation (e.g. i.e. etc. Fig. Eq. Dr. vs.
 *   cf. approx. …; "No." before a number), a single-letter initial ("J. Smith"), dotted initials
 *   ("U.S."), a section or list number that opens its line or sentence ("1. Introduction",
 *   "Chapter 6.", "IV."), nor before a lowercase word (Unicode's rule SB8: "approx. three").
 *   Decimals and versions (3.14, v1.2.3, R 4.3.0) hold no whitespace, so they never split.
 * - A blank line always ends a sentence. A single line break is a wrap, except after a line that
 *   cannot continue: a short line (well under the text's usual line width) or a numbered heading
 *   ("2.7.3 C++ Support") followed by a line that starts with a capital, a digit or a list mark; a
 *   short line ending in a number (an index entry "foo, 12, 34") whatever follows; a contents or
 *   index line. A line ending in , ; : - ( or / always continues, as does a line of only a list mark.
 * - No sentence is only punctuation or whitespace: such a piece joins the sentence before it (the
 *   one after it when it comes first); a text without any letter or digit has no sentences.
 *
 * Spans are ranges into the text, trimmed, sorted and disjoint. One pass over the text plus one
 * over its lines: linear time.
 */
import { perDocument } from "../docCache";
import type { DocModel } from "../document";
import { noesisSentences } from "./noesisSentences";
import type { Span } from "./segment";
import { isTrimSpace } from "./codeUnits";

/** The late chunkers' `sentence_splitter` (CHUNKERS.md "Workbench extensions"; its param: chunkers/late/sentenceSplitter). */
export type SentenceSplitter = "seed" | "workbench";

/** Sentences as the chosen splitter cuts them: the seed's regex or the workbench segmenter. */
export function splitSentences(text: string, splitter: SentenceSplitter): Span[] {
  return splitter === "workbench" ? workbenchSentences(text) : noesisSentences(text);
}

/**
 * A document's workbench sentences, segmented once and kept with the document (docCache): the
 * curve, the coherence scores and the local embedder's fit all read them. Callers never mutate them.
 */
export function documentSentences(doc: DocModel): Span[] {
  return perDocument(doc, "text:workbench-sentences", () => workbenchSentences(doc.text));
}

/** True when the span holds no letter and no digit (a lone ".", "***", "—", a bullet). */
export function isPunctuationOnly(text: string, span: Span): boolean {
  for (let i = span.start; i < span.end; i++) if (isLetterOrDigitAt(text, i)) return false;
  return true;
}

/** How many of the spans are only punctuation (the seed's dot-leader "sentences"). */
export function punctuationOnlyCount(text: string, spans: readonly Span[]): number {
  let count = 0;
  for (const s of spans) if (isPunctuationOnly(text, s)) count++;
  return count;
}

export function workbenchSentences(text: string): Span[] {
  const lines = readLines(text);
  const scanner = new Scanner(text, shortLineLimit(lines));
  for (let i = 0; i < lines.length; i++) scanner.line(lines[i]!, lines[i + 1], lines[i - 1]);
  scanner.finish();
  return withoutPunctuationOnly(text, scanner.pieces);
}

/** A non-blank line's content (whitespace trimmed), and whether a paragraph break precedes it. */
interface Line {
  start: number;
  end: number;
  afterBreak: boolean;
}

/**
 * The text's non-blank lines. Line breaks: \n, \r\n, \r, U+2028. A blank line, a form feed (a page
 * break) or U+2029 (a paragraph separator) is a paragraph break.
 */
function readLines(text: string): Line[] {
  const lines: Line[] = [];
  let pendingBreak = false;
  let at = 0;
  const n = text.length;
  // The engine's own search finds the breaks: a character loop here costs more than the rest.
  const breaks = /[\n\r\f\u2028\u2029]/g;
  while (at <= n) {
    breaks.lastIndex = at;
    const found = breaks.exec(text);
    const end = found ? found.index : n;
    const c = found ? text.charCodeAt(end) : 0;
    let start = at;
    let stop = end;
    while (start < stop && isTrimSpace(text.charCodeAt(start))) start++;
    while (stop > start && isTrimSpace(text.charCodeAt(stop - 1))) stop--;
    if (start < stop) {
      lines.push({ start, end: stop, afterBreak: pendingBreak && lines.length > 0 });
      pendingBreak = false;
    } else pendingBreak = true;
    if (!found) break;
    if (c === FF || c === PARAGRAPH_SEPARATOR) pendingBreak = true;
    at = end + (c === CR && text.charCodeAt(end + 1) === LF ? 2 : 1);
  }
  return lines;
}

/** Lines this long or shorter are "short" (a heading, a list entry, a table row), not a wrap. */
const SHORT_FRACTION = 0.6;
/** Line lengths are counted up to this; longer lines all count as this long. */
const LENGTH_CAP = 4096;

/**
 * SHORT_FRACTION of the text's usual full line width: the 90th percentile of its line lengths, by
 * counting (linear; a sort would not be). A wrapped prose line runs near the full width.
 */
function shortLineLimit(lines: readonly Line[]): number {
  if (lines.length === 0) return 0;
  const counts = new Uint32Array(LENGTH_CAP + 1);
  for (const l of lines) counts[Math.min(LENGTH_CAP, l.end - l.start)]!++;
  const rank = Math.ceil(lines.length * 0.9);
  let seen = 0;
  let width = LENGTH_CAP;
  for (let len = 0; len <= LENGTH_CAP; len++) {
    seen += counts[len]!;
    if (seen >= rank) {
      width = len;
      break;
    }
  }
  return width * SHORT_FRACTION;
}

/** Finds sentence ends line by line and collects the pieces between them. */
class Scanner {
  readonly pieces: Span[] = [];
  /** Where the current piece began (it may start with whitespace; pieces are trimmed when pushed). */
  private pieceStart = 0;
  /**
   * Whether a number opening the current line is a list or section number even inside a sentence:
   * the line above introduced a list ("The steps are:") or was itself short. Otherwise "page\n17."
   * is a wrapped sentence's end.
   */
  private lineOpensItem = false;
  /** The last candidate found (candidateFrom); -1 before the first search. */
  private candidate = -1;

  constructor(
    private readonly text: string,
    private readonly shortLimit: number,
  ) {}

  line(line: Line, next: Line | undefined, previous: Line | undefined): void {
    const { text } = this;
    this.lineOpensItem = previous !== undefined && this.listAbove(previous);
    let tocLine = false;
    let endedAtLineEnd = false;
    for (let p = this.candidateFrom(line.start); p < line.end; p = this.candidateFrom(p + 1)) {
      const c = text.charCodeAt(p);
      if (isLeaderChar(c)) {
        const run = leaderRun(text, p, line.end);
        if (run.chars >= 2) {
          if (run.end < line.end && startsPageNumber(text, skipBlanks(text, run.end, line.end), line.end))
            tocLine = true;
          p = run.end - 1;
          continue;
        }
        if (c !== DOT) continue;
      }
      const end = this.sentenceEndAt(p, line, next);
      if (end === null) continue;
      this.cut(end);
      if (end >= line.end) endedAtLineEnd = true;
      p = end - 1;
    }
    if (!next || endedAtLineEnd) return;
    if (next.afterBreak || this.lineEnds(line, next, tocLine)) this.cut(line.end);
  }

  /** The first terminal or leader character at or after `from` (text.length when none). */
  private candidateFrom(from: number): number {
    // The last search may have run past this line: its find is still the next one until passed.
    if (from <= this.candidate) return this.candidate;
    CANDIDATE.lastIndex = from;
    const found = CANDIDATE.exec(this.text);
    this.candidate = found ? found.index : this.text.length;
    return this.candidate;
  }

  finish(): void {
    this.cut(this.text.length);
  }

  private cut(at: number): void {
    pushTrimmed(this.text, this.pieceStart, at, this.pieces);
    this.pieceStart = at;
  }

  /**
   * Where the sentence whose terminal is at p ends (after its closing quotes and brackets), or null
   * when the terminal does not end one.
   */
  private sentenceEndAt(p: number, line: Line, next: Line | undefined): number | null {
    const { text } = this;
    const first = text.charCodeAt(p);
    let q = p + 1;
    let free = isFreeTerminal(first);
    // Further terminals (?!, !!) — but not a period, which may start a leader — and closers.
    while (q < line.end) {
      const c = text.charCodeAt(q);
      if (isTerminal(c) && c !== DOT) free ||= isFreeTerminal(c);
      else if (!isCloser(c)) break;
      q++;
    }
    // A footnote mark after the sentence ("…Property.”10 His", "important.23"), not a decimal.
    if (!free && q < line.end && isDigit(text.charCodeAt(q)) && (q > p + 1 || isWordLetterAt(text, p - 1))) {
      let r = q;
      while (r < line.end && r - q < 3 && isDigit(text.charCodeAt(r))) r++;
      if (r === line.end || isTrimSpace(text.charCodeAt(r))) q = r;
    }
    if (!free && q < line.end && !isTrimSpace(text.charCodeAt(q))) return null;
    const after = skipBlanks(text, q, line.end);
    if (
      after < line.end &&
      isLeaderChar(text.charCodeAt(after)) &&
      leaderRun(text, after, line.end).chars >= 2
    )
      return null;
    if (first !== DOT || q !== p + 1) return q;
    // A bare period: abbreviations, initials, numbers that open a line or sentence, a lowercase next word.
    const nextAt = after < line.end ? after : next && !next.afterBreak ? next.start : -1;
    if (nextAt >= 0 && isLowercaseAt(text, nextAt)) return null;
    if (this.periodIsNotAnEnd(p, line, nextAt)) return null;
    return q;
  }

  private periodIsNotAnEnd(p: number, line: Line, nextAt: number): boolean {
    const { text } = this;
    let t = p;
    while (t > line.start && (isWordLetterAt(text, t - 1) || text.charCodeAt(t - 1) === DOT)) t--;
    if (t < p) {
      // Most periods end a long plain word: no abbreviation, initial or numeral is one.
      if (p - t > LONGEST_SHORT_TOKEN && !hasDot(text, t, p)) return false;
      const token = text.slice(t, p);
      const lower = token.toLowerCase();
      if (ABBREVIATIONS.has(lower)) return true;
      if (BEFORE_NUMBER.has(lower)) return nextAt >= 0 && isDigit(text.charCodeAt(nextAt));
      // An initial (J. Smith) or dotted initials (e.g., U.S., J.R.R.).
      if (/^\p{L}(?:\.\p{L})+$/u.test(token)) return true;
      // A lone "I" is as often the pronoun ending a sentence: an initial only where a numeral would be.
      if (token.length === 1 && token !== "I" && /^\p{L}$/u.test(token)) return this.isInitial(t);
      if (/^[IVXLCDM]+$/.test(token)) return this.opensLineOrSentence(t, line);
      return false;
    }
    // Digits and dots before the period: a section or list number that opens its line or sentence.
    while (t > line.start && (isDigit(text.charCodeAt(t - 1)) || text.charCodeAt(t - 1) === DOT)) t--;
    if (t === p || !isDigit(text.charCodeAt(t))) return false;
    if (this.opensLineOrSentence(t, line)) return true;
    // "Chapter 6." opening its line or sentence.
    let w = t;
    while (w > line.start && isTrimSpace(text.charCodeAt(w - 1))) w--;
    if (w === t) return false;
    let label = w;
    while (label > line.start && isWordLetterAt(text, label - 1)) label--;
    return (
      label < w &&
      SECTION_LABELS.has(text.slice(label, w).toLowerCase()) &&
      this.opensLineOrSentence(label, line)
    );
  }

  /**
   * A single letter before a period is an initial ("J. Smith", "John M. Chambers", "Becker, R.")
   * when it opens the sentence or follows a capitalized word, another initial, a comma or "by" /
   * "and"; after another lowercase word it is a name ending the sentence ("written in R. The").
   */
  private isInitial(t: number): boolean {
    const { text } = this;
    // Walked back across line breaks: the sentence, not the line, says what precedes the letter.
    let w = t;
    while (w > this.pieceStart && isTrimSpace(text.charCodeAt(w - 1))) w--;
    if (w === this.pieceStart) return true;
    const before = text.charCodeAt(w - 1);
    if (before === 0x2c || before === 0x26 || before === DOT) return true;
    let s = w;
    while (s > this.pieceStart && isWordLetterAt(text, s - 1)) s--;
    if (s === w) return false;
    return !isLowercaseAt(text, s) || NAME_LEADS.has(text.slice(s, w));
  }

  /** True when `at` opens the current sentence, or a line that opens a list item. */
  private opensLineOrSentence(at: number, line: Line): boolean {
    if (at === line.start && this.lineOpensItem) return true;
    let b = at;
    while (b > this.pieceStart && isTrimSpace(this.text.charCodeAt(b - 1))) b--;
    return b === this.pieceStart;
  }

  private listAbove(previous: Line): boolean {
    const last = this.text.charCodeAt(previous.end - 1);
    return last === 0x3a || last === 0x3b || previous.end - previous.start <= this.shortLimit;
  }

  /** The line's last word starts with a digit: a page reference ("foo, 12, 34", "324n", "90–91"). */
  private endsInNumber(line: Line): boolean {
    let at = line.end;
    while (at > line.start && !isTrimSpace(this.text.charCodeAt(at - 1))) at--;
    return isDigit(this.text.charCodeAt(at));
  }

  /** Whether a single line break after `line` ends the sentence (the line did not end with one). */
  private lineEnds(line: Line, next: Line, tocLine: boolean): boolean {
    const { text } = this;
    const last = text.charCodeAt(line.end - 1);
    if (CONTINUES.has(last)) return false;
    if (tocLine) return true;
    // A line of only a list mark ("•") belongs to the item on the next line.
    if (isPunctuationOnly(text, line)) return false;
    const short = line.end - line.start <= this.shortLimit;
    if (isLowercaseAt(text, next.start)) return short && this.endsInNumber(line);
    if (!startsNewLine(text, next.start)) return false;
    return short || NUMBERED_HEADING.test(text.slice(line.start, Math.min(line.end, line.start + 40)));
  }
}

/**
 * Pieces with no letter or digit join the sentence before them (the one after them when they come
 * first); none are left alone.
 */
function withoutPunctuationOnly(text: string, pieces: Span[]): Span[] {
  const out: Span[] = [];
  let leading: number | null = null;
  for (const piece of pieces) {
    if (isPunctuationOnly(text, piece)) {
      if (out.length > 0) out[out.length - 1]!.end = piece.end;
      else leading ??= piece.start;
      continue;
    }
    // The pieces are this function's own (the scanner's): reused, not copied.
    if (leading !== null) piece.start = leading;
    out.push(piece);
    leading = null;
  }
  return out;
}

function pushTrimmed(text: string, start: number, end: number, out: Span[]): void {
  while (start < end && isTrimSpace(text.charCodeAt(start))) start++;
  while (end > start && isTrimSpace(text.charCodeAt(end - 1))) end--;
  if (end > start) out.push({ start, end });
}

/** A run of leader characters (. · … ‥ ⋯) with blanks between them: its end and how many it holds. */
function leaderRun(text: string, from: number, limit: number): { end: number; chars: number } {
  let chars = 0;
  let end = from;
  let at = from;
  while (at < limit) {
    const c = text.charCodeAt(at);
    if (isLeaderChar(c)) {
      // An ellipsis character is a leader by itself.
      chars += c === DOT || c === MIDDLE_DOT ? 1 : 2;
      end = ++at;
    } else if (isBlank(c)) at++;
    else break;
  }
  return { end, chars };
}

/** A page number after a leader: digits, or a lowercase roman numeral (front matter). */
function startsPageNumber(text: string, at: number, limit: number): boolean {
  if (at >= limit) return false;
  const c = text.charCodeAt(at);
  return isDigit(c) || /[ivxlc]/.test(text[at]!);
}

function skipBlanks(text: string, at: number, limit: number): number {
  while (at < limit && isBlank(text.charCodeAt(at))) at++;
  return at;
}

/**
 * Lowercased abbreviations whose period is no sentence end. Dotted ones are kept without their
 * final period ("e.g" for "e.g.").
 */
const ABBREVIATIONS = new Set([
  "e.g",
  "eg",
  "i.e",
  "ie",
  "etc",
  "fig",
  "figs",
  "eq",
  "eqs",
  "dr",
  "mr",
  "mrs",
  "ms",
  "prof",
  "st",
  "jr",
  "sr",
  "vs",
  "cf",
  "sec",
  "secs",
  "approx",
  "al",
  "vol",
  "vols",
  "pp",
  "ch",
  "chap",
  "ca",
  "viz",
  "resp",
  "incl",
  "esp",
  "dept",
  "ed",
  "eds",
  "ref",
  "refs",
  "tab",
]);
/** The longest abbreviation or roman numeral the scanner checks for ("approx", "MCMXCIV"). */
const LONGEST_SHORT_TOKEN = 7;

function hasDot(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === DOT) return true;
  return false;
}

/** Abbreviations only before a number ("No. 5"; "said no. Then" ends a sentence). */
const BEFORE_NUMBER = new Set(["no", "nos", "nr"]);
/** Lowercase words a name with initials often follows. */
const NAME_LEADS = new Set(["by", "and"]);
/** Words that label a section number: "Chapter 6." opening a line is a heading, not a sentence. */
const SECTION_LABELS = new Set([
  "chapter",
  "section",
  "part",
  "appendix",
  "annex",
  "article",
  "step",
  "lesson",
]);
/** A line opening with a dotted section number or a labelled one: "2.7.3 C++ Support", "Chapter 6". */
const NUMBERED_HEADING =
  /^(?:\d+(?:\.\d+)+\.?|\d+\.|(?:[Cc]hapter|CHAPTER|[Ss]ection|SECTION|[Pp]art|PART|[Aa]ppendix|APPENDIX)\s+(?:\d+|[IVXLCDM]+)\.?:?)(?=\s|$)/u;
/** A line ending in one of these goes on: a list, a hyphenated word, an open bracket. */
const CONTINUES = new Set([..."，,،;；:：-‐–—(（[{/&+="].map((c) => c.charCodeAt(0)));

const LF = 10;
const CR = 13;
const FF = 12;
const DOT = 0x2e;
const MIDDLE_DOT = 0xb7;
const PARAGRAPH_SEPARATOR = 0x2029;

/** Every character isLeaderChar or isTerminal accepts: where the scanner stops to look. */
const CANDIDATE =
  /[.!?\u00b7\u2025\u2026\u22ef\u203c\u203d\u2047-\u2049\u0964\u0965\u3002\uff61\uff01\uff1f\u061f\u06d4]/g;

/** . · … ‥ ⋯ — the characters dot leaders are drawn with. */
function isLeaderChar(c: number): boolean {
  return c === DOT || c === MIDDLE_DOT || c === 0x2026 || c === 0x2025 || c === 0x22ef;
}

/** Sentence terminals: . ! ? ‼ ⁇ ⁈ ⁉ and the free ones. */
function isTerminal(c: number): boolean {
  return c === DOT || c === 0x21 || c === 0x3f || TERMINAL_MARKS.has(c) || isFreeTerminal(c);
}
/** ‼ ‽ ⁇ ⁈ ⁉ and the Devanagari dandas । ॥ (followed by a space, as . ! ? are). */
const TERMINAL_MARKS = new Set([0x203c, 0x203d, 0x2047, 0x2048, 0x2049, 0x964, 0x965]);

/** Terminals that end a sentence with no whitespace after them: 。｡！？ (CJK), ؟ ۔ (Arabic, Urdu). */
function isFreeTerminal(c: number): boolean {
  return c === 0x3002 || c === 0xff61 || c === 0xff01 || c === 0xff1f || c === 0x61f || c === 0x6d4;
}

/** Closing quotes and brackets kept with the sentence they close. */
const CLOSERS = new Set([..."\"'’”»›)]}」』）】〕〉》〗"].map((c) => c.charCodeAt(0)));
function isCloser(c: number): boolean {
  return CLOSERS.has(c);
}

/** A line starting with these starts something new: a capital, a digit, a list mark, an opener. */
function startsNewLine(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return isDigit(c) || LIST_MARKS.has(c) || UPPER.test(charAt(text, at));
}
const LIST_MARKS = new Set([..."•◦▪▫‣∙·*>-–—#§\"“‘'«([●○■□➢►"].map((c) => c.charCodeAt(0)));

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Whitespace inside a line. */
function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 0xa0 || c === 0x3000 || c === 0x202f || (c >= 0x2000 && c <= 0x200a);
}

const UPPER = /^[\p{Lu}\p{Lt}]/u;
const LOWER = /^\p{Ll}/u;
const LETTER = /^\p{L}/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]/u;

/** The code point at `at` as a string (a surrogate pair whole). */
function charAt(text: string, at: number): string {
  const c = text.charCodeAt(at);
  return c >= 0xd800 && c <= 0xdbff ? text.slice(at, at + 2) : text.charAt(at);
}

function isLowercaseAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 128) return c >= 97 && c <= 122;
  return LOWER.test(charAt(text, at));
}

/** A letter of a word, for walking back over one (BMP letters; a surrogate ends the walk). */
function isWordLetterAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return !(c >= 0xd800 && c <= 0xdfff) && LETTER.test(text.charAt(at));
}

function isLetterOrDigitAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  // A low surrogate is read with its high one, at at - 1.
  if (c >= 0xdc00 && c <= 0xdfff) return false;
  return LETTER_OR_DIGIT.test(charAt(text, at));
}
