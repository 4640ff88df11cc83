/** The NOESIS routing rules as YAML text (config/rag_routing_rules.yaml): parse with line numbers, write in the seed's key order. */
import { isNode, LineCounter, parseDocument, stringify, type Document } from "yaml";
import {
  RULE_KEYS,
  RoutingRulesError,
  validateRoutingRules,
  type Locate,
  type RoutingRules,
} from "./routing";

/** Parses rag_routing_rules.yaml text; YAML syntax errors and shape errors carry line numbers. */
export function parseRoutingYaml(text: string): RoutingRules {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  if (doc.errors.length > 0) {
    throw new RoutingRulesError(
      doc.errors.map((e) => {
        const pos = e.linePos?.[0];
        // yaml's pretty message repeats the position and quotes the line: keep the sentence, position apart.
        const message = e.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
        return { path: "", message, ...(pos ? { line: pos.line, col: pos.col } : {}) };
      }),
    );
  }
  const { rules, problems } = validateRoutingRules(doc.toJS() ?? {}, locator(doc, lineCounter));
  if (!rules) throw new RoutingRulesError(problems);
  return rules;
}

function locator(doc: Document, lineCounter: LineCounter): Locate {
  return (path) => {
    // The node itself, or for a missing key the nearest map holding it.
    for (let n = path.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
      if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]);
    }
    return undefined;
  };
}

/** Writes rules as YAML in the seed's key order; parseRoutingYaml(stringifyRoutingYaml(r)) equals r. */
export function stringifyRoutingYaml(rules: RoutingRules): string {
  const out: Record<string, unknown> = {};
  if (rules.default_profile !== undefined) out.default_profile = rules.default_profile;
  if (rules.default_chunker_mode !== undefined) out.default_chunker_mode = rules.default_chunker_mode;
  out.rules = rules.rules.map((r) => {
    const rule: Record<string, string> = {};
    for (const key of RULE_KEYS) {
      const value = r[key];
      if (value !== undefined) rule[key] = value;
    }
    return rule;
  });
  return stringify(out);
}
