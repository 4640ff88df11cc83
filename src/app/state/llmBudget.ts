/**
 * The agentic chunker's daily LLM token count (the seed's 100k tokens/day), persisted in
 * localStorage so a reload does not reset the day's spending. It holds a day and a number — no
 * endpoint, no key, no text.
 */
import { create } from "zustand";
import { spendBudget, utcDay, type TokenBudgetState } from "../../core/providers/rateLimit";

const STORAGE_KEY = "chunk-workbench.llm-tokens.v1";

function restore(): TokenBudgetState | undefined {
  if (typeof window === "undefined") return undefined;
  const raw = window.localStorage.getItem(STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<TokenBudgetState>;
    if (typeof value.day === "string" && typeof value.used === "number")
      return { day: value.day, used: value.used };
  } catch (err) {
    console.warn("ignoring an unreadable LLM token count", err);
  }
  window.localStorage.removeItem(STORAGE_KEY);
  return undefined;
}

interface BudgetState {
  state: TokenBudgetState | undefined;
  /** Tokens booked today (0 on a new UTC day). */
  usedToday(): number;
  book(tokens: number): void;
}

export const useLlmBudget = create<BudgetState>()((set, get) => ({
  state: restore(),
  usedToday() {
    const s = get().state;
    return s && s.day === utcDay(Date.now()) ? s.used : 0;
  },
  book(tokens) {
    if (!(tokens > 0)) return;
    const next = spendBudget(get().state, tokens, Date.now());
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    set({ state: next });
  },
}));
