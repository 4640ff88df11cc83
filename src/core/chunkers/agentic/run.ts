/**
 * The NOESIS AgenticChunker with its LLM boundary detection switched on (the seed's "Phase 2.5"):
 * the late chunker's sentences (its regex, or the workbench segmenter with `sentence_splitter`),
 * numbered from 1, go to the session's LLM in segments; each reply
 * {"boundaries":[{"after_sentence":N,"reason":"…"}]} is validated (core/agentic/validate);
 * chunks are the sentence groups between boundaries, cut at max_chunk_tokens where the model's are
 * longer. Cost control as the seed: rate_limit calls/minute, token_budget tokens/day, timeout
 * seconds per call, max_retries per segment — and on no endpoint, failure, timeout, invalid JSON
 * or exhausted budget the WHOLE run falls back to late-jaccard (or, if chosen, late-embedding),
 * saying why (CHUNKERS.md).
 *
 * Where the seed is silent (declared in the panel):
 * - Sizes: `max_chunk_tokens` 450 and `overlap_tokens` 80 are the seed's ChunkerConfig values that
 *   its HybridChunker hands to the chunkers it builds. max_chunk_tokens is the size the prompt asks
 *   for and the hard limit a model's chunk is cut at; both are the fallback's target_tokens and
 *   overlap_tokens. Agentic chunks themselves carry no overlap (the seed's algorithm has none).
 * - A segment holds sentences worth ≤ SEGMENT_TOKENS; its end is a boundary the model did not
 *   choose (reason and flag say so). One-sentence segments need no call.
 * - A 4xx other than 429 is not retried (a wrong key or model does not heal); a 429 waits its
 *   Retry-After (1 s without one), never longer than `timeout`.
 * - Tokens spent: the reply's total_tokens, else the estimate; invalid-JSON replies count what they
 *   report (else the estimate); a timed-out call counts the estimate (the endpoint may have billed
 *   it; the budget errs on the safe side); a refused call (HTTP error, network) counts nothing.
 */
import { boundaryMessages, segmentSentences, type SentenceSegment } from "../../agentic/prompt";
import {
  type Boundary,
  BoundaryReplyError,
  groupsFromBoundaries,
  parseBoundaryReply,
} from "../../agentic/validate";
import type {
  ChunkDraft,
  ChunkerOutput,
  ChunkerSpec,
  FallbackFacts,
  FallbackNote,
  Mark,
  RunContext,
} from "../../chunk";
import { type AgenticConfig, agenticMeta, ENCODING } from "./meta";
import { LATE_EMBEDDING_DEFAULTS } from "../late-embedding/meta";
import { lateEmbeddingFallback, runLateEmbedding } from "../late-embedding/run";
import { LATE_JACCARD_DEFAULTS } from "../late-jaccard/meta";
import { runLateJaccard } from "../late-jaccard/run";
import { sentenceTable, type SentenceTable, splitterWarnings } from "../late/toolkit";
import type { DocModel } from "../../document";
import { type ChatMessage, type Llm, LlmError } from "../../providers/llm";
import { RateLimiter, realClock } from "../../providers/rateLimit";
import { contentId } from "../../text/contentId";
import type { Tokenizer } from "../../text/tokenizer";

/**
 * Sentence tokens per request. With the prompt's framing and the reply this stays near 4k tokens,
 * inside the context of any chat model a user is likely to point the workbench at, and short
 * enough that a 30 s timeout is realistic for a small model.
 */
export const SEGMENT_TOKENS = 3000;
/** Role and separator tokens OpenAI's chat format adds per message. */
const MESSAGE_OVERHEAD_TOKENS = 4;
/** One `{"after_sentence":123,"reason":"…a dozen words…"}` entry, generously. */
const REPLY_TOKENS_PER_BOUNDARY = 40;
const REPLY_BASE_TOKENS = 16;
/** Wait before retrying a 429 that names no Retry-After (bounded by `timeout`). */
const DEFAULT_RETRY_AFTER_MS = 1000;

/** Why a boundary is where it is: the model's choice, a segment's end, or the size limit. */
type AgenticBoundaryKind = "llm" | "segment-end" | "size-limit";

interface PlacedBoundary extends Boundary {
  kind: AgenticBoundaryKind;
}

interface Request {
  segment: SentenceSegment;
  messages: ChatMessage[];
  /** Prompt tokens plus a reply allowance, cl100k. */
  estimate: number;
}

/** What the run spent; reported in stats whether it succeeded or fell back. */
interface Spend {
  tokens: number;
  estimated: number;
  requests: number;
  retries: number;
  model: string | null;
}

type Detection = { boundaries: PlacedBoundary[]; notes: string[] } | { fallback: string; notes: string[] };

/** Runs the agentic chunker; `hybrid` plugs this in for mode "agentic". */
export async function runAgentic(
  doc: DocModel,
  config: AgenticConfig,
  ctx: RunContext,
): Promise<ChunkerOutput> {
  const spend: Spend = { tokens: 0, estimated: 0, requests: 0, retries: 0, model: null };
  if (!ctx.llm) return fallBack(doc, config, ctx, "no LLM endpoint configured", [], spend);
  const table = await sentenceTable(doc, ctx, config.sentence_splitter, config.token_counter);
  ctx.signal?.throwIfAborted();
  const tokenizer = await ctx.tokenizer(ENCODING);
  const sentences = table.spans.map((s) => doc.text.slice(s.start, s.end));
  const segments = segmentSentences(table.tokens, SEGMENT_TOKENS);
  const requests = segments
    .filter((segment) => segment.last > segment.first)
    .map((segment) => planRequest(sentences, table.tokens, segment, config, tokenizer));
  spend.estimated = requests.reduce((sum, r) => sum + r.estimate, 0);

  const detection = await detect(ctx.llm, requests, config, ctx, spend);
  if ("fallback" in detection) return fallBack(doc, config, ctx, detection.fallback, detection.notes, spend);

  // A segment's end is a boundary the model could not place or refuse: it gets one of its own.
  const all: PlacedBoundary[] = [...detection.boundaries];
  segments.slice(0, -1).forEach((segment, k) =>
    all.push({
      afterSentence: segment.last,
      kind: "segment-end",
      reason:
        `end of segment ${k + 1} (sentences ${segment.first}–${segment.last}): ` +
        `one LLM request holds sentences worth at most ${SEGMENT_TOKENS} tokens`,
    }),
  );
  all.sort((a, b) => a.afterSentence - b.afterSentence);
  const drafts = await draftsFromBoundaries(doc, table, all, config.max_chunk_tokens);
  const count = (kind: AgenticBoundaryKind) => drafts.filter((d) => d.meta?.boundary === kind).length;
  return {
    drafts,
    warnings: [...splitterWarnings(table), ...detection.notes],
    stats: {
      ...spendStats(spend, requests.length),
      "chunk.count": drafts.length,
      "chunker.ran": "agentic",
      "sentence.count": table.spans.length,
      "sentence.splitter": table.splitter,
      "document.tokens": table.documentTokens,
      "boundaries.llm": count("llm"),
      "boundaries.segment_end": count("segment-end"),
      "boundaries.size_limit": count("size-limit"),
    },
  };
}

function planRequest(
  sentences: readonly string[],
  sentenceTokens: readonly number[],
  segment: SentenceSegment,
  config: AgenticConfig,
  tokenizer: Tokenizer,
): Request {
  const messages = boundaryMessages(sentences, segment, config.max_chunk_tokens);
  const prompt = messages.reduce((sum, m) => sum + tokenizer.count(m.content) + MESSAGE_OVERHEAD_TOKENS, 0);
  let segmentTokens = 0;
  for (let n = segment.first; n <= segment.last; n++) segmentTokens += sentenceTokens[n - 1]!;
  const expectedBoundaries = Math.ceil(segmentTokens / config.max_chunk_tokens);
  return {
    segment,
    messages,
    estimate: prompt + REPLY_BASE_TOKENS + REPLY_TOKENS_PER_BOUNDARY * expectedBoundaries,
  };
}

/** Every segment's boundaries, or why the run must fall back. An abort propagates as its reason. */
async function detect(
  llm: Llm,
  requests: readonly Request[],
  config: AgenticConfig,
  ctx: RunContext,
  spend: Spend,
): Promise<Detection> {
  const limiter = ctx.rateLimiter?.(config.rate_limit) ?? new RateLimiter(config.rate_limit);
  const usedToday = ctx.llmTokensUsedToday ?? 0;
  const timeoutMs = Math.round(config.timeout * 1000);
  const boundaries: PlacedBoundary[] = [];
  const notes: string[] = [];
  for (let i = 0; i < requests.length; i++) {
    const { segment, messages, estimate } = requests[i]!;
    const what = `the request for sentences ${segment.first}–${segment.last}`;
    const failures: string[] = [];
    for (let attempt = 1; ; attempt++) {
      // Checked before every call, retries included: what is still to send must fit what is left.
      const needed = requests.slice(i).reduce((sum, r) => sum + r.estimate, 0);
      const left = Math.max(0, config.token_budget - usedToday - spend.tokens);
      if (needed > left) {
        return {
          fallback:
            `token budget exhausted: this run needs about ${needed} more tokens, ` +
            `${left} of ${config.token_budget} are left today`,
          notes,
        };
      }
      // The seed falls back on any failure, the rate limit included; "wait" queues the call instead.
      if (config.on_rate_limit === "fallback" && limiter.waitMs() > 0) {
        const seconds = Math.ceil(limiter.waitMs() / 1000);
        return {
          fallback:
            `rate limit reached: ${limiter.limit} calls in the last minute, the next could start in ${seconds} s ` +
            `(on_rate_limit "fallback", as the seed; "wait" would queue it)`,
          notes,
        };
      }
      await limiter.acquire(ctx.signal);
      spend.requests++;
      try {
        const reply = await llm.completeJSON(messages, { signal: ctx.signal, timeoutMs });
        spend.tokens += reply.usage?.totalTokens ?? estimate;
        spend.model = reply.model;
        const found = parseBoundaryReply(reply.json, segment.first, segment.last);
        boundaries.push(...found.map((b) => ({ ...b, kind: "llm" as const })));
        if (failures.length > 0)
          notes.push(`${what} succeeded on attempt ${attempt} after: ${failures.join("; ")}`);
        break;
      } catch (error) {
        ctx.signal?.throwIfAborted();
        if (!(error instanceof LlmError || error instanceof BoundaryReplyError)) throw error;
        if (error instanceof LlmError) spend.tokens += tokensOfFailure(error, estimate);
        failures.push(describeFailure(error));
        if (attempt > config.max_retries || !retryable(error)) {
          const attempts = attempt === 1 ? "1 attempt" : `${attempt} attempts`;
          return { fallback: `${what} failed after ${attempts}: ${failures.at(-1)!}`, notes };
        }
        spend.retries++;
        const pause = retryPauseMs(error, timeoutMs);
        if (pause > 0) await realClock.sleep(pause, ctx.signal);
      }
    }
  }
  return { boundaries, notes };
}

function describeFailure(error: LlmError | BoundaryReplyError): string {
  return error instanceof BoundaryReplyError ? `invalid boundaries (${error.message})` : error.reason;
}

function tokensOfFailure(error: LlmError, estimate: number): number {
  if (error.code === "invalid-json") return error.usage?.totalTokens ?? estimate;
  if (error.code === "timeout") return estimate;
  return 0;
}

function retryable(error: LlmError | BoundaryReplyError): boolean {
  return !(error instanceof LlmError && (error.code === "http-4xx" || error.code === "invalid-config"));
}

function retryPauseMs(error: LlmError | BoundaryReplyError, timeoutMs: number): number {
  if (!(error instanceof LlmError) || error.code !== "http-429") return 0;
  return Math.min(error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS, timeoutMs);
}

function spendStats(spend: Spend, plannedRequests: number): Record<string, unknown> {
  return {
    "agentic.tokens_used": spend.tokens,
    "agentic.tokens_estimated": spend.estimated,
    "agentic.requests": spend.requests,
    "agentic.requests_planned": plannedRequests,
    "agentic.retries": spend.retries,
    "agentic.model": spend.model,
  };
}

/**
 * Drafts from the boundaries: sentence groups (cut at maxTokens), true ranges from the first
 * sentence's start to the last one's end, the reason of the boundary that CLOSED each chunk (the
 * last chunk has none), shown on the page as a mark over the chunk's last sentence.
 */
async function draftsFromBoundaries(
  doc: DocModel,
  table: SentenceTable,
  boundaries: readonly PlacedBoundary[],
  maxTokens: number,
): Promise<ChunkDraft[]> {
  const { spans, tokens } = table;
  const byAfter = new Map(boundaries.map((b) => [b.afterSentence, b]));
  const groups = groupsFromBoundaries(boundaries, tokens, maxTokens);
  const drafts: ChunkDraft[] = [];
  for (const g of groups) {
    const isLast = g.last === spans.length - 1;
    // 1-based: the boundary after this group's last sentence; absent inside a model's group → a size cut.
    const closing: PlacedBoundary | null = isLast
      ? null
      : (byAfter.get(g.last + 1) ?? {
          afterSentence: g.last + 1,
          kind: "size-limit",
          reason: `size limit: the next sentence would take the chunk past max_chunk_tokens ${maxTokens}`,
        });
    const joined = spans
      .slice(g.first, g.last + 1)
      .map((s) => doc.text.slice(s.start, s.end))
      .join(" ");
    const groupTokens = tokens.slice(g.first, g.last + 1).reduce((a, b) => a + b, 0);
    const flags: string[] = [];
    if (g.sizeSplit) flags.push("size-split");
    if (groupTokens > maxTokens) flags.push("over-limit");
    if (closing?.kind === "segment-end") flags.push("segment-end");
    const lastSentence = spans[g.last]!;
    const marks: Mark[] = closing
      ? [
          {
            start: lastSentence.start,
            end: lastSentence.end,
            kind: "boundary",
            label: closing.reason === "" ? "boundary (the model gave no reason)" : closing.reason,
          },
        ]
      : [];
    drafts.push({
      // The seed's joined sentence text, as late-jaccard: ids match the pipeline's.
      id: await contentId(doc.id, joined),
      start: spans[g.first]!.start,
      end: lastSentence.end,
      flags,
      marks,
      meta: {
        chunker: "agentic",
        parent_ref: doc.id,
        sentence_range: [g.first, g.last + 1],
        reason: closing ? closing.reason : null,
        boundary: closing ? closing.kind : "document-end",
      },
    });
  }
  return drafts;
}

async function fallBack(
  doc: DocModel,
  config: AgenticConfig,
  ctx: RunContext,
  reason: string,
  notes: readonly string[],
  spend: Spend,
): Promise<ChunkerOutput> {
  ctx.signal?.throwIfAborted();
  const sizes = {
    target_tokens: config.max_chunk_tokens,
    overlap_tokens: config.overlap_tokens,
    sentence_splitter: config.sentence_splitter,
    token_counter: config.token_counter,
  };
  const out =
    config.fallback === "late-embedding"
      ? await runLateEmbedding(doc, { ...LATE_EMBEDDING_DEFAULTS, ...sizes }, ctx)
      : await runLateJaccard(doc, { ...LATE_JACCARD_DEFAULTS, ...sizes }, ctx);
  // late-embedding may fall back in turn (to late-jaccard): what ran is what it says ran, and its
  // own reason is kept next to ours (its warning says it too).
  const inner = out.stats?.["fallback.reason"];
  return {
    ...out,
    warnings: [`fell back from agentic to ${config.fallback}: ${reason}`, ...notes, ...(out.warnings ?? [])],
    stats: {
      ...out.stats,
      ...spendStats(spend, spend.requests),
      "chunker.ran": out.stats?.["chunker.ran"] ?? config.fallback,
      "fallback.reason": reason,
      ...(inner === undefined ? {} : { "fallback.fallback_reason": inner }),
    },
  };
}

/**
 * runAgentic's first check: with no LLM endpoint it runs its fallback — which, for late-embedding
 * at its defaults, falls back in turn on a document over max_tokens.
 */
export function agenticFallback(
  config: Pick<AgenticConfig, "fallback">,
  facts: FallbackFacts,
): FallbackNote | null {
  if (facts.llm) return null;
  const inner =
    config.fallback === "late-embedding"
      ? lateEmbeddingFallback({ max_tokens: LATE_EMBEDDING_DEFAULTS.max_tokens }, facts)
      : null;
  return {
    runs: inner?.runs ?? config.fallback,
    reason: inner
      ? `no LLM endpoint is configured, and its fallback late-embedding falls back too: ${inner.reason}`
      : "no LLM endpoint is configured",
    change: "an LLM endpoint (Settings)",
  };
}

export const agenticChunker: ChunkerSpec<AgenticConfig> = {
  ...agenticMeta,
  chunk: (doc, config, ctx) => runAgentic(doc, config, ctx),
  fallbackOn: agenticFallback,
};
