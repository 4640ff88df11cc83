/**
 * entity-aware-chunking-policy.md's per-chunk scores. length_score, entity_density, the confidence
 * score and its assessTextQuality are the seed's code; semantic_coherence, boundary_respect and
 * overlap_quality are named by the seed but never defined, so CHUNKERS.md defines them (coherence is
 * computed in similarity.ts; the other two here). Weights are the seed's.
 */
import type { Span } from "../text/segment";
import type { ChunkSizes } from "./chunkEnd";

export interface QualityMetrics {
  length_score: number;
  entity_density: number;
  semantic_coherence: number;
  boundary_respect: number;
  overlap_quality: number;
}

const QUALITY_WEIGHTS: Readonly<QualityMetrics> = {
  length_score: 0.2,
  entity_density: 0.2,
  semantic_coherence: 0.3,
  boundary_respect: 0.15,
  overlap_quality: 0.15,
};

/** The seed's overallScore: the weighted sum of the five metrics. */
export function qualityScore(m: QualityMetrics): number {
  return (
    m.length_score * QUALITY_WEIGHTS.length_score +
    m.entity_density * QUALITY_WEIGHTS.entity_density +
    m.semantic_coherence * QUALITY_WEIGHTS.semantic_coherence +
    m.boundary_respect * QUALITY_WEIGHTS.boundary_respect +
    m.overlap_quality * QUALITY_WEIGHTS.overlap_quality
  );
}

/**
 * The seed's assessLengthScore, with the seed's own constants (target 800, range 500–1200) whatever
 * the run's sizes: the seed fixes them, so a tuned config is scored as the seed's pipeline scores it
 * (CHUNKERS.md). The size against the user's own target is `sizeFit`, shown beside it.
 */
export function lengthScore(length: number): number {
  const target = 800;
  const min = 500;
  const max = 1200;
  if (length >= min && length <= max) {
    const deviation = Math.abs(length - target) / target;
    return Math.max(0.7, 1 - deviation);
  } else if (length < min) {
    return 0.3 + (length / min) * 0.4;
  } else {
    return Math.max(0.3, 1.3 - length / max);
  }
}

/** The chunk's size against the run's own target: min(n, T) / max(n, T) for n characters (1 = on target). */
export function sizeFit(length: number, targetSize: number): number {
  return length === 0 || targetSize <= 0 ? 0 : Math.min(length, targetSize) / Math.max(length, targetSize);
}

/** The seed's calculateEntityDensity: entities per 100 characters, 2–5 scoring 1. */
export function entityDensity(entityCount: number, contentLength: number): number {
  const density = (entityCount / contentLength) * 100;
  if (density >= 2 && density <= 5) {
    return 1.0;
  } else if (density < 2) {
    return density / 2;
  } else {
    return Math.max(0.3, 1.5 - density / 5);
  }
}

/**
 * The seed's assessTextQuality — `content.split(/[.!?]+/).filter(s => s.trim().length > 0)` for its
 * sentences, `/[^\w\s.,;:!?()-]/g` for its special characters, its thresholds — counted in one pass
 * over the characters instead of arrays of pieces and matches (it runs on every chunk of every
 * run). A piece between runs of . ! ? counts when it holds a character trim() keeps.
 */
export function assessTextQuality(content: string): number {
  let sentences = 0;
  let special = 0;
  let pieceHasText = false;
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i);
    if (c === 46 /* . */ || c === 33 /* ! */ || c === 63 /* ? */) {
      if (pieceHasText) sentences++;
      pieceHasText = false;
      continue;
    }
    if (isJsWhitespace(c)) continue;
    pieceHasText = true;
    if (!isWordChar(c) && !PLAIN_PUNCTUATION.has(c)) special++;
  }
  if (pieceHasText) sentences++;
  const avgSentenceLength = content.length / sentences;
  if (avgSentenceLength < 20 || avgSentenceLength > 200) {
    return 0.8;
  }
  const specialCharRatio = special / content.length;
  if (specialCharRatio > 0.1) {
    return 0.7;
  }
  return 1.0;
}

/** The seed's punctuation that is not special: , ; : ( ) - (and . ! ?, which end its sentences). */
const PLAIN_PUNCTUATION = new Set([44, 59, 58, 40, 41, 45]);

/** \w without the u flag: ASCII letters, digits and _. */
function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** \s, and what trim() removes: ECMAScript's WhiteSpace (Zs among them) and LineTerminator. */
function isJsWhitespace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The seed's calculateConfidenceScores for one chunk. */
export function confidenceScore(
  content: string,
  entityCount: number,
  sizes: Pick<ChunkSizes, "min_size" | "max_size">,
): number {
  let confidence = 1.0;
  if (content.length < sizes.min_size) {
    confidence *= 0.8;
  } else if (content.length > sizes.max_size) {
    confidence *= 0.9;
  }
  confidence += Math.min(entityCount * 0.05, 0.2);
  confidence *= assessTextQuality(content);
  return Math.min(Math.max(confidence, 0.1), 1.0);
}

/**
 * True when `offset` is not strictly inside a sentence (`sentences` ascending, trimmed, as
 * segmentSentences gives them): between two sentences, at either edge of one, or at a paragraph
 * break — a paragraph break always ends a sentence.
 */
function onSentenceBoundary(sentences: readonly Span[], offset: number): boolean {
  let lo = 0;
  let hi = sentences.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sentences[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  const s = sentences[lo - 1];
  return s === undefined || s.end <= offset;
}

/** boundary_respect: the share of the chunk's two ends that fall on a sentence or paragraph boundary. */
export function boundaryRespect(sentences: readonly Span[], start: number, end: number): number {
  return ((onSentenceBoundary(sentences, start) ? 1 : 0) + (onSentenceBoundary(sentences, end) ? 1 : 0)) / 2;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

function wordCharBefore(text: string, offset: number): boolean {
  if (offset <= 0) return false;
  const low = text.charCodeAt(offset - 1);
  const from = low >= 0xdc00 && low <= 0xdfff && offset >= 2 ? offset - 2 : offset - 1;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(from)!));
}

function wordCharAt(text: string, offset: number): boolean {
  return offset < text.length && WORD_CHAR.test(String.fromCodePoint(text.codePointAt(offset)!));
}

/** True unless `offset` sits between two word characters (letters, digits, `_`). */
export function onWordBoundary(text: string, offset: number): boolean {
  return !(wordCharBefore(text, offset) && wordCharAt(text, offset));
}

/**
 * overlap_quality of chunk `i`: of the ends of the overlaps it shares with its neighbours (the one
 * with the chunk before, the one with the chunk after), the share that falls on a word boundary.
 * A chunk that shares no overlap has nothing cut badly: 1.
 */
export function overlapQuality(text: string, ranges: readonly Span[], i: number): number {
  const ends: number[] = [];
  const cur = ranges[i]!;
  const prev = ranges[i - 1];
  const next = ranges[i + 1];
  if (prev && cur.start < prev.end) ends.push(cur.start, Math.min(prev.end, cur.end));
  if (next && next.start < cur.end) ends.push(next.start, Math.min(cur.end, next.end));
  if (ends.length === 0) return 1;
  return ends.filter((o) => onWordBoundary(text, o)).length / ends.length;
}

/** The seed's QualityIssue (entity-aware-chunking-policy.md): its four types and three severities. */
export interface QualityIssue {
  type: "length_violation" | "entity_split" | "poor_boundary" | "low_coherence";
  severity: "low" | "medium" | "high";
  description: string;
  suggestion?: string;
}

/**
 * The seed's identifyQualityIssues, which it names but never writes: an issue per metric outside the
 * band the seed's own scores reward (docs/decisions.md, "entity: quality issues"). Length: outside
 * 500–1,200 characters (length_score < 0.7), high below 0.4. Entity split: the chunk ends inside an
 * entity (flag `entity-split`), always high — the seed's first rule is never to split one.
 * Boundary: neither end on a sentence or paragraph end (0), medium; one end (0.5), low. Coherence:
 * under 0.5, medium; under 0.25, high.
 */
export function qualityIssues(
  metrics: QualityMetrics,
  context: { length: number; entitySplit: boolean },
): QualityIssue[] {
  const issues: QualityIssue[] = [];
  if (metrics.length_score < 0.7)
    issues.push({
      type: "length_violation",
      severity: metrics.length_score < 0.4 ? "high" : "medium",
      description: `${context.length} characters, outside the 500–1,200 the length score rewards`,
      suggestion: context.length < 500 ? "raise min_size or target_size" : "lower max_size or target_size",
    });
  if (context.entitySplit)
    issues.push({
      type: "entity_split",
      severity: "high",
      description: "the chunk ends inside an entity",
      suggestion: "widen max_size so the entity's end is in reach",
    });
  if (metrics.boundary_respect < 1)
    issues.push({
      type: "poor_boundary",
      severity: metrics.boundary_respect === 0 ? "medium" : "low",
      description:
        metrics.boundary_respect === 0
          ? "neither end falls on a sentence or paragraph end"
          : "one end falls inside a sentence",
    });
  if (metrics.semantic_coherence < 0.5)
    issues.push({
      type: "low_coherence",
      severity: metrics.semantic_coherence < 0.25 ? "high" : "medium",
      description: `its sentences' coherence is ${metrics.semantic_coherence.toFixed(2)}`,
    });
  return issues;
}
