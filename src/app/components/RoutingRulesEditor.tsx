/**
 * The hybrid chunker's `routing` value: the seed's rag_routing_rules.yaml as text, the context a
 * document is routed with, and which rule that context matches. The text is the user's: a YAML
 * error is shown with its line, the last valid rules stay in effect, and nothing typed is replaced
 * until the rules change from outside (a preset, reset, the URL). Empty text is "no routing rules":
 * the chunker's `mode` param decides.
 */
import { useMemo, useState } from "react";
import {
  formatProblem,
  resolveMode,
  RoutingRulesError,
  validateRoutingRules,
  type RoutingContext,
  type RoutingProblem,
  type RoutingRules,
} from "../../core/routing";
import { parseRoutingYaml, stringifyRoutingYaml } from "../../core/routingYaml";

const CONTEXT_FIELDS = [
  { key: "tenant", label: "tenant", testId: "routing-tenant" },
  { key: "doc_class", label: "doc_class", testId: "routing-doc-class" },
  { key: "collection_id", label: "collection_id", testId: "routing-collection" },
] as const;

type ContextKey = (typeof CONTEXT_FIELDS)[number]["key"];

interface RoutingValue {
  /** null: no routing rules. */
  rules: unknown;
  context: RoutingContext;
}

type Parsed =
  { rules: RoutingRules | null; problems?: undefined } | { rules?: undefined; problems: RoutingProblem[] };

/** The seed's own example (hybrid-late-agentic-chunker.md, "Mode Selection"), shown while empty. */
const SEED_EXAMPLE = `default_chunker_mode: late
rules:
  - tenant: enterprise
    doc_class: legal_contract
    chunker_mode: agentic`;

export function RoutingRulesEditor({
  id,
  value,
  fallbackMode,
  onChange,
}: {
  /** The param's id (`param-routing`), for the label and the editor's test id. */
  id: string;
  value: unknown;
  /** The mode that applies without rules (the chunker's `mode` param). */
  fallbackMode: string | undefined;
  onChange(value: RoutingValue): void;
}) {
  const routing = asRoutingValue(value);
  const checked = useMemo(
    () => (routing.rules === null ? { rules: null } : validateRoutingRules(routing.rules)),
    [routing.rules],
  );
  const [text, setText] = useState(() => rulesText(routing.rules, checked.rules));
  const parsed = useMemo(() => parseText(text), [text]);

  // Rules replaced from outside (preset, reset, URL): show them, unless the text already says so.
  const [shownRules, setShownRules] = useState(routing.rules);
  if (shownRules !== routing.rules) {
    setShownRules(routing.rules);
    if (parsed.rules === undefined || !sameJson(parsed.rules, checked.rules ?? routing.rules))
      setText(rulesText(routing.rules, checked.rules));
  }

  const setContext = (key: ContextKey, raw: string) => {
    const context: RoutingContext = { ...routing.context };
    // An empty field is "no value", which a rule selecting on that key never matches.
    if (raw.trim() === "") delete context[key];
    else context[key] = raw;
    onChange({ rules: routing.rules, context });
  };

  const resolution = checked.rules
    ? resolveMode(checked.rules, routing.context)
    : checked.rules === null && fallbackMode !== undefined
      ? { mode: fallbackMode, description: `no routing rules → the mode param (${fallbackMode})` }
      : null;

  return (
    <div className="routing-editor" data-testid={id}>
      <textarea
        id={id}
        data-testid="routing-yaml"
        className={`routing-yaml${parsed.problems ? " invalid" : ""}`}
        aria-label="rag_routing_rules.yaml"
        aria-invalid={parsed.problems !== undefined}
        spellCheck={false}
        placeholder={`No routing rules: the mode param decides. The seed's format:\n${SEED_EXAMPLE}`}
        rows={Math.min(16, Math.max(6, text.split("\n").length + 1))}
        value={text}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setText(next);
          const result = parseText(next);
          if (result.rules !== undefined) onChange({ rules: result.rules, context: routing.context });
        }}
      />
      {parsed.problems && (
        <div className="error" role="alert" data-testid="routing-errors">
          <ul>
            {parsed.problems.map((p, i) => (
              <li key={i}>{formatProblem(p)}</li>
            ))}
          </ul>
          <span className="editor-note">The last valid rules stay in effect.</span>
        </div>
      )}
      <div className="routing-context" role="group" aria-label="Routing context">
        {CONTEXT_FIELDS.map((f) => (
          <label key={f.key} className="routing-context-field">
            <span>{f.label}</span>
            <input
              data-testid={f.testId}
              type="text"
              value={routing.context[f.key] ?? ""}
              placeholder="(none)"
              onChange={(e) => setContext(f.key, e.currentTarget.value)}
            />
          </label>
        ))}
      </div>
      <p className="routing-match" data-testid="routing-match" data-mode={resolution?.mode ?? ""}>
        {resolution ? (
          <>
            mode <strong>{resolution.mode}</strong>: {resolution.description}
          </>
        ) : (
          "the rules in effect are invalid: no mode resolves"
        )}
      </p>
    </div>
  );
}

function asRoutingValue(value: unknown): RoutingValue {
  const record = typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
  const { rules, context } = record as { rules?: unknown; context?: unknown };
  const ctx: RoutingContext = {};
  if (typeof context === "object" && context !== null) {
    for (const { key } of CONTEXT_FIELDS) {
      const v = (context as Record<string, unknown>)[key];
      if (typeof v === "string") ctx[key] = v;
    }
  }
  return { rules: rules ?? null, context: ctx };
}

/** Valid rules as the seed's YAML, none as nothing; anything else as JSON (valid YAML too), to fix. */
function rulesText(raw: unknown, rules: RoutingRules | null | undefined): string {
  if (rules === null) return "";
  return rules ? stringifyRoutingYaml(rules) : JSON.stringify(raw, null, 2);
}

function parseText(text: string): Parsed {
  if (text.trim() === "") return { rules: null };
  try {
    return { rules: parseRoutingYaml(text) };
  } catch (err) {
    if (err instanceof RoutingRulesError) return { problems: err.problems };
    throw err;
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
