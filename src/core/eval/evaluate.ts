/**
 * Retrieval evaluation (DESIGN §8): a resolved question set asked of a collection — every chunk of
 * every document of the set, each chunked with the config under test — through a retriever, scored
 * per question on character ranges. An `Evaluator` lives as long as its host (the engine worker,
 * the CLI) so its caches carry over between slider moves: the BM25 index is updated with the
 * chunks that changed, and embeddings are kept by text hash.
 */
import { EmbedderError, type Embedder } from "../providers/embedder";
import { cachedEmbedder, MemoryEmbeddingCache } from "../providers/cache";
import {
  pickLocalEmbedder,
  type LocalEmbedderPick,
  type LocalEmbedderSetting,
} from "../providers/localEmbedder";
import { dot, normalizeInPlace } from "../providers/vectors";
import type { Heading } from "../document";
import { workbenchSentences } from "../text/sentences";
import { yieldToEventLoop } from "../checkpoint";
import { Bm25Index, type ScoredPosition } from "./bm25";
import { bootstrapIntervals, type Interval } from "./bootstrap";
import { contextualText, headingPathsAt } from "./contextualize";
import { HYBRID_DEPTH, reciprocalRankFusion } from "./fusion";
import {
  meanMetrics,
  METRIC_KEYS,
  questionSeries,
  scoreQuestion,
  type MeanMetrics,
  type MetricKey,
  type QuestionMetrics,
} from "./metrics";
import type { NamedText, ResolvedQuestion } from "./questions";

export const RETRIEVERS = ["bm25", "embed", "local", "hybrid"] as const;
export type RetrieverId = (typeof RETRIEVERS)[number];
export const DEFAULT_K = 5;

/**
 * How a collection of parents and children (hierarchical) is retrieved (DESIGN §12): `flat` ranks
 * and returns every chunk; `children-return-parents` ranks the children and returns each one's
 * parent, each parent once (LangChain's ParentDocumentRetriever); `parents-only` ranks and returns
 * the parents. A collection without levels is always flat.
 */
export const RETRIEVAL_MODES = ["flat", "children-return-parents", "parents-only"] as const;
export type RetrievalMode = (typeof RETRIEVAL_MODES)[number];
export const DEFAULT_RETRIEVAL: RetrievalMode = "children-return-parents";

/** A chunk of the collection: what retrieval and the metrics read of it. */
interface EvalChunk {
  id: string;
  start: number;
  end: number;
  /** The text a pipeline would index (a declared prefix included). */
  text: string;
  tokens: number;
  level?: "parent" | "child";
  parentId?: string;
  headingPath?: string;
}

export interface EvalDocument extends NamedText {
  chunks: readonly EvalChunk[];
  /** The document's headings, for `contextualize` on chunks that carry no heading path. */
  headings?: readonly Heading[];
}

interface RetrievedChunk {
  doc: string;
  start: number;
  end: number;
  score: number;
  chunk_id: string;
}

interface QuestionResult extends QuestionMetrics {
  id: string;
  question: string;
  doc: string;
  retrieved: RetrievedChunk[];
  /** Tokens of the retrieved chunks: what the question costs a prompt. */
  retrieved_tokens: number;
}

export interface EvalResult {
  retriever: RetrieverId;
  /** The retrieval that ran: `flat` for a collection without parents and children. */
  retrieval: RetrievalMode;
  contextualize: boolean;
  k: number;
  metrics: MeanMetrics;
  /** 95% bootstrap interval of each mean (core/eval/bootstrap: 2,000 resamples, seed 42). */
  ci95: Record<MetricKey, Interval>;
  questions: QuestionResult[];
  /** Mean tokens retrieved per question (the sweep's cost axis): of the chunks returned. */
  retrieved_tokens: number;
  /** The chunks ranked (children only under children-return-parents). */
  chunks: number;
  /** The label of the embedder that ranked (embed, local), for the UI to name it. */
  embedderLabel?: string;
  warnings: string[];
  timings: { index_ms: number; retrieve_ms: number; score_ms: number; ci_ms: number };
  /** How many chunks the incremental index added and removed (bm25). */
  indexUpdate?: { added: number; removed: number };
}

export interface EvalOptions {
  k?: number;
  retriever?: RetrieverId;
  /** The configured endpoint's embedder, for `embed`. */
  endpointEmbedder?: Embedder;
  /** The session's local embedder choice, for `local`; absent → lexical. */
  localEmbedder?: LocalEmbedderSetting;
  /** The bootstrap's seed (BOOTSTRAP_SEED, 42, by default). */
  seed?: number;
  /**
   * hybrid: the weights of BM25's and the embedder's lists in reciprocal rank fusion (1, 1). Its
   * embedder is the endpoint's when one is configured, else the local one.
   */
  hybridWeights?: readonly [bm25: number, embedder: number];
  /** Hierarchical collections: which level is ranked and which returned (DEFAULT_RETRIEVAL). */
  retrieval?: RetrievalMode;
  /** Index each chunk with its heading path before its text (retrieval only: scoring reads the chunk). */
  contextualize?: boolean;
  /** false: skip the bootstrap (a sweep point needs means only); ci95 is then [mean, mean]. */
  intervals?: boolean;
  signal?: AbortSignal;
}

const now = () => performance.now();

export class Evaluator {
  private readonly bm25 = new Bm25Index();
  private readonly vectors = new MemoryEmbeddingCache({ maxBytes: 128 * 1024 * 1024 });
  private local: { key: string; pick: Promise<LocalEmbedderPick> } | null = null;

  async evaluate(
    docs: readonly EvalDocument[],
    questions: readonly ResolvedQuestion[],
    options: EvalOptions = {},
  ): Promise<EvalResult> {
    const k = options.k ?? DEFAULT_K;
    if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a whole number from 1, got ${k}`);
    options.signal?.throwIfAborted();
    const plan = planCollection(docs, options.retrieval ?? DEFAULT_RETRIEVAL, options.contextualize === true);
    const collection = plan.indexed;
    const warnings: string[] = [];
    let retriever = options.retriever ?? "bm25";
    // index_ms: building the index (bm25) or embedding the texts (embed, local); retrieve_ms: ranking.
    let indexMs = 0;
    let retrieveMs = 0;
    let ranked: ScoredPosition[][] | null = null;
    let embedderLabel: string | undefined;
    let indexUpdate: EvalResult["indexUpdate"];
    if (retriever === "embed" && !options.endpointEmbedder) {
      warnings.push("no embedding endpoint is configured: ranked with bm25 instead of embed");
      retriever = "bm25";
    }
    // Children ranked for k distinct parents: k × the most children a parent has always holds them.
    const wanted = Math.min(collection.length, k * plan.fanout);
    // hybrid reads both lists deeper than k: a chunk second-best in both must be able to win.
    const depth = retriever === "hybrid" ? Math.max(wanted, HYBRID_DEPTH) : wanted;
    let byVectors: ScoredPosition[][] | null = null;
    if (retriever !== "bm25") {
      let embedder: Embedder;
      if (retriever === "embed" || (retriever === "hybrid" && options.endpointEmbedder))
        embedder = options.endpointEmbedder!;
      else {
        const pick = await this.localEmbedder(docs, options.localEmbedder);
        embedder = pick.embedder;
        if (pick.warning) warnings.push(pick.warning);
      }
      embedderLabel = embedder.label;
      try {
        const t0 = now();
        const vectors = await this.embedAll(
          embedder,
          collection.map((c) => c.text),
          questions,
          options.signal,
        );
        const t1 = now();
        byVectors = await rankByVectors(vectors, depth, options.signal);
        [indexMs, retrieveMs] = [t1 - t0, now() - t1];
      } catch (err) {
        if (!(err instanceof EmbedderError)) throw err;
        warnings.push(`${embedder.label} failed (${err.reason}): ranked with bm25 instead of ${retriever}`);
        retriever = "bm25";
        embedderLabel = undefined;
      }
    }
    if (retriever !== "hybrid") ranked = byVectors;
    if (!ranked) {
      const t1 = now();
      const docKeys: string[] = [];
      this.bm25.sync(
        collection.map(({ doc, chunk, text }) => {
          const d = docs[doc]!;
          const docKey = (docKeys[doc] ??= this.bm25.documentKey(d.id, d.text));
          // A chunk that is a plain slice of its document is known by its range; one with a prefix by its text too.
          const plain = text.length === chunk.end - chunk.start;
          return plain
            ? {
                key: `${docKey}:${chunk.start}:${chunk.end}`,
                text,
                source: { docId: d.id, docText: d.text, start: chunk.start, end: chunk.end },
              }
            : { key: `${docKey}:${chunk.start}:${chunk.end}:${text}`, text };
        }),
      );
      const t2 = now();
      indexMs = t2 - t1;
      indexUpdate = this.bm25.lastUpdate;
      ranked = [];
      for (const [i, q] of questions.entries()) {
        if (i % 64 === 63) await yieldIf(options.signal);
        ranked.push(this.bm25.top(q.question, depth));
      }
      retrieveMs += now() - t2;
      if (retriever === "hybrid") {
        const lists = byVectors;
        const weights = options.hybridWeights ?? [1, 1];
        ranked = ranked.map((bm25, i) => reciprocalRankFusion([bm25, lists![i]!], weights, wanted));
      }
    }
    const t2 = now();
    const results = questions.map((q, i): QuestionResult => {
      const retrieved = plan.returned(ranked[i]!, k);
      const metrics = scoreQuestion(q.doc, q.references, retrieved, plan.returnable[q.doc]!);
      return {
        id: q.id,
        question: q.question,
        doc: docs[q.doc]!.name,
        ...metrics,
        retrieved: retrieved.map((r) => ({
          doc: docs[r.doc]!.name,
          start: r.start,
          end: r.end,
          score: r.score,
          chunk_id: r.chunk.id,
        })),
        retrieved_tokens: retrieved.reduce((s, r) => s + r.chunk.tokens, 0),
      };
    });
    const t3 = now();
    const means = meanMetrics(results);
    const ci95 =
      options.intervals === false
        ? (Object.fromEntries(METRIC_KEYS.map((key) => [key, [means[key], means[key]]])) as Record<
            MetricKey,
            Interval
          >)
        : bootstrapIntervals(
            questionSeries(results),
            options.seed !== undefined ? { seed: options.seed } : {},
          );
    const t4 = now();
    return {
      retriever,
      retrieval: plan.retrieval,
      contextualize: options.contextualize === true,
      k,
      metrics: means,
      ci95,
      questions: results,
      retrieved_tokens:
        results.length === 0 ? 0 : results.reduce((s, r) => s + r.retrieved_tokens, 0) / results.length,
      chunks: collection.length,
      ...(embedderLabel ? { embedderLabel } : {}),
      warnings,
      timings: { index_ms: indexMs, retrieve_ms: retrieveMs, score_ms: t3 - t2, ci_ms: t4 - t3 },
      ...(indexUpdate ? { indexUpdate } : {}),
    };
  }

  /** The local embedder fitted on the collection's sentences, kept while the documents and the choice stay the same. */
  private localEmbedder(docs: readonly NamedText[], setting: LocalEmbedderSetting | undefined) {
    const key = `${setting?.choice ?? "none"}|${docs.map((d) => d.id).join("|")}`;
    if (this.local?.key !== key) {
      // The workbench's own sentences, as the curve's and a document's local embedder are fitted.
      const sentences = docs.flatMap((d) =>
        workbenchSentences(d.text).map((s) => d.text.slice(s.start, s.end)),
      );
      const pick = pickLocalEmbedder(sentences, setting);
      this.local = { key, pick };
      // A failed pick is not kept: the next evaluation tries again (the caller sees the failure).
      pick.catch(() => {
        if (this.local?.pick === pick) this.local = null;
      });
    }
    return this.local.pick;
  }

  /** Chunks and questions embedded (cached by text hash), scaled to unit length. */
  private async embedAll(
    embedder: Embedder,
    chunkTexts: readonly string[],
    questions: readonly ResolvedQuestion[],
    signal?: AbortSignal,
  ): Promise<{ chunks: Float32Array[]; questions: Float32Array[] }> {
    const cached = cachedEmbedder(embedder, this.vectors);
    const unit = (v: Float32Array) => normalizeInPlace(Float32Array.from(v));
    const chunks = (await cached.embed(chunkTexts, signal)).map(unit);
    const asked = await cached.embed(
      questions.map((q) => q.question),
      signal,
    );
    return { chunks, questions: asked.map(unit) };
  }
}

interface Returned {
  doc: number;
  start: number;
  end: number;
  score: number;
  chunk: EvalChunk;
}

/**
 * What is ranked and what a ranked chunk returns, by retrieval mode (RETRIEVAL_MODES): the indexed
 * chunks with the text they are indexed by, each document's returnable chunks (what precision Ω
 * and nDCG's ideal read), and how many indexed chunks at most return one chunk (`fanout`).
 */
function planCollection(docs: readonly EvalDocument[], asked: RetrievalMode, contextualize: boolean) {
  const leveled = docs.some((d) => d.chunks.some((c) => c.level !== undefined));
  const retrieval: RetrievalMode = leveled ? asked : "flat";
  const indexed: { doc: number; chunk: EvalChunk; text: string; returns: EvalChunk }[] = [];
  const returnable: EvalChunk[][] = [];
  const perReturned = new Map<EvalChunk, number>();
  docs.forEach((d, doc) => {
    const byId = new Map(d.chunks.map((c) => [c.id, c]));
    const paths = contextualize
      ? headingPathsAt(
          { text: d.text, headings: d.headings ?? [] },
          d.chunks.map((c) => c.start),
        )
      : null;
    returnable.push(retrieval === "flat" ? [...d.chunks] : d.chunks.filter((c) => c.level !== "child"));
    d.chunks.forEach((chunk, i) => {
      if (retrieval === "children-return-parents" && chunk.level === "parent") return;
      if (retrieval === "parents-only" && chunk.level === "child") return;
      const returns =
        retrieval === "children-return-parents" && chunk.parentId !== undefined
          ? (byId.get(chunk.parentId) ?? chunk)
          : chunk;
      perReturned.set(returns, (perReturned.get(returns) ?? 0) + 1);
      const text = paths ? contextualText(chunk.headingPath ?? paths[i]!, chunk.text) : chunk.text;
      indexed.push({ doc, chunk, text, returns });
    });
  });
  let fanout = 1;
  for (const n of perReturned.values()) fanout = Math.max(fanout, n);
  /** The k first distinct chunks the ranked positions return, each with its best-ranked score. */
  const returned = (ranked: readonly ScoredPosition[], k: number): Returned[] => {
    const out: Returned[] = [];
    const seen = new Set<EvalChunk>();
    for (const { position, score } of ranked) {
      if (out.length === k) break;
      const { doc, returns } = indexed[position]!;
      if (seen.has(returns)) continue;
      seen.add(returns);
      out.push({ doc, start: returns.start, end: returns.end, score, chunk: returns });
    }
    return out;
  };
  return { retrieval, indexed, returnable, fanout, returned };
}

/** Cosine ranking, k best per question. */
async function rankByVectors(
  vectors: { chunks: Float32Array[]; questions: Float32Array[] },
  k: number,
  signal?: AbortSignal,
): Promise<ScoredPosition[][]> {
  const ranked: ScoredPosition[][] = [];
  const n = vectors.chunks.length;
  const scores = new Float64Array(n);
  const take = Math.min(k, n);
  for (const [i, qv] of vectors.questions.entries()) {
    if (i % 16 === 15) await yieldIf(signal);
    for (let p = 0; p < n; p++) scores[p] = dot(qv, vectors.chunks[p]!);
    ranked.push(topPositions(scores, take));
  }
  return ranked;
}

/**
 * The `take` best positions of `scores`, best first, ties in collection order — a bounded
 * insertion (hybrid reads 100 of thousands: sorting every chunk per question cost most of its time).
 * Cosines may be negative: every position is a candidate.
 */
export function topPositions(scores: Float64Array, take: number): ScoredPosition[] {
  const best: number[] = [];
  if (take <= 0) return [];
  const before = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
  for (let p = 0; p < scores.length; p++) {
    if (best.length === take && !before(p, best[take - 1]!)) continue;
    let at = best.length === take ? take - 1 : best.length;
    while (at > 0 && before(p, best[at - 1]!)) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = p;
  }
  return best.map((position) => ({ position, score: scores[position]! }));
}

async function yieldIf(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return;
  await yieldToEventLoop();
  signal.throwIfAborted();
}
