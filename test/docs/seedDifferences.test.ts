/**
 * docs/decisions.md's "Differs from the seed" is the list the chunker panel shows: one source
 * (core/chunkers/seedDifferences), checked here so the two never drift apart.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHUNKER_METAS } from "../../src/core/chunkers/metas";
import { SEED_DIFFERENCES } from "../../src/core/chunkers/seedDifferences";

const DECISIONS = readFileSync(path.resolve(import.meta.dirname, "../../docs/decisions.md"), "utf8");

describe("Differs from the seed", () => {
  const from = DECISIONS.indexOf("## Differs from the seed");
  const to = DECISIONS.indexOf("\n## ", from + 1);
  const section = DECISIONS.slice(from, to < 0 ? undefined : to);

  it("lists every chunker, in docs/decisions.md as in the panel", () => {
    expect(Object.keys(SEED_DIFFERENCES).sort()).toEqual(CHUNKER_METAS.map((m) => m.id).sort());
    for (const [id, lines] of Object.entries(SEED_DIFFERENCES)) {
      const start = section.indexOf(`\n### ${id}\n`);
      expect(start, id).toBeGreaterThan(0);
      const next = section.indexOf("\n### ", start + 1);
      const body = section.slice(start, next < 0 ? undefined : next);
      const listed = body
        .split("\n")
        .filter((l) => l.startsWith("- "))
        .map((l) => l.slice(2));
      expect(listed, id).toEqual(lines);
    }
  });
});
