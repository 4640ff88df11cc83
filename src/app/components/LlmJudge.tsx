/**
 * "Judge coherence with the LLM": the hybrid seed's LLM-as-judge score, on the user's request only
 * (it costs tokens), over an evenly spread sample of the run's chunks, labelled with the model and
 * the sample; the tokens are booked on the day's budget.
 */
import { useEffect, useRef, useState } from "react";
import type { ChunkRun } from "../../core/chunk";
import { AGENTIC_DEFAULTS } from "../../core/chunkers/agentic";
import { JUDGE_SAMPLE, type JudgeResult } from "../../core/quality/llmJudge";
import { judgeRunCoherence } from "../engine/workers";
import { syncEndpoints } from "../engine/queries";
import { useLlmBudget } from "../state/llmBudget";
import { useSettings } from "../state/settings";

export function LlmJudge({ run, docId }: { run: ChunkRun; docId: string | undefined }) {
  const llm = useSettings((s) => s.endpoints.llm);
  const [state, setState] = useState<{ busy: boolean; result?: JudgeResult; error?: string; of?: ChunkRun }>({
    busy: false,
  });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(new DOMException("closed", "AbortError")), []);
  if (!llm || !docId) return null;

  const judge = async () => {
    const budget = useLlmBudget.getState();
    if (budget.usedToday() >= AGENTIC_DEFAULTS.token_budget) {
      setState({
        busy: false,
        error: `today's LLM token budget (${AGENTIC_DEFAULTS.token_budget}) is spent`,
      });
      return;
    }
    controller.current?.abort(new DOMException("superseded", "AbortError"));
    const c = new AbortController();
    controller.current = c;
    setState({ busy: true });
    try {
      await syncEndpoints();
      const leaves = run.chunks.filter((ch) => ch.level !== "parent");
      const result = await judgeRunCoherence(
        docId,
        leaves.map((ch) => ({ start: ch.start, end: ch.end })),
        c.signal,
      );
      budget.book(result.tokensUsed);
      setState({ busy: false, result, of: run });
    } catch (err) {
      if (c.signal.aborted) return;
      setState({ busy: false, error: err instanceof Error ? err.message : String(err) });
    }
  };

  const result = state.of === run ? state.result : undefined;
  return (
    <div className="llm-judge">
      <button type="button" data-testid="quality-judge" disabled={state.busy} onClick={() => void judge()}>
        {state.busy ? "Judging…" : `Judge coherence with ${llm.model}`}
      </button>
      <span data-testid="quality-judge-result" role="status" className={state.error ? "error" : "hint"}>
        {state.error
          ? `✗ ${state.error}`
          : result
            ? `LLM judge (${result.model}): mean ${result.mean === null ? "—" : result.mean.toFixed(2)} over ${result.judged.length} of ${run.chunks.filter((c) => c.level !== "parent").length} chunks`
            : `rates up to ${JUDGE_SAMPLE} chunks, spread over the run; costs tokens`}
      </span>
    </div>
  );
}
