/**
 * Which chunks lie under a point. Chunks that overlap (an overlapping chunker, or a parent and its
 * children) stack their boxes, so a click must be able to reach each of them, not only the top one.
 */

const BOX_SELECTOR = '[data-testid="bbox"]';

/** Distinct chunk ids whose boxes contain the client point, top-most first. */
export function chunkIdsAtPoint(x: number, y: number): string[] {
  const ids: string[] = [];
  for (const el of document.elementsFromPoint(x, y)) {
    if (!el.matches(BOX_SELECTOR)) continue;
    const id = el.getAttribute("data-chunk-id");
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

export function isChunkBox(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(BOX_SELECTOR) !== null;
}

/**
 * The chunk a click selects: the top-most one, or — when the selected chunk is among those under
 * the pointer — the next one, so repeated clicks cycle through overlapping chunks.
 */
export function chunkToSelect(idsAtPoint: readonly string[], selected: string | null): string | null {
  if (idsAtPoint.length === 0) return null;
  const at = selected === null ? -1 : idsAtPoint.indexOf(selected);
  return idsAtPoint[(at + 1) % idsAtPoint.length]!;
}
