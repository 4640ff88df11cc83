/**
 * One page's text from its pdf.js text items: items in content order, a space between items on a line
 * that stand apart, a newline at line ends, a blank line between paragraphs. Each item with visible
 * text becomes one run whose [start, end) is exactly its (trimmed) text in the page's string.
 *
 * Lines with right-to-left text are put in logical order by the Unicode Bidirectional Algorithm
 * (./bidi.ts) when their items come in another order (a table of contents drawn left to right:
 * page number, leader dots, title). There a number or leader item may split into runs of its own.
 */
import type { RunDirection, TextRun } from "../core/document";
import { bidiClass, hasRtlChars, logicalFromVisual, strongCounts, visualFromLogical } from "./bidi";
import {
  displayDirection,
  displayRect,
  itemFrame,
  roundCoord,
  type ItemFrame,
  type TextItemLike,
  type TextStyleLike,
  type ViewportLike,
} from "./geometry";

/** A line of the page as assembled, kept for heading detection. */
export interface PageLine {
  /** [start, end) into the page text. */
  start: number;
  end: number;
  /** The font size (and font) carrying most of the line's characters. */
  fontSize: number;
  fontKey: string;
  /** Top of the line on the displayed page (smallest y0 of its runs). */
  top: number;
  /** The line opens a paragraph: first on the page, or after a blank line. */
  paragraphBefore: boolean;
}

export interface PageText {
  text: string;
  /** Runs with offsets relative to the page text. */
  runs: TextRun[];
  lines: PageLine[];
}

/**
 * Whitespace (as JS `\s`) plus the invisible format characters some producers emit as separate
 * items (zero-width spaces, directional marks, word joiner). Char codes rather than a regex: an
 * anchored-at-end regex rescans long strings, and this runs for every item.
 */
function isBlank(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x2060 ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Number of blank characters at the start of `s`. */
function leadingBlanks(s: string): number {
  let i = 0;
  while (i < s.length && isBlank(s.charCodeAt(i))) i++;
  return i;
}

/** Number of blank characters at the end of `s` (not counting into its first `floor` characters). */
function trailingBlanks(s: string, floor: number): number {
  let i = s.length;
  while (i > floor && isBlank(s.charCodeAt(i - 1))) i--;
  return s.length - i;
}

/**
 * Thresholds, as fractions of the font size. A word space is at least ~0.2 em in text fonts, while
 * kerning and italic corrections between items stay under ~0.1 em.
 */
const SPACE_GAP = 0.15;
/** Baselines further apart than this (across the baseline) are different lines; sub/superscripts shift less. */
const SAME_LINE_SHIFT = 0.5;
/** A line restarting this far behind the previous item's start (same baseline) is a new line. */
const BACKWARD_JUMP = 1;
/** Items whose baselines differ in angle by more than ~10° are never on one line. */
const SAME_ANGLE_COS = Math.cos((10 * Math.PI) / 180);
/** A baseline step larger than this times the page's usual line spacing opens a paragraph. */
const PARAGRAPH_GAP = 1.25;
/** The usual baseline step, in font sizes, when a page has too few lines to measure it. */
const DEFAULT_LINE_SPACING = 1.2;

interface Piece {
  text: string;
  frame: ItemFrame;
  /** Visual extent along the frame's advance, after trimming. */
  from: number;
  to: number;
  rtl: boolean;
  /** The text has right-to-left characters (or pdf.js found it right-to-left). */
  hasRtl: boolean;
  fontKey: string;
  fontName: string;
  breakBefore: boolean;
  spaceBefore: boolean;
}

interface Line {
  pieces: Piece[];
  /** The piece carrying the dominant font size: its baseline stands for the line's. */
  ref: Piece;
  fontSize: number;
  fontKey: string;
}

/** The per-load prefix pdf.js gives font names ("g_d3_f1" → "f1"), so output is deterministic. */
export function stableFontKey(loadedName: string): string {
  return loadedName.replace(/^g_d\d+_/, "");
}

export function assemblePage(
  items: readonly TextItemLike[],
  styles: Readonly<Record<string, TextStyleLike | undefined>>,
  viewport: ViewportLike,
  pageNumber: number,
): PageText {
  const pieces = collectPieces(items, styles);
  const lines = groupLines(pieces, pageDirection(pieces));
  return buildText(lines, viewport, pageNumber);
}

function collectPieces(
  items: readonly TextItemLike[],
  styles: Readonly<Record<string, TextStyleLike | undefined>>,
): Piece[] {
  const pieces: Piece[] = [];
  let pendingSpace = false;
  let pendingEOL = false;
  let prev: Piece | undefined;
  let lineRtl = false;
  for (const item of items) {
    const str = item.str;
    const lead = leadingBlanks(str);
    if (lead === str.length) {
      // Whitespace and empty items only carry separators: never a run.
      if (str.length > 0) pendingSpace = true;
      if (item.hasEOL) pendingEOL = true;
      continue;
    }
    const style = styles[item.fontName];
    const frame = itemFrame(item, style);
    const trail = trailingBlanks(str, lead);
    const rtl = item.dir === "rtl";
    const len = str.length;
    // Trimmed characters shrink the box proportionally; in an RTL item the logical start is the
    // visual end.
    const headFrac = (rtl ? trail : lead) / len;
    const tailFrac = (rtl ? lead : trail) / len;
    const text = str.slice(lead, len - trail);
    const piece: Piece = {
      text,
      frame,
      from: frame.advance * headFrac,
      to: frame.advance * (1 - tailFrac),
      rtl,
      hasRtl: rtl || hasRtlChars(text),
      fontKey: stableFontKey(item.fontName),
      fontName: style?.fontFamily || stableFontKey(item.fontName),
      breakBefore: false,
      spaceBefore: false,
    };
    if (prev) {
      piece.breakBefore = pendingEOL || startsNewLine(prev, piece, lineRtl);
      piece.spaceBefore =
        !piece.breakBefore && (pendingSpace || lead > 0 || apart(prev, piece) || isNoteMarker(prev, piece));
    }
    lineRtl = (lineRtl && !piece.breakBefore) || piece.hasRtl;
    pieces.push(piece);
    prev = piece;
    pendingSpace = trail > 0;
    pendingEOL = item.hasEOL;
  }
  return pieces;
}

/** Position of a point of `p`'s baseline (at `along`) in `frame`'s coordinates (along u, along n). */
function project(frame: ItemFrame, p: Piece, along: number): [number, number] {
  const x = p.frame.ox + p.frame.ux * along - frame.ox;
  const y = p.frame.oy + p.frame.uy * along - frame.oy;
  return [x * frame.ux + y * frame.uy, x * frame.nx + y * frame.ny];
}

/**
 * Whether `b` begins a new line after `a`. `lineRtl`: the line so far has right-to-left text, where
 * items may come in visual order (right-to-left words drawn left to right) or left-to-right items
 * in logical order stand right to left (a number, then the word before it).
 */
function startsNewLine(a: Piece, b: Piece, lineRtl: boolean): boolean {
  const fa = a.frame;
  const fb = b.frame;
  if (fa.vertical !== fb.vertical) return true;
  if (fa.ux * fb.ux + fa.uy * fb.uy < SAME_ANGLE_COS) return true;
  const size = Math.max(fa.fontSize, fb.fontSize);
  const [bFrom, shift] = project(fa, b, b.from);
  if (Math.abs(shift) > SAME_LINE_SHIFT * size) return true;
  const [bTo] = project(fa, b, b.to);
  // Jumping back over the previous item on the same baseline: a new line (or column) begins —
  // unless, in a line with right-to-left text, the item abuts the previous one on that side.
  const jump = BACKWARD_JUMP * size;
  if (!a.rtl && !b.rtl && bFrom < a.from - jump) return !(lineRtl && Math.abs(bTo - a.from) <= jump);
  if (a.rtl && b.rtl && bTo > a.to + jump) return Math.abs(bFrom - a.to) > jump;
  return false;
}

/** Whether two items on one line stand apart by more than a word-space fraction of the font size. */
/** Raised this far (in the previous item's font sizes) and this much smaller, digits are a note marker. */
const MARKER_RISE = 0.2;
const MARKER_SIZE = 0.85;

/**
 * A footnote marker set as a raised, smaller number right after a word ("modem.¹"): a word of its
 * own, as poppler reads it, so "modem." and "1" are not glued into one word ("modem.1"). Letters
 * raised inside a word (the A of LaTeX) stay joined.
 */
function isNoteMarker(a: Piece, b: Piece): boolean {
  if (!/^\p{Nd}+$/u.test(b.text) || !/\p{L}[.,;:!?)”’"]?$/u.test(a.text)) return false;
  if (b.frame.fontSize > MARKER_SIZE * a.frame.fontSize) return false;
  const [, shift] = project(a.frame, b, b.from);
  // The frame's normal points up from the baseline: a raised marker is a positive shift.
  return shift > MARKER_RISE * a.frame.fontSize;
}

function apart(a: Piece, b: Piece): boolean {
  const [bFrom] = project(a.frame, b, b.from);
  const [bTo] = project(a.frame, b, b.to);
  // The gap between the two extents along the baseline, whichever side b lies on (RTL text and
  // mixed-direction lines run right to left).
  const gap = Math.max(bFrom - a.to, a.from - bTo);
  return gap > SPACE_GAP * Math.min(a.frame.fontSize, b.frame.fontSize);
}

function groupLines(pieces: Piece[], rtl: boolean | undefined): Line[] {
  const lines: Line[] = [];
  let current: Piece[] = [];
  const flush = (): void => {
    if (current.length > 0) lines.push(makeLine(rtl === undefined ? current : logicalOrder(current, rtl)));
    current = [];
  };
  for (const piece of pieces) {
    if (piece.breakBefore) flush();
    current.push(piece);
  }
  flush();
  return lines;
}

/**
 * The page's dominant direction for lines that mix both (true: right to left), by its strong
 * letters; undefined when the page has no right-to-left text (nothing to reorder).
 */
function pageDirection(pieces: readonly Piece[]): boolean | undefined {
  if (!pieces.some((p) => p.hasRtl)) return undefined;
  const { rtl, ltr } = strongLetters(pieces);
  return rtl >= ltr;
}

/** Strong right-to-left and left-to-right letters over pieces. */
function strongLetters(pieces: readonly Piece[]): { rtl: number; ltr: number } {
  let rtl = 0;
  let ltr = 0;
  for (const p of pieces) {
    const n = strongCounts(p.text);
    rtl += n.rtl;
    ltr += n.ltr;
  }
  return { rtl, ltr };
}

/** Leader characters (dots, rules) that set a page number apart from its title. */
const LEADER_CHARS = ".·•…‥⋯_\\-–—․‧";
const NUMBER_LEADERS = new RegExp(`^([${LEADER_CHARS}]{3,})?(.+?)([${LEADER_CHARS}]{3,})?$`, "u");

/** A stretch [start, end) of a piece's text that takes its own place in a mixed-direction line. */
interface Segment {
  piece: Piece;
  /** Index of the piece in the line. */
  owner: number;
  start: number;
  end: number;
  /** Whitespace (or the piece's own space before) separates it from the segment before it. */
  spaceBefore: boolean;
  /** The segment as a piece: the piece itself, or the part of it with its share of the box. */
  sub: Piece;
}

/**
 * Where a left-to-right piece on a line with right-to-left text splits: between words of differing
 * roles (words with letters or digits, words of punctuation only) and between a number and leader
 * dots stuck to it ("12 ....." or "12......" → "12", "....."). Such parts can end up apart in
 * logical order ("title ..... 12" drawn as "12 ..... title"). Right-to-left pieces and pieces
 * without such a boundary stay whole.
 */
function segmentsOf(piece: Piece, owner: number): Segment[] {
  const whole: Segment[] = [
    { piece, owner, start: 0, end: piece.text.length, spaceBefore: piece.spaceBefore, sub: piece },
  ];
  if (piece.rtl || piece.hasRtl) return whole;
  const text = piece.text;
  // Words (runs of non-blanks), numbers' leader dots split off.
  const tokens: { start: number; end: number; neutral: boolean; gapBefore: boolean }[] = [];
  let i = 0;
  while (i < text.length) {
    const gapBefore = i > 0;
    while (i < text.length && isBlank(text.charCodeAt(i))) i++;
    const start = i;
    while (i < text.length && !isBlank(text.charCodeAt(i))) i++;
    if (i === start) break;
    const word = text.slice(start, i);
    const cls = bidiClass(word, false);
    const m = cls === "EN" || cls === "AN" ? NUMBER_LEADERS.exec(word) : null;
    if (m && (m[1] || m[3])) {
      let at = start;
      const head = m[1] ?? "";
      if (head) tokens.push({ start: at, end: (at += head.length), neutral: true, gapBefore });
      tokens.push({ start: at, end: (at += m[2]!.length), neutral: false, gapBefore: gapBefore && !head });
      if (m[3]) tokens.push({ start: at, end: i, neutral: true, gapBefore: false });
    } else {
      tokens.push({ start, end: i, neutral: cls === "ON", gapBefore });
    }
  }
  const groups: { start: number; end: number; neutral: boolean; gapBefore: boolean }[] = [];
  for (const t of tokens) {
    const last = groups[groups.length - 1];
    if (last && last.neutral === t.neutral) last.end = t.end;
    else groups.push({ ...t });
  }
  if (groups.length < 2) return whole;
  return groups.map((g, k) => ({
    piece,
    owner,
    start: g.start,
    end: g.end,
    spaceBefore: k === 0 ? piece.spaceBefore : g.gapBefore,
    sub: subPiece(piece, g.start, g.end),
  }));
}

/** The part [start, end) of a left-to-right piece, with its proportional share of the box. */
function subPiece(piece: Piece, start: number, end: number): Piece {
  if (start === 0 && end === piece.text.length) return piece;
  const perChar = (piece.to - piece.from) / piece.text.length;
  const text = piece.text.slice(start, end);
  return {
    ...piece,
    text,
    from: piece.from + perChar * start,
    to: piece.from + perChar * end,
    hasRtl: hasRtlChars(text),
  };
}

/**
 * A line's pieces in logical order. Lines without right-to-left text, and lines whose content
 * order already displays as drawn under the bidi algorithm (text written in logical order), come
 * back as they are. Otherwise the pieces are read in visual order (along the baseline) and put in
 * logical order (./bidi.ts); parts of one piece that stay together in order are joined again.
 * The paragraph direction is the line's when at least two thirds of its letters run one way (a
 * line with right-to-left letters only is right to left), else the page's (`pageRtl`).
 */
function logicalOrder(pieces: Piece[], pageRtl: boolean): Piece[] {
  if (pieces.length < 2 || !pieces.some((p) => p.hasRtl) || pieces.some((p) => p.frame.vertical)) {
    return pieces;
  }
  const { rtl: rtlLetters, ltr: ltrLetters } = strongLetters(pieces);
  if (rtlLetters === 0) return pieces;
  // The paragraph direction: the line's own when it is clearly in one direction, else the page's.
  const lineRtl = rtlLetters >= 2 * ltrLetters ? true : ltrLetters >= 2 * rtlLetters ? false : undefined;
  const rtl = lineRtl ?? pageRtl;
  const segs = pieces.flatMap((p, i) => segmentsOf(p, i));
  const classes = segs.map((s) => bidiClass(s.sub.text, s.sub.rtl));
  const base = pieces[0]!.frame;
  // Each segment's extent along the line's baseline, and its middle.
  const lo: number[] = [];
  const hi: number[] = [];
  for (const { sub } of segs) {
    const x0 = project(base, sub, sub.from)[0];
    const x1 = project(base, sub, sub.to)[0];
    lo.push(Math.min(x0, x1));
    hi.push(Math.max(x0, x1));
  }
  const at = segs.map((_, i) => (lo[i]! + hi[i]!) / 2);
  const visual = segs.map((_, i) => i).sort((x, y) => at[x]! - at[y]! || x - y);
  // Whether a display order puts each segment left of the next (or over it: a mark drawn on
  // its letter, an overprint).
  const drawn = (order: number[]): boolean =>
    order.every((a, k) => {
      const b = order[k + 1];
      if (b === undefined || at[a]! <= at[b]!) return true;
      const overlap = Math.min(hi[a]!, hi[b]!) - Math.max(lo[a]!, lo[b]!);
      return overlap >= 0 && overlap >= 0.5 * Math.min(hi[a]! - lo[a]!, hi[b]! - lo[b]!);
    });
  // Content order that displays as drawn is logical order. When the line leans one way and the
  // page the other, either paragraph direction will do (a mostly-English line of an Arabic
  // paragraph). Not otherwise: "12 ..... title" read left to right passes as an LTR line.
  if (drawn(visualFromLogical(classes, rtl))) return pieces;
  if (ltrLetters > 0 && rtl !== pageRtl && drawn(visualFromLogical(classes, pageRtl))) return pieces;
  const order = logicalFromVisual(
    visual.map((i) => classes[i]!),
    rtl,
  ).map((k) => visual[k]!);
  if (order.every((seg, k) => seg === k)) return pieces;
  // Consecutive parts of one piece, in order, make one piece again.
  const spans: [number, number][] = [];
  for (const seg of order) {
    const last = spans[spans.length - 1];
    if (last && seg === last[1] + 1 && segs[seg]!.owner === segs[last[1]]!.owner) last[1] = seg;
    else spans.push([seg, seg]);
  }
  const out: Piece[] = [];
  spans.forEach(([first, last], k) => {
    const a = segs[first]!;
    const piece = subPiece(a.piece, a.start, segs[last]!.end);
    let spaceBefore = false;
    if (k > 0) {
      const [prevFirst, prevLast] = spans[k - 1]!;
      // Neighbours in content order keep the separator found there; others stand apart or not.
      if (first === prevLast + 1) spaceBefore = a.spaceBefore;
      else if (prevFirst === last + 1) spaceBefore = segs[prevFirst]!.spaceBefore;
      else spaceBefore = apart(out[k - 1]!, piece);
    }
    out.push({ ...piece, breakBefore: k === 0 && pieces[0]!.breakBefore, spaceBefore });
  });
  return out;
}

function makeLine(pieces: Piece[]): Line {
  // Character-weighted votes: a line's size is what most of its text is set in.
  const bySize = new Map<number, number>();
  const byFont = new Map<string, number>();
  for (const p of pieces) {
    const size = Math.round(p.frame.fontSize * 10) / 10;
    bySize.set(size, (bySize.get(size) ?? 0) + p.text.length);
    byFont.set(p.fontKey, (byFont.get(p.fontKey) ?? 0) + p.text.length);
  }
  const fontSize = argMax(bySize) ?? pieces[0]!.frame.fontSize;
  const fontKey = argMax(byFont) ?? pieces[0]!.fontKey;
  const ref = pieces.find((p) => Math.abs(p.frame.fontSize - fontSize) < 0.06) ?? pieces[0]!;
  return { pieces, ref, fontSize, fontKey };
}

function argMax<K>(votes: Map<K, number>): K | undefined {
  let best: K | undefined;
  let bestVotes = -1;
  for (const [key, n] of votes) {
    if (n > bestVotes) {
      best = key;
      bestVotes = n;
    }
  }
  return best;
}

/** How far below line `a`'s baseline line `b`'s lies, in `a`'s frame (negative: above). */
function baselineStep(a: Line, b: Line): number {
  return -project(a.ref.frame, b.ref, b.ref.from)[1];
}

/**
 * The page's usual baseline step between consecutive lines, in font sizes: the median over pairs of
 * lines set in the same size that follow each other downwards at a plausible distance.
 */
function usualLineSpacing(lines: Line[]): number {
  const ratios: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!;
    const b = lines[i]!;
    if (Math.abs(a.fontSize - b.fontSize) > 0.5) continue;
    const ratio = baselineStep(a, b) / a.fontSize;
    if (ratio > 0.8 && ratio < 3) ratios.push(ratio);
  }
  if (ratios.length < 2) return DEFAULT_LINE_SPACING;
  ratios.sort((x, y) => x - y);
  return ratios[Math.floor(ratios.length / 2)]!;
}

const SENTENCE_END = /[.!?:;…"”’)\]»。！？：；」』）]$/u;
const LOWER_START = /^\p{Ll}/u;

/** Whether the break between two lines is a paragraph break ("\n\n") rather than a line break. */
function isParagraphBreak(a: Line, b: Line, spacing: number, aText: string, bText: string): boolean {
  const step = baselineStep(a, b);
  const size = Math.max(a.fontSize, b.fontSize);
  if (step > 0.5 * spacing * size) {
    // Moving down the page: a gap clearly larger than the usual line spacing.
    return step > PARAGRAPH_GAP * spacing * size;
  }
  // Moving up or sideways: a new column or block. A sentence running on into it ("… the\nvalue")
  // is not a paragraph break.
  return SENTENCE_END.test(aText) || !LOWER_START.test(bText);
}

function buildText(lines: Line[], viewport: ViewportLike, pageNumber: number): PageText {
  const spacing = usualLineSpacing(lines);
  const parts: string[] = [];
  const runs: TextRun[] = [];
  const pageLines: PageLine[] = [];
  let pos = 0;
  let prevLine: Line | undefined;
  let prevLineText = "";
  for (const line of lines) {
    const lineText = line.pieces.map((p) => p.text).join(" ");
    let paragraphBefore = true;
    if (prevLine) {
      paragraphBefore = isParagraphBreak(prevLine, line, spacing, prevLineText, lineText);
      const sep = paragraphBefore ? "\n\n" : "\n";
      parts.push(sep);
      pos += sep.length;
    }
    const lineStart = pos;
    let top = Infinity;
    line.pieces.forEach((piece, i) => {
      if (i > 0 && piece.spaceBefore) {
        parts.push(" ");
        pos += 1;
      }
      const rect = displayRect(piece.frame, piece.from, piece.to, viewport);
      const dir: RunDirection = displayDirection(piece.frame, viewport, piece.rtl);
      const run: TextRun = {
        page: pageNumber,
        start: pos,
        end: pos + piece.text.length,
        x0: roundCoord(rect.x0),
        y0: roundCoord(rect.y0),
        x1: roundCoord(rect.x1),
        y1: roundCoord(rect.y1),
        fontSize: roundCoord(piece.frame.fontSize),
        fontName: piece.fontName,
        dir,
      };
      runs.push(run);
      parts.push(piece.text);
      pos += piece.text.length;
      if (rect.y0 < top) top = rect.y0;
    });
    pageLines.push({
      start: lineStart,
      end: pos,
      fontSize: line.fontSize,
      fontKey: line.fontKey,
      top: roundCoord(top),
      paragraphBefore,
    });
    prevLine = line;
    prevLineText = lineText;
  }
  return { text: parts.join(""), runs, lines: pageLines };
}
