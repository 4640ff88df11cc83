import type { Heading } from "../document";

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*(?:[ \t]#+[ \t]*)?\r?$/;
/** A setext underline: "===" makes the paragraph above it a level-1 heading, "---" a level-2 one. */
const SETEXT = /^ {0,3}(=+|-+)[ \t]*\r?$/;
/** Lines that end a paragraph without starting one: blank, thematic break, list item, block quote. */
const PARAGRAPH_BREAK =
  /^(?:[ \t]*\r?$| {0,3}(?:[-*_][ \t]*){3,}\r?$| {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|\r?$)| {0,3}>)/;

/**
 * Headings of Markdown input, outside fenced code blocks: ATX ("# Title" … "###### Title") and
 * setext (a paragraph underlined by "===" → level 1 or "---" → level 2; a "---" after a blank line
 * is a thematic break, as CommonMark reads it). A leading YAML front matter block is skipped, so
 * its closing "---" does not make its last line a heading. `start` points at the heading's title
 * text, as PDF headings do; a setext title spanning lines is joined with spaces.
 */
export function markdownHeadings(text: string): Heading[] {
  const headings: Heading[] = [];
  const lines = text.split("\n");
  let fence: string | null = null;
  /** Offset of the open paragraph's first line (what a setext underline turns into a heading), or -1. */
  let paragraph = -1;
  let offset = 0;
  let i = 0;
  if (/^---[ \t]*\r?$/.test(lines[0] ?? "")) {
    const close = lines.findIndex((l, k) => k > 0 && /^(?:---|\.\.\.)[ \t]*\r?$/.test(l));
    if (close > 0) for (; i <= close; i++) offset += lines[i]!.length + 1;
  }
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === null) fence = marker[0]!;
      else if (marker[0] === fence) fence = null;
      paragraph = -1;
    } else if (fence === null) {
      const atx = ATX.exec(line);
      const setext = paragraph >= 0 ? SETEXT.exec(line) : null;
      if (atx) {
        if (atx[2])
          headings.push({
            level: atx[1]!.length,
            title: atx[2],
            start: offset + line.indexOf(atx[2], atx[1]!.length),
          });
        paragraph = -1;
      } else if (setext) {
        const raw = text.slice(paragraph, offset - 1);
        const title = raw.trim().replace(/[ \t]*\r?\n[ \t]*/g, " ");
        headings.push({ level: setext[1]![0] === "=" ? 1 : 2, title, start: paragraph + raw.search(/\S/) });
        paragraph = -1;
      } else if (PARAGRAPH_BREAK.test(line)) paragraph = -1;
      // A line indented 4+ columns continues a paragraph but cannot start one (indented code).
      else if (paragraph < 0 && !/^(?: {4}|\t)/.test(line)) paragraph = offset;
    }
    offset += line.length + 1;
  }
  return headings;
}
