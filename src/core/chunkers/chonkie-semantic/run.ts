/**
 * Chonkie's SemanticChunker (@chonkiejs/core 0.0.11, semantic.js), over document ranges:
 * - sentences: split_offsets on the delimiters' characters without spaces (core/chunkers/chonkie/
 *   split, the Rust splitter's port: min_characters_per_sentence in UTF-8 bytes), sizes as Chonkie's
 *   "character" tokenizer counts the text it holds;
 * - similarities: window i (sentences i … i+w−1 joined with "") against sentence i+w, cosine;
 * - cuts: the curve smoothed by Chonkie's Savitzky–Golay (its 5- and 7-point cubic coefficients,
 *   mirrored edges; any other window/order pair a clamped moving average), its local minima whose
 *   parabola vertex lies within filter_tolerance of the sample, below threshold and at least
 *   min_sentences_per_chunk after the last kept one; a cut at valley i falls before sentence i + w;
 * - skip_window > 0: a group merges with the most similar (≥ threshold) of the next skip_window
 *   groups and those between; then any group over chunk_size is split into runs of whole sentences.
 * Embeddings: the session's embedder, on each sentence's true text (Chonkie 0.0.11 embeds the
 * string sliced at byte offsets, which differs after the first non-ASCII character: there its cuts
 * follow shifted text, ours the text). Chonkie also drops a sentence whose byte-sliced text is empty
 * — the last sentences of a text with non-ASCII characters, whose byte offsets run past the string's
 * end — losing them from its chunks; they are kept here (a declared difference: no text is lost). Chonkie's own offsets (bytes) are kept in each chunk's meta and
 * flagged where they are not the true ones, as in chonkie-sentence.
 */
import type { ChunkerOutput, ChunkerSpec, RunContext, RunTrace } from "../../chunk";
import type { DocModel } from "../../document";
import { cosineSimilarity } from "../../providers/vectors";
import { type ChonkiePiece, splitAtDelimiters } from "../chonkie/split";
import { chonkieDrafts } from "../chonkie-sentence/run";
import { documentLocalEmbedder, embedWindows } from "../late-embedding/run";
import { type ChonkieSemanticConfig, chonkieSemanticMeta } from "./meta";

const EMBED_BATCH = 64;

/** The last document's similarity curve, so dragging the threshold or the filter does not rebuild it. */
let lastCurve: { key: string; text: string; similarities: number[] } | null = null;

/** Chonkie's savitzkyGolay, as it reads. */
export function savitzkyGolay(values: readonly number[], windowSize: number, polyOrder: number): number[] {
  const n = values.length;
  if (n < windowSize) return [...values];
  const half = Math.floor(windowSize / 2);
  let coeffs: number[] | null = null;
  if (windowSize === 5 && polyOrder === 3) coeffs = [-3 / 35, 12 / 35, 17 / 35, 12 / 35, -3 / 35];
  else if (windowSize === 7 && polyOrder === 3)
    coeffs = [-2 / 21, 3 / 21, 6 / 21, 7 / 21, 6 / 21, 3 / 21, -2 / 21];
  if (!coeffs)
    return values.map((_, i) => {
      let sum = 0;
      let count = 0;
      for (let j = i - half; j <= i + half; j++) {
        sum += values[j < 0 ? 0 : j >= n ? n - 1 : j]!;
        count++;
      }
      return sum / count;
    });
  const out = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let j = -half; j <= half; j++) {
      let idx = i + j;
      if (idx < 0) idx = -idx;
      if (idx >= n) idx = 2 * n - idx - 2;
      sum += values[idx]! * coeffs[j + half]!;
    }
    out[i] = sum;
  }
  return out;
}

/** Chonkie's findSplitIndices: valleys of the smoothed curve below threshold, minDist apart. */
export function findSplitIndices(
  values: readonly number[],
  threshold: number,
  filterWindow: number,
  polyOrder: number,
  tolerance: number,
  minDist: number,
): number[] {
  if (values.length < filterWindow) return [];
  const smoothed = savitzkyGolay(values, filterWindow, polyOrder);
  const kept: number[] = [];
  let last = -Infinity;
  for (let i = 1; i < smoothed.length - 1; i++) {
    const y1 = smoothed[i - 1]!;
    const y2 = smoothed[i]!;
    const y3 = smoothed[i + 1]!;
    if (!(y2 < y1 && y2 < y3)) continue;
    const denom = 2 * (y1 - 2 * y2 + y3);
    const offset = denom !== 0 ? (y1 - y3) / denom : 0;
    if (Math.abs(offset) >= tolerance) continue;
    if (y2 < threshold && i - last >= minDist) {
      kept.push(i);
      last = i;
    }
  }
  return kept;
}

/** splitOversizedGroups: a group over chunkSize as runs of whole sentences, each within it where one sentence allows. */
function splitOversized(
  groups: readonly number[][],
  sizes: readonly number[],
  chunkSize: number,
): number[][] {
  const out: number[][] = [];
  for (const group of groups) {
    if (group.reduce((s, k) => s + sizes[k]!, 0) <= chunkSize) {
      out.push(group);
      continue;
    }
    let current: number[] = [];
    let count = 0;
    for (const k of group) {
      if (count + sizes[k]! > chunkSize && current.length > 0) {
        out.push(current);
        current = [];
        count = 0;
      }
      current.push(k);
      count += sizes[k]!;
    }
    if (current.length > 0) out.push(current);
  }
  return out;
}

async function runChonkieSemantic(
  doc: DocModel,
  config: ChonkieSemanticConfig,
  ctx: RunContext,
): Promise<ChunkerOutput> {
  const text = doc.text;
  if (text.trim() === "") return { drafts: [], stats: { "chunk.count": 0, "sentence.count": 0 } };
  const delimiters = [...new Set(config.delim.join(""))].filter((c) => c !== " ").join("");
  const pieces: ChonkiePiece[] = splitAtDelimiters(
    text,
    delimiters,
    config.include_delim,
    config.min_characters_per_sentence,
  );
  const sizes = pieces.map((p) =>
    Math.max(0, Math.min(p.chonkieEnd, text.length) - Math.min(p.chonkieStart, text.length)),
  );
  const n = pieces.length;
  // Only delimiters (include_delim "none"): no sentence at all, and Chonkie returns no chunk.
  if (n === 0) return { drafts: [], stats: { "chunk.count": 0, "sentence.count": 0 } };
  const w = config.similarity_window;
  const stats: Record<string, unknown> = { "sentence.count": n };
  let groups: number[][];
  let trace: RunTrace | undefined;
  if (n <= w) {
    groups = [pieces.map((_, k) => k)];
  } else {
    const local = ctx.embedder ? undefined : await documentLocalEmbedder(doc, ctx);
    const embedder = ctx.embedder ?? local!.embedder;
    const sentence = (k: number) => text.slice(pieces[k]!.start, pieces[k]!.end);
    // A threshold or filter drag re-reads the last curve: only sentences, window and embedder make it.
    const key = JSON.stringify([
      doc.id,
      delimiters,
      config.include_delim,
      config.min_characters_per_sentence,
      w,
      embedder.id,
    ]);
    let similarities: number[];
    if (lastCurve && lastCurve.key === key && lastCurve.text === text) similarities = lastCurve.similarities;
    else {
      const windows: string[] = [];
      for (let i = 0; i + w < n; i++)
        windows.push(Array.from({ length: w }, (_, j) => sentence(i + j)).join(""));
      const following = Array.from({ length: n - w }, (_, i) => sentence(i + w));
      // Chonkie embeds each distinct text once.
      const unique = [...new Set([...windows, ...following])];
      const { vectors } = await embedWindows(embedder, unique, EMBED_BATCH, ctx.signal);
      const vectorOf = new Map(unique.map((t, k) => [t, vectors[k]!]));
      similarities = windows.map((t, i) => cosineSimilarity(vectorOf.get(t)!, vectorOf.get(following[i]!)!));
      lastCurve = { key, text, similarities };
    }
    const valleys = findSplitIndices(
      similarities,
      config.threshold,
      config.filter_window,
      config.filter_polyorder,
      config.filter_tolerance,
      config.min_sentences_per_chunk,
    );
    const cuts = [0, ...valleys.map((i) => i + w), n];
    groups = [];
    for (let g = 0; g + 1 < cuts.length; g++)
      if (cuts[g + 1]! > cuts[g]!)
        groups.push(Array.from({ length: cuts[g + 1]! - cuts[g]! }, (_, k) => cuts[g]! + k));
    if (config.skip_window > 0 && groups.length > 1) {
      const groupTexts = groups.map((grp) => grp.map(sentence).join(""));
      const distinct = [...new Set(groupTexts)];
      const embedded = await embedWindows(embedder, distinct, EMBED_BATCH, ctx.signal);
      const byText = new Map(distinct.map((t, k) => [t, embedded.vectors[k]!]));
      const vecs = groupTexts.map((t) => byText.get(t)!);
      const merged: number[][] = [];
      for (let i = 0; i < groups.length;) {
        if (i === groups.length - 1) {
          merged.push(groups[i]!);
          break;
        }
        const end = Math.min(i + config.skip_window + 1, groups.length - 1);
        let best = -1;
        let bestSim = -1;
        for (let j = i + 1; j <= end; j++) {
          const sim = cosineSimilarity(vecs[i]!, vecs[j]!);
          if (sim >= config.threshold && sim > bestSim) {
            bestSim = sim;
            best = j;
          }
        }
        if (best !== -1) {
          merged.push(groups.slice(i, best + 1).flat());
          i = best + 1;
        } else {
          merged.push(groups[i]!);
          i++;
        }
      }
      groups = merged;
    }
    trace = {
      points: similarities.map((value, i) => ({ offset: pieces[i + w - 1]!.end, value })),
      threshold: config.threshold,
      boundaries: [],
    };
    Object.assign(stats, {
      "embedding.model": embedder.label,
      "embedding.id": embedder.id,
      "embedding.kind": embedder.kind,
      "valleys.count": valleys.length,
    });
    if (local?.warning) stats["embedding.note"] = local.warning;
  }
  groups = splitOversized(groups, sizes, config.chunk_size);
  ctx.signal?.throwIfAborted();
  const drafts = chonkieDrafts(
    text,
    pieces,
    groups.map((g) => [g[0]!, g[g.length - 1]! + 1] as [number, number]),
  );
  if (trace) trace.boundaries = drafts.slice(0, -1).map((d) => d.end);
  stats["chunk.count"] = drafts.length;
  const shifted = drafts.filter((d) => d.flags?.includes("framework-offset-differs")).length;
  stats["chonkie.offsets_differ"] = shifted;
  const warnings: string[] = [];
  if (typeof stats["embedding.note"] === "string") warnings.push(stats["embedding.note"]);
  if (shifted > 0)
    warnings.push(
      `${shifted} of ${drafts.length} chunks: Chonkie's own offsets here are UTF-8 byte positions used as string positions (non-ASCII text), so its chunk text — and what it embeds — is shifted; the ranges and embeddings here are the true text's (Chonkie's offsets are in each chunk's meta)`,
    );
  return { drafts, stats, ...(trace ? { trace } : {}), ...(warnings.length ? { warnings } : {}) };
}

export const chonkieSemanticChunker: ChunkerSpec<ChonkieSemanticConfig> = {
  ...chonkieSemanticMeta,
  chunk: (doc, config, ctx) => runChonkieSemantic(doc, config, ctx),
};
