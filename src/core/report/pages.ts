/**
 * Which pages a report shows: the user's pick, written as "1-3, 7", or by default the first three
 * pages and the pages of the selected chunk.
 */

/** A report renders each page to an image: more than this many would make a file too big to mail. */
export const MAX_REPORT_PAGES = 100;

const DEFAULT_FIRST_PAGES = 3;

export type PageSelection = { ok: true; pages: number[] } | { ok: false; error: string };

/** The first three pages and the selected chunk's, in order, each once. */
export function defaultReportPages(pageCount: number, selectedChunkPages: readonly number[] = []): number[] {
  const pages = new Set<number>();
  for (let p = 1; p <= Math.min(DEFAULT_FIRST_PAGES, pageCount); p++) pages.add(p);
  for (const p of selectedChunkPages) if (Number.isInteger(p) && p >= 1 && p <= pageCount) pages.add(p);
  return [...pages].sort((a, b) => a - b);
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
