/**
 * Headings (levels 1–3) of an extracted PDF: from its outline when it has one (each entry located in
 * the text of its destination page), else from font sizes relative to the body text.
 */
import type { DocModel, Heading } from "../core/document";
import type { PageLine } from "./assemble";
import { matchKeyOf } from "../core/text/matchKey";
import { firstIndexWhere } from "../core/text/bisect";

/** A line of the document: a PageLine with its page and offsets into DocModel.text. */
export interface DocLine extends PageLine {
  page: number;
}

/** An outline entry resolved to its page. Coordinates are on the displayed page, when known. */
export interface OutlineTarget {
  title: string;
  /** 1 for top-level entries. */
  depth: number;
  /** 1-based page number. */
  page: number;
  /** Where the destination puts the top of the view (displayed-page y), if it says. */
  top: number | null;
}

const MAX_LEVEL = 3;

function normalizeTitle(title: string): string {
  return title.replace(/\s+/gu, " ").trim();
}

interface KeyedText {
  key: string;
  /** Offset into DocModel.text of each UTF-16 unit of `key`. */
  offsets: number[];
}

function keyed(text: string, base: number): KeyedText {
  let key = "";
  const offsets: number[] = [];
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    // A surrogate pair is one character: normalise it whole.
    const len = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length ? 2 : 1;
    const k = matchKeyOf(len === 1 ? text[i]! : text.slice(i, i + 2));
    key += k;
    for (let j = 0; j < k.length; j++) offsets.push(base + i);
    i += len;
  }
  return { key, offsets };
}

function titleKey(title: string): string {
  let key = "";
  for (const ch of title) key += matchKeyOf(ch);
  return key;
}

/** A section number or similar before a title on its line ("2.1", "A.3 –"), nothing else. */
const NUMBERING_ONLY = /^[\p{N}\p{P}\p{S}\s]*$/u;
/** Cost units: a point of vertical distance is worth 0.1; a structural mismatch 40. */
const COST_NOT_LINE_END = 40;
const COST_PROSE_BEFORE = 40;
const COST_ABOVE_TARGET = 30;

function lineAt(lines: readonly DocLine[], offset: number): DocLine | undefined {
  const after = firstIndexWhere(0, lines.length, (i) => lines[i]!.start > offset);
  return after > 0 ? lines[after - 1] : undefined;
}

/** Outline entries → headings: depth 1→1, 2→2, 3+→3; entries that cannot be located are skipped. */
export function headingsFromOutline(
  doc: Pick<DocModel, "text" | "pages">,
  lines: readonly DocLine[],
  targets: readonly OutlineTarget[],
): Heading[] {
  const linesByPage = new Map<number, DocLine[]>();
  for (const line of lines) {
    let list = linesByPage.get(line.page);
    if (!list) linesByPage.set(line.page, (list = []));
    list.push(line);
  }
  const keyedPages = new Map<number, KeyedText>();
  const headings: { heading: Heading; order: number }[] = [];
  targets.forEach((target, order) => {
    const page = doc.pages[target.page - 1];
    const pageLines = linesByPage.get(target.page);
    const title = normalizeTitle(target.title);
    if (!page || !pageLines || pageLines.length === 0 || title === "") return;
    let text = keyedPages.get(target.page);
    if (!text) {
      text = keyed(doc.text.slice(page.textStart, page.textEnd), page.textStart);
      keyedPages.set(target.page, text);
    }
    const start =
      locateTitle(doc.text, text, pageLines, titleKey(title), target.top) ??
      locateByPosition(pageLines, target.top);
    headings.push({ heading: { level: Math.min(target.depth, MAX_LEVEL), title, start }, order });
  });
  headings.sort((a, b) => a.heading.start - b.heading.start || a.order - b.order);
  return dedupe(headings.map((h) => h.heading));
}

/** The best occurrence of the title on its page: ending its line, after a number at most, near the target. */
function locateTitle(
  docText: string,
  text: KeyedText,
  pageLines: readonly DocLine[],
  key: string,
  top: number | null,
): number | null {
  if (key === "") return null;
  let best: number | null = null;
  let bestCost = Infinity;
  for (let at = text.key.indexOf(key); at >= 0; at = text.key.indexOf(key, at + 1)) {
    const start = text.offsets[at]!;
    const end = text.offsets[at + key.length - 1]! + 1;
    const line = lineAt(pageLines, start);
    if (!line) continue;
    const before = docText.slice(line.start, start);
    const after = docText.slice(end, line.end);
    let cost = 0;
    if (after.trim() !== "") cost += COST_NOT_LINE_END;
    const numbered = NUMBERING_ONLY.test(before);
    if (!numbered) cost += COST_PROSE_BEFORE;
    if (top !== null) {
      const dy = line.top - top;
      cost += Math.abs(dy) / 10;
      if (dy < -2 * line.fontSize) cost += COST_ABOVE_TARGET;
    }
    if (cost < bestCost) {
      bestCost = cost;
      // A heading starts with its number: "2.1 Basic types" for the outline's "Basic types".
      best = numbered ? line.start : start;
    }
  }
  return best;
}

/** The first line at or below the destination's top; without a position, the page's first line. */
function locateByPosition(pageLines: readonly DocLine[], top: number | null): number {
  if (top !== null) {
    for (const line of pageLines) if (line.top >= top - line.fontSize) return line.start;
  }
  return pageLines[0]!.start;
}

function dedupe(headings: Heading[]): Heading[] {
  const out: Heading[] = [];
  for (const h of headings) {
    const last = out[out.length - 1];
    if (last && last.start === h.start && last.level === h.level && last.title === h.title) continue;
    out.push(h);
  }
  return out;
}

/** Heading lines are this much larger than the body text (ratio and points). */
const MIN_RATIO = 1.15;
const MIN_POINTS = 1;
/** A size that sets more than this share of all characters is a second body text, not headings. */
const MAX_SIZE_SHARE = 0.3;
const MAX_TITLE_CHARS = 150;
const MAX_TITLE_WORDS = 20;
/** Lines merged into one heading when a title wraps. */
const MAX_HEADING_LINES = 3;
/** A title repeated on this many pages is a running header. */
const RUNNING_HEADER_PAGES = 3;
/** Ends like a sentence or a clause: body text, a caption, a list entry. */
const PROSE_END = /[.,;]$/u;

function sizeBucket(size: number): number {
  return Math.round(size * 2) / 2;
}

/**
 * Headings from font sizes: the body size is the one setting the most characters; short lines
 * clearly larger than it that open a block are headings, the largest distinct sizes levels 1, 2, 3.
 * (Bold same-size headings are not detected: pdf.js text content does not say which font is bold.)
 */
export function headingsFromFontSizes(
  doc: Pick<DocModel, "text" | "runs">,
  lines: readonly DocLine[],
): Heading[] {
  const charsBySize = new Map<number, number>();
  let total = 0;
  for (const run of doc.runs) {
    const n = run.end - run.start;
    const bucket = sizeBucket(run.fontSize);
    charsBySize.set(bucket, (charsBySize.get(bucket) ?? 0) + n);
    total += n;
  }
  if (total === 0) return [];
  let body = 0;
  let bodyChars = -1;
  for (const [size, n] of charsBySize) {
    if (n > bodyChars) {
      body = size;
      bodyChars = n;
    }
  }

  interface Candidate {
    title: string;
    start: number;
    size: number;
    page: number;
  }
  const candidates: Candidate[] = [];
  let open: (Candidate & { lines: number; lastIndex: number }) | undefined;
  lines.forEach((line, index) => {
    const size = sizeBucket(line.fontSize);
    const text = normalizeTitle(doc.text.slice(line.start, line.end));
    const large =
      size >= body * MIN_RATIO &&
      size >= body + MIN_POINTS &&
      (charsBySize.get(size) ?? 0) <= MAX_SIZE_SHARE * total;
    if (!large || !/\p{L}/u.test(text)) {
      open = undefined;
      return;
    }
    // A wrapped title continues on the next line of the same size, with no paragraph gap.
    if (
      open &&
      open.lastIndex === index - 1 &&
      open.page === line.page &&
      open.size === size &&
      !line.paragraphBefore &&
      open.lines < MAX_HEADING_LINES
    ) {
      open.title = `${open.title} ${text}`;
      open.lines += 1;
      open.lastIndex = index;
      return;
    }
    const prev = lines[index - 1];
    const opensBlock =
      line.paragraphBefore ||
      !prev ||
      prev.page !== line.page ||
      Math.abs(sizeBucket(prev.fontSize) - size) > 0.5;
    if (!opensBlock) {
      open = undefined;
      return;
    }
    open = { title: text, start: line.start, size, page: line.page, lines: 1, lastIndex: index };
    candidates.push(open);
  });

  const pagesByTitle = new Map<string, Set<number>>();
  for (const c of candidates) {
    const key = c.title.toLowerCase();
    let pages = pagesByTitle.get(key);
    if (!pages) pagesByTitle.set(key, (pages = new Set()));
    pages.add(c.page);
  }
  const kept = candidates.filter(
    (c) =>
      c.title.length <= MAX_TITLE_CHARS &&
      c.title.split(" ").length <= MAX_TITLE_WORDS &&
      !PROSE_END.test(c.title) &&
      (pagesByTitle.get(c.title.toLowerCase())?.size ?? 0) < RUNNING_HEADER_PAGES,
  );
  const sizes = [...new Set(kept.map((c) => c.size))].sort((a, b) => b - a);
  return kept.map((c) => ({
    level: Math.min(sizes.indexOf(c.size) + 1, MAX_LEVEL),
    title: c.title,
    start: c.start,
  }));
}
