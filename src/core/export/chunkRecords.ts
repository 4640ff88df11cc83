/**
 * Chunks in the shape the CLI prints and exports write (DESIGN §5): ADR-018's fields first
 * (chunk_id, text, tokens, page, bbox, start_char, end_char), then ours, then the chunker's own.
 */
import type { Chunk } from "../chunk";
import { unionOnPage } from "../citations";
import type { PageRect } from "../document";

export interface ChunkRecord {
  chunk_id: string;
  text: string;
  tokens: number;
  page: number | null;
  pages: number[];
  bbox: [number, number, number, number] | null;
  boxes: PageRect[];
  start_char: number;
  end_char: number;
  prefix_chars: number;
  flags: string[];
  [own: string]: unknown;
}

export function toChunkRecord(chunk: Chunk): ChunkRecord {
  // `page` is the first cited page: the page of start_char, except that a window starting on the
  // whitespace between two pages cites the page its first visible character is on.
  const page = chunk.pages[0] ?? null;
  const record: ChunkRecord = {
    chunk_id: chunk.id,
    text: chunk.text,
    tokens: chunk.tokens,
    page,
    pages: chunk.pages,
    bbox: unionOnPage(chunk.boxes, page),
    boxes: chunk.boxes,
    start_char: chunk.start,
    end_char: chunk.end,
    prefix_chars: chunk.prefixChars,
    flags: chunk.flags,
  };
  if (chunk.parentId !== undefined) record.parent_chunk_id = chunk.parentId;
  if (chunk.headingPath !== undefined) record.heading_path = chunk.headingPath;
  for (const [key, value] of Object.entries(chunk.meta)) if (!(key in record)) record[key] = value;
  return record;
}

export function toJsonl(chunks: readonly Chunk[]): string {
  return chunks.map((c) => JSON.stringify(toChunkRecord(c)) + "\n").join("");
}

const CSV_COLUMNS = [
  "chunk_id",
  "page",
  "pages",
  "start_char",
  "end_char",
  "prefix_chars",
  "tokens",
  "flags",
  "bbox",
  "text",
] as const;

/** RFC 4180 CSV: every field quoted when it holds a quote, comma or line break. */
export function toCsv(chunks: readonly Chunk[]): string {
  const rows = [CSV_COLUMNS.join(",")];
  for (const chunk of chunks) {
    const r = toChunkRecord(chunk);
    const cells: Record<(typeof CSV_COLUMNS)[number], string> = {
      chunk_id: r.chunk_id,
      page: r.page === null ? "" : String(r.page),
      pages: r.pages.join(" "),
      start_char: String(r.start_char),
      end_char: String(r.end_char),
      prefix_chars: String(r.prefix_chars),
      tokens: String(r.tokens),
      flags: r.flags.join(" "),
      bbox: r.bbox ? r.bbox.join(" ") : "",
      text: r.text,
    };
    rows.push(CSV_COLUMNS.map((c) => csvField(cells[c])).join(","));
  }
  return rows.join("\r\n") + "\r\n";
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
