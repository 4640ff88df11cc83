/**
 * The schema layer against what issue 29's hostile round sent: prototype keys, wrong shapes, depth,
 * and arbitrary values (fast-check) — every one refused with the key named, or read, never a crash.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sampleRecord } from "../workspace/sampleRecord";
import { SchemaError } from "./errors";
import { parseOutsideJson } from "./json";
import { checkSweepSnapshot, checkWorkspaceRecord, sweepSnapshotSchema } from "./workspace";
import * as v from "valibot";

const nest = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { deeper: value };
  return value;
};

const refusal = (raw: unknown): SchemaError => {
  try {
    checkWorkspaceRecord(raw);
  } catch (err) {
    if (err instanceof SchemaError) return err;
    throw err;
  }
  throw new Error("accepted");
};

const SWEEP = {
  points: [{ chunker: "token", config: { chunk_size: 100 } }],
  lines: [{ chunker: "token", config: { chunk_size: 100 }, metrics: { recall: 0.5 }, chunks: 3 }],
  objective: "recall",
  k: 5,
  status: "done",
};

describe("checkWorkspaceRecord", () => {
  it("refuses a current chunker this app does not have — __proto__ among them — naming the key", () => {
    for (const chunker of ["__proto__", "constructor", "toString", "nope"]) {
      const err = refusal({ ...sampleRecord(), chunker, configs: { [chunker]: {} } });
      expect(err.key).toBe("chunker");
      expect(err.message).toContain(`"${chunker}" is not a chunker of this workbench`);
    }
  });

  it("drops prototype keys and configs of chunkers it does not know, keeping the rest", () => {
    const raw = parseOutsideJson(
      '{"schema":1,"documents":[],"chunker":"token","configs":{"__proto__":{"x":1},"token":{"chunk_size":9,"constructor":{"a":1}},"future-chunker":{}},"compare":{}}',
      "a record",
    );
    const read = checkWorkspaceRecord(raw);
    expect(read.configs).toEqual({ token: { chunk_size: 9 } });
    expect(Object.getPrototypeOf(read.configs)).toBe(Object.prototype);
  });

  it("refuses a config nested past 64 levels (a 3,000-deep entity dictionary entry), without overflowing", () => {
    const err = refusal({ ...sampleRecord(), configs: { entity: { dictionary: [nest(3000)] } } });
    expect(err.message).toMatch(/nested deeper than 64 levels/);
    expect(err.key).toMatch(/^configs\.entity\.dictionary\[0\]/);
  });

  it("refuses a sweep whose points or lines have the wrong shape", () => {
    expect(refusal({ ...sampleRecord(), sweep: { ...SWEEP, lines: [] } }).message).toMatch(
      /sweep: has points and lines of different lengths/,
    );
    expect(refusal({ ...sampleRecord(), sweep: { ...SWEEP, points: [{ chunker: 7 }] } }).key).toBe(
      "sweep.points[0].chunker",
    );
    expect(
      refusal({
        ...sampleRecord(),
        sweep: { ...SWEEP, lines: [{ ...SWEEP.lines[0], metrics: { recall: "=1+1" } }] },
      }).key,
    ).toBe("sweep.lines[0].metrics.recall");
    expect(v.safeParse(sweepSnapshotSchema, SWEEP).success).toBe(true);
    // The tab's own saved sweep (session storage) is checked the same way.
    expect(checkSweepSnapshot(SWEEP).points).toHaveLength(1);
    expect(() => checkSweepSnapshot({ ...SWEEP, lines: 5 })).toThrow(/the saved sweep: lines: /);
  });

  it("refuses a question set whose references are not a list", () => {
    const set = { format: "jsonl", questions: [{ id: "1", question: "q", references: 5, line: 1 }] };
    expect(refusal({ ...sampleRecord(), questions: { name: "q", set } }).key).toBe(
      "questions.set.questions[0].references",
    );
  });

  it("reads or refuses any value whatever: never another error (fast-check)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.jsonValue({ maxDepth: 4 }), (a, b) => {
        for (const raw of [
          a,
          { ...sampleRecord(), sweep: a, configs: b },
          { ...sampleRecord(), documents: a },
        ]) {
          try {
            checkWorkspaceRecord(raw);
          } catch (err) {
            expect(err).toBeInstanceOf(SchemaError);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("parseOutsideJson", () => {
  it("names the depth and the place, and drops prototype keys", () => {
    expect(() => parseOutsideJson(JSON.stringify(nest(100)), "the link's config")).toThrow(
      /the link's config is nested deeper than 64 levels \(at deeper(\.deeper)+\)/,
    );
    const value = parseOutsideJson('{"a":{"__proto__":{"polluted":true}},"prototype":1}', "x") as Record<
      string,
      Record<string, unknown>
    >;
    expect(Object.keys(value)).toEqual(["a"]);
    expect(Object.keys(value.a!)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => parseOutsideJson("{", "a file")).toThrow(/a file is not valid JSON/);
  });
});
