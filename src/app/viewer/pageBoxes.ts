/**
 * The chunk boxes grouped by page, built once per run so that drawing a page is a map lookup, not
 * a scan of every chunk.
 */
import type { Chunk } from "../../core/chunk";
import { chunkHue } from "./palette";

export interface PageBox {
  chunkId: string;
  hue: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type BoxesByPage = ReadonlyMap<number, readonly PageBox[]>;

export function indexBoxesByPage(chunks: readonly Chunk[]): BoxesByPage {
  const byPage = new Map<number, PageBox[]>();
  for (const chunk of chunks) {
    const hue = chunkHue(chunk.index);
    for (const box of chunk.boxes) {
      let list = byPage.get(box.page);
      if (!list) {
        list = [];
        byPage.set(box.page, list);
      }
      list.push({ chunkId: chunk.id, hue, x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1 });
    }
  }
  return byPage;
}

export function indexChunksById(chunks: readonly Chunk[]): ReadonlyMap<string, Chunk> {
  return new Map(chunks.map((chunk) => [chunk.id, chunk]));
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
