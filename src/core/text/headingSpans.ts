/**
 * Where headings sit in the text, and the sections between them — the first pass of the
 * hierarchical chunker, as LangChain's MarkdownHeaderTextSplitter does it for "#", "##", "###":
 * heading lines leave the text and become the sections' metadata (a header stack: a heading pops
 * every entry of its level or deeper, then is pushed).
 */
import type { DocModel, Heading } from "../document";
import { isSpace, type Span } from "./segment";
import { matchKeyOf } from "./matchKey";

/** Lines a wrapped PDF title may run over (as the PDF heading finder merges them). */
const MAX_TITLE_LINES = 3;

function charAt(text: string, i: number): string {
  const code = text.charCodeAt(i);
  return code >= 0xd800 && code <= 0xdbff && i + 1 < text.length ? text.slice(i, i + 2) : text[i]!;
}

/** End of the title's characters read from `from` (other characters skipped), or null on a mismatch. */
function matchTitle(text: string, from: number, key: string): number | null {
  let k = 0;
  let lines = 1;
  let i = from;
  while (k < key.length && i < text.length) {
    const ch = charAt(text, i);
    if (ch === "\n" && ++lines > MAX_TITLE_LINES) return null;
    const part = matchKeyOf(ch);
    if (part !== "") {
      if (!key.startsWith(part, k)) return null;
      k += part.length;
    }
    i += ch.length;
  }
  return k === key.length ? i : null;
}

const SETEXT_UNDERLINE = /\r?\n {0,3}(?:=+|-+)[ \t]*(?=\r?\n|$)/y;

/** A section number or similar ("2.1", "A.3 –" is not: letters) before the title on its line. */
const NUMBERING = /^[\p{N}\p{P}\p{S}\s]*$/u;

/**
 * The heading's own text in the document. Markdown ("## Title ##"): its whole line. PDF: from the
 * heading's start (its number included) to the end of its title, wrapped lines too, plus the rest
 * of the line when only punctuation is left. A title the text does not spell out (an outline entry
 * placed by position) gives an empty span: the boundary holds, and no body text is dropped.
 */
export function headingSpan(text: string, heading: Heading): Span {
  const lineStart = text.lastIndexOf("\n", heading.start - 1) + 1;
  let lineEnd = text.indexOf("\n", heading.start);
  if (lineEnd < 0) lineEnd = text.length;
  if (/^[ \t]{0,3}#{1,6}[ \t]*$/.test(text.slice(lineStart, heading.start))) {
    return { start: lineStart, end: lineEnd };
  }
  let key = "";
  for (const ch of heading.title) key += matchKeyOf(ch);
  let end = key === "" ? null : matchTitle(text, heading.start, key);
  if (end === null && key !== "") {
    // An outline heading starts at its number ("2.1 Basic types" for "Basic types").
    let at = heading.start;
    while (at < lineEnd && NUMBERING.test(text[at]!)) at++;
    if (at > heading.start && at < lineEnd) end = matchTitle(text, at, key);
  }
  if (end === null) return { start: heading.start, end: heading.start };
  const eol = text.indexOf("\n", end);
  const rest = text.slice(end, eol < 0 ? text.length : eol);
  if (!/[\p{L}\p{N}]/u.test(rest)) end += rest.length;
  // A Markdown setext heading: its "===" / "---" underline on the next line is heading markup too.
  SETEXT_UNDERLINE.lastIndex = end;
  if (SETEXT_UNDERLINE.test(text)) end = SETEXT_UNDERLINE.lastIndex;
  return { start: heading.start, end };
}

export interface HeadingSection extends Span {
  /** "Ch1 > Section 1.2 > Neural Networks"; "" before the first heading. */
  headingPath: string;
  /** The enclosing level-1 heading's title, if any. */
  chapter: string | null;
  /** The enclosing level-2 heading's title, if any. */
  section: string | null;
}

function trimmed(text: string, start: number, end: number): Span | null {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return end > start ? { start, end } : null;
}

/**
 * Sections of the text between headings of level ≤ maxLevel, heading text excluded, whitespace
 * trimmed, empty ones dropped (a heading directly followed by another has no section of its own,
 * as in MarkdownHeaderTextSplitter). Deeper headings stay in their section's text.
 */
export function headingSections(doc: Pick<DocModel, "text" | "headings">, maxLevel = 3): HeadingSection[] {
  const { text } = doc;
  const headings = doc.headings
    .filter((h) => h.level >= 1 && h.level <= maxLevel)
    .sort((a, b) => a.start - b.start);
  const spans = headings.map((h) => headingSpan(text, h));
  const sections: HeadingSection[] = [];
  const stack: Heading[] = [];
  const push = (start: number, end: number) => {
    const span = trimmed(text, start, end);
    if (!span) return;
    sections.push({
      ...span,
      headingPath: stack.map((h) => h.title).join(" > "),
      chapter: stack.find((h) => h.level === 1)?.title ?? null,
      section: stack.find((h) => h.level === 2)?.title ?? null,
    });
  };
  let from = 0;
  headings.forEach((h, i) => {
    const span = spans[i]!;
    push(from, Math.max(from, span.start));
    while (stack.length > 0 && stack[stack.length - 1]!.level >= h.level) stack.pop();
    stack.push(h);
    from = Math.max(from, span.end);
  });
  push(from, text.length);
  return sections;
}

/** The heading text headingSections leaves out, in order (for coverage checks and highlighting). */
export function headingSpans(doc: Pick<DocModel, "text" | "headings">, maxLevel = 3): Span[] {
  return doc.headings
    .filter((h) => h.level >= 1 && h.level <= maxLevel)
    .sort((a, b) => a.start - b.start)
    .map((h) => headingSpan(doc.text, h))
    .filter((s) => s.end > s.start);
}
