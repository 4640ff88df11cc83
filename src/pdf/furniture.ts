/**
 * Page furniture and table-of-contents lines, found from the extracted pages' geometry (DESIGN §12).
 *
 * Furniture: a line in the top or bottom band of its page whose text (digits normalized) recurs at
 * about the same height on at least 3 pages and 30% of the document's pages — or recurs on 3 pages
 * in a running head's slot, where the outermost line of the band stands in one size on 30% of the
 * pages while its text follows the chapter (one-sided "Chapter 2: Objects", or a two-sided book's
 * chapter facing its title, odd/even); and page numbers — a lone number, roman numeral, "Page N (of M)" or the page's
 * own label in those bands, also as the first or last item of a header line. A line is furniture
 * only while no body line stands between it and the page's edge, so text repeated in the middle of
 * pages never is; a document of 1–2 pages has none.
 *
 * Table-of-contents and index lines: a title, a dot leader and a page reference ("6.3.1 Windows . .
 * . 26"), or three or more lines in a row ending in page references ("alist, 12, 34").
 */
import type { FurnitureKind, TextRun } from "../core/document";
import type { PageLine } from "./assemble";

/** What detection reads of one extracted page (offsets local to the page's text). */
export interface PageForFurniture {
  number: number;
  label?: string;
  height: number;
  text: string;
  runs: readonly TextRun[];
  lines: readonly PageLine[];
}

/** A piece of furniture on a page: runs [firstRun, lastRun] of the page, [start, end) of its text. */
export interface FurnitureMark {
  kind: FurnitureKind;
  start: number;
  end: number;
  firstRun: number;
  lastRun: number;
}

/** The share of the page's height, at its top and at its bottom, where furniture may stand. */
const BAND = 0.12;
/** How many lines from each edge may be furniture (a header line and a rule of small print under it). */
const MAX_LINES_PER_BAND = 3;
/** A running head recurs on at least this share of the pages (and on 3 or more). */
const RECURRENCE_SHARE = 0.3;
const MIN_PAGES = 3;
/** Two occurrences are "at about the same height" within this many points, or half the font size. */
const HEIGHT_TOLERANCE = 4;

interface Candidate {
  page: number; // index into pages
  band: "top" | "bottom";
  /** The line's edge towards its band's page edge: its top for the top band, its bottom else. */
  y: number;
  fontSize: number;
  key: string;
  text: string;
  start: number;
  end: number;
  firstRun: number;
  lastRun: number;
  /** 0 for the outermost line of the band, 1 for the next, … */
  depth: number;
}

const PAGE_NUMBER =
  /^(?:[-–—]\s*)?(?:page\s+)?(\p{Nd}{1,5}|[ivxlcdm]{1,8})(?:\s*(?:of|\/)\s*\p{Nd}{1,5})?(?:\s*[-–—])?$/iu;
/** A well-formed roman numeral (so "mid" or "civil" is not one). */
const ROMAN = /^(?=[mdclxvi])m{0,4}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$/i;

export function findFurniture(pages: readonly PageForFurniture[]): FurnitureMark[][] {
  const marks: FurnitureMark[][] = pages.map(() => []);
  if (pages.length < MIN_PAGES) return marks;
  const candidates = pages.flatMap((page, index) => bandCandidates(page, index));
  const taken = new Set(runningHeads(candidates, pages.length));
  const offset = printedNumberOffset(candidates, pages);
  for (const c of candidates) {
    const page = pages[c.page]!;
    if (taken.has(c)) {
      marks[c.page]!.push({
        // A recurring lone number ("#" on every page) is the page's number, not a running footer.
        kind: isPageNumber(c.text, page, offset) ? "page-number" : c.band === "top" ? "header" : "footer",
        start: c.start,
        end: c.end,
        firstRun: c.firstRun,
        lastRun: c.lastRun,
      });
      continue;
    }
    if (c.depth === 0 && isPageNumber(c.text, page, offset)) {
      marks[c.page]!.push({
        kind: "page-number",
        start: c.start,
        end: c.end,
        firstRun: c.firstRun,
        lastRun: c.lastRun,
      });
      continue;
    }
    // A page number set as the first or last item of a header line ("Chapter 2: Objects     7").
    if (c.lastRun > c.firstRun) {
      for (const r of [c.firstRun, c.lastRun]) {
        const run = page.runs[r]!;
        if (isPageNumber(page.text.slice(run.start, run.end), page, offset, true))
          marks[c.page]!.push({
            kind: "page-number",
            start: run.start,
            end: run.end,
            firstRun: r,
            lastRun: r,
          });
      }
    }
  }
  for (const list of marks) list.sort((a, b) => a.start - b.start);
  return marks;
}

/** The outermost lines of each band of a page, as candidates. */
function bandCandidates(page: PageForFurniture, index: number): Candidate[] {
  if (page.height <= 0 || page.lines.length === 0) return [];
  const lines = page.lines.map((line) => lineBox(page, line)).filter((l) => l !== null);
  if (lines.length < 2) return [];
  const byTop = [...lines].sort((a, b) => a.y0 - b.y0);
  const out: Candidate[] = [];
  const top = BAND * page.height;
  const bottom = (1 - BAND) * page.height;
  for (let i = 0; i < Math.min(MAX_LINES_PER_BAND, byTop.length - 1) && byTop[i]!.y1 <= top; i++)
    out.push(candidate(page, index, byTop[i]!, "top", i));
  const byBottom = [...lines].sort((a, b) => b.y1 - a.y1);
  for (let i = 0; i < Math.min(MAX_LINES_PER_BAND, byBottom.length - 1) && byBottom[i]!.y0 >= bottom; i++)
    if (!out.some((c) => c.start === byBottom[i]!.start))
      out.push(candidate(page, index, byBottom[i]!, "bottom", i));
  return out;
}

interface LineBox {
  start: number;
  end: number;
  y0: number;
  y1: number;
  fontSize: number;
  firstRun: number;
  lastRun: number;
}

function lineBox(page: PageForFurniture, line: PageLine): LineBox | null {
  let y0 = Infinity;
  let y1 = -Infinity;
  let firstRun = -1;
  let lastRun = -1;
  // Runs are in text order; a line's runs are the ones inside its range.
  let lo = 0;
  let hi = page.runs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (page.runs[mid]!.end <= line.start) lo = mid + 1;
    else hi = mid;
  }
  for (let r = lo; r < page.runs.length && page.runs[r]!.start < line.end; r++) {
    const run = page.runs[r]!;
    if (run.start < line.start) continue;
    if (firstRun < 0) firstRun = r;
    lastRun = r;
    y0 = Math.min(y0, run.y0);
    y1 = Math.max(y1, run.y1);
  }
  if (firstRun < 0) return null;
  return { start: line.start, end: line.end, y0, y1, fontSize: line.fontSize, firstRun, lastRun };
}

function candidate(
  page: PageForFurniture,
  index: number,
  line: LineBox,
  band: "top" | "bottom",
  depth: number,
): Candidate {
  const text = page.text.slice(line.start, line.end);
  return {
    page: index,
    band,
    y: band === "top" ? line.y0 : line.y1,
    fontSize: line.fontSize,
    key: `${band}|${normalizeLine(text)}`,
    text,
    start: line.start,
    end: line.end,
    firstRun: line.firstRun,
    lastRun: line.lastRun,
    depth,
  };
}

/** Digits → "#", case and spaces folded: "Chapter 2: Objects 7" and "chapter 2: objects 12" are one key. */
export function normalizeLine(text: string): string {
  return text
    .toLowerCase()
    .replace(/\p{Nd}+/gu, "#")
    .replace(/\s+/gu, " ")
    .trim();
}

/** The candidates that are running heads or footers: recurring text at a recurring height. */
function runningHeads(candidates: readonly Candidate[], pageCount: number): Candidate[] {
  const need = Math.max(MIN_PAGES, Math.ceil(RECURRENCE_SHARE * pageCount));
  const heads = new Set<Candidate>();
  for (const group of groupBy(candidates, (c) => c.key).values()) {
    if (group[0]!.key.endsWith("|")) continue;
    const cluster = sameHeight(group);
    if (new Set(cluster.map((c) => c.page)).size >= need) for (const c of cluster) heads.add(c);
  }
  // A running head's slot: the outermost line of a band stands at one height, in one size, on
  // most pages while its text changes with the chapter ("Chapter 2: Objects", or a two-sided
  // book's chapter facing its title). A text that recurs there on 3 pages or more is a running
  // head too; a text found there once or twice (a chapter opening's own first line) is not.
  for (const slot of headSlots(
    candidates.filter((c) => c.depth === 0),
    need,
  )) {
    for (const group of groupBy(slot, (c) => c.key).values()) {
      if (group[0]!.key.endsWith("|")) continue;
      if (new Set(group.map((c) => c.page)).size >= MIN_PAGES) for (const c of group) heads.add(c);
    }
  }
  return [...heads];
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Outermost lines of one band at one height in one size, on at least `need` pages. */
function headSlots(outermost: readonly Candidate[], need: number): Candidate[][] {
  const slots: Candidate[][] = [];
  const bySize = groupBy(outermost, (c) => `${c.band}|${Math.round(c.fontSize * 2) / 2}`);
  for (const group of bySize.values()) {
    const sorted = [...group].sort((a, b) => a.y - b.y);
    let cluster: Candidate[] = [];
    const flush = () => {
      if (new Set(cluster.map((c) => c.page)).size >= need) slots.push(cluster);
      cluster = [];
    };
    for (const c of sorted) {
      if (cluster.length > 0 && c.y - cluster[cluster.length - 1]!.y > tolerance(c)) flush();
      cluster.push(c);
    }
    flush();
  }
  return slots;
}

/** The members of a group at the height most of them share. */
function sameHeight(group: readonly Candidate[]): Candidate[] {
  const y = median(group.map((c) => c.y));
  return group.filter((c) => Math.abs(c.y - y) <= tolerance(c));
}

function tolerance(c: Candidate): number {
  return Math.max(HEIGHT_TOLERANCE, c.fontSize * 0.5);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The difference between printed page numbers and physical ones that most lone numbers in the
 * bands agree on (front matter shifts them); null when fewer than two agree.
 */
function printedNumberOffset(
  candidates: readonly Candidate[],
  pages: readonly PageForFurniture[],
): number | null {
  const votes = new Map<number, number>();
  const vote = (text: string, page: PageForFurniture): void => {
    const m = /^\p{Nd}{1,5}$/u.exec(text.trim());
    if (!m) return;
    const diff = Number(text.trim()) - page.number;
    votes.set(diff, (votes.get(diff) ?? 0) + 1);
  };
  for (const c of candidates) {
    const page = pages[c.page]!;
    vote(c.text, page);
    if (c.lastRun > c.firstRun)
      for (const r of [c.firstRun, c.lastRun])
        vote(page.text.slice(page.runs[r]!.start, page.runs[r]!.end), page);
  }
  let best: number | null = null;
  let bestVotes = 1;
  for (const [diff, n] of votes) if (n > bestVotes) [best, bestVotes] = [diff, n];
  return best;
}

/**
 * Whether `text` is this page's number: its label, "Page N (of M)", a roman numeral, or a number
 * that follows the document's printed numbering. An item inside a header line must match the label
 * or the numbering exactly (a lone "2" in "Chapter 2" is no page number).
 */
function isPageNumber(text: string, page: PageForFurniture, offset: number | null, strict = false): boolean {
  const t = text.trim();
  if (t === "") return false;
  if (page.label && t.toLowerCase() === page.label.toLowerCase()) return true;
  const m = PAGE_NUMBER.exec(t);
  if (!m) return false;
  const value = m[1]!;
  if (!/^\p{Nd}+$/u.test(value)) return ROMAN.test(value) && !strict;
  // Alone on the outermost line of a band it is the page's number whatever its value (front
  // matter numbered apart); as an item of a header line it must follow the document's numbering.
  return !strict || (offset !== null && Number(value) - page.number === offset);
}

/** Page-local [start, end) spans of table-of-contents and index lines, consecutive lines joined. */
export function findTocLines(text: string, lines: readonly PageLine[]): { start: number; end: number }[] {
  const isToc = lines.map((l) => LEADER_LINE.test(text.slice(l.start, l.end)));
  // Index-like lines ("alist, 12, 34") count only three or more in a row: one body line may end in a number.
  const refs = lines.map((l) => PAGE_REFS_LINE.test(text.slice(l.start, l.end)));
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j < lines.length && (refs[j] || isToc[j])) j++;
    if (j - i >= 3) for (let k = i; k < j; k++) isToc[k] = true;
    i = j === i ? i + 1 : j;
  }
  const spans: { start: number; end: number }[] = [];
  lines.forEach((line, i) => {
    if (!isToc[i]) return;
    const last = spans[spans.length - 1];
    if (last && isToc[i - 1] && /^\s*$/u.test(text.slice(last.end, line.start))) last.end = line.end;
    else spans.push({ start: line.start, end: line.end });
  });
  return spans;
}

/** A dot leader (". . .", "....", "…", "···") with a page reference after it, or before it in RTL order. */
const LEADER_LINE =
  /(?:(?:[.·•]\s?){4,}|…{2,}|(?:…\s?){2,})\s*(?:\p{Nd}{1,5}|[ivxlcdm]{1,8})\s*$|^\s*(?:\p{Nd}{1,5}|[ivxlcdm]{1,8})\s*(?:(?:[.·•]\s?){4,}|…{2,})/iu;
/** A term followed by page references: "alist, 12, 34–36" or "alist 12". */
const PAGE_REFS_LINE =
  /^\s*\S.{0,120}?[,\s]\s*\p{Nd}{1,5}(?:\s*[–-]\s*\p{Nd}{1,5})?(?:\s*,\s*\p{Nd}{1,5}(?:\s*[–-]\s*\p{Nd}{1,5})?)*\s*$/u;
