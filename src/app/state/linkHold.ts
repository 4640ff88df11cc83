/**
 * Costs start only from the user (DESIGN §12): a link that opens a chunker which asks the user's own
 * LLM endpoint (agentic, hybrid routing to it) does not run it by itself — the run waits for a click
 * (`link-run-confirm`) — or until the user saves endpoints (settings), which is consent too. Only a
 * link opened while an LLM endpoint is configured holds: without one nothing can be spent.
 */
import { create } from "zustand";

/** Chunkers whose run can call the LLM endpoint (hybrid routes to agentic). */
const SPENDING_CHUNKERS: readonly string[] = ["agentic", "hybrid"];

export const spendsLlm = (chunker: string): boolean => SPENDING_CHUNKERS.includes(chunker);

interface LinkHoldState {
  held: boolean;
  hold(): void;
  release(): void;
}

export const useLinkHold = create<LinkHoldState>()((set) => ({
  held: false,
  hold: () => set({ held: true }),
  release: () => set({ held: false }),
}));
