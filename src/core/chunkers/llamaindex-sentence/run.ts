/**
 * LlamaIndex's SentenceSplitter (@llamaindex/core 0.6, node-parser: SentenceSplitter._splitText,
 * #split, #getSplitsByFns, #merge, #postprocessChunks) over ranges of the document:
 * - a range within chunk_size tokens is one piece (a sentence); a longer one is split by the first of
 *   paragraph_separator (kept at the start of each part after the first), natural's sentence tokenizer
 *   (./sentenceTokenizer), that gives more than one part — its parts are sentences — else by the
 *   first of secondary_chunking_regex (its matches: what it does not match is left out), separator
 *   (kept) and characters that does — parts that are not sentences; a part still over chunk_size is
 *   split again the same way;
 * - merge: pieces are added while they fit; one that does not fit closes the chunk, unless the chunk
 *   is new (just opened, or holding only the overlap carried into it) — then it is added anyway, and a
 *   sentence always is; a closed chunk carries its last pieces worth ≤ chunk_overlap tokens into the
 *   next;
 * - chunks are their pieces joined with "", trimmed; empty ones dropped.
 * Token counts are `encode(piece).length` of each piece, read off the document's one encoding
 * exactly. A chunk is the range from its first piece to its last, trimmed; where LlamaIndex's text is
 * not that slice (the secondary regex dropped punctuation between its pieces), its text is in
 * meta.llamaindex_text and the chunk is flagged `framework-text-differs`. Characters are split as
 * code points (LlamaIndex's split("") can cut a surrogate pair: no range can).
 */
import type { ChunkDraft, ChunkerOutput, ChunkerSpec, RunContext } from "../../chunk";
import type { DocModel } from "../../document";
import { codePointStep, isTrimSpace } from "../../text/codeUnits";
import { exactTokenCount } from "../../text/exactCount";
import { separatorPattern } from "../recursive/flavor";
import { type LlamaindexSentenceConfig, llamaindexSentenceMeta } from "./meta";
import { abbreviationPattern, LLAMAINDEX_ABBREVIATIONS, sentenceCuts } from "./sentenceTokenizer";

interface Piece {
  start: number;
  end: number;
  sentence: boolean;
  tokens: number;
}

/**
 * The last document's sentence cuts by range: a chunk_size move splits the same paragraphs into the
 * same sentences again (natural's masking of a whole book is most of a cold run).
 */
let cutsMemo: { key: string; text: string; byRange: Map<number, number[]> } | null = null;
const RANGE_KEY = 2 ** 26;

async function runSentenceSplitter(
  doc: DocModel,
  config: LlamaindexSentenceConfig,
  ctx: RunContext,
): Promise<ChunkerOutput> {
  const text = doc.text;
  if (text === "") return { drafts: [], stats: { "chunk.count": 0 } };
  const tokenizer = await ctx.tokenizer(config.encoding);
  const encoded = ctx.encoded.get(doc.id, tokenizer, text);
  const count = (s: number, e: number) => exactTokenCount(tokenizer, encoded, text, s, e);
  const abbreviations = abbreviationPattern([...LLAMAINDEX_ABBREVIATIONS, ...config.extra_abbreviations]);
  const memoKey = JSON.stringify([doc.id, config.extra_abbreviations]);
  if (!cutsMemo || cutsMemo.key !== memoKey || cutsMemo.text !== text)
    cutsMemo = { key: memoKey, text, byRange: new Map() };
  const memo = cutsMemo.byRange;
  const cutsOf = (s: number, e: number): number[] => {
    if (text.length >= RANGE_KEY) return sentenceCuts(text, s, e, abbreviations, ctx.signal);
    const key = s * RANGE_KEY + e;
    let cuts = memo.get(key);
    if (!cuts) memo.set(key, (cuts = sentenceCuts(text, s, e, abbreviations, ctx.signal)));
    return cuts;
  };
  const secondary = separatorPattern(config.secondary_chunking_regex);
  const size = config.chunk_size;

  /** splitTextKeepSeparator over [s, e): parts starting at each separator after the first, empties dropped. */
  const bySeparator = (s: number, e: number, sep: string): [number, number][] => {
    const parts: [number, number][] = [];
    let from = s;
    for (
      let at = text.indexOf(sep, s);
      at >= 0 && at + sep.length <= e;
      at = text.indexOf(sep, at + sep.length)
    ) {
      if (at > from) parts.push([from, at]);
      from = at;
      // The part after a separator starts with it: the next search starts after it.
    }
    if (e > from) parts.push([from, e]);
    return parts;
  };
  const splitsOf = (s: number, e: number): { parts: [number, number][]; sentence: boolean } => {
    const paragraphs = bySeparator(s, e, config.paragraph_separator);
    if (paragraphs.length > 1) return { parts: paragraphs, sentence: true };
    const cuts = cutsOf(s, e);
    if (cuts.length > 0) {
      const parts: [number, number][] = [];
      let from = s;
      for (const cut of cuts) {
        parts.push([from, cut]);
        from = cut;
      }
      if (e > from) parts.push([from, e]);
      if (parts.length > 1) return { parts, sentence: true };
    }
    const phrases: [number, number][] = [];
    secondary.lastIndex = 0;
    for (const m of text.slice(s, e).matchAll(secondary))
      if (m[0] !== "") phrases.push([s + m.index, s + m.index + m[0].length]);
    if (phrases.length > 1) return { parts: phrases, sentence: false };
    const words = bySeparator(s, e, config.separator);
    if (words.length > 1) return { parts: words, sentence: false };
    const chars: [number, number][] = [];
    for (let i = s; i < e;) {
      const step = codePointStep(text, i, e);
      chars.push([i, i + step]);
      i += step;
    }
    if (chars.length > 1) return { parts: chars, sentence: false };
    return { parts: [[s, e]], sentence: true };
  };

  const pieces: Piece[] = [];
  const split = (s: number, e: number, tokens: number) => {
    ctx.signal?.throwIfAborted();
    if (tokens <= size) {
      pieces.push({ start: s, end: e, sentence: true, tokens });
      return;
    }
    const { parts, sentence } = splitsOf(s, e);
    for (const [a, b] of parts) {
      const t = count(a, b);
      if (t <= size) pieces.push({ start: a, end: b, sentence, tokens: t });
      else if (b - a < e - s || parts.length > 1) split(a, b, t);
      // One character over chunk_size: LlamaIndex recurses on it until its stack overflows; the merge below stops with its own error.
      else pieces.push({ start: a, end: b, sentence, tokens: t });
    }
  };
  split(0, text.length, count(0, text.length));

  // #merge: groups of piece indices.
  const groups: number[][] = [];
  let current: number[] = [];
  let length = 0;
  let fresh = true;
  const close = () => {
    groups.push(current);
    const last = current;
    current = [];
    length = 0;
    fresh = true;
    for (let k = last.length - 1; k >= 0 && length + pieces[last[k]!]!.tokens <= config.chunk_overlap; k--) {
      length += pieces[last[k]!]!.tokens;
      current.unshift(last[k]!);
    }
  };
  for (let i = 0; i < pieces.length;) {
    const p = pieces[i]!;
    if (p.tokens > size) throw new Error("Single token exceeded chunk size");
    if (length + p.tokens > size && !fresh) close();
    else if (p.sentence || length + p.tokens <= size || fresh) {
      length += p.tokens;
      current.push(i);
      fresh = false;
      i++;
    } else close();
  }
  if (!fresh) groups.push(current);

  const drafts: ChunkDraft[] = [];
  let dropped = 0;
  for (const group of groups) {
    let s = pieces[group[0]!]!.start;
    let e = pieces[group[group.length - 1]!]!.end;
    let contiguous = true;
    for (let k = 0; k + 1 < group.length && contiguous; k++)
      contiguous = pieces[group[k]!]!.end === pieces[group[k + 1]!]!.start;
    while (s < e && isTrimSpace(text.charCodeAt(s))) s++;
    while (e > s && isTrimSpace(text.charCodeAt(e - 1))) e--;
    if (contiguous) {
      if (e > s) drafts.push({ id: `chunk_${drafts.length}`, start: s, end: e, flags: [] });
      continue;
    }
    const joined = group
      .map((k) => text.slice(pieces[k]!.start, pieces[k]!.end))
      .join("")
      .trim();
    if (joined === "" || e <= s) continue;
    dropped++;
    drafts.push({
      id: `chunk_${drafts.length}`,
      start: s,
      end: e,
      flags: ["framework-text-differs"],
      meta: { llamaindex_text: joined },
    });
  }
  return {
    drafts,
    stats: {
      "chunk.count": drafts.length,
      "pieces.count": pieces.length,
      "llamaindex.text_differs": dropped,
    },
    ...(dropped > 0
      ? {
          warnings: [
            `${dropped} of ${drafts.length} chunks: LlamaIndex's secondary regex leaves out punctuation it does not match, so its text differs from the document's there (in each chunk's meta); the ranges shown are the document's`,
          ],
        }
      : {}),
  };
}

export const llamaindexSentenceChunker: ChunkerSpec<LlamaindexSentenceConfig> = {
  ...llamaindexSentenceMeta,
  chunk: (doc, config, ctx) => runSentenceSplitter(doc, config, ctx),
};
