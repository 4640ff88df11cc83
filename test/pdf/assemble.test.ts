/**
 * Page assembly on hand-made pdf.js text items (no pdf.js): separators from whitespace items, EOL
 * flags and geometry; trimming; RTL and vertical items; paragraph and column breaks.
 */
import { describe, expect, it } from "vitest";
import { assemblePage, stableFontKey } from "../../src/pdf/assemble";
import type { TextItemLike, TextStyleLike, ViewportLike } from "../../src/pdf/geometry";

/** An unrotated 612×792 page, as pdf.js's viewport at scale 1: y flipped. */
const viewport: ViewportLike = {
  width: 612,
  height: 792,
  transform: [1, 0, 0, -1, 0, 792],
  convertToViewportPoint: (x, y) => [x, 792 - y],
};

const styles: Record<string, TextStyleLike> = {
  f1: { ascent: 0.8, descent: -0.2, vertical: false, fontFamily: "sans-serif" },
  v1: { ascent: 0.88, descent: -0.12, vertical: true, fontFamily: "serif" },
};

/** A horizontal item: 0.5 em per character unless a width is given. */
function item(
  str: string,
  x: number,
  y: number,
  opts: Partial<TextItemLike> & { size?: number } = {},
): TextItemLike {
  const size = opts.size ?? 10;
  return {
    str,
    dir: opts.dir ?? "ltr",
    transform: opts.transform ?? [size, 0, 0, size, x, y],
    width: opts.width ?? str.length * size * 0.5,
    height: size,
    fontName: opts.fontName ?? "f1",
    hasEOL: opts.hasEOL ?? false,
  };
}

function texts(page: ReturnType<typeof assemblePage>): string[] {
  return page.runs.map((r) => page.text.slice(r.start, r.end));
}

describe("assemblePage", () => {
  it("uses whitespace and empty items as separators only, never as runs", () => {
    const page = assemblePage(
      [
        item("Hello", 72, 700),
        item(" ", 97, 700),
        item("world", 100, 700, { hasEOL: true }),
        item("", 72, 688, { hasEOL: false, width: 0 }),
        item("Next", 72, 688),
      ],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe("Hello world\nNext");
    expect(texts(page)).toEqual(["Hello", "world", "Next"]);
  });

  it("breaks the line where an empty item carries the EOL", () => {
    const page = assemblePage(
      [item("one", 72, 700), item("", 87, 700, { hasEOL: true, width: 0 }), item("two", 72, 688)],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe("one\ntwo");
  });

  it("adds a space for a gap, none for touching items, keeps superscripts on the line", () => {
    const page = assemblePage(
      [
        item("Gal", 72, 700), // ends at 87
        item("*", 87, 704, { size: 7 }), // superscript, touching
        item("and", 93, 700), // 2.5 pt after the superscript's end (90.5): a space
        item("so", 108.5, 700), // touching "and" (ends at 108): no space
      ],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe("Gal* andso");
  });

  it("trims an item's whitespace and shrinks its box proportionally", () => {
    const page = assemblePage([item("  abcd  ", 100, 700, { width: 80 })], styles, viewport, 1);
    expect(page.text).toBe("abcd");
    const run = page.runs[0]!;
    expect(run.x0).toBeCloseTo(120, 6);
    expect(run.x1).toBeCloseTo(160, 6);
    // Glyph box: 0.8 em above the baseline (y=92 on the page), 0.2 em below.
    expect(run.y0).toBeCloseTo(84, 6);
    expect(run.y1).toBeCloseTo(94, 6);
  });

  it("shrinks an RTL item from the visual side its logical start lies on", () => {
    // Logical "abc " (trailing space logically) is drawn with the space at its visual left.
    const page = assemblePage([item("abc ", 100, 700, { dir: "rtl", width: 40 })], styles, viewport, 1);
    const run = page.runs[0]!;
    expect(page.text).toBe("abc");
    expect(run.dir).toBe("rtl");
    expect(run.x0).toBeCloseTo(110, 6);
    expect(run.x1).toBeCloseTo(140, 6);
  });

  it("separates paragraphs by a gap larger than the usual line spacing", () => {
    const lines = ["one", "two", "three", "four", "five"];
    const ys = [700, 688, 676, 652, 640]; // 12 pt spacing, then a 24 pt step
    const page = assemblePage(
      lines.map((s, i) => item(s, 72, ys[i]!)),
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe("one\ntwo\nthree\n\nfour\nfive");
    expect(page.lines.map((l) => l.paragraphBefore)).toEqual([true, false, false, true, false]);
  });

  it("keeps a sentence running into the next column on one paragraph", () => {
    const page = assemblePage(
      [
        item("ends with the", 72, 100),
        item("value of x.", 320, 700), // top of the next column, lower-case continuation
        item("A new start", 320, 688),
        item("Next block.", 72, 640),
      ],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe("ends with the\nvalue of x.\nA new start\n\nNext block.");
  });

  it("gives vertical writing a top-to-bottom direction and a column box", () => {
    // A vertical font: the item advances down (height = advance), glyphs centred on the origin.
    const v: TextItemLike = {
      str: "縦書き",
      dir: "ttb",
      transform: [10, 0, 0, 10, 300, 700],
      width: 10,
      height: 30,
      fontName: "v1",
      hasEOL: false,
    };
    const page = assemblePage([v], styles, viewport, 1);
    const run = page.runs[0]!;
    expect(run.dir).toBe("ttb");
    expect(run.x0).toBeCloseTo(295, 6);
    expect(run.x1).toBeCloseTo(305, 6);
    expect(run.y0).toBeCloseTo(92, 6);
    expect(run.y1).toBeCloseTo(122, 6);
  });

  it("reports lines with their dominant font size", () => {
    const page = assemblePage(
      [item("Big title", 72, 700, { size: 20 }), item("x", 170, 700, { size: 8 })],
      styles,
      viewport,
      1,
    );
    expect(page.lines).toHaveLength(1);
    expect(page.lines[0]!.fontSize).toBe(20);
  });

  it("strips pdf.js's per-load prefix from font names", () => {
    expect(stableFontKey("g_d12_f3")).toBe("f3");
    expect(stableFontKey("Helvetica")).toBe("Helvetica");
  });
});
