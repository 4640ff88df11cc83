/**
 * Questions written by the session's LLM (DESIGN §8, optional): passages spread evenly over the
 * document, one question per passage with the sentence that answers it quoted. A quote is only
 * kept when it is found verbatim in the passage — whitespace aside, since a PDF's line breaks are
 * spaces to a model — and becomes the question's reference at the offsets it was found; anything
 * else is rejected and counted, never guessed.
 */
import type { ChatMessage, Llm } from "../providers/llm";
import type { RateLimiter } from "../providers/rateLimit";
import { evenSample } from "../quality/llmJudge";
import type { NamedText, Question } from "./questions";

/** Passages are about this long, cut at a paragraph or line end where one is near. */
const PASSAGE_CHARS = 1500;
export const SYNTHESIS_MAX = 50;

export interface SynthesisResult {
  questions: Question[];
  /** Why each rejected reply was rejected. */
  rejected: string[];
  tokensUsed: number;
  model: string;
}

/** `count` passages of about PASSAGE_CHARS spread over the text, each starting and ending at a line break where possible. */
export function samplePassages(text: string, count: number): { start: number; end: number }[] {
  const slots = Math.max(1, Math.floor(text.length / PASSAGE_CHARS));
  return evenSample(slots, count).map((slot) => {
    let start = slot * PASSAGE_CHARS;
    const lineStart = text.lastIndexOf("\n", start);
    if (lineStart >= 0 && start - lineStart < PASSAGE_CHARS / 3) start = lineStart + 1;
    let end = Math.min(text.length, start + PASSAGE_CHARS);
    const lineEnd = text.indexOf("\n", end);
    if (lineEnd >= 0 && lineEnd - end < PASSAGE_CHARS / 3) end = lineEnd;
    return { start, end };
  });
}

export function synthesisMessages(passage: string): ChatMessage[] {
  return [
    {
      role: "system",
      content:
        "You write evaluation questions for a retrieval system. Given a passage, ask one specific question " +
        "that the passage answers and that makes sense without seeing the passage, and copy the sentence or " +
        "two that answer it exactly as they appear in the passage. " +
        'Reply with JSON only: {"question": "...", "quote": "..."}.',
    },
    { role: "user", content: passage },
  ];
}

/** Where `quote` occurs in `text` with any run of whitespace matching any other; null when it does not. */
export function findVerbatim(text: string, quote: string): { start: number; end: number } | null {
  const words = quote.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const pattern = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+"), "u");
  const m = pattern.exec(text);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
}

export async function synthesizeQuestions(
  doc: NamedText,
  llm: Llm,
  count: number,
  options: { signal?: AbortSignal; limiter?: RateLimiter; firstId?: number } = {},
): Promise<SynthesisResult> {
  const n = Math.min(SYNTHESIS_MAX, Math.max(1, Math.floor(count)));
  const questions: Question[] = [];
  const rejected: string[] = [];
  let tokensUsed = 0;
  let model = llm.model;
  let nextId = options.firstId ?? 1;
  for (const passage of samplePassages(doc.text, n)) {
    await options.limiter?.acquire(options.signal);
    const reply = await llm.completeJSON(
      synthesisMessages(doc.text.slice(passage.start, passage.end)),
      options.signal ? { signal: options.signal } : {},
    );
    tokensUsed += reply.usage?.totalTokens ?? 0;
    model = reply.model;
    const { question, quote } = (reply.json ?? {}) as { question?: unknown; quote?: unknown };
    if (typeof question !== "string" || question.trim() === "" || typeof quote !== "string") {
      rejected.push('a reply without "question" and "quote" strings');
      continue;
    }
    const found = findVerbatim(doc.text.slice(passage.start, passage.end), quote);
    if (!found) {
      rejected.push(`the quote for "${question.trim()}" is not in the passage word for word`);
      continue;
    }
    const start = passage.start + found.start;
    const end = passage.start + found.end;
    questions.push({
      id: `llm-${nextId++}`,
      question: question.trim(),
      line: questions.length + 1,
      references: [{ doc: doc.name, start, end, content: doc.text.slice(start, end) }],
    });
  }
  return { questions, rejected, tokensUsed, model };
}
