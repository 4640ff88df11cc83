/**
 * The agentic seed's daily LLM token budget as a meter: what today's runs (and judgements) spent
 * against token_budget. The count is the app's persisted one (a day and a number, no secret).
 */
import type { ChunkRun } from "../../core/chunk";
import { AGENTIC_DEFAULTS } from "../../core/chunkers/agentic/meta";
import { useLlmBudget } from "../state/llmBudget";
import "./settings.css";

export function LlmBudgetMeter({ run }: { run: ChunkRun }) {
  // Subscribing to the state re-renders the meter when a run books its tokens.
  useLlmBudget((s) => s.state);
  const used = useLlmBudget.getState().usedToday();
  const configured = run.config["token_budget"];
  const budget = typeof configured === "number" ? configured : AGENTIC_DEFAULTS.token_budget;
  return (
    <div
      className="llm-budget"
      title="LLM tokens spent today (UTC) against the agentic chunker's daily token_budget"
    >
      <span>LLM tokens today</span>
      <meter
        data-testid="llm-budget"
        min={0}
        max={budget}
        value={Math.min(used, budget)}
        low={budget * 0.7}
        high={budget * 0.9}
        optimum={0}
      />
      <span data-testid="llm-budget-text">
        {used.toLocaleString("en")} / {budget.toLocaleString("en")}
      </span>
    </div>
  );
}
