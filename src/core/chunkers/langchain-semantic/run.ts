/**
 * LangChain's SemanticChunker (langchain_experimental's text_splitter.py), ported from its
 * published source over ranges of the document:
 * - sentences: re.split(sentence_split_regex, text) — empty pieces kept, as Python keeps them;
 * - combine_sentences: sentence i with buffer_size sentences before and after, joined by " ";
 * - calculate_cosine_distances: 1 − cosine of each combined sentence's embedding and the next's;
 * - _calculate_breakpoint_threshold (numpy's percentile, mean, population std, gradient), or
 *   _threshold_from_clusters when number_of_chunks is set; a break after sentence i where the
 *   value is strictly above the threshold;
 * - split_text's grouping, including its min_chunk_size rule: a group shorter than min_chunk_size
 *   (len of its " "-joined text) is not closed at its breakpoint and runs on to the next one; the
 *   last group is never checked; one sentence gives one chunk, and gradient with two sentences gives
 *   each its own (numpy.gradient needs two distances).
 * LangChain's chunk text is its sentences joined by " "; the chunk here is the document range from
 * its first sentence to its last, with LangChain's text in meta.langchain_text where whitespace
 * between sentences was not one space (flag `separators-collapsed`). create_documents'
 * start_index is the running sum of earlier chunks' lengths, which misses the whitespace between
 * chunks: kept in meta.langchain_start_index, flagged `framework-offset-differs` where it is not
 * the chunk's true start (in code points, as Python counts).
 */
import type { ChunkDraft, ChunkerOutput, ChunkerSpec, RunContext, RunTrace } from "../../chunk";
import type { DocModel } from "../../document";
import { cosineSimilarity } from "../../providers/vectors";
import { gradient, mean, percentile, populationStd } from "../../similarity/breakpoints";
import { documentLocalEmbedder, embedWindows } from "../late-embedding/run";
import { separatorPattern } from "../recursive/flavor";
import { type LangchainSemanticConfig, langchainSemanticMeta } from "./meta";

/** The last document's distances, keyed by what makes them, so a threshold drag embeds nothing. */
let lastDistances: { key: string; text: string; distances: number[]; zero: number } | null = null;

/** Embedding requests per call: SemanticChunker embeds all at once; batches only bound a request. */
const EMBED_BATCH = 64;

interface Span {
  start: number;
  end: number;
}

/** re.split(pattern, text) as ranges: the pieces between matches, empty ones included. */
export function splitSentences(text: string, pattern: string): Span[] {
  const re = separatorPattern(pattern);
  const spans: Span[] = [];
  let from = 0;
  for (const m of text.matchAll(re)) {
    spans.push({ start: from, end: m.index });
    from = m.index + m[0].length;
  }
  spans.push({ start: from, end: text.length });
  return spans;
}

/** combine_sentences: each sentence with `buffer` neighbours on either side, joined by " ". */
export function combineSentences(sentences: readonly string[], buffer: number): string[] {
  return sentences.map((_, i) => sentences.slice(Math.max(0, i - buffer), i + 1 + buffer).join(" "));
}

/** _threshold_from_clusters: the distance percentile interpolated for about `chunks` chunks. */
export function thresholdFromClusters(distances: readonly number[], chunks: number): number {
  const x1 = distances.length;
  const x = Math.max(Math.min(chunks, x1), 1);
  const y = x1 === 1 ? 100 : ((100 - 0) / (1 - x1)) * (x - x1);
  return percentile(distances, Math.min(Math.max(y, 0), 100));
}

/** _calculate_breakpoint_threshold: the threshold and the array it is compared with. */
function breakpointThreshold(
  distances: readonly number[],
  type: LangchainSemanticConfig["breakpoint_threshold_type"],
  amount: number,
): { threshold: number; array: readonly number[] } {
  switch (type) {
    case "percentile":
      return { threshold: percentile(distances, amount), array: distances };
    case "standard_deviation":
      return { threshold: mean(distances) + amount * populationStd(distances), array: distances };
    case "interquartile":
      return {
        threshold: mean(distances) + amount * (percentile(distances, 75) - percentile(distances, 25)),
        array: distances,
      };
    case "gradient": {
      const g = gradient(distances);
      return { threshold: percentile(g, amount), array: g };
    }
  }
}

/** Python's len of a string: code points. */
function pyLen(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * split_text's grouping: [first, last] sentence index pairs of each chunk, given the sentences'
 * Python lengths and the indices above the threshold.
 */
export function groupSentences(
  lengths: readonly number[],
  above: readonly number[],
  minChunkSize: number,
): [number, number][] {
  const groups: [number, number][] = [];
  let start = 0;
  for (const index of above) {
    let joined = index - start; // the " " between the group's sentences
    for (let k = start; k <= index; k++) joined += lengths[k]!;
    if (minChunkSize > 0 && joined < minChunkSize) continue;
    groups.push([start, index]);
    start = index + 1;
  }
  if (start < lengths.length) groups.push([start, lengths.length - 1]);
  return groups;
}

async function runLangchainSemantic(
  doc: DocModel,
  config: LangchainSemanticConfig,
  ctx: RunContext,
): Promise<ChunkerOutput> {
  const text = doc.text;
  if (text === "") return { drafts: [], stats: { "chunk.count": 0, "sentence.count": 0 } };
  const spans = splitSentences(text, config.sentence_split_regex);
  const sentences = spans.map((s) => text.slice(s.start, s.end));
  const stats: Record<string, unknown> = { "sentence.count": sentences.length };
  let groups: [number, number][];
  let trace: RunTrace | undefined;
  if (sentences.length === 1 || (config.breakpoint_threshold_type === "gradient" && sentences.length === 2)) {
    groups =
      sentences.length === 1
        ? [[0, 0]]
        : [
            [0, 0],
            [1, 1],
          ];
  } else {
    const local = ctx.embedder ? undefined : await documentLocalEmbedder(doc, ctx);
    const embedder = ctx.embedder ?? local!.embedder;
    // A threshold drag re-reads the last distances: only the sentences, buffer and embedder make them.
    const key = JSON.stringify([doc.id, config.sentence_split_regex, config.buffer_size, embedder.id]);
    let distances: number[];
    let zero: number;
    if (lastDistances && lastDistances.key === key && lastDistances.text === text)
      ({ distances, zero } = lastDistances);
    else {
      const combined = combineSentences(sentences, config.buffer_size);
      const { vectors } = await embedWindows(embedder, combined, EMBED_BATCH, ctx.signal);
      // langchain_community's cosine_similarity reads a zero vector's NaN as similarity 0: distance 1.
      zero = vectors.filter((v) => v.every((x) => x === 0)).length;
      distances = [];
      for (let i = 0; i + 1 < vectors.length; i++)
        distances.push(1 - cosineSimilarity(vectors[i]!, vectors[i + 1]!));
      lastDistances = { key, text, distances, zero };
    }
    if (zero > 0) stats["embedding.zero_vectors"] = zero;
    const { threshold, array } =
      config.number_of_chunks > 0
        ? { threshold: thresholdFromClusters(distances, config.number_of_chunks), array: distances }
        : breakpointThreshold(
            distances,
            config.breakpoint_threshold_type,
            config.breakpoint_threshold_amount,
          );
    const above = array.flatMap((d, i) => (d > threshold ? [i] : []));
    groups = groupSentences(sentences.map(pyLen), above, config.min_chunk_size);
    const onDistances = config.number_of_chunks > 0 || config.breakpoint_threshold_type !== "gradient";
    trace = {
      points: distances.map((d, i) => ({ offset: spans[i]!.end, value: 1 - d })),
      ...(onDistances ? { threshold: 1 - threshold } : {}),
      boundaries: groups.slice(0, -1).map(([, last]) => spans[last]!.end),
    };
    Object.assign(stats, {
      "embedding.model": embedder.label,
      "embedding.id": embedder.id,
      "embedding.kind": embedder.kind,
      // On the scale the type compares with: distance, or the gradient of distances.
      "threshold.value": threshold,
      "breakpoints.above": above.length,
    });
    if (local?.warning) stats["embedding.note"] = local.warning;
  }
  ctx.signal?.throwIfAborted();

  const drafts: ChunkDraft[] = [];
  let skipped = 0;
  let langchainStart = 0; // create_documents' running start_index
  let codePointsBefore = 0; // code points of text[0, cursor)
  let cursor = 0;
  for (const [first, last] of groups) {
    const joined = sentences.slice(first, last + 1).join(" ");
    // The range: first to last sentence, without empty sentences at its edges.
    let a = first;
    let b = last;
    while (a < b && spans[a]!.start === spans[a]!.end) a++;
    while (b > a && spans[b]!.start === spans[b]!.end) b--;
    const start = spans[a]!.start;
    const end = spans[b]!.end;
    const startIndex = langchainStart;
    langchainStart += pyLen(joined);
    if (end <= start) {
      skipped++;
      continue;
    }
    codePointsBefore += pyLen(text.slice(cursor, start));
    cursor = start;
    const flags: string[] = [];
    const meta: Record<string, unknown> = { langchain_start_index: startIndex };
    if (text.slice(start, end) !== joined) {
      flags.push("separators-collapsed");
      meta.langchain_text = joined;
    }
    if (startIndex !== codePointsBefore) flags.push("framework-offset-differs");
    drafts.push({ id: `chunk_${drafts.length}`, start, end, flags, meta });
  }
  stats["chunk.count"] = drafts.length;
  const warnings: string[] = [];
  if (skipped > 0)
    warnings.push(
      `${skipped} of LangChain's chunks are empty text (a regex match at the document's end) and are left out`,
    );
  if (typeof stats["embedding.note"] === "string") warnings.push(stats["embedding.note"]);
  if (typeof stats["embedding.zero_vectors"] === "number")
    warnings.push(
      `${String(stats["embedding.zero_vectors"])} of ${sentences.length} combined sentences embedded as zero vectors (${String(stats["embedding.model"])} knows none of their words): LangChain reads their similarity as 0, distance 1`,
    );
  return { drafts, stats, ...(trace ? { trace } : {}), ...(warnings.length ? { warnings } : {}) };
}

export const langchainSemanticChunker: ChunkerSpec<LangchainSemanticConfig> = {
  ...langchainSemanticMeta,
  chunk: (doc, config, ctx) => runLangchainSemantic(doc, config, ctx),
};
