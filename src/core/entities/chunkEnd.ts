/**
 * The seed's chunk loop (performSemanticChunking) and its findOptimalChunkEnd, as CHUNKERS.md
 * spells them out, including what they do at the edges: the final max(bestEnd, start + min_size)
 * can land inside an entity (flagged `entity-split`); a chunk end past the text is clamped the way
 * `substring` clamps it, and the next start is still end − overlap_chars, so the last chunk can lie
 * wholly inside the one before (flagged `tail-inside-previous`); a next start that does not advance
 * is moved to the chunk's end (flagged `stall-guarded`) — the seed's loop would never finish.
 */

export interface ChunkSizes {
  target_size: number;
  min_size: number;
  max_size: number;
  overlap_chars: number;
}

/** An entity's [start_offset, end_offset) — all findOptimalChunkEnd needs of it. */
export interface EntitySpan {
  start_offset: number;
  end_offset: number;
}

/** Index of the first value in ascending `sorted` that is greater than `x`. */
function firstAbove(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The seed's findOptimalChunkEnd. `boundaries` ascending. The result is the seed's raw value: it
 * may exceed `textLength` (targetEnd is not clamped, only maxEnd is).
 */
export function findOptimalChunkEnd(
  textLength: number,
  start: number,
  entities: readonly EntitySpan[],
  boundaries: readonly number[],
  config: ChunkSizes,
): number {
  const targetEnd = start + config.target_size;
  const maxEnd = Math.min(start + config.max_size, textLength);
  let bestEnd = targetEnd;

  // Boundaries b with start + min_size < b ≤ maxEnd; the closest to targetEnd, the earlier on a tie
  // (the seed's reduce keeps `closest` unless a later one is strictly closer).
  let closest: number | null = null;
  for (let i = firstAbove(boundaries, start + config.min_size); i < boundaries.length; i++) {
    const b = boundaries[i]!;
    if (b > maxEnd) break;
    if (closest === null || Math.abs(b - targetEnd) < Math.abs(closest - targetEnd)) closest = b;
  }
  if (closest !== null) bestEnd = closest;

  const conflicting = entities.filter((e) => e.start_offset < bestEnd && e.end_offset > bestEnd);
  if (conflicting.length > 0) {
    const entityBoundary = Math.max(...conflicting.map((e) => e.end_offset));
    bestEnd = entityBoundary <= maxEnd ? entityBoundary : Math.min(...conflicting.map((e) => e.start_offset));
  }

  return Math.max(bestEnd, start + config.min_size);
}

type PlanFlag = "entity-split" | "tail-inside-previous" | "stall-guarded";

export interface PlannedChunk {
  start: number;
  /** Clamped to the text, as the seed's `substring` clamps it. */
  end: number;
  /** What findOptimalChunkEnd returned. */
  rawEnd: number;
  flags: PlanFlag[];
}

/** True when `offset` falls strictly inside one of the entities (ascending by start, non-overlapping). */
export function insideEntity(entities: readonly EntitySpan[], offset: number): boolean {
  let lo = 0;
  let hi = entities.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entities[mid]!.start_offset < offset) lo = mid + 1;
    else hi = mid;
  }
  // entities[lo - 1] is the last one starting before `offset`; with non-overlapping mentions no
  // earlier one can reach past it.
  const e = entities[lo - 1];
  return e !== undefined && e.end_offset > offset;
}

/**
 * The seed's while loop over the whole text. `entities` (ascending, non-overlapping) are what the
 * chunk ends avoid — pass none when preserve_entities is off; `splitCheck` are the entities an end
 * is checked against for `entity-split` either way. `contentEnd` is where the text's last
 * non-space character ends: a chunk holding nothing new before it is a pure-overlap tail.
 * `snap` moves an offset off the middle of a surrogate pair (the seed counts UTF-16 units, and a
 * character-count end can land between the two halves of an emoji).
 */
export function planChunks(
  textLength: number,
  entities: readonly EntitySpan[],
  boundaries: readonly number[],
  config: ChunkSizes,
  options: {
    splitCheck?: readonly EntitySpan[];
    contentEnd?: number;
    snap?: (offset: number) => number;
  } = {},
): PlannedChunk[] {
  const { splitCheck = entities, contentEnd = textLength, snap = (o: number) => o } = options;
  const plans: PlannedChunk[] = [];
  let position = 0;
  while (position < textLength) {
    const rawEnd = findOptimalChunkEnd(textLength, position, entities, boundaries, config);
    const flags: PlanFlag[] = [];
    let end = snap(Math.min(rawEnd, textLength));
    if (end <= position) {
      // Only reachable with min_size 0 and an entity starting before `position`: never emit an
      // empty chunk.
      end = Math.max(position + 1, snap(position + 1));
      flags.push("stall-guarded");
    }
    if (end < textLength && insideEntity(splitCheck, end)) flags.push("entity-split");
    const prev = plans[plans.length - 1];
    // Pure overlap: nothing but whitespace past the previous chunk's end (the text may end in some).
    if (prev && Math.min(end, contentEnd) <= prev.end) flags.push("tail-inside-previous");
    let next = snap(rawEnd - config.overlap_chars);
    if (next <= position) {
      next = end;
      if (!flags.includes("stall-guarded")) flags.push("stall-guarded");
    }
    plans.push({ start: position, end, rawEnd, flags });
    position = next;
  }
  return plans;
}
