/**
 * Validation of an LLM's boundary reply (CHUNKERS.md: ordered, in range, no duplicates, chunks within
 * size limits). A reply that is not the asked-for shape, or names sentences out of order or out of the
 * segment, is rejected as a whole: the caller retries it, then falls back. Sizes are repaired rather
 * than rejected: an over-long chunk is split at sentence ends, and the repair is reported.
 */

export interface Boundary {
  /** 1-based sentence number after which a new chunk begins. */
  afterSentence: number;
  reason: string;
}

export class BoundaryReplyError extends Error {
  override readonly name = "BoundaryReplyError";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The boundaries of one segment's reply, checked against the segment [first, last]: a boundary after
 * the segment's last sentence is meaningless (the segment ends there anyway) and is refused too.
 */
export function parseBoundaryReply(reply: unknown, first: number, last: number): Boundary[] {
  if (!isRecord(reply) || !Array.isArray(reply.boundaries))
    throw new BoundaryReplyError('the reply has no "boundaries" array');
  const out: Boundary[] = [];
  reply.boundaries.forEach((item: unknown, i) => {
    if (!isRecord(item)) throw new BoundaryReplyError(`boundaries[${i}] is not an object`);
    const n = item.after_sentence;
    if (typeof n !== "number" || !Number.isInteger(n))
      throw new BoundaryReplyError(`boundaries[${i}].after_sentence is not a whole number`);
    if (n < first || n >= last)
      throw new BoundaryReplyError(
        `boundaries[${i}].after_sentence ${n} is outside sentences ${first}–${last - 1}`,
      );
    const previous = out.at(-1);
    if (previous && n === previous.afterSentence)
      throw new BoundaryReplyError(`boundaries[${i}] repeats sentence ${n}`);
    if (previous && n < previous.afterSentence)
      throw new BoundaryReplyError(
        `boundaries[${i}] (${n}) comes after ${previous.afterSentence}: not in order`,
      );
    const reason = typeof item.reason === "string" ? item.reason.trim() : "";
    out.push({ afterSentence: n, reason });
  });
  return out;
}

export interface SizedGroup {
  /** 0-based sentence indices [first, last]. */
  first: number;
  last: number;
  /** The reason of the boundary that opened this group ("" for the document's first). */
  reason: string;
  /** True when the group was cut from a longer one to respect the size limit. */
  sizeSplit: boolean;
}

/**
 * Sentence groups from boundaries (sentence numbers are 1-based), each within `maxTokens` where a
 * sentence allows: a group over the limit is cut greedily at sentence ends.
 */
export function groupsFromBoundaries(
  boundaries: readonly Boundary[],
  sentenceTokens: readonly number[],
  maxTokens: number,
): SizedGroup[] {
  const groups: SizedGroup[] = [];
  let start = 0;
  let reason = "";
  const close = (endExclusive: number, openingReason: string) => {
    const parts: [number, number][] = [];
    let first = start;
    let sum = 0;
    for (let i = start; i < endExclusive; i++) {
      const t = sentenceTokens[i]!;
      if (i > first && sum + t > maxTokens) {
        parts.push([first, i - 1]);
        first = i;
        sum = 0;
      }
      sum += t;
    }
    parts.push([first, endExclusive - 1]);
    parts.forEach(([f, l], k) =>
      groups.push({ first: f, last: l, reason: k === 0 ? openingReason : "", sizeSplit: parts.length > 1 }),
    );
  };
  for (const b of boundaries) {
    close(b.afterSentence, reason);
    start = b.afterSentence;
    reason = b.reason;
  }
  if (start < sentenceTokens.length) close(sentenceTokens.length, reason);
  return groups;
}
