/**
 * Long pieces kept away from gpt-tokenizer, whose byte-pair merge is quadratic in a piece's length:
 * one linear pass finds the stretches of text that may hold one, those stretches are split with the
 * encoding's own regex and their long pieces merged by bpeMerge; all other text goes to
 * gpt-tokenizer whole, as before. Both give tiktoken's ids; only the time a long piece takes changes.
 */
import { encodePiece } from "./bpeMerge";

/** A piece this long (UTF-16 units) or longer is merged by bpeMerge; shorter ones by gpt-tokenizer. */
export const LONG_PIECE = 256;

// Class bits of a UTF-16 unit, from the Unicode tables the split regexes use.
const LETTER = 1; // \p{L}
const MARK = 2; // \p{M}
const NUMBER = 4; // \p{N}
const SPACE = 8; // \s
const NEWLINE = 16; // \r \n
const SURROGATE = 32; // half of an astral character: a letter, a number or a symbol
const WORD = LETTER | MARK | SURROGATE;
const APOSTROPHE = 0x27;

let unitClasses: Uint8Array | undefined;

/** Class bits of every UTF-16 unit; built once per process, ~5–10 ms. */
function classTable(): Uint8Array {
  if (unitClasses) return unitClasses;
  const table = new Uint8Array(0x10000);
  const units = new Uint16Array(0x10000).map((_, unit) => unit);
  units.fill(0, 0xd800, 0xe000); // surrogates side by side would pair up into astral characters
  let all = "";
  for (let i = 0; i < units.length; i += 4096) all += String.fromCharCode(...units.subarray(i, i + 4096));
  const classes: [RegExp, number][] = [
    [/\p{L}+/gu, LETTER],
    [/\p{M}+/gu, MARK],
    [/\p{N}+/gu, NUMBER],
    [/\s+/gu, SPACE],
  ];
  for (const [pattern, bits] of classes)
    for (const match of all.matchAll(pattern)) table.fill(bits, match.index, match.index + match[0].length);
  table.fill(SURROGATE, 0xd800, 0xe000);
  table[0x0a]! |= NEWLINE;
  table[0x0d]! |= NEWLINE;
  return (unitClasses = table);
}

/**
 * Whether every split of `text` by cl100k_base or o200k_base has a piece boundary at `at`
 * (0 < at < text.length) whatever came before, and text[at − 1] is no whitespace (encodeSplit
 * says why that matters). These "cuts" are:
 *  - after a letter (BMP \p{L}), unless a letter, mark, surrogate or apostrophe (a contraction)
 *    follows: letters are only ever in letter pieces, and those end there;
 *  - after a number (BMP \p{N}) before anything but a number, and before a number after anything
 *    but a number or whitespace: numbers are only ever in number pieces;
 *  - before whitespace other than \r \n after anything but whitespace: no piece holds whitespace
 *    after something else, except a punctuation piece's tail of \r \n.
 */
export function isCut(text: string, at: number): boolean {
  const classes = unitClasses ?? classTable();
  const before = classes[text.charCodeAt(at - 1)]!;
  const unit = text.charCodeAt(at);
  const bits = classes[unit]!;
  if (before & LETTER) return !(bits & WORD) && unit !== APOSTROPHE;
  if (before & NUMBER) return !(bits & (NUMBER | SURROGATE));
  if (bits & NUMBER) return !(before & (SPACE | SURROGATE));
  return (bits & (SPACE | NEWLINE)) === SPACE && !(before & SPACE);
}

/**
 * Encodes `text` as `encodeShort` (gpt-tokenizer) does, with long pieces merged by bpeMerge. No
 * piece crosses a cut, so where cuts are less than LONG_PIECE apart no piece is long and the text
 * goes to gpt-tokenizer whole. A longer stretch between cuts (a long piece; rarely text with few
 * cuts, such as a run of digits) goes to encodeSplit.
 */
export function encodeWithLongPieces(
  text: string,
  splitRegex: RegExp,
  encodeShort: (text: string) => number[],
  byteRanks: () => ReadonlyMap<string, number>,
): number[] {
  const classes = classTable();
  let ids: number[] | undefined; // made at the first long stretch: most texts have none
  let pending = 0; // start of the text not encoded yet
  let cut = 0;
  while (cut + LONG_PIECE <= text.length) {
    // The last cut less than LONG_PIECE after this one, looked for backwards: in prose it is a
    // few units back, so the pass reads a few units per LONG_PIECE, and none twice over.
    let next = cut + LONG_PIECE - 1;
    while (next > cut && !isCut(text, next)) next--;
    if (next > cut) {
      cut = next;
      continue;
    }
    let end = cut + LONG_PIECE;
    while (end < text.length && !isCut(text, end)) end++;
    // The first stretch's ids become the array: no copy of a whole document's ids.
    if (!ids) ids = cut > 0 ? encodeShort(text.slice(0, cut)) : [];
    else if (cut > pending) append(ids, encodeShort(text.slice(pending, cut)));
    append(ids, encodeSplit(text.slice(cut, end), splitRegex, encodeShort, byteRanks, classes));
    pending = cut = end;
  }
  if (!ids) return encodeShort(text);
  if (pending < text.length) append(ids, encodeShort(text.slice(pending)));
  return ids;
}

function append(ids: number[], more: readonly number[]): void {
  for (const id of more) ids.push(id);
}

/**
 * Splits `text` with the encoding's regex (gpt-tokenizer's own, so these are its pieces): long
 * pieces to bpeMerge, the stretches between them to `encodeShort`, a whole stretch per call.
 *
 * Cutting a text at a piece boundary c changes how the part before c splits only through `$` and
 * `(?!\S)`, and both follow a run of whitespace: when text[c − 1] is no whitespace, the part before
 * c splits exactly as inside the whole text. So a stretch is cut after its last piece that does not
 * end in whitespace, and the pieces after that (whitespace, or punctuation + newlines) go one by
 * one: a piece alone always splits as itself.
 */
function encodeSplit(
  text: string,
  splitRegex: RegExp,
  encodeShort: (text: string) => number[],
  byteRanks: () => ReadonlyMap<string, number>,
  classes: Uint8Array,
): number[] {
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
