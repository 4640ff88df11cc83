/**
 * Routing rules (the NOESIS seed's rag_routing_rules.yaml): parsing with line-numbered errors,
 * a YAML round trip that keeps `profile`, and the seed's resolution priority.
 */
import { describe, expect, it } from "vitest";
import { resolveMode, RoutingRulesError, validateRoutingRules, type RoutingRules } from "../src/core/routing";
import { parseRoutingYaml, stringifyRoutingYaml } from "../src/core/routingYaml";

/** The seed's "Routing Rules" example, verbatim. */
const SEED_YAML = `default_profile: standard
default_chunker_mode: late  # NEW

rules:
  - tenant: enterprise
    doc_class: legal_contract
    profile: premium
    chunker_mode: agentic  # NEW
`;

function parseError(text: string): RoutingRulesError {
  try {
    parseRoutingYaml(text);
  } catch (e) {
    if (e instanceof RoutingRulesError) return e;
    throw e;
  }
  throw new Error("expected a RoutingRulesError");
}

describe("parseRoutingYaml / stringifyRoutingYaml", () => {
  it("parses the seed's example, profile included", () => {
    expect(parseRoutingYaml(SEED_YAML)).toEqual({
      default_profile: "standard",
      default_chunker_mode: "late",
      rules: [
        { tenant: "enterprise", doc_class: "legal_contract", profile: "premium", chunker_mode: "agentic" },
      ],
    });
  });

  it("round-trips: parse(stringify(rules)) equals rules, profiles and absent keys kept", () => {
    const rules: RoutingRules = {
      default_chunker_mode: "agentic",
      rules: [
        { tenant: "enterprise", profile: "premium", chunker_mode: "late" },
        { tenant: "acme", collection_id: "c-1", chunker_mode: "agentic" },
        { tenant: "acme", profile: "cheap" },
      ],
    };
    const text = stringifyRoutingYaml(rules);
    expect(parseRoutingYaml(text)).toEqual(rules);
    expect(text).not.toContain("default_profile");
    expect(parseRoutingYaml(stringifyRoutingYaml(parseRoutingYaml(SEED_YAML)))).toEqual(
      parseRoutingYaml(SEED_YAML),
    );
    // The seed's key order: selectors, then profile, then chunker_mode.
    expect(stringifyRoutingYaml(parseRoutingYaml(SEED_YAML))).toMatch(
      /tenant: enterprise\n\s+doc_class: legal_contract\n\s+profile: premium\n\s+chunker_mode: agentic/,
    );
  });

  it("reports a YAML syntax error with its line", () => {
    const e = parseError("default_chunker_mode: late\nrules:\n  - tenant: [unclosed\n");
    expect(e.problems[0]).toMatchObject({ line: 4, col: 1 });
    expect(e.message).toMatch(/^line 4:1: Flow sequence .* end with a \]$/);
  });

  it("reports shape errors with path and line", () => {
    const e = parseError(
      "default_chunker_mode: late\nrules:\n  - tenant: a\n    chunker_mode: fast\n  - tenant: b\n    process: x\n",
    );
    expect(e.problems).toEqual([
      expect.objectContaining({ path: "rules[0].chunker_mode", line: 4 }),
      expect.objectContaining({ path: "rules[1].process", line: 6 }),
    ]);
    expect(e.message).toMatch(/line 4:\d+: rules\[0\]\.chunker_mode: must be one of late, agentic, hybrid/);
  });

  it("rejects unknown keys, empty selectors and conflicting duplicates", () => {
    expect(validateRoutingRules({ rules: [], extra: 1 }).problems[0]!.path).toBe("extra");
    expect(validateRoutingRules({ rules: [{ tenant: " " }] }).problems[0]!.message).toMatch(/empty/);
    expect(validateRoutingRules({ rules: "no" }).problems[0]!.path).toBe("rules");
    expect(validateRoutingRules([]).problems[0]!.path).toBe("");
    const dup = validateRoutingRules({
      rules: [
        { tenant: "a", chunker_mode: "late" },
        { tenant: "a", chunker_mode: "agentic" },
      ],
    });
    expect(dup.problems[0]!.path).toBe("rules[1]");
    expect(
      validateRoutingRules({
        rules: [
          { tenant: "a", chunker_mode: "late" },
          { tenant: "a", chunker_mode: "late", profile: "x" },
        ],
      }).problems,
    ).toEqual([]);
  });

  it("an empty file is no rules, default late", () => {
    const rules = parseRoutingYaml("");
    expect(rules).toEqual({ rules: [] });
    expect(resolveMode(rules, { tenant: "x" }).mode).toBe("late");
  });
});

describe("resolveMode", () => {
  // One rule per priority level, listed least specific first so file order cannot decide.
  const rules: RoutingRules = {
    default_chunker_mode: "late",
    rules: [
      { tenant: "t", chunker_mode: "agentic" }, // 0: tenant
      { tenant: "t", collection_id: "c", chunker_mode: "late" }, // 1: tenant + collection_id
      { tenant: "t", doc_class: "d", chunker_mode: "agentic" }, // 2: tenant + doc_class
      { tenant: "t", doc_class: "d", collection_id: "c", chunker_mode: "late" }, // 3: all three
      { tenant: "t", doc_class: "profile-only", profile: "p" }, // 4: no chunker_mode → ignored
    ],
  };

  it.each([
    [{ tenant: "t", doc_class: "d", collection_id: "c" }, 3, "late", "tenant+doc_class+collection_id"],
    [{ tenant: "t", doc_class: "d" }, 2, "agentic", "tenant+doc_class"],
    [{ tenant: "t", doc_class: "d", collection_id: "other" }, 2, "agentic", "tenant+doc_class"],
    [{ tenant: "t", collection_id: "c" }, 1, "late", "tenant+collection_id"],
    [{ tenant: "t", doc_class: "x", collection_id: "c" }, 1, "late", "tenant+collection_id"],
    [{ tenant: "t" }, 0, "agentic", "tenant"],
    [{ tenant: "t", doc_class: "profile-only" }, 0, "agentic", "tenant"],
    [{ tenant: "u", doc_class: "d", collection_id: "c" }, null, "late", "default_chunker_mode"],
    [{}, null, "late", "default_chunker_mode"],
  ] as const)("context %j → rules[%s] %s (%s)", (context, index, mode, level) => {
    const r = resolveMode(rules, context);
    expect(r).toMatchObject({ ruleIndex: index, mode, level });
  });

  it("describes the matched rule for the UI", () => {
    expect(resolveMode(rules, { tenant: "t", doc_class: "d" }).description).toBe(
      "rules[2] (tenant=t, doc_class=d) → agentic",
    );
    expect(resolveMode({ rules: [], default_chunker_mode: "agentic" }, {}).description).toMatch(
      /default_chunker_mode agentic/,
    );
  });

  it("ranks tenant-less rules below tenant rules", () => {
    const r: RoutingRules = {
      rules: [
        { doc_class: "d", collection_id: "c", chunker_mode: "agentic" },
        { tenant: "t", chunker_mode: "late" },
      ],
    };
    expect(resolveMode(r, { tenant: "t", doc_class: "d", collection_id: "c" }).ruleIndex).toBe(1);
    expect(resolveMode(r, { tenant: "u", doc_class: "d", collection_id: "c" }).ruleIndex).toBe(0);
  });

  it("resolves the seed's example: an enterprise legal contract goes agentic, other documents late", () => {
    const seed = parseRoutingYaml(SEED_YAML);
    expect(resolveMode(seed, { tenant: "enterprise", doc_class: "legal_contract" }).mode).toBe("agentic");
    expect(resolveMode(seed, { tenant: "enterprise", doc_class: "memo" }).mode).toBe("late");
  });
});
