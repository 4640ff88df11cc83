/**
 * LLM-as-judge coherence (the hybrid seed's quality.mean_coherence): the session's LLM rates how
 * coherent — one topic, self-contained, readable on its own — each of a sample of chunks is, 0 to 1.
 * It costs tokens, so it runs only when the user asks, on an evenly spread sample, and the result
 * names the model and the sample size.
 */
import type { ChatMessage, Llm } from "../providers/llm";
import type { RateLimiter } from "../providers/rateLimit";

export const JUDGE_SAMPLE = 24;
const JUDGE_BATCH = 6;
/** Calls per minute, as the agentic seed's rate limit: the judge shares the session's LLM with it. */
export const JUDGE_RATE_LIMIT = 10;
/** Long chunks are cut for judging: the opening says whether it holds together, at bounded cost. */
const JUDGE_MAX_CHARS = 1500;

export interface JudgeResult {
  /** Indices of the judged chunks (into the run's chunk list) and their scores. */
  judged: { index: number; score: number }[];
  mean: number | null;
  model: string;
  tokensUsed: number;
}

export class JudgeReplyError extends Error {
  override readonly name = "JudgeReplyError";
}

/** Up to `n` indices spread evenly over `count` items, first and last included. */
export function evenSample(count: number, n: number): number[] {
  if (count <= n) return Array.from({ length: count }, (_, i) => i);
  return Array.from({ length: n }, (_, k) => Math.round((k * (count - 1)) / (n - 1)));
}

export function judgeMessages(passages: readonly string[]): ChatMessage[] {
  return [
    {
      role: "system",
      content:
        "You rate retrieval chunks. For each numbered passage give a coherence score from 0 to 1: 1 = one topic, " +
        "self-contained, understandable on its own; 0 = unrelated fragments or cut off mid-thought. " +
        'Reply with JSON only: {"scores":[{"passage":N,"score":S}]} with one entry per passage.',
    },
    {
      role: "user",
      content: passages
        .map((p, i) => `[${i + 1}] ${p.length > JUDGE_MAX_CHARS ? p.slice(0, JUDGE_MAX_CHARS) + " …" : p}`)
        .join("\n\n"),
    },
  ];
}

export function parseJudgeReply(reply: unknown, count: number): number[] {
  const scores = (reply as { scores?: unknown } | null)?.scores;
  if (!Array.isArray(scores)) throw new JudgeReplyError('the reply has no "scores" array');
  const out = new Array<number | undefined>(count);
  for (const item of scores as unknown[]) {
    const { passage, score } = (item ?? {}) as { passage?: unknown; score?: unknown };
    if (typeof passage !== "number" || !Number.isInteger(passage) || passage < 1 || passage > count)
      throw new JudgeReplyError(`passage ${String(passage)} is not one of 1–${count}`);
    if (typeof score !== "number" || !(score >= 0 && score <= 1))
      throw new JudgeReplyError(`passage ${passage}: score ${String(score)} is not between 0 and 1`);
    out[passage - 1] = score;
  }
  const missing = out.findIndex((s) => s === undefined);
  if (missing >= 0) throw new JudgeReplyError(`no score for passage ${missing + 1}`);
  return out as number[];
}

export async function judgeCoherence(
  texts: readonly string[],
  llm: Llm,
  options: { signal?: AbortSignal; sample?: number; limiter?: RateLimiter } = {},
): Promise<JudgeResult> {
  const indices = evenSample(texts.length, options.sample ?? JUDGE_SAMPLE);
  const judged: { index: number; score: number }[] = [];
  let tokensUsed = 0;
  let model = "";
  for (let b = 0; b < indices.length; b += JUDGE_BATCH) {
    const batch = indices.slice(b, b + JUDGE_BATCH);
    await options.limiter?.acquire(options.signal);
    const reply = await llm.completeJSON(
      judgeMessages(batch.map((i) => texts[i]!)),
      options.signal ? { signal: options.signal } : {},
    );
    tokensUsed += reply.usage?.totalTokens ?? 0;
    model = reply.model;
    parseJudgeReply(reply.json, batch.length).forEach((score, k) => judged.push({ index: batch[k]!, score }));
  }
  const mean = judged.length ? judged.reduce((a, j) => a + j.score, 0) / judged.length : null;
  return { judged, mean, model, tokensUsed };
}
