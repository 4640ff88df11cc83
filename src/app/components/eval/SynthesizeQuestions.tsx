/** The panel's "Synthesize questions": questions from the configured LLM about the document on screen. */
import { useEffect, useRef, useState } from "react";
import type { DocModel } from "../../../core/document";
import { SYNTHESIS_MAX } from "../../../core/eval/synthesize";
import { uiText } from "../../../host/errors";
import { syncEndpoints } from "../../engine/queries";
import { synthesizeQuestions, takeUnbookedLlmTokens } from "../../engine/workers";
import { useLlmBudget } from "../../state/llmBudget";
import { useSettings } from "../../state/settings";
import { useEvaluation } from "../../state/evaluation";

/** Questions from the configured LLM about the document on screen (costs tokens: on request only). */
export function SynthesizeQuestions({ doc }: { doc: DocModel | undefined }) {
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
