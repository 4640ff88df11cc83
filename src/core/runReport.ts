/**
 * A run as one JSON object (DESIGN §5, `chunk --stats F`; the browser's "run details" shows the
 * same): `{chunker, config, stats, warnings, timings}`. `stats` always carries the hybrid seed's
 * names — `chunk.count`, `chunker.mode`, `quality.scores`, `quality.mean_coherence` (with
 * `quality.coherence_by`, the embedder that scored it) — and the
 * fallback's and the LLM's, `fallback.reason` and `agentic.tokens_used`, beside what the chunker
 * reported itself.
 */
import type { ChunkRun } from "./chunk";

export interface RunReport {
  chunker: string;
  config: Record<string, unknown>;
  stats: Record<string, unknown>;
  warnings: string[];
  timings: Record<string, number>;
}

/** Per-chunk scores as the report lists them, when the chunker gives none of its own. */
function workbenchScores(run: ChunkRun): unknown[] | null {
  if (!run.quality) return null;
  return run.quality.chunks.map((q, i) => ({
    chunk_id: run.chunks[i]?.id ?? null,
    size: q.size,
    unit: q.unit,
    ends_at_sentence: q.endsAtSentence,
    coherence: q.coherence ?? null,
  }));
}

export function runReport(run: ChunkRun): RunReport {
  const s = run.stats;
  const stats: Record<string, unknown> = {
    ...s,
    "chunk.count": run.chunks.length,
    // Only the hybrid router chooses a mode; every other chunker is the mode it is.
    "chunker.mode": s["chunker.mode"] ?? run.chunker,
    "quality.scores": s["quality.scores"] ?? workbenchScores(run),
    "quality.mean_coherence": s["quality.mean_coherence"] ?? run.quality?.coherence ?? null,
    // The embedder that scored coherence (a local one, or an endpoint): its numbers mean nothing without it.
    "quality.coherence_by": s["quality.coherence_by"] ?? run.quality?.coherenceBy ?? null,
    "fallback.reason": s["fallback.reason"] ?? null,
    "agentic.tokens_used": s["agentic.tokens_used"] ?? 0,
  };
  return {
    chunker: run.chunker,
    config: run.config,
    stats,
    warnings: run.warnings,
    timings: run.timings,
  };
}
