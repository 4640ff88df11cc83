/**
 * The NOESIS RAG routing rules (config/rag_routing_rules.yaml) as far as they choose a chunker
 * mode: validate their shape, resolve a mode for a context (the YAML itself: routingYaml.ts, kept
 * apart so the page's validation does not load a YAML library).
 *
 * Resolution (seed, "Resolution Priority"), most specific first: tenant + doc_class +
 * collection_id > tenant + doc_class > tenant + collection_id > tenant > default_chunker_mode.
 * A rule matches when every selector it carries equals the context's value. Where the seed is
 * silent: rules without a tenant rank below tenant-only rules, in the same doc_class-before-
 * collection_id order; rules without chunker_mode route embedding profiles only and are skipped;
 * two rules with the same selectors and different modes are an error (the seed's
 * ROUTE_DUP_SELECTOR); a missing default_chunker_mode is "late" (the seed's RoutingTable default).
 */
// The seed's RAG_CHUNKER_MODE values; "hybrid" is named but never defined (CHUNKERS.md: agentic
// with its late fallback).
export const CHUNKER_MODES = ["late", "agentic", "hybrid"] as const;
export type ChunkerMode = (typeof CHUNKER_MODES)[number];

const SELECTORS = ["tenant", "doc_class", "collection_id"] as const;
type Selector = (typeof SELECTORS)[number];

interface RoutingRule {
  tenant?: string;
  doc_class?: string;
  collection_id?: string;
  /** The embedding profile the rule routes to: kept on round-trip, no effect on the mode. */
  profile?: string;
  chunker_mode?: ChunkerMode;
}

export interface RoutingRules {
  default_profile?: string;
  default_chunker_mode?: ChunkerMode;
  rules: RoutingRule[];
}

export type RoutingContext = Partial<Record<Selector, string>>;

export interface RoutingProblem {
  /** Where in the rules: "rules[2].chunker_mode", "default_chunker_mode", "" for the root. */
  path: string;
  message: string;
  /** 1-based, when the rules came from YAML text. */
  line?: number;
  col?: number;
}

export class RoutingRulesError extends Error {
  override readonly name = "RoutingRulesError";
  constructor(readonly problems: RoutingProblem[]) {
    super(problems.map(formatProblem).join("; "));
  }
}

export function formatProblem(p: RoutingProblem): string {
  const where = p.line !== undefined ? `line ${p.line}${p.col !== undefined ? `:${p.col}` : ""}: ` : "";
  return `${where}${p.path ? `${p.path}: ` : ""}${p.message}`;
}

type PathPart = string | number;
/** Where a path of the parsed value sits in its source text, for problems with line numbers. */
export type Locate = (path: readonly PathPart[]) => { line: number; col: number } | undefined;

export const RULE_KEYS = ["tenant", "doc_class", "collection_id", "profile", "chunker_mode"] as const;
/** Selectors the seed's routing table knows but the mode resolution the seed documents does not use. */
const UNSUPPORTED_SELECTORS = ["process", "workflow_id"];

/**
 * Checks a plain value (parsed YAML or a config's `routing.rules`) against the rules' shape.
 * Returns the typed rules only when there is no problem.
 */
export function validateRoutingRules(
  value: unknown,
  locate: Locate = () => undefined,
): { rules?: RoutingRules; problems: RoutingProblem[] } {
  const problems: RoutingProblem[] = [];
  const problem = (path: readonly PathPart[], message: string) =>
    problems.push({ path: pathText(path), message, ...locate(path) });

  if (!isRecord(value)) {
    problem([], "routing rules must be a mapping with default_chunker_mode and rules");
    return { problems };
  }
  const rules: RoutingRules = { rules: [] };
  for (const key of Object.keys(value)) {
    if (key !== "default_profile" && key !== "default_chunker_mode" && key !== "rules")
      problem([key], "unknown key (known: default_profile, default_chunker_mode, rules)");
  }
  const defaultProfile = selectorValue(value.default_profile);
  if (typeof defaultProfile === "string") rules.default_profile = defaultProfile;
  else if (defaultProfile) problem(["default_profile"], defaultProfile.error);
  if (value.default_chunker_mode !== undefined && value.default_chunker_mode !== null) {
    if (isMode(value.default_chunker_mode)) rules.default_chunker_mode = value.default_chunker_mode;
    else problem(["default_chunker_mode"], `must be one of ${CHUNKER_MODES.join(", ")}`);
  }
  const raw = value.rules ?? [];
  if (!Array.isArray(raw)) {
    problem(["rules"], "must be a list of rules");
    return { problems };
  }
  raw.forEach((entry: unknown, index) => {
    const at = (key?: string): PathPart[] => (key ? ["rules", index, key] : ["rules", index]);
    if (!isRecord(entry)) {
      problem(at(), "a rule must be a mapping");
      return;
    }
    const rule: RoutingRule = {};
    for (const [key, v] of Object.entries(entry)) {
      if (key === "chunker_mode") {
        if (v === null || v === undefined) continue;
        if (isMode(v)) rule.chunker_mode = v;
        else problem(at(key), `must be one of ${CHUNKER_MODES.join(", ")}`);
      } else if ((RULE_KEYS as readonly string[]).includes(key)) {
        const s = selectorValue(v);
        if (typeof s === "string") rule[key as Selector | "profile"] = s;
        else if (s) problem(at(key), s.error);
      } else if (UNSUPPORTED_SELECTORS.includes(key)) {
        problem(at(key), `selector not supported here (the mode resolves on ${SELECTORS.join(", ")})`);
      } else {
        problem(at(key), `unknown key (known: ${RULE_KEYS.join(", ")})`);
      }
    }
    rules.rules.push(rule);
  });
  if (problems.length === 0) {
    const seen = new Map<string, number>();
    rules.rules.forEach((r, index) => {
      if (!r.chunker_mode) return;
      const key = JSON.stringify(SELECTORS.map((s) => r[s] ?? null));
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else if (rules.rules[first]!.chunker_mode !== r.chunker_mode)
        problem(["rules", index], `same selectors as rules[${first}] with a different chunker_mode`);
    });
  }
  return problems.length === 0 ? { rules, problems } : { problems };
}

/** null/absent → no value; a string or number → its text; anything else → a problem. */
function selectorValue(v: unknown): string | { error: string } | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return { error: "must be a string" };
  return v.trim() === "" ? { error: "cannot be empty when given" } : v;
}

function isMode(v: unknown): v is ChunkerMode {
  return typeof v === "string" && (CHUNKER_MODES as readonly string[]).includes(v);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function pathText(path: readonly PathPart[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}

/** The seed's priority levels, most specific first, plus the workbench's tenant-less extension. */
const LEVELS: readonly (readonly Selector[])[] = [
  ["tenant", "doc_class", "collection_id"],
  ["tenant", "doc_class"],
  ["tenant", "collection_id"],
  ["tenant"],
  ["doc_class", "collection_id"],
  ["doc_class"],
  ["collection_id"],
  [],
];

export interface ModeResolution {
  mode: ChunkerMode;
  /** Index into rules.rules of the rule that decided, null when default_chunker_mode did. */
  ruleIndex: number | null;
  /** The selectors of the deciding level, e.g. "tenant+doc_class"; "default_chunker_mode" when no rule matched. */
  level: string;
  /** For the UI: `rules[1] (tenant=enterprise, doc_class=legal_contract) → agentic`. */
  description: string;
}

export function resolveMode(rules: RoutingRules, context: RoutingContext): ModeResolution {
  let found: { index: number; rank: number } | null = null;
  for (const [index, rule] of rules.rules.entries()) {
    if (!rule.chunker_mode) continue;
    if (!SELECTORS.every((s) => rule[s] === undefined || rule[s] === context[s])) continue;
    const rank = LEVELS.findIndex((level) =>
      SELECTORS.every((s) => level.includes(s) === (rule[s] !== undefined)),
    );
    // Strictly better only: among equal ranks (same selectors, same mode by validation) the first wins.
    if (!found || rank < found.rank) found = { index, rank };
  }
  if (!found) {
    const mode = rules.default_chunker_mode ?? "late";
    return {
      mode,
      ruleIndex: null,
      level: "default_chunker_mode",
      description: `no rule matched → default_chunker_mode ${mode}${rules.default_chunker_mode ? "" : " (absent: late)"}`,
    };
  }
  const rule = rules.rules[found.index]!;
  const selectors = SELECTORS.filter((s) => rule[s] !== undefined);
  const mode = rule.chunker_mode!;
  return {
    mode,
    ruleIndex: found.index,
    level: selectors.length ? selectors.join("+") : "(no selector)",
    description: `rules[${found.index}] (${selectors.map((s) => `${s}=${rule[s]}`).join(", ") || "matches all"}) → ${mode}`,
  };
}
