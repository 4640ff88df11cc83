/**
 * Chunks in the shape the CLI prints and exports write (DESIGN §5): ADR-018's fields first
 * (chunk_id, text, tokens, page, bbox, start_char, end_char), then ours — the document's `doc_id`
 * and `doc_name` last among them (DESIGN §12: chunk ids repeat across documents) — then the
 * chunker's own.
 */
import type { Chunk } from "../chunk";
import { unionOnPage } from "../citations";
import type { DocModel, PageRect } from "../document";

/** How a record's `page` is chosen when it is not the first cited page. */
export interface RecordOptions {
  pageOf?(chunk: Chunk): number | null;
  /** The document the chunks are of, named in every record. */
  doc?: { id: string; name: string };
  /** CSV text cells as they are, unneutralized (the CLI's --csv-raw). */
  csvRaw?: boolean;
  /** ADR-018's bbox_confidence for a record's page (token only), among the chunker's own fields. */
  bboxConfidenceOf?(page: number | null): number | null;
}

/**
 * ADR-018's assign_page_number(start_char, page_breaks): the page whose text the offset lies before
 * the next page's start of — so an offset in the whitespace between two pages belongs to the first.
 * Null for a document without pages (Markdown, text).
 */
export function assignPageNumber(doc: Pick<DocModel, "pages">, offset: number): number | null {
  if (doc.pages.length === 0) return null;
  let page = doc.pages[0]!;
  for (const p of doc.pages) {
    if (p.textStart > offset) break;
    page = p;
  }
  return page.number;
}

/**
 * ADR-018's bbox_confidence (its Landing AI example: 0.95): how far the page's boxes can be trusted.
 * 1 where they come from the PDF's own text positions, the OCR words' mean confidence (0–1) on a
 * recognized page, null without a page (Markdown, text).
 */
export function bboxConfidence(doc: Pick<DocModel, "pages">, page: number | null): number | null {
  if (page === null) return null;
  const info = doc.pages.find((p) => p.number === page);
  if (!info) return null;
  return info.ocr ? Math.round(info.ocr.confidence * 10) / 1000 : 1;
}

/**
 * The `page` rule of DESIGN §5: the first cited page, except for `token`, whose seed (ADR-018)
 * writes assign_page_number(start_char) — and its bbox_confidence.
 */
export function recordOptionsFor(
  doc: Pick<DocModel, "pages" | "id" | "name">,
  chunker: string,
): RecordOptions {
  const named = { doc: { id: doc.id, name: doc.name } };
  return chunker === "token"
    ? {
        ...named,
        pageOf: (chunk) => assignPageNumber(doc, chunk.start),
        bboxConfidenceOf: (page) => bboxConfidence(doc, page),
      }
    : named;
}

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
  doc_id?: string;
  doc_name?: string;
  [own: string]: unknown;
}

export function toChunkRecord(chunk: Chunk, options: RecordOptions = {}): ChunkRecord {
  // `page` is the first cited page unless the chunker's seed says otherwise (recordOptionsFor).
  const page = options.pageOf ? options.pageOf(chunk) : (chunk.pages[0] ?? null);
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
  if (options.doc) {
    record.doc_id = options.doc.id;
    record.doc_name = options.doc.name;
  }
  // The seed's own field (DESIGN §5: after the contract's keys, with the chunker's).
  if (options.bboxConfidenceOf) record.bbox_confidence = options.bboxConfidenceOf(page);
  if (chunk.parentId !== undefined) record.parent_chunk_id = chunk.parentId;
  if (chunk.headingPath !== undefined) record.heading_path = chunk.headingPath;
  for (const [key, value] of Object.entries(chunk.meta)) if (!(key in record)) record[key] = value;
  return record;
}

export function toJsonl(chunks: readonly Chunk[], options: RecordOptions = {}): string {
  return chunks.map((c) => JSON.stringify(toChunkRecord(c, options)) + "\n").join("");
}

const CSV_COLUMNS = [
  "chunk_id",
  "doc_id",
  "doc_name",
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
export function toCsv(chunks: readonly Chunk[], options: RecordOptions = {}): string {
  const rows = [CSV_COLUMNS.join(",")];
  for (const chunk of chunks) {
    const r = toChunkRecord(chunk, options);
    const textCell = options.csvRaw ? (v: string) => v : neutralizeFormula;
    const cells: Record<(typeof CSV_COLUMNS)[number], string> = {
      chunk_id: textCell(r.chunk_id),
      doc_id: textCell(r.doc_id ?? ""),
      doc_name: textCell(r.doc_name ?? ""),
      page: r.page === null ? "" : String(r.page),
      pages: r.pages.join(" "),
      start_char: String(r.start_char),
      end_char: String(r.end_char),
      prefix_chars: String(r.prefix_chars),
      tokens: String(r.tokens),
      flags: textCell(r.flags.join(" ")),
      bbox: r.bbox ? r.bbox.join(" ") : "",
      text: textCell(r.text),
    };
    rows.push(CSV_COLUMNS.map((c) => csvField(cells[c])).join(","));
  }
  return rows.join("\r\n") + "\r\n";
}

/**
 * A text cell a spreadsheet would read as a formula (= + - @, or a leading tab or CR) gets a leading
 * apostrophe, as OWASP advises for CSV exports; numbers are never text cells here.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
