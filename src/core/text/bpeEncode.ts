/**
 * tiktoken's encode over a rank table: split the text with the encoding's regex, take each piece's
 * own rank when it is a token, else merge its bytes (bpeMerge, O(n log n) however long the piece).
 * Written here rather than calling gpt-tokenizer's encode, which gives the same ids but costs more
 * on text it has not seen: its merge decodes every candidate pair's bytes back to a string
 * (TextDecoder) to look it up, and rescans the piece after each merge (quadratic on one long
 * piece). Here an ASCII piece — most of a document — is looked up as it is (its chars are its
 * bytes), and merged pieces are remembered, as gpt-tokenizer remembers them.
 */
import { bpeMerge, mergeShortPiece, utf8ByteString } from "./bpeMerge";

export interface PieceEncoder {
  encode(text: string): number[];
  /** Forgets the remembered merges: the next text is encoded as by an encoder just made. */
  forget(): void;
}

/** Merged pieces remembered, at most (then all forgotten); longer pieces are not remembered. */
const MERGE_CACHE_SIZE = 100_000;
const MERGE_CACHE_MAX_LENGTH = 256;
/** Pieces up to this many bytes are merged by tiktoken's simple loop, longer ones by bpeMerge's heap. */
const SHORT_PIECE_BYTES = 48;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;

/**
 * The ranks of the ASCII tokens, looked up by a stretch of the text itself: hashed as its chars are
 * read, compared in place. Most of a document is ASCII pieces that are single tokens, and slicing
 * each out to look it up in a Map (a new string, hashed by V8, then dropped) was the larger part of
 * an encode.
 */
export interface AsciiTokenTable {
  /** Rank of text[start, end) — whose chars hash to `hash` (fnvHash) — or -1 when it is no token. */
  rank(text: string, start: number, end: number, hash: number): number;
}

export function isAsciiText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** FNV-1a over UTF-16 units: what AsciiTokenTable is keyed by. */
export function fnvHash(text: string, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash >>> 0;
}

export function asciiTokenTable(byteRanks: ReadonlyMap<string, number>): AsciiTokenTable {
  const tokens: string[] = [];
  const ranks: number[] = [];
  for (const [bytes, rank] of byteRanks)
    if (isAsciiText(bytes)) {
      tokens.push(bytes);
      ranks.push(rank);
    }
  let size = 1;
  while (size < tokens.length * 2) size *= 2;
  const mask = size - 1;
  // Open addressing, linear probing; a slot holds 1 + the token's index (0: empty).
  const slots = new Int32Array(size);
  tokens.forEach((token, i) => {
    let slot = fnvHash(token, 0, token.length) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = i + 1;
  });
  return {
    rank(text, start, end, hash) {
      const length = end - start;
      for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
        const entry = slots[slot]!;
        if (entry === 0) return -1;
        const token = tokens[entry - 1]!;
        if (token.length === length && text.startsWith(token, start)) return ranks[entry - 1]!;
      }
    },
  };
}

/**
 * An encoder over `byteRanks` (rank by the token's UTF-8 bytes as a byte string, bpeMerge's
 * byteRankMap). `splitRegex` is the encoding's own, global; the encoder keeps a copy of it.
 */
export function createPieceEncoder(splitRegex: RegExp, byteRanks: ReadonlyMap<string, number>): PieceEncoder {
  // Sticky: a split regex covers all text (every character is a letter, number, space or other), so
  // each piece starts where the last ended and test() finds its end without building a match
  // array per piece (~160,000 of them for a 350-page book: garbage the cold run paid for).
  const flags = splitRegex.flags.replace("g", "");
  const sticky = new RegExp(splitRegex.source, flags + "y");
  const anywhere = new RegExp(splitRegex.source, flags + "g");
  const merged = new Map<string, readonly number[]>();
  const ascii = asciiTokenTable(byteRanks);

  const mergePiece = (piece: string): readonly number[] => {
    const known = merged.get(piece);
    if (known) return known;
    const bytes = utf8ByteString(piece);
    const whole = byteRanks.get(bytes);
    // An ASCII piece's parts are looked up in place too; others by their byte strings.
    const rankOf =
      bytes === piece
        ? (s: number, e: number) => {
            const rank = ascii.rank(bytes, s, e, fnvHash(bytes, s, e));
            return rank < 0 ? undefined : rank;
          }
        : (s: number, e: number) => byteRanks.get(bytes.slice(s, e));
    const ids =
      whole !== undefined
        ? [whole]
        : bytes.length <= SHORT_PIECE_BYTES
          ? mergeShortPiece(bytes.length, rankOf)
          : bpeMerge(bytes.length, rankOf);
    if (piece.length <= MERGE_CACHE_MAX_LENGTH) {
      if (merged.size >= MERGE_CACHE_SIZE) merged.clear();
      merged.set(piece, ids);
    }
    return ids;
  };

  return {
    encode(text) {
      const ids: number[] = [];
      let at = 0;
      while (at < text.length) {
        sticky.lastIndex = at;
        if (!sticky.test(text) || sticky.lastIndex === at) {
          // Text no piece starts at (no split regex leaves any; tiktoken would skip it): go on
          // from the next piece, as a global search does.
          anywhere.lastIndex = at + 1;
          const next = anywhere.exec(text);
          if (next === null) break;
          at = next.index;
          continue;
        }
        const end = sticky.lastIndex;
        // An ASCII piece is its own byte string: looked up in place. (A non-ASCII piece may spell
        // some other token's byte string in UTF-16 units — "Ã©" is é's bytes — so it never is.)
        let hash = FNV_OFFSET;
        let isAscii = true;
        for (let i = at; i < end; i++) {
          const unit = text.charCodeAt(i);
          if (unit > 0x7f) {
            isAscii = false;
            break;
          }
          hash = Math.imul(hash ^ unit, FNV_PRIME);
        }
        const rank = isAscii ? ascii.rank(text, at, end, hash >>> 0) : -1;
        const piece = rank < 0 ? text.slice(at, end) : "";
        at = end;
        if (rank >= 0) {
          ids.push(rank);
          continue;
        }
        for (const id of mergePiece(piece)) ids.push(id);
      }
      return ids;
    },
    forget() {
      merged.clear();
    },
  };
}
