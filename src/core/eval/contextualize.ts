/**
 * Contextual retrieval (DESIGN §12 `--contextualize`): a chunk is indexed with its heading path
 * before its text, as Docling's chunker serializes a chunk for embedding and as Anthropic's
 * contextual retrieval prepends context — the chunk itself (its offsets, what the metrics score)
 * stays the same. A chunk that names its own path (header, hierarchical) keeps it; any other's is
 * the stack of the document's headings open at its first visible character.
 */
import type { Heading } from "../document";
import { isSpace } from "../text/segment";

/** The separator between heading titles, as the header and hierarchical chunkers write paths. */
const PATH_JOIN = " > ";

/**
 * The heading path open at each offset (`offsets` in any order): every heading at or before it
 * that a later heading of the same or a higher level has not closed. "" before the first heading.
 */
export function headingPathsAt(
  doc: { text: string; headings: readonly Heading[] },
  offsets: readonly number[],
): string[] {
  const headings = [...doc.headings].sort((a, b) => a.start - b.start);
  const order = offsets.map((_, i) => i).sort((a, b) => offsets[a]! - offsets[b]!);
  const paths = new Array<string>(offsets.length);
  const stack: Heading[] = [];
  let next = 0;
  let path = "";
  for (const i of order) {
    // The chunk's first visible character: a chunk that opens on the blank line before a heading belongs under it.
    let at = offsets[i]!;
    while (at < doc.text.length && isSpace(doc.text.charCodeAt(at))) at++;
    let changed = false;
    while (next < headings.length && headings[next]!.start <= at) {
      const h = headings[next++]!;
      while (stack.length > 0 && stack[stack.length - 1]!.level >= h.level) stack.pop();
      stack.push(h);
      changed = true;
    }
    if (changed) path = stack.map((h) => h.title.trim()).join(PATH_JOIN);
    paths[i] = path;
  }
  return paths;
}

/** The text a contextual pipeline indexes: the path on its own line, then the chunk (unchanged when there is no path or the chunk already opens with it). */
export function contextualText(path: string, text: string): string {
  if (path === "" || text.startsWith(path)) return text;
  return `${path}\n${text}`;
}
