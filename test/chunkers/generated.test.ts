/**
 * Every chunker over generated documents (fast-check): random Unicode — astral characters, RTL,
 * combining marks, CJK — in empty, tiny and long paragraphs, with random configs inside each
 * param's range. Every run terminates; ranges lie inside the text, in order; `text` after
 * `prefix_chars` is the document's slice; no chunk edge splits a surrogate pair; the same input gives
 * the same output. A fixed seed and a bounded count keep CI reproducible; the count is printed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { NumberParam, ParamSpec } from "../../src/core/chunk";
import { CHUNKERS } from "../../src/core/chunkers/registry";
import { resolveConfig } from "../../src/core/config";
import { textDocModel } from "../../src/core/document";
import { createRunContext, runRanges } from "../../src/core/engine";

const SEED = 20261125;
const RUNS_PER_CHUNKER = 80;

const PIECES = [
  "word",
  "Chunking",
  " ",
  " ",
  ". ",
  "! ",
  "? ",
  "\n",
  "\n\n",
  "😀",
  "👩‍👩‍👧",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "مرحبا بالعالم",
  "שלום",
  "e\u0301",
  "a\u0308\u0323",
  "檢索增強生成。",
  "한국어 문장.",
  "Dr. Smith",
  "3.14",
  "$1,200.00",
  "ada@example.com",
  "# Heading\n",
  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
];

const documentText = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: "grapheme", maxLength: 8 })), {
    maxLength: 300,
  })
  .map((parts) => parts.join(""));

/** A value inside the param's range; sizes kept small so tiny chunks (and their edges) are common. */
function paramValue(p: ParamSpec): fc.Arbitrary<unknown> | null {
  if (p.type === "int" || p.type === "number") {
    const n = p as NumberParam;
    const max = Math.min(n.max, n.min + 400);
    return p.type === "int" ? fc.integer({ min: n.min, max }) : fc.double({ min: n.min, max, noNaN: true });
  }
  if (p.type === "enum") return fc.constantFrom(...p.options);
  if (p.type === "boolean") return fc.boolean();
  return null; // string lists and structured values keep their defaults
}

/** Sizes that hold a chunker's cross-key rules by construction, so most generated cases run. */
const ordered = (n: number) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: 600 }), { minLength: n, maxLength: n })
    .map((xs) => xs.sort((a, b) => a - b));
const SIZES: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  entity: ordered(4).map(([overlap, min, target, max]) => ({
    overlap_chars: overlap! - 1,
    min_size: min,
    target_size: target,
    max_size: max,
  })),
  hierarchical: ordered(3).map(([overlap, child, parent]) => ({
    child_chunk_overlap: overlap! - 1,
    child_chunk_size: child,
    parent_chunk_size: parent,
  })),
};

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const splitsPair = (text: string, at: number) =>
  at > 0 && at < text.length && isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at));

describe("every chunker on generated documents", () => {
  for (const spec of CHUNKERS) {
    it(`${spec.id}: valid, ordered, whole code points, deterministic`, async () => {
      const params = Object.fromEntries(
        spec.params.flatMap((p) => {
          const arb = paramValue(p);
          return arb ? [[p.key, arb] as const] : [];
        }),
      );
      let tried = 0;
      let valid = 0;
      await fc.assert(
        fc.asyncProperty(
          documentText,
          fc.record(params, { requiredKeys: [] }),
          SIZES[spec.id] ?? fc.constant({}),
          async (text, random, sizes) => {
            const picked = { ...random, ...sizes };
            tried++;
            const { problems } = resolveConfig(spec, picked);
            if (problems.length > 0) return; // outside a cross-key rule: validation's job, tested elsewhere
            valid++;
            const doc = textDocModel(`gen-${tried}`, "generated.md", text);
            const run = await runRanges(doc, spec.id, picked, createRunContext());
            let lastStart = 0;
            for (const c of run.chunks) {
              expect(c.start).toBeGreaterThanOrEqual(0);
              expect(c.end).toBeLessThanOrEqual(text.length);
              expect(c.start).toBeLessThan(c.end);
              expect(c.start).toBeGreaterThanOrEqual(lastStart);
              lastStart = c.start;
              expect(c.text.slice(c.prefixChars)).toBe(text.slice(c.start, c.end));
              expect(splitsPair(text, c.start) || splitsPair(text, c.end)).toBe(false);
            }
            const again = await runRanges(doc, spec.id, picked, createRunContext());
            expect(again.chunks.map((c) => [c.id, c.start, c.end, c.text])).toEqual(
              run.chunks.map((c) => [c.id, c.start, c.end, c.text]),
            );
          },
        ),
        { seed: SEED, numRuns: RUNS_PER_CHUNKER, endOnFailure: true },
      );
      process.stdout.write(`${spec.id}: ${tried} generated cases, ${valid} with a valid config\n`);
      expect(valid).toBeGreaterThan(0);
    }, 120_000);
  }
});
