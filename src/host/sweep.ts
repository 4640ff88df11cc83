/**
 * One sweep point as a host runs it (DESIGN §9): the point's config on every document of the
 * sweep, then the evaluation (§8) against the question set — or, without one, the quality
 * objective. A point that fails is a line with its error, never a thrown sweep; an abort is thrown.
 * The hosts (a CLI worker thread, a browser sweep worker) each hold one of these with the documents
 * and the question set, so a point costs a chunking and an evaluation, nothing more.
 */
import type { ChunkRun } from "../core/chunk";
import { bootstrapIntervals } from "../core/eval/bootstrap";
import type { RetrievalMode, RetrieverId } from "../core/eval/evaluate";
import type { QuestionSet } from "../core/eval/questions";
import { qualityMetrics, type QualityMetrics, type SweepLine } from "../core/sweep/result";
import type { SweepPoint } from "../core/sweep/space";
import type { EngineHost } from "./engine";
import { EvaluationHost } from "./evaluation";
import { uiText } from "./errors";

export interface SweepSettings {
  /** The question set, or null: then points are scored by quality alone. */
  set: QuestionSet | null;
  /** Documents of the sweep besides those the set names (the CLI's FILE arguments; the page's document without a set). */
  docIds: string[];
  k?: number;
  retriever?: RetrieverId;
  retrieval?: RetrievalMode;
  contextualize?: boolean;
  hybridWeights?: readonly [number, number];
}

const now = () => performance.now();

export class SweepHost {
  private readonly evaluation: EvaluationHost;

  constructor(private readonly engine: EngineHost) {
    this.evaluation = new EvaluationHost(engine);
  }

  async runPoint(point: SweepPoint, settings: SweepSettings, signal?: AbortSignal): Promise<SweepLine> {
    const { chunker, config } = point;
    const own = point.retrieval ? { retrieval: point.retrieval } : {};
    if (point.skipped) return { chunker, config, ...own, skipped: point.skipped };
    // The point's own retrieval (a "retrieval" axis of the space) over the sweep's settings.
    const retriever = point.retrieval?.retriever ?? settings.retriever;
    const retrieval = point.retrieval?.retrieval ?? settings.retrieval;
    const contextualize = point.retrieval?.contextualize ?? settings.contextualize;
    const hybridWeights = point.retrieval?.hybrid_weights ?? settings.hybridWeights;
    const t0 = now();
    try {
      const docIds = settings.set
        ? this.evaluation.collection(settings.set, settings.docIds).map((d) => d.id)
        : settings.docIds;
      if (docIds.length === 0) throw new Error("the sweep has no document");
      let metrics: SweepLine["metrics"];
      let retrieved: number | null = null;
      let recallInterval: [number, number] | undefined;
      if (settings.set) {
        const result = await this.evaluation.evaluate(
          {
            set: settings.set,
            chunker,
            config,
            docIds: settings.docIds,
            ...(settings.k !== undefined ? { k: settings.k } : {}),
            ...(retriever ? { retriever } : {}),
            ...(retrieval ? { retrieval } : {}),
            ...(contextualize ? { contextualize } : {}),
            ...(hybridWeights ? { hybridWeights } : {}),
            // A point's line keeps means only: 2,000 resamples per point would cost a sweep seconds.
            intervals: false,
          },
          signal,
        );
        metrics = result.metrics;
        retrieved = result.retrieved_tokens;
        // Recall's interval alone (one series, not seven): what marks a point as near the front.
        recallInterval = bootstrapIntervals({
          recall: Float64Array.from(result.questions, (q) => q.recall),
        }).recall;
      }
      const runs: ChunkRun[] = [];
      for (const docId of docIds) runs.push(await this.engine.stored({ docId, chunker, config }, signal));
      if (!settings.set) metrics = await this.qualityOf(docIds, chunker, config, signal);
      const chunks = runs.reduce((n, r) => n + r.chunks.length, 0);
      const tokens = runs.reduce((n, r) => n + r.chunks.reduce((m, c) => m + c.tokens, 0), 0);
      return {
        chunker,
        config,
        ...own,
        metrics: metrics!,
        chunks,
        mean_tokens: chunks === 0 ? 0 : tokens / chunks,
        retrieved_tokens: retrieved,
        ...(recallInterval ? { recall_ci95: recallInterval } : {}),
        ms: Math.round(now() - t0),
      };
    } catch (err) {
      if (err instanceof Error && err.name === "AbortError") throw err;
      return { chunker, config, ...own, error: uiText(err) };
    }
  }

  /** The quality objective over every document, each weighted by its chunks. */
  private async qualityOf(
    docIds: readonly string[],
    chunker: string,
    config: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<QualityMetrics> {
    const sum: QualityMetrics = { quality_score: 0, ends_at_sentence: 0, not_mid_word: 0, size_in_range: 0 };
    let weight = 0;
    for (const docId of docIds) {
      const quality = await this.engine.scores({ docId, chunker, config }, signal);
      const m = qualityMetrics(quality);
      const w = quality.chunkCount;
      for (const key of Object.keys(sum) as (keyof QualityMetrics)[]) sum[key] += m[key] * w;
      weight += w;
    }
    for (const key of Object.keys(sum) as (keyof QualityMetrics)[])
      sum[key] = weight === 0 ? 0 : sum[key] / weight;
    return sum;
  }
}
