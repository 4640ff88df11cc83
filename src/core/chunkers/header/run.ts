/**
 * header-based-chunking.md's HeaderBasedChunker, as CHUNKERS.md pins it down: one chunk per
 * heading's section (text before the first heading is a chunk of its own; no headings → one per
 * paragraph); a chunk under min_chunk_chars absorbs the next ones until the threshold is met (a true
 * document range: nothing is written into the text); then a chunk over max_chunk_chars is split at
 * paragraph boundaries into `{doc}_chunk_N_sub_M`; overlap only between sibling sub-chunks of one
 * parent (the seed's `_apply_overlap`). With include_parent_headers every chunk is prefixed with its
 * header path. "Each chunk includes its full header path": a chunk's (or sub-chunk's) header_path
 * is that of the section its text starts in — a heading-less preamble yields to the first section
 * after it that has one — and the other sections it holds are listed in merged_headers.
 * `strategy = "none"` (the seed: "Disable chunking (full documents)") makes the whole document one
 * chunk. Front matter (a leading `---` YAML block) is document metadata, not chunk text: its fields,
 * the document's #tags and each chunk's [[wikilinks]] go in the chunk's `metadata`.
 */
import type { ChunkDraft, ChunkerSpec, RunContext } from "../../chunk";
import { type HeaderConfig, headerMeta } from "./meta";
import type { DocModel } from "../../document";
import { docSlug } from "../../text/docSlug";
import { isSpace, paragraphs, type Span } from "../../text/segment";
import { frontMatterOf, tagsOf, wikilinksOf } from "./frontMatter";

/** A section before merging: a heading's, the text before the first heading, or (no headings) a paragraph. */
interface HeaderSection {
  start: number;
  end: number;
  /** The seed's header_path: "Section > Subsection > Detail"; "" for text before the first heading. */
  headerPath: string;
  /** Heading level of the section's heading; 0 for text before the first heading or a paragraph. */
  level: number;
}

/** The seed's _build_header_path: the heading's title after every earlier heading of a lower level. */
function headerPath(headings: DocModel["headings"], index: number): string {
  let level = headings[index]!.level;
  const parts = [headings[index]!.title];
  for (let i = index - 1; i >= 0; i--) {
    const h = headings[i]!;
    if (h.level < level) {
      parts.unshift(h.title);
      level = h.level;
    }
  }
  return parts.join(" > ");
}

/**
 * Where a heading's section starts: the start of its line when only heading markup ("## ") sits
 * before the title (Markdown), else the title itself (PDF headings start their line already).
 */
function headingLineStart(text: string, start: number): number {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  return /^[ \t]*#*[ \t]*$/.test(text.slice(lineStart, start)) ? lineStart : start;
}

function trimmed(text: string, start: number, end: number): Span | null {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return end > start ? { start, end } : null;
}

/**
 * Step 2: initial chunks at heading boundaries, the text before the first heading its own chunk;
 * without headings, the seed's fallback "split at paragraph boundaries": one chunk per paragraph.
 */
function initialSections(doc: DocModel, bodyStart: number): HeaderSection[] {
  const { text } = doc;
  const headings = doc.headings.filter((h) => h.start >= bodyStart);
  if (headings.length === 0)
    return paragraphs(text.slice(bodyStart)).map((p) => ({
      start: p.start + bodyStart,
      end: p.end + bodyStart,
      headerPath: "",
      level: 0,
    }));
  const sections: HeaderSection[] = [];
  const starts = headings.map((h) => headingLineStart(text, h.start));
  const preamble = trimmed(text, bodyStart, starts[0]!);
  if (preamble) sections.push({ ...preamble, headerPath: "", level: 0 });
  headings.forEach((h, i) => {
    const span = trimmed(text, starts[i]!, starts[i + 1] ?? text.length);
    if (span) sections.push({ ...span, headerPath: headerPath(headings, i), level: h.level });
  });
  return sections;
}

/**
 * Step 3: a chunk under min_chunk_chars absorbs the chunks after it until the threshold is met
 * (measured on the true range, gaps included). Each group becomes one chunk spanning its first
 * section's start to its last one's end; the last group may stay under the threshold.
 */
function mergeSmall(sections: readonly HeaderSection[], minChars: number): HeaderSection[][] {
  const groups: HeaderSection[][] = [];
  let i = 0;
  while (i < sections.length) {
    const group = [sections[i++]!];
    while (group.at(-1)!.end - group[0]!.start < minChars && i < sections.length) group.push(sections[i++]!);
    groups.push(group);
  }
  return groups;
}

/**
 * Step 4: paragraphs of [start, end) packed greedily while the piece stays within maxChars (the
 * seed's `len(current) + len(para) + 2 <= max_chunk_chars`, measured on the true span).
 */
function packParagraphs(text: string, start: number, end: number, maxChars: number): Span[] {
  const paras = paragraphs(text.slice(start, end)).map((p) => ({
    start: p.start + start,
    end: p.end + start,
  }));
  const pieces: Span[] = [];
  let current: Span | null = null;
  for (const p of paras) {
    if (!current) current = { ...p };
    else if (p.end - current.start <= maxChars) current.end = p.end;
    else {
      pieces.push(current);
      current = { ...p };
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** The last `count` UTF-16 units of `s`, never starting inside a surrogate pair. */
function tail(s: string, count: number): string {
  let from = Math.max(0, s.length - count);
  const code = s.charCodeAt(from);
  if (from > 0 && code >= 0xdc00 && code <= 0xdfff) from++;
  return s.slice(from);
}

/**
 * The seed's file_path ("absolute path to source file"): the input's absolute path when the host
 * has one (the CLI), else the file name (the browser has no path).
 */
function filePathOf(doc: DocModel, ctx: RunContext): string {
  return ctx.sourcePath || doc.name;
}

export const headerChunker: ChunkerSpec<HeaderConfig> = {
  ...headerMeta,
  async chunk(doc, config, ctx) {
    const slug = docSlug(doc.name);
    const filePath = filePathOf(doc, ctx);
    const text = doc.text;
    const drafts: ChunkDraft[] = [];
    const bodies: string[] = [];
    let overMax = 0;
    let underMin = 0;
    let merged = 0;

    // `group` is the merged chunk the span belongs to: its first section names it (header_path,
    // level, prefix); the absorbed sections whose text lies in the span are listed in merged_headers.
    const front = frontMatterOf(text);
    const documentMetadata: Record<string, unknown> = { ...(front?.fields ?? {}) };
    const tags = tagsOf(text, front);
    if (tags.length > 0) documentMetadata["tags"] = tags;

    const push = (
      span: Span,
      id: string,
      group: readonly HeaderSection[],
      parentId?: string,
      flags: string[] = [],
    ) => {
      // The section the span's text starts in names it; a heading-less preamble yields to the next
      // section of the span that has a path (the seed: "each chunk includes its full header path").
      const inSpan = group.filter((s) => s.end > span.start && s.start < span.end);
      const startsIn = inSpan.find((s) => s.end > span.start) ?? group[0]!;
      const first = startsIn.headerPath ? startsIn : (inSpan.find((s) => s.headerPath) ?? startsIn);
      const absorbed = inSpan.filter((s) => s !== first && s.headerPath).map((s) => s.headerPath);
      const links = wikilinksOf(text.slice(span.start, span.end));
      const metadata = { ...documentMetadata, ...(links.length > 0 ? { links } : {}) };
      const draft: ChunkDraft = {
        id,
        start: span.start,
        end: span.end,
        flags,
        meta: {
          chunk_id: id,
          doc_id: slug,
          // The draft's position: unique and in document order, sub-chunks included.
          chunk_index: drafts.length,
          header_path: first.headerPath,
          ...(absorbed.length ? { merged_headers: absorbed } : {}),
          level: first.level,
          start_pos: span.start,
          end_pos: span.end,
          file_path: filePath,
          modified_time: ctx.sourceModified ?? null,
          ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
          ...(parentId ? { parent_chunk_id: parentId } : {}),
        },
      };
      if (config.include_parent_headers && first.headerPath) draft.prefix = `${first.headerPath}\n\n`;
      if (first.headerPath) draft.headingPath = first.headerPath;
      if (parentId) draft.parentId = parentId;
      drafts.push(draft);
      bodies.push(text.slice(span.start, span.end));
    };

    const bodyStart = front?.end ?? 0;
    if (config.strategy === "none") {
      // The seed's "none": chunking disabled, the document whole (its front matter is metadata still).
      const whole = trimmed(text, bodyStart, text.length);
      if (whole) push(whole, `${slug}_chunk_0`, [{ ...whole, headerPath: "", level: 0 }]);
      return {
        drafts,
        warnings: [],
        stats: { "chunk.count": drafts.length, "headings.count": doc.headings.length, strategy: "none" },
      };
    }

    // Merge before split (steps 3 then 4), so a merged chunk over max_chunk_chars is split like any other.
    mergeSmall(initialSections(doc, bodyStart), config.min_chunk_chars).forEach((group, n) => {
      if (group.length > 1) merged++;
      const id = `${slug}_chunk_${n}`;
      const whole: Span = { start: group[0]!.start, end: group.at(-1)!.end };
      const size = whole.end - whole.start;
      const pieces =
        size <= config.max_chunk_chars
          ? [whole]
          : packParagraphs(text, whole.start, whole.end, config.max_chunk_chars);
      if (pieces.length === 1) {
        // Within max, or one paragraph the seed will not cut: a plain chunk, flagged when out of bounds.
        const under = size < config.min_chunk_chars;
        const over = size > config.max_chunk_chars;
        if (under) underMin++;
        if (over) overMax++;
        push(whole, id, group, undefined, [...(under ? ["under-min"] : []), ...(over ? ["over-max"] : [])]);
        return;
      }
      pieces.forEach((p, m) => {
        const over = p.end - p.start > config.max_chunk_chars;
        if (over) overMax++;
        push(p, `${id}_sub_${m}`, group, id, over ? ["over-max"] : []);
      });
    });

    // Step 5, the seed's _apply_overlap: only between sub-chunks of one parent, the last
    // overlap_chars characters of the previous sibling's content (as already overlapped) + "\n\n".
    let overlapped = 0;
    if (config.overlap_chars > 0) {
      for (let i = 1; i < drafts.length; i++) {
        const prev = drafts[i - 1]!;
        const cur = drafts[i]!;
        if (!prev.id.includes("_sub_") || !cur.id.includes("_sub_")) continue;
        const parentOf = (id: string) => id.slice(0, id.lastIndexOf("_sub_"));
        if (parentOf(prev.id) !== parentOf(cur.id)) continue;
        const overlap = tail((prev.prefix ?? "") + bodies[i - 1]!, config.overlap_chars);
        if (!overlap) continue;
        cur.prefix = `${overlap}\n\n${cur.prefix ?? ""}`;
        cur.meta = { ...cur.meta, overlap_chars: overlap.length };
        overlapped++;
      }
    }

    const warnings: string[] = [];
    if (overMax)
      warnings.push(
        `${overMax} chunk(s) are a single paragraph longer than max_chunk_chars (${config.max_chunk_chars}): kept whole and flagged over-max, as the seed never splits inside a paragraph`,
      );
    return {
      drafts,
      warnings,
      stats: {
        "chunk.count": drafts.length,
        "headings.count": doc.headings.length,
        "chunks.over_max": overMax,
        "chunks.under_min": underMin,
        "chunks.merged": merged,
        "chunks.overlapped": overlapped,
      },
    };
  },
};
