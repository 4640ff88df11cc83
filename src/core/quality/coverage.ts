/**
 * How much of the document the chunks cover and how much of it they repeat, both counted in
 * non-whitespace characters of the document (so trimming a chunk's spaces changes neither score).
 * Only the chunks' ranges count: a declared prefix is not document text at its place.
 */
import type { DocIndex } from "./docIndex";

export interface CoverageReport {
  /** Non-whitespace characters of the document. */
  documentChars: number;
  /** Non-whitespace characters inside at least one chunk. */
  coveredChars: number;
  /** Σ non-whitespace characters over the chunks (a character in two chunks counts twice). */
  chunkChars: number;
  /** coveredChars / documentChars; null for a document without text. */
  coverage: number | null;
  /** chunkChars / coveredChars − 1: 0 for a partition; null when nothing is covered. */
  redundancy: number | null;
}

export function coverage(index: DocIndex, ranges: readonly { start: number; end: number }[]): CoverageReport {
  const prefix = index.nonSpace;
  const count = (start: number, end: number) => prefix[end]! - prefix[start]!;
  const documentChars = prefix[prefix.length - 1]!;

  let chunkChars = 0;
  for (const r of ranges) if (r.end > r.start) chunkChars += count(r.start, r.end);

  // Union of the ranges; chunkers emit them in document order, except parents and children, so
  // sort only when needed.
  let sorted: readonly { start: number; end: number }[] = ranges;
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i]!.start < ranges[i - 1]!.start) {
      sorted = [...ranges].sort((a, b) => a.start - b.start);
      break;
    }
  }
  let coveredChars = 0;
  let from = -1;
  let to = -1;
  for (const r of sorted) {
    if (r.end <= r.start) continue;
    if (r.start > to) {
      if (to > from) coveredChars += count(from, to);
      from = r.start;
      to = r.end;
    } else if (r.end > to) to = r.end;
  }
  if (to > from) coveredChars += count(from, to);

  return {
    documentChars,
    coveredChars,
    chunkChars,
    coverage: documentChars > 0 ? coveredChars / documentChars : null,
    redundancy: coveredChars > 0 ? chunkChars / coveredChars - 1 : null,
  };
}
