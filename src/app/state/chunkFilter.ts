/**
 * The chunk filter (DESIGN §4 chunk-filter): one rule for the list and the boxes on the page — a
 * chunk matches when its id, text, flags, level or marks hold the needle (case-insensitive) — and
 * the preview that shows the match.
 */
import type { Chunk } from "../../core/chunk";

const NO_FLAGS: readonly string[] = [];

export function normalizeNeedle(filter: string): string {
  return filter.trim().toLowerCase();
}

function chunkMatches(chunk: Chunk, needle: string, qualityFlags: readonly string[] = NO_FLAGS): boolean {
  return (
    chunk.id.toLowerCase().includes(needle) ||
    chunk.text.toLowerCase().includes(needle) ||
    chunk.flags.some((f) => f.includes(needle)) ||
    qualityFlags.some((f) => f.includes(needle)) ||
    chunk.level === needle ||
    (chunk.marks ?? []).some((m) => m.label.toLowerCase().includes(needle))
  );
}

/** The chunks a filter leaves; the same array when there is no filter (memo-friendly). */
export function filterChunks(
  chunks: readonly Chunk[],
  filter: string,
  qualityFlags: readonly (readonly string[])[] = [],
): readonly Chunk[] {
  const needle = normalizeNeedle(filter);
  if (!needle) return chunks;
  return chunks.filter((c) => chunkMatches(c, needle, qualityFlags[c.index] ?? NO_FLAGS));
}

export interface PreviewPart {
  text: string;
  match: boolean;
}

/**
 * About `width` characters of a chunk's body for the list: its start, or — when the needle is in
 * the text — a window around the first match, the match marked.
 */
export function previewParts(text: string, needle: string, width = 160): PreviewPart[] {
  // Line breaks read as spaces: the preview is a line or two, and a break would push the match out of view.
  const body = text.replace(/\s+/g, " ");
  const at = needle ? body.toLowerCase().indexOf(needle) : -1;
  if (at < 0) return [{ text: body.slice(0, width), match: false }];
  const from = Math.max(0, at - 40);
  const end = Math.min(body.length, from + Math.max(width, at - from + needle.length));
  return [
    { text: (from > 0 ? "…" : "") + body.slice(from, at), match: false },
    { text: body.slice(at, at + needle.length), match: true },
    { text: body.slice(at + needle.length, end), match: false },
  ].filter((p) => p.text !== "");
}
