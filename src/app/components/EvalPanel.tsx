/**
 * Retrieval evaluation (DESIGN §8, `eval-tab`): load a question set or write questions and mark
 * their references on the page; the current chunker and config (and compare's B) are evaluated in
 * the engine worker on every change, like every other panel; the means, each question's scores,
 * and — for the selected question — its references and retrieved chunks drawn on the pages.
 */
import { downloadBlob } from "../download";
import { useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useMemo, useRef, useState } from "react";
import type { Chunk } from "../../core/chunk";
import type { DocModel } from "../../core/document";
import { cite, lineBoxes } from "../../core/citations";
import { RETRIEVERS, type RetrieverId } from "../../core/eval/evaluate";
import { METRIC_KEYS, METRIC_LABELS, type MetricKey } from "../../core/eval/metrics";
import { questionSetToJsonl, resolveQuestionSet } from "../../core/eval/questions";
import { SYNTHESIS_MAX } from "../../core/eval/synthesize";
import {
  nextWordEnd,
  nextWordStart,
  previousWordEnd,
  previousWordStart,
  wordAtPoint,
  type WordRange,
} from "../../core/wordAtPoint";
import type { EvaluationResult } from "../../host/evaluation";
import { uiText } from "../../host/errors";
import { useEvaluationRun } from "../engine/evaluation";
import { queryKeys, syncEndpoints } from "../engine/queries";
import { isAbortError, synthesizeQuestions, takeUnbookedLlmTokens } from "../engine/workers";
import { useLlmBudget } from "../state/llmBudget";
import { useSettings } from "../state/settings";
import { groupByPage, useEvalMarks, type EvalBox, type EvalRange } from "../state/evalMarks";
import { useEvaluation } from "../state/evaluation";
import { useWorkbench } from "../state/store";
import "./EvalPanel.css";

const METRIC_HELP: Record<MetricKey, string> = {
  recall: "Share of the reference characters found in the retrieved chunks (mean over questions).",
  precision: "Reference characters found ÷ all characters retrieved (every retrieved chunk in full).",
  iou: "Reference characters found ÷ (characters retrieved + reference characters missed).",
  precision_omega:
    "Precision over every chunk that touches a reference, no retriever involved: the ceiling of token efficiency at perfect recall.",
  hit_at_k: "Share of questions with a retrieved chunk sharing at least one character with a reference.",
  mrr: "Mean of 1 / rank of the first retrieved chunk that holds part of the answer (0 when none).",
};

const QUESTION_ROW_PX = 22;
const QUESTION_LIST_PX = 220;

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

interface EvalPanelProps {
  doc: DocModel | undefined;
  chunks: readonly Chunk[];
  chunker: string;
  config: Record<string, unknown>;
  /** The run's inputs have settled and are valid: the evaluation is asked beside the run. */
  runReady: boolean;
  compareB: { chunker: string; config: Record<string, unknown> } | null;
}

export const EvalPanel = memo(function EvalPanel({
  doc,
  chunks,
  chunker,
  config,
  runReady,
  compareB,
}: EvalPanelProps) {
  const set = useEvaluation((s) => s.set);
  const setName = useEvaluation((s) => s.setName);
  const loadError = useEvaluation((s) => s.loadError);
  const a = useEvaluationRun(chunker, config, runReady);
  const b = useEvaluationRun(
    compareB?.chunker ?? chunker,
    compareB?.config ?? config,
    runReady && compareB !== null,
  );
  const status = evalStatus(set !== null, a);
  useEvalDrawing(doc, chunks, a.data);

  return (
    <section className="panel eval-panel" data-testid="eval-tab" aria-label="Retrieval evaluation">
      <h2 className="eval-title">Retrieval evaluation</h2>
      <QuestionsInput />
      {loadError && (
        <p className="eval-error" role="alert" data-testid="questions-error">
          {loadError}
        </p>
      )}
      {set && (
        <p className="eval-set">
          {set.questions.length} question{set.questions.length === 1 ? "" : "s"}
          {setName ? ` from ${setName}` : " written here"}
        </p>
      )}
      <EvalControls />
      <p className="eval-status" data-testid="eval-status" data-status={status.split(":")[0]} role="status">
        {status}
      </p>
      {a.data && (
        <>
          {a.data.warnings.length > 0 && (
            <ul className="eval-warnings" data-testid="eval-warnings">
              {a.data.warnings.slice(0, 5).map((w) => (
                <li key={w}>{w}</li>
              ))}
              {a.data.warnings.length > 5 && <li>…and {a.data.warnings.length - 5} more</li>}
            </ul>
          )}
          <Metrics a={a.data} b={compareB ? b.data : undefined} />
          {compareB && b.data && <QuestionDiffs a={a.data} b={b.data} />}
          <QuestionList result={a.data} chunks={chunks} />
        </>
      )}
      <WriteQuestion doc={doc} />
      <SynthesizeQuestions doc={doc} />
    </section>
  );
});

function evalStatus(haveSet: boolean, q: ReturnType<typeof useEvaluationRun>): string {
  if (!haveSet) return "no question set: load one or write a question";
  if (q.error && !isAbortError(q.error)) return `error: ${uiText(q.error)}`;
  if (q.isFetching || !q.data || q.isPlaceholderData) return "running";
  return "done";
}

function QuestionsInput() {
  const load = useEvaluation((s) => s.load);
  return (
    <label className="eval-load">
      Load questions (Chroma CSV or JSONL)
      <input
        type="file"
        accept=".csv,.jsonl,.json,.ndjson,text/csv"
        data-testid="questions-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file) void file.text().then((text) => load(text, file.name));
        }}
      />
    </label>
  );
}

function EvalControls() {
  const k = useEvaluation((s) => s.k);
  const setK = useEvaluation((s) => s.setK);
  const retriever = useEvaluation((s) => s.retriever);
  const setRetriever = useEvaluation((s) => s.setRetriever);
  return (
    <div className="eval-controls">
      <label>
        k
        <input
          type="number"
          min={1}
          max={100}
          step={1}
          value={k}
          data-testid="eval-k"
          onChange={(e) => {
            const v = Math.round(Number(e.currentTarget.value));
            if (Number.isFinite(v) && v >= 1 && v <= 100) setK(v);
          }}
        />
      </label>
      <label>
        Retriever
        <select
          value={retriever}
          data-testid="retriever-select"
          onChange={(e) => setRetriever(e.currentTarget.value as RetrieverId)}
        >
          {RETRIEVERS.map((r) => (
            <option key={r} value={r}>
              {r === "bm25" ? "bm25 (in process)" : r === "embed" ? "embed (endpoint)" : "local embedder"}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Metrics({ a, b }: { a: EvaluationResult; b: EvaluationResult | undefined }) {
  return (
    <table className="eval-metrics">
      <thead>
        <tr>
          <th scope="col">Mean</th>
          <th scope="col">{b ? "A" : `k = ${a.k}, ${a.retriever}`}</th>
          {b && <th scope="col">B</th>}
          {b && <th scope="col">B − A</th>}
        </tr>
      </thead>
      <tbody>
        {METRIC_KEYS.map((key) => {
          const delta = b ? b.metrics[key] - a.metrics[key] : 0;
          return (
            <tr key={key} title={METRIC_HELP[key]}>
              <th scope="row">{METRIC_LABELS[key]}</th>
              <td data-testid={`eval-metric-${key}`} data-value={a.metrics[key]}>
                {pct(a.metrics[key])}
              </td>
              {b && (
                <td data-testid={`eval-metric-b-${key}`} data-value={b.metrics[key]}>
                  {pct(b.metrics[key])}
                </td>
              )}
              {b && (
                <td className={delta > 0 ? "eval-better" : delta < 0 ? "eval-worse" : undefined}>
                  {delta >= 0 ? "+" : "−"}
                  {(Math.abs(delta) * 100).toFixed(1)}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
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

/** Questions from the configured LLM about the document on screen (costs tokens: on request only). */
function SynthesizeQuestions({ doc }: { doc: DocModel | undefined }) {
  const llm = useSettings((s) => s.endpoints.llm);
  const addQuestions = useEvaluation((s) => s.addQuestions);
  const [count, setCount] = useState(10);
  const [state, setState] = useState<{ busy: boolean; text: string | null; error?: boolean }>({
    busy: false,
    text: null,
  });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(new DOMException("closed", "AbortError")), []);
  if (!llm || !doc) return null;
  const run = async () => {
    controller.current?.abort(new DOMException("superseded", "AbortError"));
    const c = new AbortController();
    controller.current = c;
    setState({ busy: true, text: `asking ${llm.model} for ${count} questions…` });
    const budget = useLlmBudget.getState();
    try {
      await syncEndpoints();
      const firstId = (useEvaluation.getState().set?.questions.length ?? 0) + 1;
      const result = await synthesizeQuestions(doc.id, count, firstId, c.signal);
      addQuestions(result.questions);
      setState({
        busy: false,
        text:
          `${result.questions.length} question${result.questions.length === 1 ? "" : "s"} added (${result.model})` +
          (result.rejected.length ? `; ${result.rejected.length} rejected: ${result.rejected[0]}` : ""),
      });
    } catch (err) {
      if (!c.signal.aborted) setState({ busy: false, text: `✗ ${uiText(err)}`, error: true });
    } finally {
      budget.book(await takeUnbookedLlmTokens());
    }
  };
  return (
    <div className="eval-synthesize" role="group" aria-label="Questions from the LLM">
      <label>
        Questions from {llm.model}
        <input
          type="number"
          min={1}
          max={SYNTHESIS_MAX}
          value={count}
          data-testid="synthesize-count"
          onChange={(e) =>
            setCount(Math.min(SYNTHESIS_MAX, Math.max(1, Math.round(Number(e.currentTarget.value) || 1))))
          }
        />
      </label>
      <button
        type="button"
        data-testid="synthesize-questions"
        disabled={state.busy}
        onClick={() => void run()}
      >
        {state.busy ? "Writing…" : "Write questions with the LLM"}
      </button>
      <p className={state.error ? "eval-error" : "eval-hint"} data-testid="synthesize-status" role="status">
        {state.text ??
          "each kept only when its quoted answer is found word for word in the document; costs tokens"}
      </p>
    </div>
  );
}

/** Writes a question; its references are marked on the page (a drag on a PDF page, a text selection in a text view). */
function WriteQuestion({ doc }: { doc: DocModel | undefined }) {
  const draft = useEvaluation((s) => s.draft);
  const marking = useEvaluation((s) => s.marking);
  const setMarking = useEvaluation((s) => s.setMarking);
  const setDraftQuestion = useEvaluation((s) => s.setDraftQuestion);
  const addReference = useEvaluation((s) => s.addDraftReference);
  const removeReference = useEvaluation((s) => s.removeDraftReference);
  const commit = useEvaluation((s) => s.commitDraft);
  const set = useEvaluation((s) => s.set);
  const [hint, setHint] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const replaceReference = useEvaluation((s) => s.replaceDraftReference);
  // The selection being dragged, drawn with the draft's references until it ends.
  const [selecting, setSelecting] = useState<WordRange | null>(null);

  // While marking, a drag from word to word on the pages becomes a reference (DESIGN §12).
  useEffect(() => {
    if (!marking || !doc || doc.pages.length === 0) {
      useEvalMarks.setState({ marker: null });
      return;
    }
    useEvalMarks.setState({
      marker: {
        wordAt: (page, x, y) => wordAtPoint(doc, page, x, y),
        preview: setSelecting,
        select: (range, page) => {
          setHint(null);
          addReference({ doc: doc.name, start: range.start, end: range.end, page });
        },
        step: (edge, grow) => {
          const { references } = useEvaluation.getState().draft;
          const index = references.findLastIndex((r) => r.doc === doc.name);
          const ref = references[index];
          if (!ref) {
            setHint("Drag across the answer's words first; then Shift+arrows grow or shrink it by a word.");
            return;
          }
          const { start, end } = ref;
          const moved =
            edge === "end"
              ? { start, end: grow ? nextWordEnd(doc.text, end) : previousWordEnd(doc.text, start, end) }
              : {
                  start: grow ? previousWordStart(doc.text, start) : nextWordStart(doc.text, start, end),
                  end,
                };
          replaceReference(index, { ...ref, ...moved });
        },
      },
    });
    return () => useEvalMarks.setState({ marker: null });
  }, [marking, doc, addReference, replaceReference]);

  // The draft's references on this document and the selection being dragged, as boxes on the pages.
  useEffect(() => {
    if (!doc || doc.pages.length === 0) {
      useEvalMarks.setState({ draftByPage: null });
      return;
    }
    const ranges = draft.references.filter((r) => r.doc === doc.name);
    if (selecting) ranges.push({ doc: doc.name, ...selecting });
    const boxes = ranges.flatMap((r) => lineBoxes(doc, r.start, r.end));
    useEvalMarks.setState({ draftByPage: boxes.length > 0 ? groupByPage(boxes) : null });
  }, [doc, draft.references, selecting]);
  useEffect(() => () => useEvalMarks.setState({ draftByPage: null }), []);

  const markFromSelection = (): boolean => {
    if (!doc || doc.pages.length > 0) return false;
    const range = textSelectionRange();
    if (!range) return false;
    addReference({ doc: doc.name, start: range.start, end: range.end });
    return true;
  };

  return (
    <div className="eval-write" role="group" aria-label="Write a question">
      <h3 className="eval-subtitle">Write a question</h3>
      <textarea
        aria-label="Question"
        data-testid="question-text"
        value={draft.question}
        placeholder="What does the answer say?"
        onChange={(e) => setDraftQuestion(e.currentTarget.value)}
      />
      <button
        type="button"
        data-testid="mark-reference"
        aria-pressed={marking}
        disabled={!doc}
        onClick={() => {
          if (markFromSelection()) return;
          if (doc && doc.pages.length === 0) {
            setHint("Select the answer's text in the document, then press Mark reference.");
            return;
          }
          setMarking(!marking);
        }}
      >
        {marking ? "Done marking" : "Mark reference"}
      </button>
      {marking && (
        <p className="eval-hint">
          Drag from the answer's first word to its last, on any page; Shift+←/→ then grow or shrink it by a
          word (with Alt: at its start).
        </p>
      )}
      {hint && <p className="eval-hint">{hint}</p>}
      <ul className="eval-draft-refs">
        {draft.references.map((r, i) => (
          <li key={`${r.start}:${r.end}:${i}`} data-testid="draft-reference-item">
            “
            {doc && doc.name === r.doc
              ? excerpt(doc.text.slice(r.start, r.end))
              : `${r.doc} ${r.start}–${r.end}`}
            ”
            <button type="button" aria-label="Remove reference" onClick={() => removeReference(i)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="eval-write-actions">
        <button
          type="button"
          data-testid="question-add"
          disabled={draft.question.trim() === "" || draft.references.length === 0}
          onClick={() => commit()}
        >
          Add question
        </button>
        <button
          type="button"
          data-testid="questions-export"
          disabled={!set || !doc}
          onClick={() => {
            const docs = useWorkbench.getState().docs.flatMap((d) => {
              const model = queryClient.getQueryData<DocModel>(queryKeys.extractOf(d));
              return model ? [model] : [];
            });
            try {
              exportSet(docs);
              setHint(null);
            } catch (err) {
              setHint(`The set could not be exported: ${uiText(err)}. Open its documents first.`);
            }
          }}
        >
          Export questions (JSONL)
        </button>
      </div>
    </div>
  );
}

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text).replace(/\s+/g, " ");

/** The offsets of the page's text selection inside the text view (whose text is the document's, in order). */
function textSelectionRange(): { start: number; end: number } | null {
  const selection = window.getSelection();
  const view = document.querySelector(".text-view");
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed || !view) return null;
  const range = selection.getRangeAt(0);
  if (!view.contains(range.startContainer) || !view.contains(range.endContainer)) return null;
  const before = document.createRange();
  before.setStart(view, 0);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  return { start, end: start + range.toString().length };
}

/** The set as JSONL, offsets into the documents as the engine resolved them. */
/**
 * The set as the workbench's JSONL, written by the set's own writer (core/eval questionSetToJsonl)
 * from the set resolved against the open documents: a Chroma CSV's code-point offsets become the
 * UTF-16 offsets JSONL holds, and each reference carries its text. Throws (a QuestionSetError) when
 * a question's document is not open: its offsets could not be checked or converted.
 */
function exportSet(docs: readonly DocModel[]): void {
  const { set, setName } = useEvaluation.getState();
  if (!set) return;
  const resolved = resolveQuestionSet(set, docs);
  downloadBlob(
    questionSetToJsonl(resolved.questions, docs),
    `${(setName ?? "questions").replace(/\.[^.]*$/, "")}.jsonl`,
    "application/x-ndjson",
  );
}

/** The selected question's references and retrieved chunks, for the page overlays and the text view. */
function useEvalDrawing(
  doc: DocModel | undefined,
  chunks: readonly Chunk[],
  result: EvaluationResult | undefined,
) {
  const selected = useEvaluation((s) => s.selectedQuestion);
  useEffect(() => {
    const index = result?.questions.findIndex((q) => q.id === selected) ?? -1;
    if (!doc || !result || index < 0) {
      useEvalMarks.setState({ byPage: null, ranges: [], retrievedIds: null });
      return;
    }
    const question = result.questions[index]!;
    const refs = result.references[index]!.filter((r) => r.docId === doc.id);
    const boxes: EvalBox[] = refs.flatMap((r) => r.boxes.map((b) => ({ ...b, kind: "reference" as const })));
    const ranges: EvalRange[] = refs.map((r) => ({ start: r.start, end: r.end, kind: "reference" }));
    const byId = new Map(chunks.map((c) => [c.id, c]));
    question.retrieved.forEach((r, rank) => {
      if (r.doc !== doc.name) return;
      const chunk = byId.get(r.chunk_id);
      const hit = refs.some((e) => Math.min(e.end, r.end) - Math.max(e.start, r.start) > 0);
      const kind = hit ? ("hit" as const) : ("miss" as const);
      const chunkBoxes = chunk ? chunk.boxes : cite(doc, r.start, r.end).boxes;
      chunkBoxes.forEach((b, i) =>
        boxes.push({ ...b, kind, chunkId: r.chunk_id, ...(i === 0 ? { rank: rank + 1 } : {}) }),
      );
      ranges.push({ start: r.start, end: r.end, kind, rank: rank + 1 });
    });
    // Once the question's document and its chunks are on screen: scroll to the first reference.
    const evaluation = useEvaluation.getState();
    const first = refs[0];
    const holder = first && chunks.find((c) => c.start <= first.start && first.start < c.end);
    if (evaluation.scrollPending && holder) {
      evaluation.scrolled();
      useWorkbench.getState().selectChunk(holder.id, true);
    }
    useEvalMarks.setState({
      byPage: groupByPage(boxes),
      ranges,
      retrievedIds: new Set(question.retrieved.filter((r) => r.doc === doc.name).map((r) => r.chunk_id)),
    });
  }, [doc, chunks, result, selected]);
  useEffect(() => () => useEvalMarks.setState({ byPage: null, ranges: [], retrievedIds: null }), []);
}
