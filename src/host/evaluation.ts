/**
 * Retrieval evaluation as the hosts run it (DESIGN §8): a question set bound to documents the
 * engine holds, each chunked with the config under test (runs the engine already made are reused:
 * the document on screen costs nothing), then asked of the collection through core/eval. One
 * Evaluator per host, so the BM25 index and the embeddings carry over between slider moves.
 */
import type { ChunkRun } from "../core/chunk";
import { cite } from "../core/citations";
import type { DocModel, PageRect } from "../core/document";
import { Evaluator, type EvalResult, type RetrievalMode, type RetrieverId } from "../core/eval/evaluate";
import { QuestionSetError } from "../core/eval/errors";
import {
  findNamedDocument,
  namedDocuments,
  namesDocument,
  resolveQuestionSet,
  type QuestionSet,
} from "../core/eval/questions";
import { synthesizeQuestions, type SynthesisResult } from "../core/eval/synthesize";
import { JUDGE_RATE_LIMIT } from "../core/quality/llmJudge";
import type { EngineHost } from "./engine";
import { metered, type LlmMeter } from "./metering";

export interface EvaluationRequest {
  set: QuestionSet;
  chunker: string;
  config: Record<string, unknown>;
  k?: number;
  retriever?: RetrieverId;
  /** Documents asked of besides those the set names (the CLI's FILE arguments), first in order. */
  docIds?: string[];
  /** The bootstrap's seed (DESIGN §12: 42 unless the CLI's --seed). */
  seed?: number;
  /** hybrid's fusion weights (BM25, embedder). */
  hybridWeights?: readonly [number, number];
  /** Hierarchical runs: what is ranked and what returned (children-return-parents when absent). */
  retrieval?: RetrievalMode;
  /** Index each chunk with its heading path before its text. */
  contextualize?: boolean;
  /** false: no bootstrap intervals (a sweep point keeps means only); ci95 is then each mean twice. */
  intervals?: boolean;
}

/** A question's references as the page draws them: offsets and boxes in its document. */
interface ResolvedReference {
  docId: string;
  start: number;
  end: number;
  boxes: PageRect[];
}

export interface EvaluationResult extends EvalResult {
  chunker: string;
  config: Record<string, unknown>;
  /** The collection's documents, in collection order. */
  documents: { id: string; name: string }[];
  /** Per question (in the set's order), its references resolved. */
  references: ResolvedReference[][];
}

export class EvaluationHost {
  private readonly evaluator = new Evaluator();
  private readonly resolved = new WeakMap<
    QuestionSet,
    { key: string; resolved: ReturnType<typeof resolveQuestionSet>; references: ResolvedReference[][] }
  >();

  constructor(private readonly engine: EngineHost) {}

  /** The documents of an evaluation: the given ones, then each the set names, in order of first mention. */
  collection(set: QuestionSet, docIds: readonly string[] = []): DocModel[] {
    const open = this.engine.openDocuments();
    const docs = docIds.map((id) => this.engine.document(id));
    for (const name of namedDocuments(set)) {
      const line = set.questions.find((q) => q.references.some((r) => r.doc === name))?.line;
      if (docs.some((d) => namesDocument(d, name))) continue;
      docs.push(open[findNamedDocument(open, name, line)]!);
    }
    return docs;
  }

  async evaluate(request: EvaluationRequest, signal?: AbortSignal): Promise<EvaluationResult> {
    if (request.set.questions.length === 0) throw new QuestionSetError("the question set holds no questions");
    const docs = this.collection(request.set, request.docIds);
    const { resolved, references } = this.resolve(request.set, docs);
    const runs: ChunkRun[] = [];
    for (const doc of docs) {
      runs.push(
        await this.engine.stored({ docId: doc.id, chunker: request.chunker, config: request.config }, signal),
      );
      signal?.throwIfAborted();
    }
    const embedder = this.engine.providers.embedder;
    const result = await this.evaluator.evaluate(
      docs.map((doc, i) => ({
        id: doc.id,
        name: doc.name,
        text: doc.text,
        headings: doc.headings,
        chunks: runs[i]!.chunks,
      })),
      resolved.questions,
      {
        ...(request.k !== undefined ? { k: request.k } : {}),
        ...(request.retriever ? { retriever: request.retriever } : {}),
        ...(request.seed !== undefined ? { seed: request.seed } : {}),
        ...(request.hybridWeights ? { hybridWeights: request.hybridWeights } : {}),
        ...(request.intervals === false ? { intervals: false } : {}),
        ...(request.retrieval ? { retrieval: request.retrieval } : {}),
        ...(request.contextualize ? { contextualize: true } : {}),
        ...(embedder ? { endpointEmbedder: embedder } : {}),
        localEmbedder: this.engine.providers.localEmbedder,
        ...(signal ? { signal } : {}),
      },
    );
    return {
      ...result,
      chunker: runs[0]?.chunker ?? request.chunker,
      config: runs[0]?.config ?? request.config,
      warnings: [...resolved.warnings, ...result.warnings],
      documents: docs.map((d) => ({ id: d.id, name: d.name })),
      references,
    };
  }

  /**
   * The set bound to its documents, with its references' boxes: the same for every run of one set
   * over one collection, so a slider move or a sweep point does not resolve it again.
   */
  private resolve(set: QuestionSet, docs: readonly DocModel[]) {
    const key = docs.map((d) => d.id).join("|");
    const known = this.resolved.get(set);
    if (known?.key === key) return known;
    const resolved = resolveQuestionSet(set, docs);
    const references = resolved.questions.map((q) =>
      q.references.map((r) => ({
        docId: docs[q.doc]!.id,
        start: r.start,
        end: r.end,
        boxes: cite(docs[q.doc]!, r.start, r.end).boxes,
      })),
    );
    const entry = { key, resolved, references };
    this.resolved.set(set, entry);
    return entry;
  }

  /** Questions about an open document from the session's LLM, each kept only with a verbatim reference. */
  synthesize(
    docId: string,
    count: number,
    meter: LlmMeter,
    options: { signal?: AbortSignal; firstId?: number } = {},
  ): Promise<SynthesisResult> {
    const llm = this.engine.providers.llm;
    if (!llm) throw new Error("no LLM endpoint is configured (Endpoints)");
    return synthesizeQuestions(this.engine.document(docId), metered(llm, meter), count, {
      ...options,
      // One call a passage, paced like the judge's: the session's LLM is shared with the agentic chunker.
      limiter: this.engine.providers.rateLimiter(JUDGE_RATE_LIMIT, "questions"),
    });
  }
}
