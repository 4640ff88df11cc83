/**
 * The chunk boxes grouped by page, built once per run so that drawing a page is a map lookup, not
 * a scan of every chunk.
 */
import type { Chunk } from "../../core/chunk";
import { chunkIndicesByPage } from "../../core/chunkPages";
import type { PageRect } from "../../core/document";
import { chunkHue } from "./palette";

export interface PageBox {
  chunkId: string;
  hue: number;
  /** A parent of a parent/child run is drawn as an outline, a child as a fill. */
  level?: "parent" | "child";
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A page's boxes, the same array for the same page of a run (pages are memoized on it). */
export interface BoxesByPage {
  get(page: number): readonly PageBox[] | undefined;
}

/**
 * The boxes of a run by page, built for a page when it is first drawn: a run lists which chunks
 * touch each page (numbers, no objects), and only the pages on screen get their box objects. An
 * object per box of every page, built per run, was ~35 ms and as much again in garbage collection
 * for 150,000 one-token chunks — on the main thread, at every step of a slider drag.
 */
export function indexBoxesByPage(chunks: readonly Chunk[]): BoxesByPage {
  const chunksOnPage = chunkIndicesByPage(chunks);
  const built = new Map<number, PageBox[]>();
  return {
    get(page) {
      const done = built.get(page);
      if (done) return done;
      const onPage = chunksOnPage.get(page);
      if (!onPage) return undefined;
      const list: PageBox[] = [];
      for (const i of onPage) {
        const chunk = chunks[i]!;
        const hue = chunkHue(chunk.index);
        const level = chunk.level;
        // A parent spans many lines that its children already fill: one outline per block of lines
        // reads as "this region", where an outline per line would only add noise over the fills.
        const rects = level === "parent" ? mergeLineBoxes(chunk.boxes) : chunk.boxes;
        for (const box of rects) {
          if (box.page !== page) continue;
          const { x0, y0, x1, y1 } = box;
          list.push(
            level
              ? { chunkId: chunk.id, hue, level, x0, y0, x1, y1 }
              : { chunkId: chunk.id, hue, x0, y0, x1, y1 },
          );
        }
      }
      built.set(page, list);
      return list;
    },
  };
}

/**
 * Consecutive line boxes merged into blocks: a line joins the block above it when it is on the same
 * page, starts below the block's top, lies within PARAGRAPH_GAP line heights of its bottom (so the
 * paragraphs of one section make one block, while a heading between them, which is not chunk text,
 * splits it) and overlaps it horizontally. A jump to the next column or page starts a new block, so
 * a two-column page gets one outline per column instead of one rectangle across both.
 */
const PARAGRAPH_GAP = 1.5;

export function mergeLineBoxes(boxes: readonly PageRect[]): PageRect[] {
  const blocks: PageRect[] = [];
  let block: PageRect | null = null;
  let lineHeight = 0;
  for (const box of boxes) {
    const height = box.y1 - box.y0;
    const joins =
      block !== null &&
      block.page === box.page &&
      box.y0 >= block.y0 &&
      box.y0 - block.y1 <= PARAGRAPH_GAP * Math.max(height, lineHeight) &&
      box.x0 < block.x1 &&
      box.x1 > block.x0;
    if (block !== null && joins) {
      block.x0 = Math.min(block.x0, box.x0);
      block.x1 = Math.max(block.x1, box.x1);
      block.y0 = Math.min(block.y0, box.y0);
      block.y1 = Math.max(block.y1, box.y1);
    } else {
      block = { ...box };
      blocks.push(block);
    }
    lineHeight = height;
  }
  return blocks;
}

/** Whether a run has parent/child levels (the page view then offers the hierarchy toggle). */
export function hasLevels(chunks: readonly Chunk[]): boolean {
  return chunks.some((chunk) => chunk.level !== undefined);
}

/**
 * The chunks the page view draws for a hierarchy view. Chunks without a level are always drawn;
 * the selected chunk is drawn even when its level is hidden, so selecting it in the list shows it.
 */
export function chunksForView(
  chunks: readonly Chunk[],
  view: "children" | "parents" | "both",
  selectedChunkId: string | null,
): readonly Chunk[] {
  if (view === "both") return chunks;
  const hidden = view === "children" ? "parent" : "child";
  return chunks.filter((chunk) => chunk.level !== hidden || chunk.id === selectedChunkId);
}

/** One box of a mark of the selected chunk, on one page. */
export interface PageMark {
  kind: string;
  label: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type MarksByPage = ReadonlyMap<number, readonly PageMark[]>;

/** The marks of one chunk grouped by page (empty without a chunk or marks). */
export function indexMarksByPage(chunk: Chunk | undefined): MarksByPage {
  const byPage = new Map<number, PageMark[]>();
  for (const mark of chunk?.marks ?? []) {
    for (const box of mark.boxes) {
      let list = byPage.get(box.page);
      if (!list) {
        list = [];
        byPage.set(box.page, list);
      }
      list.push({ kind: mark.kind, label: mark.label, x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1 });
    }
  }
  return byPage;
}

/** A chunk by its id, for the few lookups a selection, a hover or a scroll makes. */
export interface ChunksById {
  get(id: string): Chunk | undefined;
}

/**
 * Most runs name their chunks `chunk_<index>`: such an id is found at its index without an index
 * of the whole run (a Map of 150,000 one-token chunks took ~50 ms per run on the main thread);
 * any other id builds the Map once, on the first lookup that needs it.
 */
export function indexChunksById(chunks: readonly Chunk[]): ChunksById {
  let byId: Map<string, Chunk> | null = null;
  return {
    get(id) {
      const at = /^chunk_(\d+)$/.exec(id);
      const direct = at ? chunks[Number(at[1])] : undefined;
      if (direct?.id === id) return direct;
      byId ??= new Map(chunks.map((chunk) => [chunk.id, chunk]));
      return byId.get(id);
    },
  };
}

/** "p. 3" or "pp. 3–4" (first to last page), "" for a chunk without pages. */
export function pageCitation(pages: readonly number[]): string {
  if (pages.length === 0) return "";
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  return first === last ? `p. ${first}` : `pp. ${first}–${last}`;
}

/** The first `count` words of a text, with an ellipsis when there were more. */
export function firstWords(text: string, count: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const head = words.slice(0, count).join(" ");
  return words.length > count ? `${head} …` : head;
}

/** A mark kind as a class-name suffix: chunkers name kinds freely, CSS styles the known ones. */
export function markKindClass(kind: string): string {
  return kind.toLowerCase().replace(/[^a-z0-9-]+/g, "-");
}
