/**
 * Chonkie's SentenceChunker (@chonkiejs/core 0.0.11, sentence.js), over document ranges: sentences
 * from core/chunkers/chonkie/split (Chonkie's JavaScript path when a delimiter is longer than a
 * character, its Rust split_offsets otherwise), each sentence's size its "character" token count —
 * the length of the text Chonkie holds for it, which on the Rust path is the JavaScript string sliced
 * with UTF-8 byte offsets — then chunk(): from each position, sentences while the total stays within
 * chunk_size (or fewer than min_sentences_per_chunk are taken), at least min_sentences_per_chunk; with
 * chunk_overlap, the next chunk starts at the last sentences whose total stays within the overlap
 * (at least one), never before the chunk's own start. Chonkie's chunk text is its sentences joined
 * with "": the range from the first to the last. Where Chonkie's offsets are bytes and differ from
 * the true ones, the chunk is flagged `framework-offset-differs` with Chonkie's offsets and the text
 * they give back in meta; with include_delim "none", where Chonkie's text drops the delimiters
 * between its sentences, flagged `delimiters-dropped` with that text in meta.chonkie_text.
 */
import type { ChunkDraft, ChunkerOutput, ChunkerSpec } from "../../chunk";
import type { DocModel } from "../../document";
import { type ChonkiePiece, chonkieSlice, splitAtDelimiters, splitByPatterns } from "../chonkie/split";
import { type ChonkieSentenceConfig, chonkieSentenceMeta } from "./meta";

/** SentenceChunker.splitTextOffsets' choice of path, with each piece's Chonkie-side length. */
function chonkieSentences(
  text: string,
  config: Pick<ChonkieSentenceConfig, "delim" | "include_delim" | "min_characters_per_sentence">,
): { pieces: ChonkiePiece[]; sizes: number[]; bytePath: boolean } {
  const bytePath = !config.delim.some((d) => d.length > 1);
  const pieces = bytePath
    ? splitAtDelimiters(text, config.delim.join(""), config.include_delim, config.min_characters_per_sentence)
    : splitByPatterns(text, config.delim, config.include_delim, config.min_characters_per_sentence);
  // countTokens(text.slice(s, e)) of the character tokenizer: the slice's length, clamped as slice clamps.
  const sizes = pieces.map((p) =>
    Math.max(0, Math.min(p.chonkieEnd, text.length) - Math.min(p.chonkieStart, text.length)),
  );
  return { pieces, sizes, bytePath };
}

/** SentenceChunker.chunk's packing: [first, end) sentence index pairs of each chunk. */
function packSentences(
  sizes: readonly number[],
  config: Pick<ChonkieSentenceConfig, "chunk_size" | "chunk_overlap" | "min_sentences_per_chunk">,
  signal?: AbortSignal,
): [number, number][] {
  const groups: [number, number][] = [];
  const n = sizes.length;
  let pos = 0;
  while (pos < n) {
    signal?.throwIfAborted();
    let total = 0;
    let split = pos;
    while (split < n) {
      const next = total + sizes[split]!;
      if (next > config.chunk_size && split - pos + 1 > config.min_sentences_per_chunk) break;
      total = next;
      split++;
    }
    if (split - pos < config.min_sentences_per_chunk)
      split = pos + config.min_sentences_per_chunk <= n ? pos + config.min_sentences_per_chunk : n;
    groups.push([pos, split]);
    if (config.chunk_overlap > 0 && split < n) {
      let overlap = 0;
      let k = split - 1;
      while (k >= pos) {
        const next = overlap + sizes[k]!;
        if (next > config.chunk_overlap && overlap > 0) break;
        overlap = next;
        k--;
      }
      pos = k + 1 > pos ? k + 1 : split;
    } else pos = split;
  }
  return groups;
}

/**
 * Drafts for Chonkie's sentence groups: the true range of each; on Chonkie's byte path, its own
 * offsets and the text they give back, flagged where they are not the true ones.
 */
export function chonkieDrafts(
  text: string,
  pieces: readonly ChonkiePiece[],
  groups: readonly [number, number][],
): ChunkDraft[] {
  return groups.map(([first, end], n) => {
    const a = pieces[first]!;
    const b = pieces[end - 1]!;
    const flags: string[] = [];
    const meta: Record<string, unknown> = {
      chonkie_start_index: a.chonkieStart,
      chonkie_end_index: b.chonkieEnd,
    };
    const shifted = a.chonkieStart !== a.start || b.chonkieEnd !== b.end;
    // With include_delim "none" the sentences are not contiguous: Chonkie's text drops what lies between.
    let gaps = false;
    for (let k = first; k + 1 < end && !gaps; k++) gaps = pieces[k]!.end !== pieces[k + 1]!.start;
    if (shifted) flags.push("framework-offset-differs");
    if (gaps) flags.push("delimiters-dropped");
    if (shifted || gaps)
      meta.chonkie_text = pieces
        .slice(first, end)
        .map((p) => chonkieSlice(text, p))
        .join("");
    return { id: `chunk_${n}`, start: a.start, end: b.end, flags, meta };
  });
}

async function runChonkieSentence(
  doc: DocModel,
  config: ChonkieSentenceConfig,
  signal?: AbortSignal,
): Promise<ChunkerOutput> {
  const text = doc.text;
  // Chonkie returns nothing for blank text.
  if (text.trim() === "") return { drafts: [], stats: { "chunk.count": 0, "sentence.count": 0 } };
  const { pieces, sizes, bytePath } = chonkieSentences(text, config);
  const groups = packSentences(sizes, config, signal);
  const drafts = chonkieDrafts(text, pieces, groups);
  const shifted = drafts.filter((d) => d.flags?.includes("framework-offset-differs")).length;
  return {
    drafts,
    stats: {
      "chunk.count": drafts.length,
      "sentence.count": pieces.length,
      "chonkie.splitter": bytePath ? "rust split_offsets (UTF-8 bytes)" : "javascript patterns",
      "chonkie.offsets_differ": shifted,
    },
    ...(shifted > 0
      ? {
          warnings: [
            `${shifted} of ${drafts.length} chunks: Chonkie's own offsets here are UTF-8 byte positions used as string positions (single-character delimiters on non-ASCII text), so its chunk text is shifted; the ranges shown are true (Chonkie's are in each chunk's meta)`,
          ],
        }
      : {}),
  };
}

export const chonkieSentenceChunker: ChunkerSpec<ChonkieSentenceConfig> = {
  ...chonkieSentenceMeta,
  chunk: (doc, config, ctx) => runChonkieSentence(doc, config, ctx.signal),
};
