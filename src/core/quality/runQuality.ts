/**
 * The quality scores of one run (CHUNKERS.md "Quality scores shown for every run"). Computed by the
 * engine after every run, so it must stay cheap: it reads the token counts already on the chunks,
 * a per-document index built once (docIndex.ts), and the document's encoding only to express a
 * real overlap in tokens. Nothing here re-tokenizes.
 */
import { firstIndexWhere } from "../text/bisect";
import type { Chunk } from "../chunk";
import type { DocModel } from "../document";
import type { EncodedText } from "../text/encodedText";
import { edgeReport } from "./boundaries";
import { coverage, type CoverageReport } from "./coverage";
import type { QualityFlag } from "./definitions";
import { docIndex } from "./docIndex";
import { overlapCarried, type OverlapReport } from "./overlap";
import { ruleFor, sizeRules, type SizeRule, type SizeUnit } from "./sizeRules";

/** OpenAI text-embedding-3-small/-large and ada-002 accept 8191 input tokens. */
export const DEFAULT_EMBEDDING_TOKEN_LIMIT = 8191;

interface Share {
  count: number;
  /** count / chunks; null for a run without chunks. */
  share: number | null;
}

interface SizeSummary {
  /** The first rule is the histogram's (for hierarchical: the children). */
  rules: SizeRule[];
  /** Chunks the first rule measures. */
  measured: number;
  mean: number | null;
  median: number | null;
  min: number | null;
  max: number | null;
  /** Null when the chunker has no minimum (maximum) size key. */
  underMin: number | null;
  overMax: number | null;
}

export interface ChunkQuality {
  /** Size in `unit` (the unit of the rule measuring this chunk). */
  size: number;
  unit: SizeUnit;
  endsAtSentence: boolean;
  /** Characters shared with the previous chunk of the same level. */
  overlapChars: number;
  coherence?: number;
  /** The workbench's own findings; the chunker's flags stay on Chunk.flags. */
  flags: QualityFlag[];
}

export interface RunQuality {
  chunkCount: number;
  size: SizeSummary;
  endsAtSentence: Share;
  midSentence: Share;
  midWord: Share;
  orphanHeadings: number;
  embedding: { limit: number; over: number };
  overlap: OverlapReport;
  coverage: CoverageReport;
  /** Mean coherence when the run or its chunks carry one, else null. */
  coherence: number | null;
  /** The embedder that scored the workbench's own coherence (absent when only a chunker scored it). */
  coherenceBy?: string;
  /** One entry per chunk, in run order. */
  chunks: ChunkQuality[];
}

export interface RunQualityInput {
  chunker: string;
  config: Record<string, unknown>;
  chunks: readonly Chunk[];
  stats: Record<string, unknown>;
}

export interface RunQualityOptions {
  embeddingTokenLimit?: number;
  /** Per-chunk coherence from core/quality/chunkCoherence, used where a chunker reports none itself. */
  coherence?: { scores: readonly (number | null)[]; embedderLabel: string };
  /** The document's token stream in the run's encoding; called only if ranges overlap. */
  encoded?: () => EncodedText;
}

/** A chunk at least half of whose characters are table-of-contents or index lines is labelled so. */
const TOC_SHARE = 0.5;

/** The share of [start, end) that sorted, disjoint `spans` cover. */
export function spanShare(
  spans: readonly { start: number; end: number }[],
  start: number,
  end: number,
): number {
  if (end <= start) return 0;
  let covered = 0;
  for (let i = firstIndexWhere(0, spans.length, (k) => spans[k]!.end > start); i < spans.length; i++) {
    const span = spans[i]!;
    if (span.start >= end) break;
    covered += Math.min(end, span.end) - Math.max(start, span.start);
  }
  return covered / (end - start);
}

export function runQuality(doc: DocModel, run: RunQualityInput, options: RunQualityOptions = {}): RunQuality {
  const limit = options.embeddingTokenLimit ?? DEFAULT_EMBEDDING_TOKEN_LIMIT;
  const index = docIndex(doc);
  const rules = sizeRules(run.chunker, run.config);
  const n = run.chunks.length;
  const { report: overlap, perChunk: overlapChars } = overlapCarried(run.chunks, options.encoded);

  let endsAtSentence = 0;
  let midSentence = 0;
  let midWord = 0;
  let orphanHeadings = 0;
  let overEmbedding = 0;
  let underMin = 0;
  let overMax = 0;
  const measured: number[] = [];
  const coherences: number[] = [];

  const chunks = run.chunks.map((chunk, i): ChunkQuality => {
    const rule = ruleFor(rules, chunk.level);
    const size = sizeOf(chunk, rule.unit, index.utf8);
    if (rule === rules[0]) measured.push(size);
    const edges = edgeReport(doc.text, index, chunk.start, chunk.end);
    const flags: QualityFlag[] = [];
    if (edges.endsAtSentence) endsAtSentence++;
    if (edges.midSentence) {
      midSentence++;
      flags.push("mid-sentence-cut");
    }
    if (edges.midWord) {
      midWord++;
      flags.push("mid-word-cut");
    }
    if (edges.orphanHeading) {
      orphanHeadings++;
      flags.push("orphan-heading");
    }
    if (rule.min && size < rule.min.value) {
      underMin++;
      flags.push("under-min");
    }
    if (rule.max && size > rule.max.value) {
      overMax++;
      flags.push("over-max");
    }
    if (chunk.tokens > limit) {
      overEmbedding++;
      flags.push("over-embedding-limit");
    }
    if (doc.tocSpans && spanShare(doc.tocSpans, chunk.start, chunk.end) >= TOC_SHARE)
      flags.push("table-of-contents");
    const q: ChunkQuality = {
      size,
      unit: rule.unit,
      endsAtSentence: edges.endsAtSentence,
      overlapChars: overlapChars[i]!,
      flags,
    };
    const c = chunkCoherence(chunk) ?? options.coherence?.scores[i] ?? undefined;
    if (c !== undefined) {
      q.coherence = c;
      coherences.push(c);
    }
    return q;
  });

  return {
    chunkCount: n,
    size: {
      rules,
      ...summarize(measured),
      underMin: rules.some((r) => r.min) ? underMin : null,
      overMax: rules.some((r) => r.max) ? overMax : null,
    },
    endsAtSentence: share(endsAtSentence, n),
    midSentence: share(midSentence, n),
    midWord: share(midWord, n),
    orphanHeadings,
    embedding: { limit, over: overEmbedding },
    overlap,
    coverage: coverage(index, run.chunks),
    coherence: runCoherence(run.stats, coherences),
    ...(options.coherence ? { coherenceBy: options.coherence.embedderLabel } : {}),
    chunks,
  };
}

function sizeOf(chunk: Chunk, unit: SizeUnit, utf8: () => Uint32Array): number {
  if (unit === "tokens") return chunk.tokens;
  if (unit === "chars") return chunk.end - chunk.start;
  const bytes = utf8();
  return bytes[chunk.end]! - bytes[chunk.start]!;
}

function share(count: number, total: number): Share {
  return { count, share: total > 0 ? count / total : null };
}

function summarize(values: number[]): Pick<SizeSummary, "measured" | "mean" | "median" | "min" | "max"> {
  if (values.length === 0) return { measured: 0, mean: null, median: null, min: null, max: null };
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return {
    measured: sorted.length,
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    median: sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
  };
}

/**
 * Per-chunk coherence as the chunkers that score it name it (the entity seed: semantic_coherence),
 * a number or a core/quality/coherence `Coherence` record ({ score }).
 */
function chunkCoherence(chunk: Chunk): number | undefined {
  for (const key of ["coherence", "semantic_coherence"]) {
    const v = chunk.meta[key];
    const score = typeof v === "object" && v !== null && "score" in v ? v.score : v;
    if (typeof score === "number" && Number.isFinite(score)) return score;
  }
  return undefined;
}

/** The run's own figure (the hybrid seed's quality.mean_coherence) first, else the chunks' mean. */
function runCoherence(stats: Record<string, unknown>, perChunk: readonly number[]): number | null {
  const stated = stats["quality.mean_coherence"];
  if (typeof stated === "number" && Number.isFinite(stated)) return stated;
  return perChunk.length > 0 ? perChunk.reduce((a, b) => a + b, 0) / perChunk.length : null;
}
