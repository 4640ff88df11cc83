/**
 * Texts holding a long piece: found in one linear pass, then split with the encoding's own regex so
 * that only the long pieces leave gpt-tokenizer (whose merge is quadratic in a piece's length) for
 * bpeMerge. Both give tiktoken's ids; this only changes how long a long piece takes.
 */
import { encodePiece } from "./bpeMerge";

/** A piece this long (UTF-16 units) or longer is merged by bpeMerge; shorter ones by gpt-tokenizer. */
export const LONG_PIECE = 256;

// Class bits of a UTF-16 unit as the split regexes see it. A piece of cl100k_base or o200k_base is
// an optional one-character prefix then a run of letters/marks (plus a contraction, ≤ 3 units), a
// run of punctuation then a "tail" run of \r \n / (cl100k: \r \n), a run of whitespace, or ≤ 3
// digits. A surrogate half may belong to a letter or to a symbol, so it counts as both.
const LETTER = 1;
const PUNCT = 2;
const SPACE = 4;
const TAIL = 8;
let unitClasses: Uint8Array | undefined;

/** Class bits of every UTF-16 unit, from the Unicode tables the regexes use; built once, ~5 ms. */
function classTable(): Uint8Array {
  if (unitClasses) return unitClasses;
  const table = new Uint8Array(0x10000).fill(PUNCT);
  const units = new Uint16Array(0x10000).map((_, unit) => unit);
  units.fill(0, 0xd800, 0xe000); // lone surrogates would not survive in a string
  let all = "";
  for (let i = 0; i < units.length; i += 4096) all += String.fromCharCode(...units.subarray(i, i + 4096));
  const classes: [RegExp, number][] = [
    [/[\p{L}\p{M}]+/gu, LETTER],
    [/\p{N}+/gu, 0],
    [/\s+/gu, SPACE],
  ];
  for (const [pattern, bits] of classes)
    for (const match of all.matchAll(pattern)) table.fill(bits, match.index, match.index + match[0].length);
  table.fill(LETTER | PUNCT, 0xd800, 0xe000);
  for (const unit of [0x0a, 0x0d, 0x2f]) table[unit]! |= TAIL;
  return (unitClasses = table);
}

/**
 * Whether some run of one class (letters, punctuation, whitespace, tail) is LONG_PIECE units or
 * longer. When none is, no piece exceeds 2 · LONG_PIECE units (punctuation run + tail run is the
 * longest), so gpt-tokenizer's merge stays cheap and the text can go to it whole; ~2 ms/MB.
 */
export function hasLongRun(text: string): boolean {
  const classes = classTable();
  let letters = 0;
  let punct = 0;
  let space = 0;
  let tail = 0;
  for (let i = 0; i < text.length; i++) {
    const bits = classes[text.charCodeAt(i)]!;
    letters = bits & LETTER ? letters + 1 : 0;
    punct = bits & PUNCT ? punct + 1 : 0;
    space = bits & SPACE ? space + 1 : 0;
    tail = bits & TAIL ? tail + 1 : 0;
    if (letters >= LONG_PIECE || punct >= LONG_PIECE || space >= LONG_PIECE || tail >= LONG_PIECE) return true;
  }
  return false;
}

function append(ids: number[], more: readonly number[]): void {
  for (const id of more) ids.push(id);
}

/**
 * Encodes a text that may hold long pieces: split with the encoding's regex (gpt-tokenizer's own,
 * so the pieces are its pieces), long pieces to bpeMerge, the stretches between them to
 * `encodeShort` (gpt-tokenizer, a whole stretch per call).
 *
 * Cutting a text at a piece boundary c changes how the part before c splits only through `$` and
 * `(?!\S)`, and both follow a run of whitespace: when text[c − 1] is no whitespace, the part before
 * c splits exactly as inside the whole text. So a stretch is cut after its last piece that does not
 * end in whitespace, and the pieces after that (whitespace, or punctuation + newlines) go one by
 * one: a piece alone always splits as itself.
 */
export function encodeWithLongPieces(
  text: string,
  splitRegex: RegExp,
  encodeShort: (text: string) => number[],
  byteRanks: () => ReadonlyMap<string, number>,
): number[] {
  const classes = classTable();
  const ids: number[] = [];
  let pending = 0; // start of the text not encoded yet
  let safe = 0; // end of the last piece not ending in whitespace: the text may be cut there
  const ends: number[] = []; // ends of the pieces after `safe`
  // A copy: the shared regex is global, and its lastIndex is gpt-tokenizer's.
  for (const match of text.matchAll(new RegExp(splitRegex))) {
    const piece = match[0];
    const end = match.index + piece.length;
    if (piece.length < LONG_PIECE) {
      if (classes[text.charCodeAt(end - 1)]! & SPACE) ends.push(end);
      else {
        safe = end;
        ends.length = 0;
      }
      continue;
    }
    if (safe > pending) append(ids, encodeShort(text.slice(pending, safe)));
    let start = safe;
    for (const pieceEnd of ends) append(ids, encodeShort(text.slice(start, (start = pieceEnd))));
    append(ids, encodePiece(piece, byteRanks()));
    pending = safe = end;
    ends.length = 0;
  }
  if (pending < text.length) append(ids, encodeShort(text.slice(pending)));
  return ids;
}
