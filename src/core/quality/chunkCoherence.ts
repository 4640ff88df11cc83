/**
 * Per-chunk semantic coherence for every run (issue 5: "mean similarity of its sentences with the
 * active embedder"). The document's sentences are embedded once per (document, embedder) and kept,
 * shared with the similarity curve (providers/sentenceVectors); a run then only sums vectors per
 * chunk, so a slider move costs milliseconds, not embeddings.
 *
 * A network embedder is used for documents of up to ENDPOINT_SENTENCE_CAP sentences: beyond that,
 * scoring every run would send thousands of texts to a paid endpoint unasked, so the local embedder
 * (providers/localEmbedder: GloVe by default, lexical when chosen or when the text is not covered)
 * scores and the label says so. An endpoint failure falls back the same way, with a warning.
 */
import type { Chunk } from "../chunk";
import type { DocModel } from "../document";
import { EmbedderError, type Embedder } from "../providers/embedder";
import { localEmbedderForDocument, type LocalEmbedderSetting } from "../providers/localEmbedder";
import { denseVector, documentSentenceVectors, type SentenceVectors } from "../providers/sentenceVectors";
import type { Span } from "../text/segment";
import { documentSentences } from "../text/sentences";
import { sentenceCoherence } from "./coherence";
import { firstIndexWhere } from "../text/bisect";

export const ENDPOINT_SENTENCE_CAP = 2000;

export interface ChunkCoherence {
  /** One score per chunk, in run order; null where a chunk has fewer than two sentences. */
  scores: (number | null)[];
  embedderId: string;
  embedderLabel: string;
  warning?: string;
}

/**
 * Scores by the sentences a chunk covers ("from:to"), per embedded document: consecutive runs of a
 * slider drag share most of their chunks, and a score is a pass over 2,048-wide vectors per sentence
 * — remembered, a re-run costs lookups.
 */
const scoresByVectors = new WeakMap<SentenceVectors, Map<string, number | null>>();
const MAX_REMEMBERED_SCORES = 200_000;

/** Index of the first span starting at or after `offset`. */
function firstAtOrAfter(spans: readonly Span[], offset: number): number {
  return firstIndexWhere(0, spans.length, (i) => spans[i]!.start >= offset);
}

/** Coherence of each chunk over the sentences that start inside its range. */
function scoreChunks(
  sv: SentenceVectors,
  chunks: readonly Pick<Chunk, "start" | "end">[],
  embedderId: string,
) {
  let scores = scoresByVectors.get(sv);
  if (!scores) scoresByVectors.set(sv, (scores = new Map()));
  if (scores.size > MAX_REMEMBERED_SCORES) scores.clear();
  return chunks.map((c) => {
    const from = firstAtOrAfter(sv.spans, c.start);
    const to = firstAtOrAfter(sv.spans, c.end);
    const key = `${from}:${to}`;
    const known = scores.get(key);
    if (known !== undefined) return known;
    const score = sentenceCoherence(sv.vectors.slice(from, to).map(denseVector), embedderId).score;
    scores.set(key, score);
    return score;
  });
}

export async function chunkCoherence(
  doc: DocModel,
  chunks: readonly Pick<Chunk, "start" | "end">[],
  embedder: Embedder | undefined,
  signal?: AbortSignal,
  local?: LocalEmbedderSetting,
): Promise<ChunkCoherence> {
  // The local embedder scores unless an endpoint does; its own fallback (asset, coverage) is a warning then.
  const useLocal = async () => {
    const pick = await localEmbedderForDocument(doc, local);
    return { embedder: pick.embedder, warning: pick.warning };
  };
  let note = "";
  let chosen: { embedder: Embedder; warning: string | undefined } | undefined;
  if (embedder) {
    const sentences = documentSentences(doc).length;
    if (sentences <= ENDPOINT_SENTENCE_CAP) chosen = { embedder, warning: undefined };
    else
      note = ` (${sentences} sentences: over ${ENDPOINT_SENTENCE_CAP}, scored locally rather than sent to ${embedder.label})`;
  }
  chosen ??= await useLocal();
  let { embedder: active, warning } = chosen;
  let sv: SentenceVectors;
  try {
    sv = await documentSentenceVectors(doc, active, signal);
  } catch (err) {
    if (signal?.aborted || !(err instanceof EmbedderError)) throw err;
    const failed = active.label;
    ({ embedder: active, warning } = await useLocal());
    warning = [
      `coherence scored with the local embedder (${active.label}): ${failed} failed: ${err.message}`,
      warning,
    ]
      .filter(Boolean)
      .join("; ");
    sv = await documentSentenceVectors(doc, active, signal);
  }
  return {
    scores: scoreChunks(sv, chunks, active.id),
    embedderId: active.id,
    embedderLabel: active.label + note,
    ...(warning ? { warning } : {}),
  };
}
