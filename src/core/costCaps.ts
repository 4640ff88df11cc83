/**
 * Costs come only from the user (DESIGN §12): a link or an imported workspace may lower what a run
 * spends on this browser's own LLM endpoint, never raise it. The keys that spend, per chunker, are
 * capped at the value this browser holds for them (its own config, or the chunker's defaults).
 */
import { getChunkerMeta } from "./chunkers/metas";

/** Config keys whose larger value spends more of the user's endpoint budget. */
const COST_KEYS: Readonly<Record<string, readonly string[]>> = {
  agentic: ["token_budget", "rate_limit"],
};

export interface CappedConfig {
  config: Record<string, unknown>;
  /** What was lowered, in words: "token_budget 100000000 → 100000". */
  capped: string[];
}

/** `incoming` with each cost key at most `own`'s (this browser's config for the chunker). */
export function capOutsideCosts(
  chunker: string,
  incoming: Record<string, unknown>,
  own: Record<string, unknown> | undefined,
): CappedConfig {
  const keys = COST_KEYS[chunker];
  if (!keys) return { config: incoming, capped: [] };
  const mine = { ...(getChunkerMeta(chunker).defaults as Record<string, unknown>), ...own };
  const config = { ...incoming };
  const capped: string[] = [];
  for (const key of keys) {
    const theirs = incoming[key];
    const limit = mine[key];
    if (typeof theirs === "number" && typeof limit === "number" && theirs > limit) {
      config[key] = limit;
      capped.push(`${key} ${theirs} → ${limit}`);
    }
  }
  return { config, capped };
}
