/**
 * Byte-pair merging in O(n log n), with exactly tiktoken's result: repeatedly merge the adjacent
 * pair of parts whose concatenation has the lowest rank, the leftmost one on ties, until no
 * adjacent pair is a token. tiktoken (and gpt-tokenizer) find that pair by a linear scan after
 * every merge, which is quadratic: one unbroken 200k-character piece ('a' × 200k, a long run of
 * '=' or of spaces) took ~25 s. Here the parts are a doubly linked list over byte offsets and the
 * candidate pairs sit in a binary min-heap keyed by (rank, offset); the offset orders ties
 * leftmost because parts never reorder.
 */

/** Rank of the piece's bytes [start, end), or undefined when they are not a token. */
type RankOf = (start: number, end: number) => number | undefined;

// A heap key packs (rank, offset) into one double: rank · 2^32 + offset orders by rank, then by
// offset, and stays an exact integer (ranks < 2^21, offsets < 2^32).
const SHIFT = 2 ** 32;

/**
 * Token ids of one piece of `length` bytes. Every single byte must be a token (true of every
 * tiktoken encoding). The caller looks the whole piece up first, as tiktoken does: a piece that is
 * itself a token is that token even where merging would not reach it.
 */
export function bpeMerge(length: number, rankOf: RankOf): number[] {
  // next[i]: start of the part after the part starting at i (length for the last part);
  // prev[i]: start of the part before it (-1 for the first).
  const next = new Int32Array(length + 1);
  const prev = new Int32Array(length);
  // pairRank[i]: rank of the part at i merged with the part after it, -1 when that is no token or
  // i is no longer a part start. A heap entry is live only while it still equals pairRank.
  const pairRank = new Int32Array(length).fill(-1);
  // partRank[i]: rank of the merged part at i; -1 for a part that is still one byte.
  const partRank = new Int32Array(length).fill(-1);
  const heap: number[] = [];

  for (let i = 0; i < length; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
    if (i + 2 <= length) {
      const rank = rankOf(i, i + 2);
      if (rank !== undefined) {
        pairRank[i] = rank;
        heap.push(rank * SHIFT + i);
      }
    }
  }
  // Keys were pushed in offset order, not heap order: heapify bottom-up, O(n).
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(heap, i);

  while (heap.length > 0) {
    const key = popMin(heap);
    const rank = Math.floor(key / SHIFT);
    const i = key - rank * SHIFT;
    // Stale: the pair at i has changed (a neighbour merged) or i was merged away. A pair's end
    // only grows and ranks name distinct byte strings, so a stale key never matches again.
    if (pairRank[i] !== rank) continue;
    const j = next[i]!;
    const k = next[j]!;
    next[i] = k;
    if (k < length) prev[k] = i;
    pairRank[j] = -1; // j is no part start any more: its entries die
    partRank[i] = rank;
    pairRank[i] = k < length ? push(heap, rankOf(i, next[k]!), i) : -1;
    const p = prev[i]!;
    if (p >= 0) pairRank[p] = push(heap, rankOf(p, k), p);
  }

  const ids: number[] = [];
  for (let i = 0; i < length; i = next[i]!) {
    const id = partRank[i]! >= 0 ? partRank[i]! : rankOf(i, i + 1);
    if (id === undefined) throw new Error(`byte ${i} of a piece is not a token`);
    ids.push(id);
  }
  return ids;
}

/**
 * bpeMerge's result for a short piece, by tiktoken's own loop: rescan the pair ranks for the lowest
 * (leftmost on ties), merge, re-rank its two neighbours. Quadratic, but on a word of a few bytes it
 * beats the heap's set-up (four typed arrays per piece) several times over, and a cold encode
 * merges every distinct word of a document once.
 */
export function mergeShortPiece(length: number, rankOf: RankOf): number[] {
  const NONE = Number.POSITIVE_INFINITY;
  // starts[i]: where part i begins (the last entry is the piece's end); ranks[i]: rank of parts i
  // and i + 1 merged.
  const starts: number[] = [];
  const ranks: number[] = [];
  for (let i = 0; i <= length; i++) starts.push(i);
  for (let i = 0; i + 1 < length; i++) ranks.push(rankOf(i, i + 2) ?? NONE);
  while (ranks.length > 0) {
    let best = 0;
    for (let i = 1; i < ranks.length; i++) if (ranks[i]! < ranks[best]!) best = i;
    if (ranks[best] === NONE) break;
    starts.splice(best + 1, 1);
    ranks.splice(best, 1);
    if (best < ranks.length) ranks[best] = rankOf(starts[best]!, starts[best + 2]!) ?? NONE;
    if (best > 0) ranks[best - 1] = rankOf(starts[best - 1]!, starts[best + 1]!) ?? NONE;
  }
  const ids: number[] = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const id = rankOf(starts[i]!, starts[i + 1]!);
    if (id === undefined) throw new Error(`byte ${starts[i]} of a piece is not a token`);
    ids.push(id);
  }
  return ids;
}

/** Queues the pair at `offset` when it is a token; returns its rank, -1 when it is none. */
function push(heap: number[], rank: number | undefined, offset: number): number {
  if (rank === undefined) return -1;
  heap.push(rank * SHIFT + offset);
  let i = heap.length - 1;
  const key = heap[i]!;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent]! <= key) break;
    heap[i] = heap[parent]!;
    i = parent;
  }
  heap[i] = key;
  return rank;
}

function popMin(heap: number[]): number {
  const top = heap[0]!;
  const last = heap.pop()!;
  if (heap.length > 0) {
    heap[0] = last;
    siftDown(heap, 0);
  }
  return top;
}

function siftDown(heap: number[], start: number): void {
  const n = heap.length;
  const key = heap[start]!;
  let i = start;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= n) break;
    if (child + 1 < n && heap[child + 1]! < heap[child]!) child++;
    if (heap[child]! >= key) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = key;
}

/**
 * The UTF-8 bytes of `text`, one char per byte (a "byte string"): the key the rank map is looked up
 * with, sliceable at byte offsets. A lone surrogate becomes U+FFFD, as TextEncoder (and so
 * gpt-tokenizer and tiktoken) makes it.
 */
export function utf8ByteString(text: string): string {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) < 0x80) i++;
  if (i === text.length) return text; // ASCII: its bytes are its chars
  let out = text.slice(0, i);
  for (; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      out += text[i];
      continue;
    }
    if (code < 0x800) {
      out += String.fromCharCode(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
      continue;
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      const low = text.charCodeAt(i + 1);
      if (code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
        out += String.fromCharCode(
          0xf0 | (code >> 18),
          0x80 | ((code >> 12) & 0x3f),
          0x80 | ((code >> 6) & 0x3f),
          0x80 | (code & 0x3f),
        );
        continue;
      }
      code = 0xfffd;
    }
    out += String.fromCharCode(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return out;
}

/**
 * Ranks by byte string, from a gpt-tokenizer rank table (index = rank; a string is the token's
 * exact UTF-8 decoding, an array its bytes when they are no valid UTF-8).
 */
export function byteRankMap(ranks: readonly (string | readonly number[])[]): Map<string, number> {
  const map = new Map<string, number>();
  ranks.forEach((entry, rank) => {
    map.set(typeof entry === "string" ? utf8ByteString(entry) : String.fromCharCode(...entry), rank);
  });
  return map;
}

/** One piece's ids, as tiktoken: the piece's own rank when it is a token, else its merge. */
export function encodePiece(piece: string, byteRanks: ReadonlyMap<string, number>): number[] {
  const bytes = utf8ByteString(piece);
  const whole = byteRanks.get(bytes);
  if (whole !== undefined) return [whole];
  return bpeMerge(bytes.length, (start, end) => byteRanks.get(bytes.slice(start, end)));
}
