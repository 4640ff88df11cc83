/**
 * The current run at a glance: status, chunk count, parents and children of a parent/child run,
 * the chunker's scalar stats (e.g. the hybrid's chunker.mode), warnings, and a histogram of chunk
 * token counts; and the run's details, the object `chunk --stats` writes.
 */
import { useEffect, useMemo, useState } from "react";
import type { ChunkRun } from "../../core/chunk";
import { sizeRules } from "../../core/quality/sizeRules";
import { runReport } from "../../core/runReport";
import { joinRunReportJson, scoresJson, splitRunReportJson } from "../../core/runReportJson";
import { LlmBudgetMeter } from "./LlmBudgetMeter";
import { TokenHistogram } from "./TokenHistogram";

export function RunSummary({
  run,
  status,
  drawn = false,
  onCancel,
  provisional,
}: {
  run: ChunkRun | undefined;
  status: string;
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
      {run && <RunDetails run={run} />}
    </section>
  );
}

/**
 * The run's stats object exactly as `chunk --stats F` writes it (DESIGN §4–5). Folded away, but
 * in the page: a closed <details> is not laid out.
 */
function RunDetails({ run }: { run: ChunkRun }) {
  const text = useRunDetailsText(run);
  return (
    <details className="run-details">
      <summary>Run details</summary>
      <pre data-testid="run-details">{text}</pre>
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

/** Scores written in one go; a longer list is written this many at a time, one slice per task. */
const SCORES_PER_SLICE = 5_000;

/**
 * The run details' text. With one score per chunk it is megabytes of JSON for a run of one-token
 * chunks (~200 ms to stringify 150,000 scores); written whole in a single task that would freeze a
 * slider drag, so a long list is written a slice per task, the previous run's text shown meanwhile.
 */
function useRunDetailsText(run: ChunkRun): string {
  const json = useMemo(() => splitRunReportJson(runReport(run)), [run]);
  const small = json.scores.length <= SCORES_PER_SLICE;
  const whole = useMemo(
    () => (small ? joinRunReportJson(json, [scoresJson(json, 0, json.scores.length)]) : null),
    [json, small],
  );
  const [sliced, setSliced] = useState("");
  useEffect(() => {
    if (small) return;
    const slices: string[] = [];
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      const from = slices.length * SCORES_PER_SLICE;
      slices.push(scoresJson(json, from, Math.min(json.scores.length, from + SCORES_PER_SLICE)));
      if (slices.length * SCORES_PER_SLICE < json.scores.length) timer = setTimeout(next, 0);
      else setSliced(joinRunReportJson(json, slices));
    };
    timer = setTimeout(next, 0);
    return () => clearTimeout(timer);
  }, [json, small]);
  return whole ?? sliced;
}
