/**
 * Reading order of a mixed-direction line from pieces whose own text is already in logical order
 * (pdf.js text items: an RTL item's string is logical, its box visual). The Unicode Bidirectional
 * Algorithm (UAX #9) applied with each piece as one character: a piece's bidi class comes from its
 * characters (strong right-to-left letters, strong left-to-right letters, European or Arabic
 * digits, or neutral), levels follow rules W7, N1, N2, I1, I2 and the display order rule L2.
 *
 * Two directions are needed. `visualFromLogical` is the algorithm itself: given pieces in logical
 * order, where they are drawn, left to right. `logicalFromVisual` goes back: given the pieces left
 * to right as drawn, their levels are resolved on that sequence (where "logically before" depends on
 * the direction of the run a piece sits in) and L2 — which is its own inverse for a given sequence
 * of levels — turns the visual sequence into the logical one. Several logical strings can display
 * alike; the inverse picks the one a reader would: numbers and leaders next to right-to-left text
 * stay with it ("title ..... 12"), a number after a left-to-right word stays with the word
 * ("Python 3").
 *
 * Only classes matter here, no characters: the caller classifies pieces with `bidiClass`.
 */

/**
 * A piece's class: strong L or R (R includes Arabic letters, UAX #9's AL), European number, Arabic
 * number, or neutral (punctuation, symbols, leaders: ON, ES, ET, CS and the like).
 */
export type BidiClass = "L" | "R" | "EN" | "AN" | "ON";

/**
 * Whether a UTF-16 code unit lies in a block of right-to-left scripts (Hebrew, Arabic, Syriac,
 * Thaana, N'Ko, Samaritan, Mandaic and their presentation forms; high surrogates of the
 * right-to-left supplementary blocks U+10800–U+10FFF and U+1E800–U+1EFFF). A cheap pre-test: such
 * units also include digits, marks and punctuation, which `bidiClass` sorts out.
 */
function isRtlBlock(code: number): boolean {
  if (code < 0x0590) return false;
  return (
    code <= 0x08ff ||
    (code >= 0xfb1d && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfefe) ||
    code === 0xd802 ||
    code === 0xd803 ||
    code === 0xd83a ||
    code === 0xd83b
  );
}

/** Whether `text` has a character from a right-to-left block (see `isRtlBlock`). */
export function hasRtlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isRtlBlock(text.charCodeAt(i))) return true;
  return false;
}

const LETTER = /[\p{L}\p{Mc}]/u;
const DIGIT = /\p{Nd}/u;

/** Class of one code point: strong letters, the two kinds of numbers, everything else neutral. */
function charClass(ch: string): BidiClass {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x80) {
    if (cp >= 0x30 && cp <= 0x39) return "EN";
    return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) ? "L" : "ON";
  }
  // Arabic-Indic digits and separators, and the Arabic number signs, are AN; the extended
  // (Persian) digits, superscripts, subscripts and full-width digits are EN.
  if ((cp >= 0x0660 && cp <= 0x0669) || cp === 0x066b || cp === 0x066c) return "AN";
  if ((cp >= 0x0600 && cp <= 0x0605) || cp === 0x06dd || cp === 0x08e2) return "AN";
  if ((cp >= 0x10d30 && cp <= 0x10d39) || (cp >= 0x10e60 && cp <= 0x10e7e)) return "AN";
  if (
    (cp >= 0x06f0 && cp <= 0x06f9) ||
    cp === 0xb2 ||
    cp === 0xb3 ||
    cp === 0xb9 ||
    cp === 0x2070 ||
    (cp >= 0x2074 && cp <= 0x2079) ||
    (cp >= 0x2080 && cp <= 0x2089) ||
    (cp >= 0xff10 && cp <= 0xff19) ||
    (cp >= 0x1d7ce && cp <= 0x1d7ff) ||
    (cp >= 0x1f100 && cp <= 0x1f10a)
  ) {
    return "EN";
  }
  const rtlBlock =
    (cp >= 0x0590 && cp <= 0x08ff) ||
    (cp >= 0xfb1d && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfefe) ||
    (cp >= 0x10800 && cp <= 0x10fff) ||
    (cp >= 0x1e800 && cp <= 0x1efff);
  if (LETTER.test(ch)) return rtlBlock ? "R" : "L";
  // Digits of other scripts (Devanagari, Thai, …) are strong L in Unicode.
  if (!rtlBlock && DIGIT.test(ch)) return "L";
  return "ON";
}

/**
 * The class of a piece of text: R or L if it has strong letters (both: `rtlHint`, pdf.js's `dir`,
 * decides), else AN or EN if it has digits, else neutral.
 */
export function bidiClass(text: string, rtlHint: boolean): BidiClass {
  let r = 0;
  let l = 0;
  let en = 0;
  let an = 0;
  for (const ch of text) {
    const c = charClass(ch);
    if (c === "R") r++;
    else if (c === "L") l++;
    else if (c === "EN") en++;
    else if (c === "AN") an++;
  }
  if (r > 0 && (l === 0 || rtlHint)) return "R";
  if (l > 0) return "L";
  if (an > 0) return "AN";
  return en > 0 ? "EN" : "ON";
}

/** Counts of strong right-to-left and left-to-right letters in `text`. */
export function strongCounts(text: string): { rtl: number; ltr: number } {
  let rtl = 0;
  let ltr = 0;
  for (const ch of text) {
    const c = charClass(ch);
    if (c === "R") rtl++;
    else if (c === "L") ltr++;
  }
  return { rtl, ltr };
}

const isNumber = (c: BidiClass): boolean => c === "EN" || c === "AN";

/**
 * Rule L2 on a sequence of levels: from the highest level down to the lowest odd one, reverse every
 * maximal run at that level or higher. Returns the indices of the input in their new order. For a
 * given level sequence this is an involution: applied to the visual sequence (with its levels) it
 * gives back the logical one.
 */
export function reorderByLevels(levels: readonly number[]): number[] {
  const order = levels.map((_, i) => i);
  let max = 0;
  let minOdd = Infinity;
  for (const level of levels) {
    if (level > max) max = level;
    if (level % 2 === 1 && level < minOdd) minOdd = level;
  }
  for (let level = max; level >= minOdd; level--) {
    let i = 0;
    while (i < order.length) {
      if (levels[order[i]!]! < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && levels[order[j]!]! >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  return order;
}

/** The level a piece resolved to strong `dir` gets in a paragraph of level `para` (rules I1, I2). */
function strongLevel(dir: "L" | "R", para: 0 | 1): number {
  if (para === 0) return dir === "L" ? 0 : 1;
  return dir === "L" ? 2 : 1;
}

/**
 * Levels of pieces in logical order (rules W7, N1, N2, I1, I2 at the piece level). W1–W6 concern
 * marks and separators inside a number, which stay inside their piece.
 */
function logicalLevels(classes: readonly BidiClass[], rtl: boolean): number[] {
  const para: 0 | 1 = rtl ? 1 : 0;
  const sos: "L" | "R" = rtl ? "R" : "L";
  // W7: a European number after strong L (or at the start of an LTR paragraph) counts as L.
  const resolved: (BidiClass | "LN")[] = [];
  let lastStrong: "L" | "R" = sos;
  for (const c of classes) {
    if (c === "L" || c === "R") lastStrong = c;
    resolved.push(c === "EN" && lastStrong === "L" ? "LN" : c);
  }
  // N1/N2: the direction each piece pushes its neutral neighbours to (numbers count as R).
  const side = (c: BidiClass | "LN"): "L" | "R" => (c === "L" || c === "LN" ? "L" : "R");
  const levels: number[] = [];
  for (let i = 0; i < resolved.length; i++) {
    const c = resolved[i]!;
    if (c === "L" || c === "R") levels.push(strongLevel(c, para));
    else if (c === "LN") levels.push(strongLevel("L", para));
    else if (c !== "ON") levels.push(2);
    else {
      let b = i - 1;
      while (b >= 0 && resolved[b] === "ON") b--;
      let a = i + 1;
      while (a < resolved.length && resolved[a] === "ON") a++;
      const before = b >= 0 ? side(resolved[b]!) : sos;
      const after = a < resolved.length ? side(resolved[a]!) : sos;
      levels.push(strongLevel(before === after ? before : sos, para));
    }
  }
  return levels;
}

/** Pieces given in logical order: their indices left to right as the algorithm displays them. */
export function visualFromLogical(classes: readonly BidiClass[], rtl: boolean): number[] {
  return reorderByLevels(logicalLevels(classes, rtl));
}

/**
 * Levels of pieces given left to right as drawn. Strong pieces as in logical order. Numbers: in an
 * RTL paragraph always level 2, counting as L for neutrals when the nearest strong piece on their
 * left is L (inside a left-to-right run, the left is logically before: W7); in an LTR paragraph,
 * level 2 (inside a right-to-left run) when the nearest strong pieces on both sides are R, else 0.
 * Neutrals take the direction shared by their two sides (N1), else the paragraph's (N2).
 */
function visualLevels(classes: readonly BidiClass[], rtl: boolean): number[] {
  const para: 0 | 1 = rtl ? 1 : 0;
  const edge: "L" | "R" = rtl ? "R" : "L";
  const n = classes.length;
  const strongLeft: ("L" | "R" | undefined)[] = [];
  let last: "L" | "R" | undefined;
  for (let i = 0; i < n; i++) {
    strongLeft.push(last);
    const c = classes[i]!;
    if (c === "L" || c === "R") last = c;
  }
  const strongRight: ("L" | "R" | undefined)[] = new Array<"L" | "R" | undefined>(n);
  last = undefined;
  for (let i = n - 1; i >= 0; i--) {
    strongRight[i] = last;
    const c = classes[i]!;
    if (c === "L" || c === "R") last = c;
  }
  // Direction each non-neutral piece pushes neutrals to, and its level.
  const dirs: ("L" | "R" | undefined)[] = [];
  const levels: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = classes[i]!;
    if (c === "L" || c === "R") {
      dirs.push(c);
      levels.push(strongLevel(c, para));
    } else if (isNumber(c)) {
      if (rtl) {
        dirs.push(c === "EN" && strongLeft[i] === "L" ? "L" : "R");
        levels.push(2);
      } else {
        const inRtl = (strongLeft[i] ?? edge) === "R" && (strongRight[i] ?? edge) === "R";
        dirs.push(inRtl ? "R" : "L");
        levels.push(inRtl ? 2 : 0);
      }
    } else {
      dirs.push(undefined);
      levels.push(-1);
    }
  }
  for (let i = 0; i < n; i++) {
    if (dirs[i] !== undefined) continue;
    let b = i - 1;
    while (b >= 0 && dirs[b] === undefined) b--;
    let a = i + 1;
    while (a < n && dirs[a] === undefined) a++;
    const left = b >= 0 ? dirs[b]! : edge;
    const right = a < n ? dirs[a]! : edge;
    levels[i] = strongLevel(left === right ? left : edge, para);
  }
  return levels;
}

/** Pieces given left to right as drawn: their indices in logical (reading) order. */
export function logicalFromVisual(classes: readonly BidiClass[], rtl: boolean): number[] {
  return reorderByLevels(visualLevels(classes, rtl));
}
