/**
 * header-based-chunking.md's HeaderBasedChunker: one chunk per heading's section (text before the
 * first heading is a chunk of its own), chunks under min_chunk_chars merged forward with the next
 * ones until the threshold is met, chunks over max_chunk_chars split at paragraph boundaries into
 * `{doc}_chunk_N_sub_M`, and overlap only between sibling sub-chunks of one parent (the seed's
 * `_apply_overlap`). With include_parent_headers every chunk is prefixed with its header path.
 */
import type { ChunkDraft, ChunkerSpec } from "../../chunk";
import { type HeaderConfig, headerMeta } from "./meta";
import type { DocModel } from "../../document";
import { docSlug } from "../../text/docSlug";
import { isSpace, paragraphs, type Span } from "../../text/segment";

/** A section (or a run of merged sections) before splitting. */
interface HeaderSection {
  start: number;
  end: number;
  /** The seed's header_path: "Section > Subsection > Detail"; "" for text before the first heading. */
  headerPath: string;
  /** Heading level of the section's first heading; 0 for text before the first heading. */
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

/** Step 2: initial chunks at heading boundaries; the text before the first heading is its own chunk. */
function initialSections(doc: DocModel): HeaderSection[] {
  const { text, headings } = doc;
  const sections: HeaderSection[] = [];
  const starts = headings.map((h) => headingLineStart(text, h.start));
  const preamble = trimmed(text, 0, starts[0] ?? text.length);
  if (preamble) sections.push({ ...preamble, headerPath: "", level: 0 });
  headings.forEach((h, i) => {
    const span = trimmed(text, starts[i]!, starts[i + 1] ?? text.length);
    if (span) sections.push({ ...span, headerPath: headerPath(headings, i), level: h.level });
  });
  return sections;
}

/**
 * Step 3: a chunk under min_chunk_chars is combined with the chunks after it until the threshold
 * is met; the merged chunk keeps every merged section's header path, joined with " + ".
 */
function mergeSmall(sections: readonly HeaderSection[], minChars: number): HeaderSection[] {
  const merged: HeaderSection[] = [];
  let i = 0;
  while (i < sections.length) {
    const current = { ...sections[i]! };
    const paths = current.headerPath ? [current.headerPath] : [];
    i++;
    while (current.end - current.start < minChars && i < sections.length) {
      const next = sections[i]!;
      current.end = next.end;
      if (next.headerPath) paths.push(next.headerPath);
      if (current.level === 0) current.level = next.level;
      i++;
    }
    current.headerPath = paths.join(" + ");
    merged.push(current);
  }
  return merged;
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

export const headerChunker: ChunkerSpec<HeaderConfig> = {
  ...headerMeta,
  async chunk(doc, config) {
    const slug = docSlug(doc.name);
    const text = doc.text;
    const drafts: ChunkDraft[] = [];
    const bodies: string[] = [];
    let overMax = 0;
    let underMin = 0;

    const push = (
      span: Span,
      id: string,
      n: number,
      section: HeaderSection,
      parentId: string | undefined,
      flags: string[],
    ) => {
      const headerPrefix =
        config.include_parent_headers && section.headerPath ? `${section.headerPath}\n\n` : "";
      const draft: ChunkDraft = {
        id,
        start: span.start,
        end: span.end,
        flags,
        meta: {
          chunk_id: id,
          doc_id: slug,
          chunk_index: n,
          header_path: section.headerPath,
          level: section.level,
          start_pos: span.start,
          end_pos: span.end,
          file_path: doc.name,
          ...(parentId ? { parent_chunk_id: parentId } : {}),
        },
      };
      if (headerPrefix) draft.prefix = headerPrefix;
      if (section.headerPath) draft.headingPath = section.headerPath;
      if (parentId) draft.parentId = parentId;
      drafts.push(draft);
      bodies.push(text.slice(span.start, span.end));
    };

    if (doc.headings.length === 0) {
      // Fallback: the whole document as one chunk when it fits (or is a single paragraph), else
      // paragraphs packed up to max_chunk_chars as {doc}_chunk_N — plain chunks, so no overlap.
      const whole = trimmed(text, 0, text.length);
      if (whole) {
        const section: HeaderSection = { ...whole, headerPath: "", level: 0 };
        const pieces =
          whole.end - whole.start <= config.max_chunk_chars
            ? [whole]
            : packParagraphs(text, whole.start, whole.end, config.max_chunk_chars);
        pieces.forEach((p, n) => {
          const over = p.end - p.start > config.max_chunk_chars;
          if (over) overMax++;
          push(p, `${slug}_chunk_${n}`, n, section, undefined, over ? ["over-max"] : []);
        });
      }
    } else {
      const merged = mergeSmall(initialSections(doc), config.min_chunk_chars);
      merged.forEach((section, n) => {
        const id = `${slug}_chunk_${n}`;
        const size = section.end - section.start;
        const under = size < config.min_chunk_chars;
        if (under) underMin++;
        const pieces =
          size <= config.max_chunk_chars
            ? [section]
            : packParagraphs(text, section.start, section.end, config.max_chunk_chars);
        if (pieces.length === 1) {
          const over = size > config.max_chunk_chars;
          if (over) overMax++;
          push(section, id, n, section, undefined, [
            ...(under ? ["under-min"] : []),
            ...(over ? ["over-max"] : []),
          ]);
          return;
        }
        pieces.forEach((p, m) => {
          const over = p.end - p.start > config.max_chunk_chars;
          if (over) overMax++;
          push(p, `${id}_sub_${m}`, n, section, id, over ? ["over-max"] : []);
        });
      });
    }

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
        `${overMax} chunk(s) are a single paragraph longer than max_chunk_chars (${config.max_chunk_chars}): the seed never splits inside a paragraph`,
      );
    return {
      drafts,
      warnings,
      stats: {
        "chunk.count": drafts.length,
        "headings.count": doc.headings.length,
        "chunks.over_max": overMax,
        "chunks.under_min": underMin,
        "chunks.overlapped": overlapped,
      },
    };
  },
};
