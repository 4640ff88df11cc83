import type { Heading } from "../document";

/**
 * ATX headings ("# Title" … "###### Title") of Markdown input, outside fenced code blocks.
 * `start` points at the heading's title text, as PDF headings do.
 */
export function markdownHeadings(text: string): Heading[] {
  const headings: Heading[] = [];
  let fence: string | null = null;
  let offset = 0;
  for (const line of text.split("\n")) {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === null) fence = marker[0]!;
      else if (marker[0] === fence) fence = null;
    } else if (fence === null) {
      const m = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*(?:[ \t]#+[ \t]*)?\r?$/.exec(line);
      if (m && m[2])
        headings.push({ level: m[1]!.length, title: m[2], start: offset + line.indexOf(m[2], m[1]!.length) });
    }
    offset += line.length + 1;
  }
  return headings;
}
