/**
 * Estimated glyph advances, in thousandths of an em, for placing a character inside a text run.
 * pdf.js reports a run's total advance but not each glyph's, and reading the font program for
 * every page would cost more than extraction itself; Helvetica's metrics (the standard-14 AFM)
 * put a cut inside a run of proportional Latin text within a fraction of a glyph, where counting
 * characters can be off by several (compare "illicit" with "MWMWMWM").
 */

const DEFAULT_WIDTH = 556;
const WIDE_WIDTH = 1000;

// prettier-ignore
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space … /
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 … ?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ … O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P … _
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` … o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p … ~
];

/** Advances of U+0000–U+024F, computed once: accented Latin letters take their base letter's. */
const LATIN_TABLE = Uint16Array.from({ length: 0x250 }, (_, code) => latinAdvance(code));

function latinAdvance(code: number): number {
  if (code < 32 || code === 127) return 0;
  if (code <= 126) return ASCII_WIDTHS[code - 32]!;
  const base = String.fromCharCode(code).normalize("NFD").charCodeAt(0);
  return base >= 32 && base <= 126 ? ASCII_WIDTHS[base - 32]! : DEFAULT_WIDTH;
}

/** One character's estimated advance (thousandths of an em). */
export function glyphAdvance(code: number): number {
  if (code < 0x250) return LATIN_TABLE[code]!;
  // Combining marks take no advance of their own; an astral character is counted on its high half.
  if (code >= 0x300 && code <= 0x36f) return 0;
  if (code >= 0xdc00 && code <= 0xdfff) return 0;
  if (isWide(code)) return WIDE_WIDTH;
  return DEFAULT_WIDTH;
}

/** CJK ideographs, kana, Hangul and full-width forms occupy a full em. */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0xd800 && code <= 0xdbff) // the high half of an astral character (mostly CJK extension B+ or emoji)
  );
}

/** Sum of the advances of text[from, to). */
export function advanceBetween(text: string, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += glyphAdvance(text.charCodeAt(i));
  return sum;
}
