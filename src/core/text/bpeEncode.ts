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

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
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

  const mergePiece = (piece: string): readonly number[] => {
    const known = merged.get(piece);
    if (known) return known;
    const bytes = utf8ByteString(piece);
    const whole = byteRanks.get(bytes);
    const rankOf = (s: number, e: number) => byteRanks.get(bytes.slice(s, e));
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
        const piece = text.slice(at, end);
        at = end;
        // A non-ASCII piece may spell some other token's byte string in UTF-16 units ("Ã©" is
        // é's bytes): only an ASCII piece is its own key.
        const rank = byteRanks.get(piece);
        if (rank !== undefined && isAscii(piece)) {
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
