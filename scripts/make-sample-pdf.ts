// Generates the embedded default document, public/sample.pdf (the text lives in sample-content.ts).
//
//   npx tsx scripts/make-sample-pdf.ts [out]        (default out: public/sample.pdf)
//
// The output is byte-for-byte deterministic: fixed dates, producer, creator and trailer /ID, no
// object streams, and only the standard 14 fonts (nothing embedded whose bytes could drift). The
// committed PDF is checked against a fresh build by test/sample-pdf.test.ts.
//
// The document exercises what the extractor and the chunkers must handle: three heading levels in
// larger bold fonts, an outline (bookmarks) whose destinations point at the headings, page labels
// (roman "i" for the title page, then 1, 2, …), running headers and footers, a ruled table, a vector
// figure with labels, a two-column page and a landscape page stored as portrait with /Rotate 90.

import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PDFDocument, PDFHexString, PDFName, StandardFonts, degrees, rgb } from "pdf-lib";
import type { Color, PDFFont, PDFPage, PDFRef } from "pdf-lib";
import { ABOUT, ABSTRACT, AUTHOR, BODY, EDITION, SUBTITLE, TITLE } from "./sample-content";
import type { Block } from "./sample-content";

// ---------------------------------------------------------------------------------------------
// Constants

const LETTER: [number, number] = [612, 792];
/** Page margins, in points. Landscape pages are wider than tall, so slightly tighter margins. */
const MARGIN = 72;
const LANDSCAPE_MARGIN = 60;
/** Every date in the file: changing it changes the bytes of the committed sample. */
const FIXED_DATE = new Date("2025-01-15T12:00:00Z");

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.42, 0.46);
const ACCENT = rgb(0.16, 0.35, 0.68);
const RULE = rgb(0.45, 0.47, 0.5);
const HEADER_FILL = rgb(0.9, 0.92, 0.95);
const WINDOW_FILL = rgb(0.82, 0.88, 0.97);
const OVERLAP_FILL = rgb(0.98, 0.72, 0.35);

interface Fonts {
  serif: PDFFont;
  serifBold: PDFFont;
  serifItalic: PDFFont;
  sans: PDFFont;
  sansBold: PDFFont;
  sansOblique: PDFFont;
}

/** A text style: size, line pitch, and the fonts that **bold** and *italic* markup switch to. */
interface TextStyle {
  size: number;
  leading: number;
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

type Layout = "single" | "two-column" | "landscape";

// ---------------------------------------------------------------------------------------------
// Surfaces: drawing in displayed-page coordinates

/**
 * Drawing in the coordinates of the page as a viewer displays it (origin bottom-left, y up), so
 * the layout code never thinks about /Rotate. Portrait pages map 1:1 to user space.
 */
interface Surface {
  page: PDFPage;
  rotated: boolean;
  /** Size of the displayed page. */
  width: number;
  height: number;
  toUser(x: number, y: number): { x: number; y: number };
  text(s: string, x: number, y: number, font: PDFFont, size: number, color?: Color): void;
  line(x1: number, y1: number, x2: number, y2: number, thickness: number, color: Color): void;
  rect(x: number, y: number, w: number, h: number, style: { fill?: Color; opacity?: number }): void;
}

function makeSurface(page: PDFPage, rotated: boolean): Surface {
  const { width: mediaWidth, height: mediaHeight } = page.getSize();
  if (rotated) page.setRotation(degrees(90));
  // With /Rotate 90 a viewer turns the sheet a quarter turn clockwise: the displayed page is
  // mediaHeight wide and mediaWidth tall, the displayed point (X, Y) is the user-space point
  // (mediaWidth - Y, X), and text that reads upright on screen runs up the sheet, i.e. is drawn
  // rotated +90 degrees in user space (the same holds for rectangles, rotated about their corner).
  const toUser = rotated
    ? (x: number, y: number) => ({ x: mediaWidth - y, y: x })
    : (x: number, y: number) => ({ x, y });
  const rotate = rotated ? { rotate: degrees(90) } : {};
  return {
    page,
    rotated,
    width: rotated ? mediaHeight : mediaWidth,
    height: rotated ? mediaWidth : mediaHeight,
    toUser,
    text(s, x, y, font, size, color = INK) {
      page.drawText(s, { ...toUser(x, y), font, size, color, ...rotate });
    },
    line(x1, y1, x2, y2, thickness, color) {
      page.drawLine({ start: toUser(x1, y1), end: toUser(x2, y2), thickness, color });
    },
    rect(x, y, w, h, style) {
      page.drawRectangle({
        ...toUser(x, y),
        width: w,
        height: h,
        color: style.fill,
        opacity: style.opacity ?? 1,
        borderWidth: 0,
        ...rotate,
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Rich text: markup, word wrap, drawing

type Emphasis = "regular" | "bold" | "italic";
interface Piece {
  text: string;
  emphasis: Emphasis;
}
/** A word is the text between two spaces; it may mix emphases, as in "(*s*". */
type Word = Piece[];

function parseMarkup(source: string): Word[] {
  const words: Word[] = [[]];
  for (const segment of source.split(/(\*\*[^*]+\*\*|\*[^*]+\*)/)) {
    if (segment === "") continue;
    let emphasis: Emphasis = "regular";
    let text = segment;
    if (segment.startsWith("**")) [emphasis, text] = ["bold", segment.slice(2, -2)];
    else if (segment.startsWith("*")) [emphasis, text] = ["italic", segment.slice(1, -1)];
    text.split(" ").forEach((part, i) => {
      if (i > 0) words.push([]);
      if (part !== "") words.at(-1)?.push({ text: part, emphasis });
    });
  }
  return words.filter((w) => w.length > 0);
}

function fontOf(emphasis: Emphasis, style: TextStyle): PDFFont {
  return emphasis === "bold" ? style.bold : emphasis === "italic" ? style.italic : style.regular;
}

/**
 * Joins the words of one line into as few same-font runs as possible, so each line reaches the
 * extractor as one text item per font change rather than one per word.
 */
function runsOf(line: Word[]): Piece[] {
  const runs: Piece[] = [];
  line.forEach((word, w) => {
    word.forEach((piece, p) => {
      const last = runs.at(-1);
      const space = w > 0 && p === 0 ? " " : "";
      if (last && last.emphasis === piece.emphasis) last.text += space + piece.text;
      else {
        if (last) last.text += space;
        runs.push({ ...piece });
      }
    });
  });
  return runs;
}

function widthOf(runs: Piece[], style: TextStyle): number {
  return runs.reduce((sum, r) => sum + fontOf(r.emphasis, style).widthOfTextAtSize(r.text, style.size), 0);
}

/** Greedy word wrap, measured with the real font metrics. */
function wrap(words: Word[], width: number, style: TextStyle): Word[][] {
  const lines: Word[][] = [];
  let line: Word[] = [];
  for (const word of words) {
    const candidate = [...line, word];
    if (line.length > 0 && widthOf(runsOf(candidate), style) > width) {
      lines.push(line);
      line = [word];
    } else line = candidate;
    if (widthOf(runsOf(line), style) > width) {
      // Only a single over-long word can get here; better to stop than to print outside the frame.
      throw new Error(`word too wide for ${width.toFixed(1)}pt: ${runsOf(line)[0]?.text ?? ""}`);
    }
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

function drawRuns(s: Surface, runs: Piece[], x: number, baseline: number, style: TextStyle, color = INK) {
  let cursor = x;
  for (const run of runs) {
    const font = fontOf(run.emphasis, style);
    s.text(run.text, cursor, baseline, font, style.size, color);
    cursor += font.widthOfTextAtSize(run.text, style.size);
  }
}

/** Baseline of a line whose line box (height = leading) has its top at `top`. */
function baselineIn(top: number, style: { size: number; leading: number }): number {
  return top - (style.leading - style.size) / 2 - 0.8 * style.size;
}

// ---------------------------------------------------------------------------------------------
// Flow layout of the body

interface Frame {
  x: number;
  width: number;
  top: number;
  bottom: number;
}

interface PageRecord {
  surface: Surface;
  /** Shown in the running header. */
  chapter: string;
}

interface HeadingRecord {
  level: 1 | 2 | 3;
  title: string;
  pageIndex: number;
  /** Top-left of the heading's line box, in displayed-page coordinates. */
  x: number;
  y: number;
}

const HEADING_SIZE = { 1: 22, 2: 16, 3: 13 } as const;
const HEADING_SPACE = {
  1: { before: 20, after: 10 },
  2: { before: 14, after: 6 },
  3: { before: 10, after: 4 },
};
const PARAGRAPH_GAP = 6;
const BULLET_INDENT = 16;
const EPSILON = 0.01;

class FlowLayout {
  readonly pages: PageRecord[] = [];
  readonly headings: HeadingRecord[] = [];
  private frames: Frame[] = [];
  private frameIndex = 0;
  private y = 0;
  /** True until something is drawn in the current frame: no space before the first block. */
  private atTop = true;
  private layout: Layout = "single";
  private chapter = "";
  private body: TextStyle;
  private readonly small: TextStyle;
  private readonly smallBold: TextStyle;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.body = this.bodyStyle(11, 14.5);
    this.small = {
      size: 9,
      leading: 11.5,
      regular: fonts.sans,
      bold: fonts.sansBold,
      italic: fonts.sansOblique,
    };
    this.smallBold = { ...this.small, regular: fonts.sansBold };
  }

  private bodyStyle(size: number, leading: number): TextStyle {
    const { serif, serifBold, serifItalic } = this.fonts;
    return { size, leading, regular: serif, bold: serifBold, italic: serifItalic };
  }

  private get frame(): Frame {
    const frame = this.frames[this.frameIndex];
    if (!frame) throw new Error("no frame: the body must start with a page block");
    return frame;
  }

  private get surface(): Surface {
    const page = this.pages.at(-1);
    if (!page) throw new Error("no page: the body must start with a page block");
    return page.surface;
  }

  startPage(layout: Layout): void {
    const rotated = layout === "landscape";
    const surface = makeSurface(this.doc.addPage(LETTER), rotated);
    this.pages.push({ surface, chapter: this.chapter });
    this.layout = layout;
    const m = rotated ? LANDSCAPE_MARGIN : MARGIN;
    const top = surface.height - m;
    if (layout === "two-column") {
      const gutter = 24;
      const width = (surface.width - 2 * m - gutter) / 2;
      this.frames = [
        { x: m, width, top, bottom: m },
        { x: m + width + gutter, width, top, bottom: m },
      ];
      this.body = this.bodyStyle(10, 13);
    } else {
      this.frames = [{ x: m, width: surface.width - 2 * m, top, bottom: m }];
      this.body = this.bodyStyle(11, 14.5);
    }
    this.frameIndex = 0;
    this.y = top;
    this.atTop = true;
  }

  /** Moves to the next column, or to a new page; the special pages must fit on one page. */
  private nextFrame(): void {
    if (this.frameIndex + 1 < this.frames.length) {
      this.frameIndex += 1;
      this.y = this.frame.top;
      this.atTop = true;
    } else if (this.layout === "single") {
      this.startPage("single");
    } else {
      throw new Error(`content overflows the ${this.layout} page (page ${this.pages.length})`);
    }
  }

  private fits(height: number): boolean {
    return this.y - height >= this.frame.bottom - EPSILON;
  }

  private ensure(height: number): void {
    if (!this.fits(height)) this.nextFrame();
    if (!this.fits(height)) throw new Error(`block of ${height.toFixed(0)}pt is taller than a frame`);
  }

  block(block: Block): void {
    switch (block.kind) {
      case "page":
        return this.startPage(block.layout);
      case "heading":
        return this.heading(block.level, block.text);
      case "paragraph":
        return this.paragraph(block.text);
      case "bullets":
        return this.bullets(block.items);
      case "table":
        return this.table(block.caption, block.columns, block.rows);
      case "overlap-figure":
        return this.overlapFigure(block.caption);
    }
  }

  private heading(level: 1 | 2 | 3, text: string): void {
    const style: TextStyle = {
      size: HEADING_SIZE[level],
      leading: Math.round(HEADING_SIZE[level] * 1.25),
      regular: this.fonts.sansBold,
      bold: this.fonts.sansBold,
      italic: this.fonts.sansBold,
    };
    const space = HEADING_SPACE[level];
    // A chapter heading on a two-column page spans both columns; the columns start below it.
    const spanning = level === 1 && this.layout === "two-column";
    const width = spanning
      ? this.frames.reduce((r, f) => Math.max(r, f.x + f.width), 0) - this.frame.x
      : this.frame.width;
    const lines = wrap(parseMarkup(text), width, style);
    const before = this.atTop ? 0 : space.before;
    // Keep the heading with at least three lines of what follows it.
    this.ensure(before + lines.length * style.leading + space.after + 3 * this.body.leading);
    const openingPage = this.atTop && this.frameIndex === 0;
    if (!this.atTop) this.y -= space.before;
    this.headings.push({ level, title: text, pageIndex: this.pages.length - 1, x: this.frame.x, y: this.y });
    for (const line of lines) {
      drawRuns(this.surface, runsOf(line), this.frame.x, baselineIn(this.y, style), style);
      this.y -= style.leading;
    }
    this.y -= space.after;
    this.atTop = false;
    if (level === 1) {
      // The running header names the chapter in force at the top of the page, like a printed book.
      this.chapter = text;
      const page = this.pages.at(-1);
      if (page && openingPage) page.chapter = text;
    }
    if (spanning) {
      // Both columns start at the same height, a little below the chapter heading, so their first
      // lines align and no heading inside them gets extra space above.
      this.y -= HEADING_SPACE[2].before;
      for (const f of this.frames) f.top = this.y;
      this.atTop = true;
    }
  }

  private paragraph(text: string, indent = 0, bullet?: string): void {
    const style = this.body;
    const lines = wrap(parseMarkup(text), this.frame.width - indent, style);
    // No orphans: the first two lines (or a one-line paragraph) start together.
    this.ensure(Math.min(lines.length, 2) * style.leading);
    lines.forEach((line, i) => {
      const remaining = lines.length - i;
      // No widows: rather than leave the last line alone in the next frame, move two lines.
      const widow = remaining === 2 && i >= 2 && this.fits(style.leading) && !this.fits(2 * style.leading);
      if (!this.fits(style.leading) || widow) this.nextFrame();
      const baseline = baselineIn(this.y, style);
      if (i === 0 && bullet) this.surface.text(bullet, this.frame.x + 4, baseline, style.regular, style.size);
      drawRuns(this.surface, runsOf(line), this.frame.x + indent, baseline, style);
      this.y -= style.leading;
    });
    this.y -= PARAGRAPH_GAP;
    this.atTop = false;
  }

  private bullets(items: string[]): void {
    for (const item of items) {
      this.paragraph(item, BULLET_INDENT, "\u2022");
      this.y += PARAGRAPH_GAP - 3; // items sit closer together than paragraphs
    }
    this.y -= PARAGRAPH_GAP - 3;
  }

  /** A ruled table with a shaded header row and its caption above; never split across frames. */
  private table(caption: string, columns: { title: string; width: number }[], rows: string[][]): void {
    const pad = 4;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const x0 = this.frame.x;
    const widths = columns.map((c) => (c.width / total) * this.frame.width);
    const edges = widths.reduce<number[]>((acc, w) => [...acc, (acc.at(-1) ?? x0) + w], [x0]);
    const layoutRow = (cells: string[], style: TextStyle) => {
      const wrapped = cells.map((cell, i) => wrap(parseMarkup(cell), (widths[i] ?? 0) - 2 * pad, style));
      const height = 2 * pad + Math.max(...wrapped.map((l) => l.length)) * style.leading;
      return { wrapped, height, style };
    };
    const laidOut = [
      layoutRow(
        columns.map((c) => c.title),
        this.smallBold,
      ),
      ...rows.map((r) => layoutRow(r, this.small)),
    ];
    const captionLines = wrap(parseMarkup(caption), this.frame.width, this.captionStyle());
    const captionHeight = captionLines.length * this.captionStyle().leading + 4;
    const tableHeight = laidOut.reduce((sum, r) => sum + r.height, 0);
    const before = this.atTop ? 0 : 6;
    this.ensure(before + captionHeight + tableHeight);
    this.y -= before;
    for (const line of captionLines) {
      drawRuns(
        this.surface,
        runsOf(line),
        x0,
        baselineIn(this.y, this.captionStyle()),
        this.captionStyle(),
        MUTED,
      );
      this.y -= this.captionStyle().leading;
    }
    this.y -= 4;

    const s = this.surface;
    const top = this.y;
    const right = edges.at(-1) ?? x0;
    const header = laidOut[0];
    if (header) s.rect(x0, top - header.height, right - x0, header.height, { fill: HEADER_FILL });
    let rowTop = top;
    const rowEdges = [top];
    for (const row of laidOut) {
      row.wrapped.forEach((lines, col) => {
        let lineTop = rowTop - pad;
        for (const line of lines) {
          drawRuns(s, runsOf(line), (edges[col] ?? x0) + pad, baselineIn(lineTop, row.style), row.style);
          lineTop -= row.style.leading;
        }
      });
      rowTop -= row.height;
      rowEdges.push(rowTop);
    }
    // Rules last, so the header fill never covers them.
    rowEdges.forEach((ry, i) => {
      const outer = i === 0 || i === rowEdges.length - 1 || i === 1;
      s.line(x0, ry, right, ry, outer ? 0.9 : 0.4, RULE);
    });
    for (const ex of edges) s.line(ex, top, ex, rowTop, 0.4, RULE);
    this.y = rowTop - 10;
    this.atTop = false;
  }

  private captionStyle(): TextStyle {
    return { ...this.small, regular: this.fonts.sansOblique };
  }

  /** Figure 1: fixed-size windows with overlap, drawn to scale, caption below. */
  private overlapFigure(caption: string): void {
    const tokens = 1200;
    const size = 512;
    const overlap = 64;
    const stride = size - overlap;
    const windows: [number, number][] = [];
    for (let start = 0; start < tokens; start += stride)
      windows.push([start, Math.min(start + size, tokens)]);

    const rowHeight = 16;
    const rowGap = 7;
    const axisHeight = 22;
    const rows = 1 + windows.length;
    const figureHeight = rows * (rowHeight + rowGap) + axisHeight;
    const captionLines = wrap(parseMarkup(caption), this.frame.width, this.captionStyle());
    const captionHeight = captionLines.length * this.captionStyle().leading;
    const before = this.atTop ? 0 : 8;
    this.ensure(before + figureHeight + captionHeight + 8);
    this.y -= before;

    const s = this.surface;
    const label = this.fonts.sans;
    const left = this.frame.x + 62;
    const right = this.frame.x + this.frame.width - 8;
    const xOf = (t: number) => left + ((right - left) * t) / tokens;
    const rowBottom = (r: number) => this.y - r * (rowHeight + rowGap) - rowHeight;
    const centred = (
      text: string,
      cx: number,
      baseline: number,
      font: PDFFont,
      fontSize: number,
      color: Color,
    ) => s.text(text, cx - font.widthOfTextAtSize(text, fontSize) / 2, baseline, font, fontSize, color);

    // Painted in layers: fills, then the translucent overlap bands, then outlines and labels, so
    // that no label is dimmed by a band.
    s.rect(xOf(0), rowBottom(0), xOf(tokens) - xOf(0), rowHeight, { fill: HEADER_FILL });
    windows.forEach(([start, end], i) => {
      s.rect(xOf(start), rowBottom(i + 1), xOf(end) - xOf(start), rowHeight, { fill: WINDOW_FILL });
    });
    windows.slice(1).forEach(([start], i) => {
      const prevEnd = windows[i]?.[1] ?? start;
      const top = rowBottom(i + 1) + rowHeight + 2;
      const bottom = rowBottom(i + 2) - 2;
      s.rect(xOf(start), bottom, xOf(prevEnd) - xOf(start), top - bottom, {
        fill: OVERLAP_FILL,
        opacity: 0.55,
      });
    });
    s.text("Document", this.frame.x, rowBottom(0) + 5, label, 8.5, INK);
    centred("1,200 tokens of text", (xOf(0) + xOf(tokens)) / 2, rowBottom(0) + 5, label, 8, MUTED);
    windows.forEach(([start, end], i) => {
      const r = i + 1;
      // Borders as lines rather than rectangle strokes keep every shape a simple path.
      const [x1, x2, y1, y2] = [xOf(start), xOf(end), rowBottom(r), rowBottom(r) + rowHeight];
      s.line(x1, y1, x2, y1, 0.6, ACCENT);
      s.line(x1, y2, x2, y2, 0.6, ACCENT);
      s.line(x1, y1, x1, y2, 0.6, ACCENT);
      s.line(x2, y1, x2, y2, 0.6, ACCENT);
      s.text(`Chunk ${r}`, this.frame.x, rowBottom(r) + 5, label, 8.5, INK);
      centred(`tokens ${start}\u2013${end - 1}`, (x1 + x2) / 2, rowBottom(r) + 5, label, 8, INK);
    });
    const axisY = rowBottom(rows - 1) - 6;
    s.line(xOf(0), axisY, xOf(tokens), axisY, 0.6, RULE);
    for (let t = 0; t <= tokens; t += 200) {
      s.line(xOf(t), axisY, xOf(t), axisY - 3, 0.6, RULE);
      centred(String(t), xOf(t), axisY - 11, label, 7.5, MUTED);
    }
    this.y -= figureHeight;
    for (const line of captionLines) {
      const style = this.captionStyle();
      drawRuns(s, runsOf(line), this.frame.x, baselineIn(this.y, style), style, MUTED);
      this.y -= style.leading;
    }
    this.y -= 10;
    this.atTop = false;
  }
}

// ---------------------------------------------------------------------------------------------
// Title page, running heads, outline, page labels

function pageLabel(index: number): string {
  return index === 0 ? "i" : String(index);
}

function drawTitlePage(s: Surface, fonts: Fonts, headings: HeadingRecord[]): void {
  const x = MARGIN;
  const width = s.width - 2 * MARGIN;
  const style = (font: PDFFont, size: number, leading: number): TextStyle => ({
    size,
    leading,
    regular: font,
    bold: fonts.serifBold,
    italic: fonts.serifItalic,
  });
  let y = s.height - 96;
  const block = (text: string, st: TextStyle, color = INK) => {
    for (const line of wrap(parseMarkup(text), width, st)) {
      drawRuns(s, runsOf(line), x, baselineIn(y, st), st, color);
      y -= st.leading;
    }
  };

  s.rect(x, y, 64, 5, { fill: ACCENT });
  y -= 24;
  block(TITLE, style(fonts.sansBold, 32, 38));
  y -= 4;
  block(SUBTITLE, style(fonts.sans, 15, 19), INK);
  y -= 8;
  block(EDITION, style(fonts.sans, 10, 13), MUTED);
  y -= 14;
  s.line(x, y, x + width, y, 0.5, RULE);
  y -= 18;

  const section = style(fonts.sansBold, 12, 16);
  const body = style(fonts.serif, 11, 14.5);
  block("Abstract", section);
  y -= 2;
  block(ABSTRACT, body);
  y -= 12;
  block("About this document", section);
  y -= 2;
  block(ABOUT, body);
  y -= 12;
  block("Contents", section);
  y -= 2;
  const toc = style(fonts.serif, 11, 16);
  for (const h of headings.filter((hd) => hd.level === 1)) {
    const [number = "", ...rest] = h.title.split(" ");
    const baseline = baselineIn(y, toc);
    const label = pageLabel(h.pageIndex);
    s.text(number, x, baseline, fonts.serif, toc.size);
    s.text(rest.join(" "), x + 20, baseline, fonts.serif, toc.size);
    s.text(
      label,
      x + width - fonts.serif.widthOfTextAtSize(label, toc.size),
      baseline,
      fonts.serif,
      toc.size,
    );
    y -= toc.leading;
  }
  if (y < MARGIN) throw new Error("the title page overflows");
}

function drawRunningHeads(pages: PageRecord[], fonts: Fonts): void {
  pages.forEach(({ surface: s, chapter }, i) => {
    if (i === 0) return; // the title page carries neither
    const m = s.rotated ? LANDSCAPE_MARGIN : MARGIN;
    const headBaseline = s.height - m + 26;
    s.text(TITLE, m, headBaseline, fonts.sansOblique, 8.5, MUTED);
    s.text(
      chapter,
      s.width - m - fonts.sans.widthOfTextAtSize(chapter, 8.5),
      headBaseline,
      fonts.sans,
      8.5,
      MUTED,
    );
    s.line(m, headBaseline - 6, s.width - m, headBaseline - 6, 0.4, RULE);
    const label = pageLabel(i);
    const footSize = 9;
    s.text(
      label,
      (s.width - fonts.sans.widthOfTextAtSize(label, footSize)) / 2,
      m - 34,
      fonts.sans,
      footSize,
      INK,
    );
  });
}

interface OutlineNode {
  heading: HeadingRecord;
  children: OutlineNode[];
}

function outlineTree(headings: HeadingRecord[]): OutlineNode[] {
  const roots: OutlineNode[] = [];
  const stack: OutlineNode[] = [];
  for (const heading of headings) {
    const node: OutlineNode = { heading, children: [] };
    while ((stack.at(-1)?.heading.level ?? 0) >= heading.level) stack.pop();
    (stack.at(-1)?.children ?? roots).push(node);
    stack.push(node);
  }
  return roots;
}

/**
 * Writes /Outlines with pdf-lib's low-level objects (it has no outline API). Every item is open,
 * so /Count is the number of descendants; destinations are [page /XYZ left top null] at the top-left
 * of the heading, in user space.
 */
function writeOutline(doc: PDFDocument, pages: PageRecord[], headings: HeadingRecord[]): void {
  const ctx = doc.context;
  const roots = outlineTree(headings);
  const rootRef = ctx.nextRef();
  const descendants = (n: OutlineNode): number => n.children.reduce((sum, c) => sum + 1 + descendants(c), 0);

  const emit = (nodes: OutlineNode[], parent: PDFRef): { first?: PDFRef; last?: PDFRef } => {
    const refs = nodes.map(() => ctx.nextRef());
    nodes.forEach((node, i) => {
      const { heading } = node;
      const page = pages[heading.pageIndex];
      if (!page) throw new Error(`heading on missing page ${heading.pageIndex}`);
      const at = page.surface.toUser(heading.x, heading.y);
      const dict = ctx.obj({
        Title: PDFHexString.fromText(heading.title),
        Parent: parent,
        Dest: [page.surface.page.ref, "XYZ", Math.round(at.x), Math.round(at.y), null],
      });
      const prev = refs[i - 1];
      const next = refs[i + 1];
      if (prev) dict.set(PDFName.of("Prev"), prev);
      if (next) dict.set(PDFName.of("Next"), next);
      const ref = refs[i];
      if (!ref) return;
      const kids = emit(node.children, ref);
      if (kids.first && kids.last) {
        dict.set(PDFName.of("First"), kids.first);
        dict.set(PDFName.of("Last"), kids.last);
        dict.set(PDFName.of("Count"), ctx.obj(descendants(node)));
      }
      ctx.assign(ref, dict);
    });
    return { first: refs[0], last: refs.at(-1) };
  };

  const top = emit(roots, rootRef);
  const total = roots.reduce((sum, r) => sum + 1 + descendants(r), 0);
  ctx.assign(rootRef, ctx.obj({ Type: "Outlines", First: top.first, Last: top.last, Count: total }));
  doc.catalog.set(PDFName.of("Outlines"), rootRef);
  doc.catalog.set(PDFName.of("PageMode"), PDFName.of("UseOutlines"));
}

/** Page labels: lower-case roman for the title page, then decimal from 1. */
function writePageLabels(doc: PDFDocument): void {
  const ctx = doc.context;
  const labels = ctx.obj({ Nums: [0, { S: "r" }, 1, { S: "D", St: 1 }] });
  doc.catalog.set(PDFName.of("PageLabels"), labels);
}

// ---------------------------------------------------------------------------------------------
// Document

export async function buildSamplePdf(): Promise<Uint8Array> {
  // updateMetadata: false keeps pdf-lib from stamping the current time; every field is set below.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    serif: await doc.embedFont(StandardFonts.TimesRoman),
    serifBold: await doc.embedFont(StandardFonts.TimesRomanBold),
    serifItalic: await doc.embedFont(StandardFonts.TimesRomanItalic),
    sans: await doc.embedFont(StandardFonts.Helvetica),
    sansBold: await doc.embedFont(StandardFonts.HelveticaBold),
    sansOblique: await doc.embedFont(StandardFonts.HelveticaOblique),
  };

  const flow = new FlowLayout(doc, fonts);
  // The title page comes first in the file but is drawn last: its contents list needs the pages
  // the chapters landed on.
  flow.startPage("single");
  for (const block of BODY) flow.block(block);
  const [titlePage] = flow.pages;
  if (!titlePage) throw new Error("no pages");
  drawTitlePage(titlePage.surface, fonts, flow.headings);
  drawRunningHeads(flow.pages, fonts);
  writeOutline(doc, flow.pages, flow.headings);
  writePageLabels(doc);

  doc.setTitle(TITLE);
  doc.setSubject(SUBTITLE);
  doc.setAuthor(AUTHOR);
  doc.setKeywords(["retrieval-augmented generation", "chunking", "citations", "sample"]);
  doc.setCreator("Chunk Workbench (scripts/make-sample-pdf.ts)");
  doc.setProducer("pdf-lib");
  doc.setLanguage("en-US");
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  // A file identifier derived from the document's identity, not from the clock.
  const id = createHash("md5").update(`${TITLE}\n${EDITION}`).digest("hex").toUpperCase();
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of(id), PDFHexString.of(id)]);

  // Without object streams the file is plain enough to read in a text editor, and every PDF reader
  // (including old poppler builds used for cross-checks) opens it.
  return doc.save({ useObjectStreams: false });
}

async function main(): Promise<void> {
  const out = path.resolve(process.argv[2] ?? "public/sample.pdf");
  const bytes = await buildSamplePdf();
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, bytes);
  const pages = (await PDFDocument.load(bytes)).getPageCount();
  process.stderr.write(`wrote ${path.relative(process.cwd(), out)}: ${pages} pages, ${bytes.length} bytes\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`make-sample-pdf: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
