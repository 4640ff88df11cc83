/**
 * Chunks as they cross from the engine worker to the page: offsets, token counts, pages and boxes in
 * typed arrays whose buffers are transferred (moved, not copied), and no chunk text — the page holds
 * the document and slices it. Structured clone of ~4,000 chunk objects with their texts and box
 * objects was the longest main-thread task of a re-chunk; this makes the crossing a handful of
 * buffer moves and leaves only the chunkers' own fields (flags, meta, marks) to clone.
 */
import type { Chunk, ChunkMark } from "./chunk";
import type { PageRect } from "./document";

/** What a chunk carries beyond its range, pages and boxes; null where it carries nothing. */
interface ChunkExtras {
  prefix?: string;
  parentId?: string;
  level?: "parent" | "child";
  headingPath?: string;
  flags?: string[];
  meta?: Record<string, unknown>;
  marks?: ChunkMark[];
}

export interface PackedChunks {
  /** Null when every chunk's id is `chunk_<index>` (most runs): 150,000 strings need not cross. */
  ids: string[] | null;
  /** [start, end) into DocModel.text, per chunk. */
  starts: Int32Array;
  ends: Int32Array;
  tokens: Int32Array;
  /** pages[pageOffsets[i] .. pageOffsets[i + 1]) are chunk i's pages. */
  pageOffsets: Int32Array;
  pages: Int32Array;
  /** Five numbers a box (page, x0, y0, x1, y1); boxOffsets in boxes, not numbers. Float64: exact. */
  boxOffsets: Int32Array;
  boxes: Float64Array;
  /** Only the chunks that carry extras: their indices, and the extras in the same order. */
  extrasAt: Int32Array;
  extras: ChunkExtras[];
}

export function packChunks(chunks: readonly Chunk[]): PackedChunks {
  const n = chunks.length;
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  const tokens = new Int32Array(n);
  const pageOffsets = new Int32Array(n + 1);
  const boxOffsets = new Int32Array(n + 1);
  let pageCount = 0;
  let boxCount = 0;
  for (const c of chunks) {
    pageCount += c.pages.length;
    boxCount += c.boxes.length;
  }
  const pages = new Int32Array(pageCount);
  const boxes = new Float64Array(boxCount * 5);
  const ids: string[] = new Array<string>(n);
  let implicitIds = true;
  const extrasAt: number[] = [];
  const extras: ChunkExtras[] = [];
  let p = 0;
  let b = 0;
  for (let i = 0; i < n; i++) {
    const c = chunks[i]!;
    ids[i] = c.id;
    if (implicitIds && c.id !== `chunk_${i}`) implicitIds = false;
    starts[i] = c.start;
    ends[i] = c.end;
    tokens[i] = c.tokens;
    for (const page of c.pages) pages[p++] = page;
    pageOffsets[i + 1] = p;
    for (const box of c.boxes) {
      const at = b++ * 5;
      boxes[at] = box.page;
      boxes[at + 1] = box.x0;
      boxes[at + 2] = box.y0;
      boxes[at + 3] = box.x1;
      boxes[at + 4] = box.y1;
    }
    boxOffsets[i + 1] = b;
    const e = extrasOf(c);
    if (e) {
      extrasAt.push(i);
      extras.push(e);
    }
  }
  return {
    ids: implicitIds ? null : ids,
    starts,
    ends,
    tokens,
    pageOffsets,
    pages,
    boxOffsets,
    boxes,
    extrasAt: Int32Array.from(extrasAt),
    extras,
  };
}

function extrasOf(c: Chunk): ChunkExtras | null {
  const e: ChunkExtras = {};
  if (c.prefixChars > 0) e.prefix = c.text.slice(0, c.prefixChars);
  if (c.parentId !== undefined) e.parentId = c.parentId;
  if (c.level !== undefined) e.level = c.level;
  if (c.headingPath !== undefined) e.headingPath = c.headingPath;
  if (c.flags.length > 0) e.flags = c.flags;
  if (Object.keys(c.meta).length > 0) e.meta = c.meta;
  if (c.marks !== undefined) e.marks = c.marks;
  return Object.keys(e).length > 0 ? e : null;
}

/** The buffers to transfer with a packed run. */
export function packedTransferables(packed: PackedChunks): ArrayBuffer[] {
  return [
    packed.starts,
    packed.ends,
    packed.tokens,
    packed.pageOffsets,
    packed.pages,
    packed.boxOffsets,
    packed.boxes,
    packed.extrasAt,
  ].map((a) => a.buffer as ArrayBuffer);
}

/**
 * Shared, frozen: the flags and meta of a chunk without any, and the pages list of a chunk on one
 * page. 150,000 one-token chunks allocated 450,000 of these per run on the page (and collected
 * them at the next); nothing on the page edits a chunk, and a frozen value would say so if it did.
 */
const NO_FLAGS: string[] = Object.freeze([]) as unknown as string[];
const NO_META: Record<string, unknown> = Object.freeze({});
const onePage: number[][] = [];
function singlePage(page: number): number[] {
  return (onePage[page] ??= Object.freeze([page]) as unknown as number[]);
}

/** The chunks back, their texts sliced from the document the page already holds. */
export function unpackChunks(packed: PackedChunks, text: string): Chunk[] {
  const n = packed.starts.length;
  const chunks = new Array<Chunk>(n);
  let x = 0;
  for (let i = 0; i < n; i++) {
    const e = x < packed.extrasAt.length && packed.extrasAt[x] === i ? packed.extras[x++]! : null;
    const start = packed.starts[i]!;
    const end = packed.ends[i]!;
    const prefix = e?.prefix ?? "";
    const firstPage = packed.pageOffsets[i]!;
    const pageCount = packed.pageOffsets[i + 1]! - firstPage;
    let pages: number[];
    if (pageCount === 1) pages = singlePage(packed.pages[firstPage]!);
    else {
      pages = [];
      for (let k = firstPage; k < firstPage + pageCount; k++) pages.push(packed.pages[k]!);
    }
    const boxes: PageRect[] = [];
    for (let k = packed.boxOffsets[i]!; k < packed.boxOffsets[i + 1]!; k++) {
      const at = k * 5;
      const bx = packed.boxes;
      boxes.push({ page: bx[at]!, x0: bx[at + 1]!, y0: bx[at + 2]!, x1: bx[at + 3]!, y1: bx[at + 4]! });
    }
    // Keys in the order materialize() writes them, so JSON of an unpacked chunk is byte-identical.
    const chunk: Chunk = {
      id: packed.ids ? packed.ids[i]! : `chunk_${i}`,
      index: i,
      start,
      end,
      prefixChars: prefix.length,
      text: prefix + text.slice(start, end),
      tokens: packed.tokens[i]!,
      pages,
      boxes,
      flags: e?.flags ?? NO_FLAGS,
      meta: e?.meta ?? NO_META,
    };
    if (e?.parentId !== undefined) chunk.parentId = e.parentId;
    if (e?.level !== undefined) chunk.level = e.level;
    if (e?.headingPath !== undefined) chunk.headingPath = e.headingPath;
    if (e?.marks !== undefined) chunk.marks = e.marks;
    chunks[i] = chunk;
  }
  return chunks;
}
