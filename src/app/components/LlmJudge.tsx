/**
 * "Judge coherence with the LLM": the hybrid seed's LLM-as-judge score, on the user's request only
 * (it costs tokens), over an evenly spread sample of the run's chunks, labelled with the model and
 * the sample; the tokens are booked on the day's budget.
 */
import { useEffect, useRef, useState } from "react";
import type { ChunkRun } from "../../core/chunk";
import { AGENTIC_DEFAULTS } from "../../core/chunkers/agentic/meta";
import { JUDGE_SAMPLE, type JudgeResult } from "../../core/quality/llmJudge";
import { judgeRunCoherence, takeUnbookedLlmTokens } from "../engine/workers";
import { syncEndpoints } from "../engine/queries";
import { useLlmBudget } from "../state/llmBudget";
import { useSettings } from "../state/settings";

export function LlmJudge({ run, docId }: { run: ChunkRun; docId: string | undefined }) {
  const llm = useSettings((s) => s.endpoints.llm);
  const [state, setState] = useState<{ busy: boolean; result?: JudgeResult; error?: string; of?: ChunkRun }>({
    busy: false,
  });
  const controller = useRef<AbortController | null>(null);
  // A judgement belongs to one run: a new run (or document) stops the one in flight and clears it.
  useEffect(() => () => controller.current?.abort(new DOMException("the run changed", "AbortError")), [run]);
  if (!llm || !docId) return null;

  const judge = async () => {
    const budget = useLlmBudget.getState();
    const configured = run.config["token_budget"];
    const limit = typeof configured === "number" ? configured : AGENTIC_DEFAULTS.token_budget;
    if (budget.usedToday() >= limit) {
      setState({ busy: false, error: `today's LLM token budget (${limit}) is spent`, of: run });
      return;
    }
    controller.current?.abort(new DOMException("superseded", "AbortError"));
    const c = new AbortController();
    controller.current = c;
    setState({ busy: true, of: run });
    try {
      await syncEndpoints();
      const leaves = run.chunks.filter((ch) => ch.level !== "parent");
      const result = await judgeRunCoherence(
        docId,
        leaves.map((ch) => ({ start: ch.start, end: ch.end })),
        c.signal,
      );
      if (!c.signal.aborted) setState({ busy: false, result, of: run });
    } catch (err) {
      if (!c.signal.aborted)
        setState({ busy: false, error: err instanceof Error ? err.message : String(err), of: run });
    } finally {
      // The worker counted every reply (all batches, or those before a failure or an abort).
      budget.book(await takeUnbookedLlmTokens());
    }
  };

  const result = state.of === run ? state.result : undefined;
  const error = state.of === run ? state.error : undefined;
  const busy = state.busy && state.of === run;
  return (
    <div className="llm-judge">
      <button type="button" data-testid="quality-judge" disabled={busy} onClick={() => void judge()}>
        {busy ? "Judging…" : `Judge coherence with ${llm.model}`}
      </button>
      <span data-testid="quality-judge-result" role="status" className={error ? "error" : "hint"}>
        {error
          ? `✗ ${error}`
          : result
            ? `LLM judge (${result.model}): mean ${result.mean === null ? "—" : result.mean.toFixed(2)} over ${result.judged.length} of ${run.chunks.filter((c) => c.level !== "parent").length} chunks`
            : `rates up to ${JUDGE_SAMPLE} chunks, spread over the run; costs tokens`}
      </span>
    </div>
  );
}
