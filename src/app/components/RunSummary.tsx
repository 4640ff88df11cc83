/**
 * The current run at a glance: status, chunk count, parents and children of a parent/child run,
 * the chunker's scalar stats (e.g. the hybrid's chunker.mode), warnings, and a histogram of chunk
 * token counts; and the run's details, the object `chunk --stats` writes.
 */
import { useEffect, useMemo, useState } from "react";
import type { ChunkRun } from "../../core/chunk";
import { sizeRules } from "../../core/quality/sizeRules";
import { runReport } from "../../core/runReport";
import {
  joinRunReportJson,
  scoresJson,
  splitRunReportJson,
  type RunReportJson,
} from "../../core/runReportJson";
import { LlmBudgetMeter } from "./LlmBudgetMeter";
import { TokenHistogram } from "./TokenHistogram";

export function RunSummary({
  run,
  status,
  drawn = false,
  onCancel,
  provisional,
  qualityCurrent = true,
}: {
  run: ChunkRun | undefined;
  status: string;
  /** The run's scores are its own; false while they are the previous run's, shown until its own come. */
  qualityCurrent?: boolean;
  /** The boxes of the run the inputs ask for are drawn (its scores may still be computing). */
  drawn?: boolean;
  onCancel?: () => void;
  /** The run is of a long PDF's first pages, while the rest is read (DESIGN §3). */
  provisional?: { pages: number; of: number } | undefined;
}) {
  const statusKind = status.startsWith("error") ? "error" : status;
  return (
    <section className="panel run-summary" aria-label="Run">
      <div className="run-line">
        <span
          className={`run-status run-status-${statusKind}`}
          data-testid="run-status"
          // "ranges" once the boxes are drawn, "complete" once the scores are in too (bench:e2e reads it).
          data-stage={status === "done" ? "complete" : drawn ? "ranges" : "none"}
        >
          {status}
        </span>
        <span className="chunk-count-label">
          <span data-testid="chunk-count">{run ? run.chunks.length : 0}</span> chunks
        </span>
        {status === "running" && onCancel && (
          <button type="button" className="run-cancel" data-testid="run-cancel" onClick={onCancel}>
            Cancel
          </button>
        )}
        {run && (
          <span className="timing">
            {Math.round((run.timings.chunk_ms ?? 0) + (run.timings.cite_ms ?? 0))} ms
          </span>
        )}
      </div>
      {provisional && (
        <p className="provisional-note" data-testid="provisional-note" role="status">
          Provisional: chunks of pages 1–{provisional.pages} of {provisional.of.toLocaleString("en")} while
          the rest is read.
        </p>
      )}
      {run && <RunStats run={run} />}
      {run && (run.chunker === "agentic" || run.chunker === "hybrid") && <LlmBudgetMeter run={run} />}
      <ul className="run-warnings" data-testid="run-warnings">
        {(run?.warnings ?? []).map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
      {run && run.chunks.length > 0 && (
        <TokenHistogram chunks={run.chunks} unit={sizeRules(run.chunker, run.config)[0]!.unit} />
      )}
      {run && <RunDetails run={run} qualityCurrent={qualityCurrent} />}
    </section>
  );
}

/**
 * The run's stats object exactly as `chunk --stats F` writes it (DESIGN §4–5). Folded away, but
 * in the page: a closed <details> is not laid out.
 */
function RunDetails({ run, qualityCurrent }: { run: ChunkRun; qualityCurrent: boolean }) {
  // Another run's scores (kept on screen until this run's come) are no part of this run's report.
  const reported = useMemo(() => (qualityCurrent ? run : withoutQuality(run)), [run, qualityCurrent]);
  const { text, writing } = useRunDetailsText(reported);
  return (
    <details className="run-details">
      <summary>Run details</summary>
      <pre data-testid="run-details" aria-busy={writing}>
        {text}
      </pre>
    </details>
  );
}

/**
 * Stats that read as one value (numbers, strings, booleans). Nested ones and quality.* belong to the
 * quality panel; chunk.count is the count above.
 */
function scalarStats(stats: Record<string, unknown>): [string, string][] {
  return Object.entries(stats).flatMap(([key, value]): [string, string][] =>
    key === "chunk.count" || key.startsWith("quality.")
      ? []
      : typeof value === "number"
        ? [[key, Number.isInteger(value) ? String(value) : value.toFixed(3)]]
        : typeof value === "string" || typeof value === "boolean"
          ? [[key, String(value)]]
          : [],
  );
}

function RunStats({ run }: { run: ChunkRun }) {
  const levels = useMemo(() => {
    let parents = 0;
    let children = 0;
    for (const chunk of run.chunks) {
      if (chunk.level === "parent") parents++;
      else if (chunk.level === "child") children++;
    }
    return parents + children > 0 ? { parents, children } : null;
  }, [run.chunks]);
  const stats = scalarStats(run.stats);
  if (!levels && stats.length === 0) return null;
  return (
    <dl className="run-stats" data-testid="run-stats">
      {levels && (
        <div className="run-stat" data-stat="levels">
          <dt>levels</dt>
          <dd data-testid="run-levels">
            {levels.parents} parents · {levels.children} children
          </dd>
        </div>
      )}
      {stats.map(([key, value]) => (
        <div key={key} className="run-stat" data-stat={key}>
          <dt>{key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Scores written in one go (~3 ms); a longer list is written this many at a time, one slice per task. */
const SCORES_PER_SLICE = 1_000;
/** A longer list waits this long for its run to stay the latest before it is written. */
const WRITE_AFTER_MS = 150;

/**
 * The run details' text, and whether it is still being written for this run. With one score per
 * chunk it is megabytes of JSON for a run of one-token chunks (~450 ms to stringify 150,000
 * scores, JSON.stringify itself being the cost); on the main thread during a slider drag that was
 * a fifth of every frame and a 60 ms task per 5,000 scores. So a long list is written only once its
 * run has stayed the latest for a moment — a drag's passing runs never are — and then a short slice
 * per task, the previous run's text shown meanwhile.
 */
function useRunDetailsText(run: ChunkRun): { text: string; writing: boolean } {
  // One score per chunk: a run with few chunks is written at once. A longer one's report is not
  // even built (per-chunk score objects, ~10 ms for 150,000) until its run stays.
  const small = run.chunks.length <= SCORES_PER_SLICE;
  const whole = useMemo(() => (small ? reportText(run) : null), [run, small]);
  const [sliced, setSliced] = useState<{ run: ChunkRun | null; text: string }>({ run: null, text: "" });
  useEffect(() => {
    if (small) return;
    let json: RunReportJson | null = null;
    const slices: string[] = [];
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      json ??= splitRunReportJson(runReport(run));
      const from = slices.length * SCORES_PER_SLICE;
      if (from < json.scores.length)
        slices.push(scoresJson(json, from, Math.min(json.scores.length, from + SCORES_PER_SLICE)));
      if (slices.length * SCORES_PER_SLICE < json.scores.length) timer = setTimeout(next, 0);
      else setSliced({ run, text: joinRunReportJson(json, slices) });
    };
    timer = setTimeout(next, WRITE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [run, small]);
  return whole !== null
    ? { text: whole, writing: false }
    : { text: sliced.text, writing: sliced.run !== run };
}

function withoutQuality(run: ChunkRun): ChunkRun {
  const { quality: _previous, ...rest } = run;
  return rest;
}

function reportText(run: ChunkRun): string {
  const json = splitRunReportJson(runReport(run));
  return joinRunReportJson(json, [scoresJson(json, 0, json.scores.length)]);
}
