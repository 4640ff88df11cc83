/**
 * How @chonkiejs/core 0.0.11 cuts text into sentences, over true ranges of the document:
 * - several delimiters of which one is longer than a character: SentenceChunker's own JavaScript
 *   (splitByPatternsOffsets: every occurrence of each delimiter, sorted, overlapping ones dropped,
 *   the delimiter kept with the previous piece, the next, or dropped; then mergeShortOffsets) — in
 *   UTF-16 units, as that code runs on the JavaScript string;
 * - single characters only (and always for SemanticChunker): @chonkiejs/chunk's split_offsets (Rust,
 *   split_at_delimiters), which runs on the text's UTF-8 bytes: it returns byte offsets and measures
 *   min_chars in bytes, and Chonkie then slices the JavaScript string with those byte numbers. The
 *   split points are the same characters either way (delimiters are ASCII bytes); each piece here
 *   keeps its true range and Chonkie's byte offsets beside it, so a chunk can say where Chonkie's own
 *   offsets point and what its text there is (`chonkieSlice`).
 */

export type IncludeDelim = "prev" | "next" | "none";

/**
 * Why a non-ASCII delimiter character is refused on the Rust path: split_offsets matches each of a
 * delimiter's UTF-8 bytes alone, so "…" would also cut inside em dashes and curly quotes (and an
 * emoji inside itself) — cuts no true range can reproduce.
 */
export const NON_ASCII_DELIMITER =
  "Chonkie's Rust splitter matches each UTF-8 byte of a delimiter character alone, so a non-ASCII one (… 。 an emoji) would also cut inside other characters: use ASCII delimiters, or (chonkie-sentence) one delimiter longer than a character, which Chonkie matches in JavaScript";

export interface ChonkiePiece {
  /** The piece's true range in the text (UTF-16 units). */
  start: number;
  end: number;
  /** Chonkie's offsets for it: UTF-8 bytes on the split_offsets path, the same as start/end otherwise. */
  chonkieStart: number;
  chonkieEnd: number;
}

/** UTF-8 length of the code unit at i (a surrogate pair counts 4 on its high half, 0 on its low). */
function utf8Units(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = text.charCodeAt(i + 1);
    return d >= 0xdc00 && d <= 0xdfff ? 4 : 3;
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const p = text.charCodeAt(i - 1);
    return p >= 0xd800 && p <= 0xdbff ? 0 : 3;
  }
  return 3;
}

/**
 * split_at_delimiters (chonkie-inc/chunk src/split.rs) on the text's UTF-8 bytes, as ranges: a cut
 * at every delimiter character; the delimiter kept with the piece before ("prev"), after ("next") or
 * dropped; with minChars > 0 pieces are accumulated and merged while the accumulated run or the new
 * piece is shorter than minChars bytes.
 */
export function splitAtDelimiters(
  text: string,
  delimiters: string,
  include: IncludeDelim,
  minChars: number,
): ChonkiePiece[] {
  if (text === "") return [];
  // Byte offset of every code unit position, so pieces carry Chonkie's numbers.
  const byteAt = new Uint32Array(text.length + 1);
  for (let i = 0; i < text.length; i++) byteAt[i + 1] = byteAt[i]! + utf8Units(text, i);
  const piece = (s: number, e: number): ChonkiePiece => ({
    start: s,
    end: e,
    chonkieStart: byteAt[s]!,
    chonkieEnd: byteAt[e]!,
  });
  if (delimiters === "") return [piece(0, text.length)];
  const isDelim = new Set<number>();
  for (let k = 0; k < delimiters.length; k++) isDelim.add(delimiters.charCodeAt(k));

  const out: ChonkiePiece[] = [];
  let accStart = 0;
  let accEnd = 0;
  const emit = (s: number, e: number) => {
    if (minChars === 0) out.push(piece(s, e));
    else if (accStart === accEnd) {
      accStart = s;
      accEnd = e;
    } else if (byteAt[accEnd]! - byteAt[accStart]! < minChars || byteAt[e]! - byteAt[s]! < minChars)
      accEnd = e;
    else {
      out.push(piece(accStart, accEnd));
      accStart = s;
      accEnd = e;
    }
  };
  let segStart = 0;
  for (let i = 0; i < text.length; i++) {
    if (!isDelim.has(text.charCodeAt(i))) continue;
    if (include === "prev") {
      if (segStart < i + 1) emit(segStart, i + 1);
      segStart = i + 1;
    } else {
      if (segStart < i) emit(segStart, i);
      segStart = include === "next" ? i : i + 1;
    }
  }
  if (segStart < text.length) emit(segStart, text.length);
  if (minChars > 0 && accStart < accEnd) out.push(piece(accStart, accEnd));
  return out;
}

/**
 * SentenceChunker.splitByPatternsOffsets and mergeShortOffsets (JavaScript, UTF-16 units): every
 * occurrence of each delimiter, left to right per delimiter, sorted by position; an occurrence
 * starting inside the previous kept one is dropped; pieces as splitAtDelimiters; then a piece is
 * closed once the run since the last close is at least minChars long, and a short last run joins the
 * piece before it.
 */
export function splitByPatterns(
  text: string,
  delimiters: readonly string[],
  include: IncludeDelim,
  minChars: number,
): ChonkiePiece[] {
  const found: { index: number; length: number }[] = [];
  for (const d of delimiters) {
    if (d === "") continue; // indexOf("") would never advance: Chonkie's loop would not end.
    for (let pos = 0; pos < text.length;) {
      const at = text.indexOf(d, pos);
      if (at < 0) break;
      found.push({ index: at, length: d.length });
      pos = at + d.length;
    }
  }
  const same = (s: number, e: number): ChonkiePiece => ({ start: s, end: e, chonkieStart: s, chonkieEnd: e });
  if (found.length === 0) return text.length > 0 ? [same(0, text.length)] : [];
  found.sort((a, b) => a.index - b.index);
  const kept = [found[0]!];
  for (let i = 1; i < found.length; i++) {
    const prev = kept[kept.length - 1]!;
    if (found[i]!.index >= prev.index + prev.length) kept.push(found[i]!);
  }
  const offsets: [number, number][] = [];
  let cursor = 0;
  for (const { index, length } of kept) {
    const end = include === "prev" ? index + length : index;
    if (end > cursor) offsets.push([cursor, end]);
    cursor = include === "prev" ? index + length : include === "next" ? index : index + length;
  }
  if (cursor < text.length) offsets.push([cursor, text.length]);
  return mergeShortOffsets(offsets, minChars).map(([s, e]) => same(s, e));
}

/** SentenceChunker.mergeShortOffsets, as it reads. */
function mergeShortOffsets(offsets: [number, number][], minChars: number): [number, number][] {
  if (offsets.length <= 1) return offsets;
  const result: [number, number][] = [];
  let currentStart = offsets[0]![0];
  for (let i = 0; i < offsets.length; i++) {
    const e = offsets[i]![1];
    const length = e - currentStart;
    const last = i === offsets.length - 1;
    if (length < minChars && !last) continue;
    if (last && length < minChars && result.length > 0)
      result[result.length - 1] = [result[result.length - 1]![0], e];
    else {
      result.push([currentStart, e]);
      if (!last) currentStart = offsets[i + 1]![0];
    }
  }
  return result;
}

/** What Chonkie's own offsets give back from the JavaScript string: `text.slice(chonkieStart, chonkieEnd)`. */
export function chonkieSlice(text: string, piece: { chonkieStart: number; chonkieEnd: number }): string {
  return text.slice(piece.chonkieStart, piece.chonkieEnd);
}
