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

  it("sets a raised footnote number apart from the word before it, as poppler reads it", () => {
    const page = assemblePage(
      [
        item("modem.", 72, 700), // ends at 102
        item("1", 102, 704, { size: 7 }), // raised, smaller, touching: a note marker
        item("Next", 120, 700),
        item("x", 160, 700), // ends at 165
        item("2", 165, 704, { size: 7 }), // raised after a letter too (an exponent reads the same)
      ],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe("modem. 1 Next x 2");
    // Same size and baseline: an ordinary number run on from a word stays glued.
    const glued = assemblePage([item("item", 72, 700), item("12", 92, 700)], styles, viewport, 1);
    expect(glued.text).toBe("item12");
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

describe("assemblePage: mixed-direction lines in logical order", () => {
  const rtl = { dir: "rtl" } as const;
  const TITLE = "الفصل الأول"; // "Chapter one"
  const DOTS = ".".repeat(40);

  /** Every run's [start, end) holds exactly the given strings, in this order. */
  function expectRuns(page: ReturnType<typeof assemblePage>, strings: string[]): void {
    expect(texts(page)).toEqual(strings);
    for (let i = 1; i < page.runs.length; i++)
      expect(page.runs[i]!.start).toBeGreaterThanOrEqual(page.runs[i - 1]!.end);
  }

  it("reads a table-of-contents line drawn left to right as title, leaders, page number", () => {
    // Right-aligned title (x 485–540), leader dots (86–286), page number (72–82): content order is
    // left to right, as a layout engine drew them.
    const page = assemblePage(
      [item("12", 72, 700), item(DOTS, 86, 700, { width: 394 }), item(TITLE, 485, 700, rtl)],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe(`${TITLE} ${DOTS} 12`);
    expectRuns(page, [TITLE, DOTS, "12"]);
    // Runs keep their own boxes and directions.
    const [title, dots, num] = page.runs;
    expect([title!.x0, title!.x1, title!.dir]).toEqual([485, 540, "rtl"]);
    expect([dots!.x0, dots!.x1, dots!.dir]).toEqual([86, 480, "ltr"]);
    expect([num!.x0, num!.x1, num!.dir]).toEqual([72, 82, "ltr"]);
    expect(page.lines).toHaveLength(1);
  });

  it("splits a page number from the leader dots drawn with it", () => {
    const leader = `12 ${DOTS}`; // one item: 43 characters over 72–287
    const page = assemblePage(
      [item(leader, 72, 700, { width: 215 }), item(TITLE, 485, 700, rtl)],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe(`${TITLE} ${DOTS} 12`);
    expectRuns(page, [TITLE, DOTS, "12"]);
    const [, dots, num] = page.runs;
    expect(num!.x0).toBeCloseTo(72, 6);
    expect(num!.x1).toBeCloseTo(82, 6);
    expect(dots!.x0).toBeCloseTo(87, 6);
    expect(dots!.x1).toBeCloseTo(287, 6);
  });

  it("keeps a Latin word at the end of a title with the title", () => {
    // "مقدمة إلى Python ..... 7" drawn "7 ..... Python مقدمة إلى".
    const page = assemblePage(
      [
        item("7", 72, 700),
        item(DOTS, 82, 700, { width: 300 }),
        item("Python", 386, 700),
        item("مقدمة إلى", 420, 700, rtl),
      ],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe(`مقدمة إلى Python ${DOTS} 7`);
  });

  it("leaves a right-to-left line written in logical order as it is", () => {
    // As Word writes it: "تعتبر البرمجة بلغة R و Python من الأدوات القوية." right to left.
    const items = [
      item("تعتبر البرمجة بلغة", 452, 700, { ...rtl, width: 70 }),
      item("R", 441, 700, { width: 8 }),
      item("و", 433, 700, { ...rtl, width: 5 }),
      item("Python", 396, 700, { width: 34 }),
      item("من الأدوات القوية", 300, 700, { ...rtl, width: 90 }),
      item(".", 296, 700, { width: 3 }),
    ];
    const page = assemblePage(items, styles, viewport, 1);
    expect(page.text).toBe("تعتبر البرمجة بلغة R و Python من الأدوات القوية.");
    expectRuns(
      page,
      items.map((i) => i.str),
    );
  });

  it("leaves a mark drawn over its letter where the content puts it", () => {
    // A vowel mark as an item of its own, zero width, over the first letter (the right end) of
    // the word before it in a right-to-left line written in logical order.
    const page = assemblePage(
      [
        item("بناء", 480, 700, { ...rtl, width: 20 }), // 480–500
        item("\u064b", 498, 700, { ...rtl, width: 0 }),
        item("على البيانات", 410, 700, { ...rtl, width: 60 }),
      ],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe("بناء\u064b على البيانات");
  });

  it("leaves a mostly-Latin line of a right-to-left page in its logical order", () => {
    const page = assemblePage(
      [
        item("يمكن استخدام مكتبة", 430, 700, { ...rtl, width: 90 }),
        item("pandas for machine learning models", 250, 700, { width: 170 }),
        item("هنا", 220, 700, { ...rtl, width: 20 }),
        item("الفقرة الثانية من النص العربي الطويل", 340, 688, { ...rtl, width: 180 }),
      ],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe(
      "يمكن استخدام مكتبة pandas for machine learning models هنا\nالفقرة الثانية من النص العربي الطويل",
    );
  });

  it("keeps a number after a Latin word with it in a right-to-left line", () => {
    // "أصدر Python 3 في" drawn (left to right) "في Python 3 أصدر": in logical or in visual order.
    const items = [
      item("أصدر", 500, 700, rtl), // 500–520
      item("Python", 440, 700), // 440–470
      item("3", 474, 700), // 474–479
      item("في", 410, 700, rtl), // 410–420
    ];
    const byX = [...items].sort((a, b) => a.transform[4]! - b.transform[4]!);
    for (const order of [items, byX]) {
      const page = assemblePage(order, styles, viewport, 1);
      expect(page.text).toBe("أصدر Python 3 في");
      expectRuns(page, ["أصدر", "Python", "3", "في"]);
    }
  });

  it("leaves a Latin line with an Arabic word in logical order as it is", () => {
    const page = assemblePage(
      [item("The word", 72, 700), item("عربي", 116, 700, rtl), item("means Arabic.", 140, 700)],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe("The word عربي means Arabic.");
  });

  it("reads Arabic words drawn left to right in a Latin line right to left", () => {
    // "كلمة عربية" ("Arabic word") drawn as two items, left one first.
    const page = assemblePage(
      [
        item("see the", 72, 700),
        item("عربية", 112, 700, rtl), // 112–137
        item("كلمة", 140, 700, rtl), // 140–160
        item("examples.", 164, 700),
      ],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe("see the كلمة عربية examples.");
    expect(page.lines).toHaveLength(1);
    expectRuns(page, ["see the", "كلمة", "عربية", "examples."]);
    expect(page.runs[1]!.x0).toBe(140);
  });

  it("keeps a right-to-left line drawn word by word, left to right, on one line in reading order", () => {
    const page = assemblePage(
      [
        item("العربي", 300, 700, rtl), // 300–330
        item("النص", 333, 700, rtl), // 333–353
        item("هذا", 356, 700, rtl), // 356–371
        item("سطر ثان", 336, 688, rtl),
      ],
      styles,
      viewport,
      1,
    );
    expect(page.text).toBe("هذا النص العربي\nسطر ثان");
  });
});
