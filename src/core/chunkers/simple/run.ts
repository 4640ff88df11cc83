/**
 * The NOESIS seed's deprecated SimpleDocumentChunker, kept as the baseline the hybrid chunker
 * replaced: one chunk per block (a paragraph of the extracted text), at most max_bytes of UTF-8;
 * the rest of a longer block is dropped, as the seed's truncation does — reproduced and flagged.
 */
import type { ChunkDraft, ChunkerSpec } from "../../chunk";
import { type SimpleConfig, simpleMeta } from "./meta";
import { docSlug } from "../../text/docSlug";
import { paragraphs } from "../../text/segment";

/** The end of the longest prefix of text[start, end) whose UTF-8 is at most maxBytes, on a character boundary. */
export function utf8PrefixEnd(
  text: string,
  start: number,
  end: number,
  maxBytes: number,
): { end: number; bytes: number } {
  let bytes = 0;
  let i = start;
  while (i < end) {
    const code = text.charCodeAt(i);
    let width = 3;
    let units = 1;
    if (code < 0x80) width = 1;
    else if (code < 0x800) width = 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        width = 4;
        units = 2;
      }
    }
    if (bytes + width > maxBytes) break;
    bytes += width;
    i += units;
  }
  return { end: i, bytes };
}

export const simpleChunker: ChunkerSpec<SimpleConfig> = {
  ...simpleMeta,
  async chunk(doc, config) {
    const slug = docSlug(doc.name);
    let truncated = 0;
    const drafts: ChunkDraft[] = paragraphs(doc.text).map((block, n) => {
      const cut = utf8PrefixEnd(doc.text, block.start, block.end, config.max_bytes);
      const whole = cut.end >= block.end;
      if (!whole) truncated++;
      return {
        id: `${slug}_block_${n}`,
        start: block.start,
        end: cut.end,
        flags: whole ? [] : ["truncated"],
        meta: whole ? {} : { dropped_chars: block.end - cut.end },
      };
    });
    const warnings = truncated
      ? [
          `${truncated} of ${drafts.length} blocks were longer than ${config.max_bytes} bytes and truncated (the seed drops the rest)`,
        ]
      : [];
    return { drafts, warnings, stats: { "chunk.count": drafts.length, "blocks.truncated": truncated } };
  },
};
