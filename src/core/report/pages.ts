/**
 * Which pages a report shows: the user's pick, written as "1-3, 7", or by default (DESIGN §12) the
 * selected chunk's pages and the pages where the most chunks are flagged or differ between A and
 * B — never a page without text (a cover image, a blank verso).
 */

/** A report renders each page to an image: more than this many would make a file too big to mail. */
export const MAX_REPORT_PAGES = 100;

/** Pages picked for what happens on them, beside the selected chunk's. */
const DEFAULT_NOTABLE_PAGES = 3;

export type PageSelection = { ok: true; pages: number[] } | { ok: false; error: string };

export interface DefaultPageOptions {
  /** Per page, how many chunks on it are flagged or differ between A and B. */
  notable?: ReadonlyMap<number, number>;
  /** Pages with no text on them: never picked. */
  blank?: ReadonlySet<number>;
}

/**
 * The selected chunk's pages, then the pages with the most flagged or differing chunks (ties: the
 * earlier page), then — when fewer than three were found — the first pages with text; in order,
 * each once, none blank.
 */
export function defaultReportPages(
  pageCount: number,
  selectedChunkPages: readonly number[] = [],
  options: DefaultPageOptions = {},
): number[] {
  const blank = options.blank ?? new Set<number>();
  const usable = (p: number) => Number.isInteger(p) && p >= 1 && p <= pageCount && !blank.has(p);
  const pages = new Set<number>(selectedChunkPages.filter(usable));
  const notable = [...(options.notable ?? new Map<number, number>())]
    .filter(([page, count]) => count > 0 && usable(page))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  for (const [page] of notable.slice(0, DEFAULT_NOTABLE_PAGES)) pages.add(page);
  for (let p = 1; p <= pageCount && pages.size < DEFAULT_NOTABLE_PAGES; p++) if (usable(p)) pages.add(p);
  return [...pages].sort((a, b) => a - b);
}

/** Per page, how many of `chunks` touch it and are notable (flagged, or cut where the other run is not). */
export function notableChunksByPage(
  chunks: readonly { pages: readonly number[] }[],
  isNotable: (index: number) => boolean,
): Map<number, number> {
  const counts = new Map<number, number>();
  chunks.forEach((chunk, i) => {
    if (!isNotable(i)) return;
    for (const page of chunk.pages) counts.set(page, (counts.get(page) ?? 0) + 1);
  });
  return counts;
}

/**
 * Pages written as numbers and ranges separated by commas or spaces ("1-3, 7", "2 5–6"), in order,
 * each once. An empty text is no choice: the caller uses the default.
 */
export function parsePageSelection(text: string, pageCount: number): PageSelection {
  const pages = new Set<number>();
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  // "1 - 3" was split into "1", "-", "3": joined again around the dash.
  const tokens: string[] = [];
  for (const part of parts) {
    const last = tokens.length - 1;
    if (/^[-–]/.test(part) && last >= 0 && /^\d+$/.test(tokens[last]!)) tokens[last] += part;
    else if (last >= 0 && /[-–]$/.test(tokens[last]!)) tokens[last] += part;
    else tokens.push(part);
  }
  for (const token of tokens) {
    const match = /^(\d+)(?:\s*[-–]\s*(\d+))?$/.exec(token);
    if (!match) return { ok: false, error: `"${token}" is not a page or a range like 1-3` };
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from < 1 || to < 1) return { ok: false, error: "pages count from 1" };
    if (to < from) return { ok: false, error: `${token}: a range runs from the lower page to the higher` };
    if (to > pageCount) return { ok: false, error: `page ${to} is past the last page (${pageCount})` };
    // Checked before the loop too, so "1-999999" is refused without counting to a million.
    const tooMany = { ok: false, error: `at most ${MAX_REPORT_PAGES} pages in one report` } as const;
    if (to - from + 1 > MAX_REPORT_PAGES) return tooMany;
    for (let p = from; p <= to; p++) pages.add(p);
    if (pages.size > MAX_REPORT_PAGES) return tooMany;
  }
  return { ok: true, pages: [...pages].sort((a, b) => a - b) };
}

/** Pages as the input reads them: runs of consecutive pages as ranges ("1-3, 7"). */
export function formatPageSelection(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j === i ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(", ");
}
