/**
 * The evaluation's results in the wide dock (DESIGN §12 "room to read"): its warnings, the mean
 * metrics with their 95% intervals (A, and B with the paired B − A and a verdict while compare is
 * on), a warning for a set too small to tell configs apart, the questions B answers differently, and the
 * per-question list that selects what the pages draw. The same queries as the panel's (react-query
 * shares them), so nothing is evaluated twice.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef } from "react";
import type { Chunk } from "../../../core/chunk";
import { questionsToResolve, SMALL_SET, verdictOf } from "../../../core/eval/bootstrap";
import { metricDifferences, retrievalWords, type MetricDifferences } from "../../../core/eval/difference";
import { METRIC_KEYS, METRIC_LABELS, type MetricKey } from "../../../core/eval/metrics";
import type { EvaluationResult } from "../../../host/evaluation";
import { useEvaluationPair } from "../../engine/evaluation";
import { useEvaluation } from "../../state/evaluation";
import { useWorkbench } from "../../state/store";
import "../EvalPanel.css";

const METRIC_HELP: Record<MetricKey, string> = {
  recall: "Share of the reference characters found in the retrieved chunks (mean over questions).",
  precision: "Reference characters found ÷ all characters retrieved (every retrieved chunk in full).",
  iou: "Reference characters found ÷ (characters retrieved + reference characters missed).",
  precision_omega:
    "Precision over every chunk that touches a reference, no retriever involved: the ceiling of token efficiency at perfect recall.",
  hit_at_k: "Share of questions with a retrieved chunk sharing at least one character with a reference.",
  mrr: "Mean of 1 / rank of the first retrieved chunk that holds part of the answer (0 when none).",
  ndcg_at_k:
    "Each retrieved chunk credited with the share of the answer it holds, discounted by rank, against the best order there is.",
};

const QUESTION_ROW_PX = 22;
const QUESTION_LIST_PX = 220;

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

export interface EvalResultsProps {
  chunks: readonly Chunk[];
  chunker: string;
  config: Record<string, unknown>;
  runReady: boolean;
  compareB: { chunker: string; config: Record<string, unknown> } | null;
}

/** Whether there are results to show: a set loaded and its evaluation finished once. */
export function useHasEvalResults(props: EvalResultsProps): boolean {
  const set = useEvaluation((s) => s.set);
  const { a } = useEvaluationPair(props.chunker, props.config, props.runReady, props.compareB);
  return set !== null && a.data !== undefined;
}

export function EvalResults({ chunks, chunker, config, runReady, compareB }: EvalResultsProps) {
  const { a, b, bActive } = useEvaluationPair(chunker, config, runReady, compareB);
  if (!a.data) return null;
  return (
    <section className="eval-results" aria-label="Retrieval evaluation results">
      <h3 className="eval-subtitle">Retrieval evaluation</h3>
      {a.data.warnings.length > 0 && (
        <ul className="eval-warnings" data-testid="eval-warnings">
          {a.data.warnings.slice(0, 5).map((w) => (
            <li key={w}>{w}</li>
          ))}
          {a.data.warnings.length > 5 && <li>…and {a.data.warnings.length - 5} more</li>}
        </ul>
      )}
      <RetrievalLine a={a.data} b={bActive ? b.data : undefined} />
      <SmallSetWarning a={a.data} b={bActive ? b.data : undefined} />
      <Metrics a={a.data} b={bActive ? b.data : undefined} />
      {bActive && b.data && <QuestionDiffs a={a.data} b={b.data} />}
      <QuestionList result={a.data} chunks={chunks} />
    </section>
  );
}

function RetrievalLine({ a, b }: { a: EvaluationResult; b: EvaluationResult | undefined }) {
  return (
    <p className="eval-retrieval" data-testid="eval-retrieval">
      {b ? `A: ${retrievalWords(a)} · B: ${retrievalWords(b)}` : `Retrieved with ${retrievalWords(a)}`}
    </p>
  );
}

/**
 * B − A per metric, paired over the questions both answered, with its interval
 * (core/eval/difference): once per pair of results, however many parts of the panel show it.
 */
const differencesByPair = new WeakMap<
  EvaluationResult,
  WeakMap<EvaluationResult, MetricDifferences | null>
>();
function usePairedDifferences(a: EvaluationResult, b: EvaluationResult | undefined) {
  return useMemo(() => {
    if (!b) return null;
    let byB = differencesByPair.get(a);
    if (!byB) differencesByPair.set(a, (byB = new WeakMap()));
    let diffs = byB.get(b);
    if (diffs === undefined) byB.set(b, (diffs = metricDifferences(a.questions, b.questions)));
    return diffs;
  }, [a, b]);
}

const points = (v: number) => (v * 100).toFixed(1);
const signed = (v: number) => `${v >= 0 ? "+" : "−"}${points(Math.abs(v))}`;

/**
 * Under 30 questions a difference is mostly noise (DESIGN §12 `eval-small-set`): said, with recall's
 * interval and, while comparing, about how many questions would resolve the difference seen.
 */
function SmallSetWarning({ a, b }: { a: EvaluationResult; b: EvaluationResult | undefined }) {
  const diffs = usePairedDifferences(a, b);
  const n = a.questions.length;
  if (n >= SMALL_SET) return null;
  const [lo, hi] = a.ci95.recall;
  const need = diffs ? questionsToResolve(diffs.recall, n) : null;
  return (
    <p className="eval-small-set" role="status" data-testid="eval-small-set">
      {n} question{n === 1 ? "" : "s"}: too few to tell configs apart — recall&apos;s 95% interval is [
      {points(lo)}, {points(hi)}], and a set this small understates how far it would move with other
      questions.
      {need !== null &&
        need > n &&
        ` About ${need} questions would show whether B's recall difference is real.`}
    </p>
  );
}

function Metrics({ a, b }: { a: EvaluationResult; b: EvaluationResult | undefined }) {
  const diffs = usePairedDifferences(a, b);
  const n = a.questions.length;
  return (
    <>
      {diffs && (
        <p className="compare-verdict" data-testid="compare-verdict" role="status">
          {verdictOf(diffs.recall, n, { label: "recall", higherIsBetter: true })} (B − A{" "}
          {signed(diffs.recall.b_minus_a)} points, 95% [{signed(diffs.recall.ci95[0])},{" "}
          {signed(diffs.recall.ci95[1])}]);{" "}
          {verdictOf(diffs.precision_omega, n, { label: "precision Ω", higherIsBetter: true })}.
        </p>
      )}
      <table className="eval-metrics">
        <thead>
          <tr>
            <th scope="col">Mean</th>
            <th scope="col">{b ? "A" : retrievalWords(a)}</th>
            <th scope="col" title="95% bootstrap interval over questions (2,000 resamples)">
              95% interval
            </th>
            {b && <th scope="col">B</th>}
            {b && <th scope="col">B − A (95%)</th>}
          </tr>
        </thead>
        <tbody>
          {METRIC_KEYS.map((key) => {
            const d = diffs?.[key];
            const [lo, hi] = a.ci95[key];
            return (
              <tr key={key} title={METRIC_HELP[key]}>
                <th scope="row">{METRIC_LABELS[key]}</th>
                <td data-testid={`eval-metric-${key}`} data-value={a.metrics[key]}>
                  {pct(a.metrics[key])}
                </td>
                <td className="eval-ci" data-testid={`eval-ci-${key}`} data-lo={lo} data-hi={hi}>
                  [{points(lo)}, {points(hi)}]
                </td>
                {b && (
                  <td data-testid={`eval-metric-b-${key}`} data-value={b.metrics[key]}>
                    {pct(b.metrics[key])}
                  </td>
                )}
                {b && (
                  <td
                    data-testid={`eval-diff-${key}`}
                    className={
                      d && d.ci95[0] > 0 ? "eval-better" : d && d.ci95[1] < 0 ? "eval-worse" : undefined
                    }
                    title={d ? "Coloured only when the interval leaves 0 out" : undefined}
                  >
                    {signed(b.metrics[key] - a.metrics[key])}
                    {d && ` [${signed(d.ci95[0])}, ${signed(d.ci95[1])}]`}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/** Compare: the questions whose recall moved most between A and B, largest first. */
function QuestionDiffs({ a, b }: { a: EvaluationResult; b: EvaluationResult }) {
  const select = useEvaluation((s) => s.selectQuestion);
  const diffs = useMemo(
    () =>
      a.questions
        .map((q, i) => ({ q, d: b.questions[i]!.recall - q.recall, rr: b.questions[i]!.rr - q.rr }))
        .filter((x) => x.d !== 0 || x.rr !== 0)
        .sort((x, y) => Math.abs(y.d) - Math.abs(x.d) || Math.abs(y.rr) - Math.abs(x.rr)),
    [a, b],
  );
  if (diffs.length === 0)
    return <p className="eval-hint">No question scores differently with B (recall and rank alike).</p>;
  return (
    <details className="eval-diffs" open>
      <summary>
        Questions that differ (B − A): {diffs.length} of {a.questions.length}
      </summary>
      <ol>
        {diffs.slice(0, 50).map(({ q, d, rr }) => (
          <li key={q.id} data-testid="eval-diff-item" data-delta={d}>
            <button type="button" onClick={() => select(q.id)}>
              <span className={d > 0 ? "eval-better" : d < 0 ? "eval-worse" : undefined}>
                recall {d >= 0 ? "+" : "−"}
                {(Math.abs(d) * 100).toFixed(0)}
              </span>{" "}
              rr {rr >= 0 ? "+" : "−"}
              {Math.abs(rr).toFixed(2)} · {q.question}
            </button>
          </li>
        ))}
      </ol>
    </details>
  );
}

function QuestionList({ result, chunks }: { result: EvaluationResult; chunks: readonly Chunk[] }) {
  const selected = useEvaluation((s) => s.selectedQuestion);
  const select = useEvaluation((s) => s.selectQuestion);
  const onlyRetrieved = useEvaluation((s) => s.onlyRetrieved);
  const setOnlyRetrieved = useEvaluation((s) => s.setOnlyRetrieved);
  const selectChunk = useWorkbench((s) => s.selectChunk);
  const index = result.questions.findIndex((q) => q.id === selected);
  const question = index >= 0 ? result.questions[index] : undefined;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: result.questions.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => QUESTION_ROW_PX,
    overscan: 10,
  });
  return (
    <>
      {/* Virtualized: a set has hundreds of questions, and every evaluation re-renders their scores. */}
      <div
        className="eval-questions"
        ref={scroller}
        role="list"
        aria-label="Questions"
        style={{ height: Math.min(QUESTION_LIST_PX, result.questions.length * QUESTION_ROW_PX + 2) }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((row) => {
            const q = result.questions[row.index]!;
            return (
              <div
                key={q.id}
                role="listitem"
                className="eval-question-row"
                style={{ transform: `translateY(${row.start}px)`, height: row.size }}
              >
                <button
                  type="button"
                  data-testid="question-item"
                  data-question-id={q.id}
                  data-recall={q.recall}
                  data-hit={q.hit}
                  aria-pressed={q.id === selected}
                  className={q.id === selected ? "selected" : undefined}
                  onClick={() => {
                    select(q.id === selected ? null : q.id);
                    // A question about another open document brings that document on screen.
                    const wb = useWorkbench.getState();
                    const current = wb.docs.find((d) => d.key === wb.currentKey);
                    const target = wb.docs.find((d) => d.name === q.doc);
                    if (q.id !== selected && target && current?.name !== q.doc) wb.selectDocument(target.key);
                  }}
                >
                  <span className={`eval-hit ${q.hit ? "eval-better" : "eval-worse"}`}>
                    {q.hit ? "✓" : "✗"}
                  </span>
                  <span className="eval-q">{q.question}</span>
                  <span className="eval-q-scores">
                    R {pct(q.recall)} · rr {q.rr.toFixed(2)}
                  </span>
                </button>
              </div>
            );
          })}
        </div>
      </div>
      {question && (
        <div className="eval-selected" data-testid="eval-selected">
          <p>
            <strong>{question.question}</strong> ({question.doc}) — recall {pct(question.recall)}, precision{" "}
            {pct(question.precision)}, IoU {pct(question.iou)}, precision Ω {pct(question.precision_omega)}
          </p>
          <ol className="eval-retrieved">
            {question.retrieved.map((r, rank) => (
              <li key={`${r.doc}:${r.chunk_id}:${rank}`} data-testid="retrieved-item">
                <button
                  type="button"
                  onClick={() => {
                    if (chunks.some((c) => c.id === r.chunk_id)) selectChunk(r.chunk_id, true);
                  }}
                >
                  #{rank + 1} {r.chunk_id} ({r.doc}) score {r.score.toFixed(2)}
                </button>
              </li>
            ))}
          </ol>
          <label>
            <input
              type="checkbox"
              data-testid="eval-only-retrieved"
              checked={onlyRetrieved}
              onChange={(e) => setOnlyRetrieved(e.currentTarget.checked)}
            />
            List and draw only this question's retrieved chunks
          </label>
        </div>
      )}
    </>
  );
}
