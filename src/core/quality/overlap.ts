/**
 * The overlap a run actually carries between consecutive chunks — what the configured overlap
 * turned into once the chunker's boundary rules had their say. Pairs are consecutive chunks of one
 * level (a parent and its own child overlap by construction, which is nesting, not overlap).
 */
import type { Chunk } from "../chunk";
import type { EncodedText } from "../text/encodedText";
import { tokensInRange } from "../text/spanTokens";

export interface OverlapReport {
  /** Consecutive same-level pairs. */
  pairs: number;
  /** Pairs that share any text. */
  overlapping: number;
  /** Characters shared by the pairs' ranges plus characters carried in a declared overlap prefix. */
  totalChars: number;
  /** totalChars / pairs (0 without pairs). */
  meanChars: number;
  /** Tokens wholly inside the shared ranges, read off the document's encoding; absent without one. */
  totalTokens?: number;
  meanTokens?: number;
  /** The part of totalChars carried in prefixes (the header chunker's sibling overlap). */
  prefixChars: number;
}

/**
 * Per chunk, the characters it shares with the previous chunk of its level (`perChunk`), and the
 * run's totals. `encoded` is asked for only when some ranges do overlap.
 */
export function overlapCarried(
  chunks: readonly Chunk[],
  encoded?: () => EncodedText,
): { report: OverlapReport; perChunk: number[] } {
  const perChunk = new Array<number>(chunks.length).fill(0);
  const shared: { start: number; end: number }[] = [];
  const previous = new Map<string, Chunk>();
  let pairs = 0;
  let overlapping = 0;
  let totalChars = 0;
  let prefixChars = 0;
  chunks.forEach((chunk, i) => {
    const level = chunk.level ?? "";
    const prev = previous.get(level);
    previous.set(level, chunk);
    if (!prev) return;
    pairs++;
    const start = Math.max(prev.start, chunk.start);
    const end = Math.min(prev.end, chunk.end);
    const inRange = Math.max(0, end - start);
    if (inRange > 0) shared.push({ start, end });
    const inPrefix = prefixOverlap(chunk);
    const carried = inRange + inPrefix;
    perChunk[i] = carried;
    totalChars += carried;
    prefixChars += inPrefix;
    if (carried > 0) overlapping++;
  });
  const report: OverlapReport = {
    pairs,
    overlapping,
    totalChars,
    meanChars: pairs > 0 ? totalChars / pairs : 0,
    prefixChars,
  };
  if (shared.length > 0 && encoded) {
    const e = encoded();
    const tokens = shared.reduce((sum, r) => sum + tokensInRange(e, r.start, r.end), 0);
    report.totalTokens = tokens;
    report.meanTokens = tokens / pairs;
  }
  return { report, perChunk };
}

/**
 * Overlap a chunker declared as carried in the prefix (meta.overlap_chars, as the header chunker
 * records it), bounded by the prefix: a chunker whose overlap is a range overlap has no prefix.
 */
function prefixOverlap(chunk: Chunk): number {
  const declared = chunk.meta["overlap_chars"];
  if (chunk.prefixChars === 0 || typeof declared !== "number" || !(declared > 0)) return 0;
  return Math.min(declared, chunk.prefixChars);
}
