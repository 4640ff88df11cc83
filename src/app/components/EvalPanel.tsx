/**
 * Retrieval evaluation (DESIGN §8, `eval-tab`): load a question set or write questions and mark
 * their references on the page; the current chunker and config (and compare's B) are evaluated in
 * the engine worker on every change, like every other panel; the means, each question's scores,
 * and — for the selected question — its references and retrieved chunks drawn on the pages.
 */
import { memo } from "react";
import type { Chunk } from "../../core/chunk";
import type { DocModel } from "../../core/document";
import { RETRIEVAL_MODES, RETRIEVERS, type RetrievalMode, type RetrieverId } from "../../core/eval/evaluate";

const RETRIEVER_LABELS: Record<RetrieverId, string> = {
  bm25: "bm25 (in process)",
  embed: "embed (endpoint)",
  local: "local embedder",
  hybrid: "hybrid (bm25 + embedder, RRF)",
};
import { uiText } from "../../host/errors";
import { useEvaluationPair } from "../engine/evaluation";
import { isAbortError } from "../engine/workers";
import { useEvaluation } from "../state/evaluation";
import "./EvalPanel.css";
import { SynthesizeQuestions } from "./eval/SynthesizeQuestions";
import { useEvalDrawing } from "./eval/useEvalDrawing";
import { WriteQuestion } from "./eval/WriteQuestion";

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
  const { a, b, bActive } = useEvaluationPair(chunker, config, runReady, compareB);
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
      {set && <UniversalNewlines on={set.universalNewlines === true} />}
      <EvalControls hierarchical={chunker === "hierarchical"} />
      <p className="eval-status" data-testid="eval-status" data-status={status.split(":")[0]} role="status">
        {status}
      </p>
      {a.data && (
        <p className="eval-hint">
          Recall {pct(a.data.metrics.recall)}
          {bActive && b.data ? ` (B ${pct(b.data.metrics.recall)})` : ""}: the metrics and the questions are
          below the pages.
        </p>
      )}
      <WriteQuestion doc={doc} />
      <SynthesizeQuestions doc={doc} />
    </section>
  );
});

/** The set's offsets read as Python reads a file (CRLF one character): on by default for Chroma's CSV. */
function UniversalNewlines({ on }: { on: boolean }) {
  const toggle = useEvaluation((s) => s.setUniversalNewlines);
  return (
    <label
      className="eval-check"
      title="Python's universal newlines read CRLF (and a lone CR) as one character: Chroma's offsets count so. Only documents holding CRs are affected."
    >
      <input
        type="checkbox"
        checked={on}
        data-testid="universal-newlines-toggle"
        onChange={(e) => toggle(e.currentTarget.checked)}
      />
      Offsets count CRLF as one character (Python)
    </label>
  );
}

function evalStatus(haveSet: boolean, q: ReturnType<typeof useEvaluationPair>["a"]): string {
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

const RETRIEVAL_LABELS: Record<RetrievalMode, string> = {
  flat: "flat (parents and children alike)",
  "children-return-parents": "children → their parents",
  "parents-only": "parents only",
};

/** How A retrieves — k, retriever, hierarchical retrieval, contextualizing — and how B differs, if it does. */
function EvalControls({ hierarchical }: { hierarchical: boolean }) {
  const k = useEvaluation((s) => s.k);
  const setK = useEvaluation((s) => s.setK);
  const retriever = useEvaluation((s) => s.retriever);
  const setRetriever = useEvaluation((s) => s.setRetriever);
  const retrieval = useEvaluation((s) => s.retrieval);
  const setRetrieval = useEvaluation((s) => s.setRetrieval);
  const contextualize = useEvaluation((s) => s.contextualize);
  const setContextualize = useEvaluation((s) => s.setContextualize);
  const compare = useEvaluation((s) => s.compareRetrieval);
  const setCompare = useEvaluation((s) => s.setCompareRetrieval);
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
              {RETRIEVER_LABELS[r]}
            </option>
          ))}
        </select>
      </label>
      {hierarchical && (
        <label title="How a pipeline retrieves parent and child chunks: LangChain's ParentDocumentRetriever ranks children and returns their parents">
          Parents and children
          <select
            value={retrieval}
            data-testid="retrieval-select"
            onChange={(e) => setRetrieval(e.currentTarget.value as RetrievalMode)}
          >
            {RETRIEVAL_MODES.map((m) => (
              <option key={m} value={m}>
                {RETRIEVAL_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
      )}
      <label
        className="eval-check"
        title="Index each chunk with its heading path before its text (retrieval only: the chunk scored stays the same)"
      >
        <input
          type="checkbox"
          checked={contextualize}
          data-testid="contextualize-toggle"
          onChange={(e) => setContextualize(e.currentTarget.checked)}
        />
        Heading path in the index
      </label>
      <fieldset className="eval-compare-retrieval" data-testid="compare-retrieval">
        <legend title="B: the same chunks (or compare's B config) retrieved another way, with the paired difference">
          B retrieves
        </legend>
        <select
          aria-label="B's retriever"
          value={compare.retriever ?? ""}
          data-testid="compare-retriever-select"
          onChange={(e) =>
            setCompare({ retriever: (e.currentTarget.value || undefined) as RetrieverId | undefined })
          }
        >
          <option value="">as A</option>
          {RETRIEVERS.map((r) => (
            <option key={r} value={r}>
              {RETRIEVER_LABELS[r]}
            </option>
          ))}
        </select>
        <select
          aria-label="B's heading path"
          value={compare.contextualize === undefined ? "" : String(compare.contextualize)}
          data-testid="compare-contextualize-select"
          onChange={(e) => {
            const v = e.currentTarget.value;
            setCompare({ contextualize: v === "" ? undefined : v === "true" });
          }}
        >
          <option value="">heading path as A</option>
          <option value="true">with heading path</option>
          <option value="false">without heading path</option>
        </select>
        {hierarchical && (
          <select
            aria-label="B's parents and children"
            value={compare.retrieval ?? ""}
            data-testid="compare-retrieval-select"
            onChange={(e) =>
              setCompare({ retrieval: (e.currentTarget.value || undefined) as RetrievalMode | undefined })
            }
          >
            <option value="">parents/children as A</option>
            {RETRIEVAL_MODES.map((m) => (
              <option key={m} value={m}>
                {RETRIEVAL_LABELS[m]}
              </option>
            ))}
          </select>
        )}
      </fieldset>
    </div>
  );
}
