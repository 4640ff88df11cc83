/**
 * Which chunks of a run touch each page, as chunk indices in run order: numbers only, so a view
 * builds the box objects of the pages it draws and no others.
 */
import type { Chunk } from "./chunk";

export function chunkIndicesByPage(chunks: readonly Pick<Chunk, "boxes">[]): Map<number, number[]> {
  const byPage = new Map<number, number[]>();
  for (let i = 0; i < chunks.length; i++) {
    for (const box of chunks[i]!.boxes) {
      const list = byPage.get(box.page);
      if (!list) byPage.set(box.page, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  }
  return byPage;
}
