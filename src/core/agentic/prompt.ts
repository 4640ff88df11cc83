/**
 * The agentic chunker's conversation: sentences numbered from 1 across the whole document, sent in
 * segments that fit the model's context, with a prompt asking for boundaries as JSON
 * (CHUNKERS.md: {"boundaries":[{"after_sentence":N,"reason":"…"}]}).
 */

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface SentenceSegment {
  /** 1-based number of the segment's first and last sentence. */
  first: number;
  last: number;
}

const BOUNDARY_SYSTEM_PROMPT = [
  "You split documents into self-contained chunks for retrieval.",
  "You receive numbered sentences. Choose the sentences after which a new chunk should begin:",
  "topic shifts, new sections, a change of subject or speaker. Keep each chunk about one topic and",
  "within the size the user gives. Reply with JSON only:",
  '{"boundaries":[{"after_sentence":N,"reason":"why a new chunk starts here"}]}',
  "N must be one of the numbers shown, in increasing order, never the last number shown.",
].join(" ");

/**
 * Segments of consecutive sentences whose token counts sum to at most `maxTokens` (a sentence longer
 * than that is a segment of its own). Numbers are 1-based.
 */
export function segmentSentences(sentenceTokens: readonly number[], maxTokens: number): SentenceSegment[] {
  const segments: SentenceSegment[] = [];
  let first = 1;
  let sum = 0;
  sentenceTokens.forEach((tokens, i) => {
    const n = i + 1;
    if (n > first && sum + tokens > maxTokens) {
      segments.push({ first, last: n - 1 });
      first = n;
      sum = 0;
    }
    sum += tokens;
  });
  if (sentenceTokens.length > 0) segments.push({ first, last: sentenceTokens.length });
  return segments;
}

/** The user message of one segment: its sentences as "[N] text", one per line, and the size asked for. */
export function boundaryMessages(
  sentences: readonly string[],
  segment: SentenceSegment,
  targetTokens: number,
): ChatMessage[] {
  const lines: string[] = [];
  for (let n = segment.first; n <= segment.last; n++)
    lines.push(`[${n}] ${sentences[n - 1]!.replace(/\s+/g, " ").trim()}`);
  return [
    { role: "system", content: BOUNDARY_SYSTEM_PROMPT },
    {
      role: "user",
      content:
        `Sentences ${segment.first}–${segment.last}. Aim for chunks of about ${targetTokens} tokens ` +
        `(never far above).\n\n${lines.join("\n")}`,
    },
  ];
}
