/**
 * The engine: a thin comlink facade over src/core. A document crosses once (setDocument); a run
 * request carries only {docId, chunker, config}. Each document is encoded once per tokenizer
 * encoding (EncodedTextCache), so a slider move never re-tokenizes. A newer run makes older ones
 * stale: the client abandons them and cancels them here (their signal aborts network calls).
 */
import * as Comlink from "comlink";
import type { ChunkRun } from "../core/chunk";
import { chunkerSummaries, getChunker } from "../core/chunkers/registry";
import type { DocModel } from "../core/document";
import { createRunContext, runChunker } from "../core/engine";
import type { Embedder } from "../core/providers/embedder";
import { LlmError, type ChatMessage, type Llm } from "../core/providers/llm";
import { cachedEmbedder, MemoryEmbeddingCache } from "../core/providers/cache";
import { failFastEmbedder } from "../core/providers/failFast";
import { createOpenAIEmbedder } from "../core/providers/openaiEmbedder";
import { createOpenAILlm } from "../core/providers/openaiLlm";
import { RateLimiter } from "../core/providers/rateLimit";
import type { SessionEndpoints } from "../core/providers/session";
import { judgeCoherence, JUDGE_RATE_LIMIT, type JudgeResult } from "../core/quality/llmJudge";
import { adjacentSimilarity, type SimilarityCurve } from "../core/similarity/adjacent";
import { EncodedTextCache } from "../core/text/encodedText";
import { loadTokenizer, type EncodingName } from "../core/text/tokenizer";
import { settle, type WorkerResult } from "./workerResult";

export interface RunRequest {
  requestId: number;
  docId: string;
  chunker: string;
  config: Record<string, unknown>;
  /** LLM tokens the app has booked today (its persisted count); the agentic budget is checked against it. */
  llmTokensUsedToday?: number;
}

const MAX_DOCUMENTS = 8;
const documents = new Map<string, DocModel>();
const encoded = new EncodedTextCache(MAX_DOCUMENTS * 2);
const running = new Map<number, { controller: AbortController; meter?: LlmMeter }>();

/**
 * LLM tokens spent by runs that never returned their stats (superseded mid-run, or failed): the
 * app books a finished run's `agentic.tokens_used`, so without this a slider drag over an agentic
 * run would spend the day's budget without counting it. The app takes them before and after each run.
 */
let unbookedLlmTokens = 0;

class LlmMeter {
  private tokens = 0;
  private abandoned = false;
  add(tokens: number): void {
    if (this.abandoned) unbookedLlmTokens += tokens;
    else this.tokens += tokens;
  }
  /** The run will not report its spending: what it spent so far (and later) is the app's to book. */
  abandon(): void {
    if (this.abandoned) return;
    this.abandoned = true;
    unbookedLlmTokens += this.tokens;
    this.tokens = 0;
  }
}

/** Roughly 4 characters a token: only for replies that report no usage, as a lower bound. */
const CHARS_PER_TOKEN = 4;

/** The session's LLM, counting what each reply (or invalid-JSON reply) says it cost. */
function metered(inner: Llm, meter: LlmMeter): Llm {
  const estimate = (messages: readonly ChatMessage[]) =>
    Math.ceil(messages.reduce((sum, m) => sum + m.content.length, 0) / CHARS_PER_TOKEN);
  return {
    id: inner.id,
    label: inner.label,
    model: inner.model,
    async completeJSON(messages, options) {
      try {
        const reply = await inner.completeJSON(messages, options);
        meter.add(reply.usage?.totalTokens ?? estimate(messages));
        return reply;
      } catch (error) {
        // An invalid-JSON reply was billed; a refused or aborted call was not (as the agentic chunker counts).
        if (error instanceof LlmError && error.code === "invalid-json")
          meter.add(error.usage?.totalTokens ?? estimate(messages));
        throw error;
      }
    },
  };
}

// The session's providers, rebuilt when the app sends new endpoints. The embedding cache outlives
// them (keys include the embedder id), so switching back to a model reuses its vectors; rate limiters
// are kept per limit so a slider move never resets the seed's calls-per-minute window.
const embeddingCache = new MemoryEmbeddingCache();
let embedder: Embedder | undefined;
let llm: Llm | undefined;
const limiters = new Map<number, RateLimiter>();
const rateLimiter = (perMinute: number) => {
  let limiter = limiters.get(perMinute);
  if (!limiter) limiters.set(perMinute, (limiter = new RateLimiter(perMinute)));
  return limiter;
};

const api = {
  setDocument(doc: DocModel): void {
    documents.delete(doc.id);
    documents.set(doc.id, doc);
    while (documents.size > MAX_DOCUMENTS) documents.delete(documents.keys().next().value!);
  },

  /** Encodes a document ahead of its first run, so the first slider move is already warm. */
  prepare(docId: string, encoding: EncodingName): Promise<WorkerResult<void>> {
    return settle(async () => {
      const doc = documents.get(docId);
      if (!doc) return;
      encoded.get(doc.id, await loadTokenizer(encoding), doc.text);
    });
  },

  /** Endpoints (with their keys, in this worker's memory only); an endpoint left out returns to the local default. */
  setEndpoints(endpoints: SessionEndpoints): Promise<WorkerResult<void>> {
    return settle(async () => {
      embedder = endpoints.embedding
        ? failFastEmbedder(cachedEmbedder(createOpenAIEmbedder(endpoints.embedding), embeddingCache))
        : undefined;
      llm = endpoints.llm ? createOpenAILlm(endpoints.llm) : undefined;
    });
  },

  run(request: RunRequest): Promise<WorkerResult<ChunkRun>> {
    const controller = new AbortController();
    const meter = new LlmMeter();
    running.set(request.requestId, { controller, meter });
    return settle(async () => {
      const doc = documents.get(request.docId);
      if (!doc) throw new Error(`the engine does not hold document ${request.docId}; open it again`);
      getChunker(request.chunker);
      return runChunker(doc, request.chunker, request.config, {
        ...createRunContext(controller.signal, encoded),
        ...(embedder ? { embedder } : {}),
        ...(llm ? { llm: metered(llm, meter) } : {}),
        rateLimiter,
        llmTokensUsedToday: request.llmTokensUsedToday ?? 0,
      });
    })
      .then((result) => {
        if (!result.ok) meter.abandon();
        return result;
      })
      .finally(() => running.delete(request.requestId));
  },

  /** LLM tokens of abandoned runs since the last call (then zero). */
  takeUnbookedLlmTokens(): number {
    const tokens = unbookedLlmTokens;
    unbookedLlmTokens = 0;
    return tokens;
  },

  /**
   * Adjacent-sentence similarity with the session's embedder (or the local one), for runs without a
   * curve of their own; cancellable like a run.
   */
  similarityCurve(requestId: number, docId: string): Promise<WorkerResult<SimilarityCurve>> {
    const controller = new AbortController();
    running.set(requestId, { controller });
    return settle(async () => {
      const doc = documents.get(docId);
      if (!doc) throw new Error(`the engine does not hold document ${docId}; open it again`);
      return adjacentSimilarity(doc, embedder, controller.signal);
    }).finally(() => running.delete(requestId));
  },

  /** LLM-as-judge coherence of a sample of a run's chunks (on the user's request only: it costs tokens). */
  judgeCoherence(
    requestId: number,
    docId: string,
    ranges: { start: number; end: number }[],
  ): Promise<WorkerResult<JudgeResult>> {
    const controller = new AbortController();
    const meter = new LlmMeter();
    running.set(requestId, { controller, meter });
    return settle(async () => {
      const doc = documents.get(docId);
      if (!doc) throw new Error(`the engine does not hold document ${docId}; open it again`);
      if (!llm) throw new Error("no LLM endpoint is configured (Endpoints)");
      return judgeCoherence(
        ranges.map((r) => doc.text.slice(r.start, r.end)),
        metered(llm, meter),
        {
          signal: controller.signal,
          limiter: rateLimiter(JUDGE_RATE_LIMIT),
        },
      );
    })
      .then((result) => {
        // Whatever the judge spent (all of it, or the batches before a failure) is the app's to book.
        meter.abandon();
        return result;
      })
      .finally(() => running.delete(requestId));
  },

  cancel(requestId: number): void {
    const entry = running.get(requestId);
    if (!entry) return;
    entry.controller.abort(new DOMException("superseded by a newer run", "AbortError"));
    // Now, not when the run unwinds: the app's next run asks for these right after this message.
    entry.meter?.abandon();
  },

  chunkers() {
    return chunkerSummaries();
  },
};

export type EngineWorkerApi = typeof api;
Comlink.expose(api);
