/**
 * Geometry of pdf.js text items: from an item's transform (PDF user space) to a rectangle on the
 * displayed page (crop box and /Rotate applied, origin top-left, y down — poppler's
 * `pdftotext -cropbox -bbox-layout` convention) and to the direction its characters advance there.
 */
import type { RunDirection } from "../core/document";

/** The fields of a pdf.js TextItem this module reads. */
export interface TextItemLike {
  str: string;
  dir: string;
  /** [a, b, c, d, e, f] in PDF user space; (e, f) is the baseline origin. */
  transform: readonly number[];
  /** Advance along the text direction for horizontal fonts (the glyph column width for vertical ones). */
  width: number;
  /** The font size for horizontal fonts (the advance for vertical ones). */
  height: number;
  fontName: string;
  hasEOL: boolean;
}

/** The fields of a pdf.js TextStyle this module reads. */
export interface TextStyleLike {
  ascent: number;
  descent: number;
  vertical: boolean;
  fontFamily: string;
}

/** The fields of a pdf.js PageViewport this module reads. */
export interface ViewportLike {
  width: number;
  height: number;
  /** User space → displayed page: [a, b, c, d, e, f]. */
  transform: readonly number[];
  convertToViewportPoint(x: number, y: number): number[];
}

/**
 * An item's own frame in user space: the baseline origin, the unit vector characters advance along
 * (visually, left to right as drawn — also for RTL scripts, whose logical order pdf.js reverses), and
 * the unit normal pointing "up" from the baseline (for vertical fonts: across the column).
 */
export interface ItemFrame {
  ox: number;
  oy: number;
  ux: number;
  uy: number;
  nx: number;
  ny: number;
  /** Length of the item along u, in points. */
  advance: number;
  fontSize: number;
  /** Extent across the baseline: from `crossMin` to `crossMax` along n (points). */
  crossMin: number;
  crossMax: number;
  vertical: boolean;
}

/**
 * Glyph box above/below the baseline as a fraction of the font size. pdf.js gives the font's
 * ascent/descent, but those come from font descriptors that vary wildly (0 or > 1 happens); the
 * clamps keep boxes near the glyphs (~0.8 above, ~0.2 below) as poppler and the eye see them.
 */
const ASCENT_DEFAULT = 0.8;
const ASCENT_MIN = 0.7;
const ASCENT_MAX = 0.85;
const DESCENT_DEFAULT = 0.2;
const DESCENT_MIN = 0.15;
const DESCENT_MAX = 0.25;

function clampOr(value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || !Number.isFinite(value) || value === 0) return fallback;
  return Math.min(max, Math.max(min, Math.abs(value)));
}

/** Font size of an item: the length of the transform's (c, d) column (else (a, b), else height). */
function fontSizeOf(item: TextItemLike): number {
  const t = item.transform;
  const fromCD = Math.hypot(t[2] ?? 0, t[3] ?? 0);
  if (fromCD > 0) return fromCD;
  const fromAB = Math.hypot(t[0] ?? 0, t[1] ?? 0);
  return fromAB > 0 ? fromAB : Math.abs(item.height);
}

export function itemFrame(item: TextItemLike, style: TextStyleLike | undefined): ItemFrame {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
  const fontSize = fontSizeOf(item);
  const vertical = style?.vertical === true;
  if (!vertical) {
    const lenAB = Math.hypot(a, b);
    const ux = lenAB > 0 ? a / lenAB : 1;
    const uy = lenAB > 0 ? b / lenAB : 0;
    // The normal is perpendicular to the baseline (a skewed (c, d) — oblique text — would tilt the
    // box); its sign follows (c, d) so mirrored text keeps "up" where its glyphs are.
    let nx = -uy;
    let ny = ux;
    if (c * nx + d * ny < 0) {
      nx = -nx;
      ny = -ny;
    }
    const ascent = clampOr(style?.ascent, ASCENT_DEFAULT, ASCENT_MIN, ASCENT_MAX);
    const descent = clampOr(style?.descent, DESCENT_DEFAULT, DESCENT_MIN, DESCENT_MAX);
    return {
      ox: e,
      oy: f,
      ux,
      uy,
      nx,
      ny,
      advance: Math.abs(item.width),
      fontSize,
      crossMin: -descent * fontSize,
      crossMax: ascent * fontSize,
      vertical,
    };
  }
  // Vertical writing: glyphs hang below the origin (text space −y) and are centred on it across.
  const lenCD = Math.hypot(c, d);
  const ux = lenCD > 0 ? -c / lenCD : 0;
  const uy = lenCD > 0 ? -d / lenCD : -1;
  const lenAB = Math.hypot(a, b);
  const nx = lenAB > 0 ? a / lenAB : uy;
  const ny = lenAB > 0 ? b / lenAB : -ux;
  return {
    ox: e,
    oy: f,
    ux,
    uy,
    nx,
    ny,
    advance: Math.abs(item.height),
    fontSize,
    crossMin: -fontSize / 2,
    crossMax: fontSize / 2,
    vertical,
  };
}

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The displayed-page rectangle of the part of an item between `from` and `to` (points along its
 * advance from the origin): the four corners through the viewport, then min/max.
 */
export function displayRect(frame: ItemFrame, from: number, to: number, viewport: ViewportLike): Rect {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const along of [from, to]) {
    for (const across of [frame.crossMin, frame.crossMax]) {
      const px = frame.ox + frame.ux * along + frame.nx * across;
      const py = frame.oy + frame.uy * along + frame.ny * across;
      const [vx = 0, vy = 0] = viewport.convertToViewportPoint(px, py);
      if (vx < x0) x0 = vx;
      if (vx > x1) x1 = vx;
      if (vy < y0) y0 = vy;
      if (vy > y1) y1 = vy;
    }
  }
  return { x0, y0, x1, y1 };
}

/**
 * The direction characters advance on the displayed page. `u` is mapped through the viewport's
 * linear part (rotation, flip); an RTL item (pdf.js `dir === "rtl"`, string in logical order)
 * advances logically against its visual direction.
 */
export function displayDirection(frame: ItemFrame, viewport: ViewportLike, rtl: boolean): RunDirection {
  const [va = 1, vb = 0, vc = 0, vd = 1] = viewport.transform;
  const dx = va * frame.ux + vc * frame.uy;
  const dy = vb * frame.ux + vd * frame.uy;
  let dir: RunDirection = Math.abs(dx) >= Math.abs(dy) ? (dx >= 0 ? "ltr" : "rtl") : dy >= 0 ? "ttb" : "btt";
  if (rtl) dir = OPPOSITE[dir];
  return dir;
}

const OPPOSITE: Record<RunDirection, RunDirection> = { ltr: "rtl", rtl: "ltr", ttb: "btt", btt: "ttb" };

/** Round to 1/1000 pt: keeps JSON small and output stable across platforms' float noise. */
export function roundCoord(v: number): number {
  return Math.round(v * 1000) / 1000;
}
