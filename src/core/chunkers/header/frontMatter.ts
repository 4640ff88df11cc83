/**
 * The header seed's metadata inheritance (header-based-chunking.md §8.4.2): a Markdown document's
 * front matter (a leading `---` YAML block, as Obsidian and static-site tools write it) is
 * document metadata, not chunk text — its custom fields, `tags` and `aliases` are every chunk's;
 * `#tags` in the text join the tags; each chunk lists the `[[wikilinks]]` in its own content.
 */
import { parse } from "yaml";

export interface FrontMatter {
  /** Where the body starts: after the closing `---` line. */
  end: number;
  fields: Record<string, unknown>;
}

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;

/** The front matter at the very start of `text`, or null (none, unclosed, or not a YAML mapping). */
export function frontMatterOf(text: string): FrontMatter | null {
  const open = OPENING.exec(text);
  if (!open) return null;
  const rest = text.slice(open[0].length);
  const close = CLOSING.exec(rest);
  if (!close) return null;
  let fields: unknown;
  try {
    fields = parse(rest.slice(0, close.index), { maxAliasCount: 100 });
  } catch {
    // Not YAML: a document that opens with a horizontal rule. Its text stays text.
    return null;
  }
  if (fields === null || fields === undefined) fields = {};
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return null;
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields as Record<string, unknown>))
    if (key !== "__proto__" && key !== "constructor" && key !== "prototype") own[key] = value;
  return { end: open[0].length + close.index + close[0].length, fields: own };
}

/** A `#tag` in prose: after a space or a line start, a letter first (so `#1` and headings are not tags). */
const TAG = /(?:^|[\s(])#([\p{L}_][\p{L}\p{N}_/-]*)/gmu;
const HEADING_LINE = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const FENCE = /^ {0,3}(```|~~~)/;

/** The document's tags: the front matter's `tags` (a list or a comma/space-separated string), then `#tags` in the body, once each. */
export function tagsOf(text: string, front: FrontMatter | null): string[] {
  const tags: string[] = [];
  const add = (t: string) => {
    const tag = t.trim().replace(/^#/, "");
    if (tag && !tags.includes(tag)) tags.push(tag);
  };
  const declared = front?.fields["tags"];
  if (Array.isArray(declared)) declared.forEach((t) => typeof t === "string" && add(t));
  else if (typeof declared === "string") declared.split(/[,\s]+/).forEach(add);
  let inFence = false;
  for (const line of text.slice(front?.end ?? 0).split("\n")) {
    if (FENCE.test(line)) inFence = !inFence;
    if (inFence || HEADING_LINE.test(line)) continue;
    for (const m of line.matchAll(TAG)) add(m[1]!);
  }
  return tags;
}

/** `[[Target]]`, `[[Target|label]]`, `[[Target#Heading]]`: the targets, once each, in order. */
export function wikilinksOf(content: string): string[] {
  const links: string[] = [];
  for (const m of content.matchAll(/\[\[([^\]\n|#]+)(?:[#|][^\]\n]*)?\]\]/g)) {
    const target = m[1]!.trim();
    if (target && !links.includes(target)) links.push(target);
  }
  return links;
}
