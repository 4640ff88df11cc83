/**
 * `sweep` end to end (DESIGN §9): lines in space order whatever the worker count, skipped points
 * as lines, the Pareto front last, the quality objective without questions, and every way the call
 * can be wrong refused before a document is read.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const A =
  "Apples grow on trees in orchards. They ripen in autumn and are picked by hand. " +
  "Orchards need bees to pollinate the blossoms in spring.\n\n" +
  "Bananas grow in warm places. They are picked green and ripen on the way to market. " +
  "A banana plant fruits once and is then cut down.";
const B = "Copper conducts electricity well. It is used for wires in houses and in electric motors.";

let dir = "";
const file = (name: string) => path.join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sweep-cli-"));
  writeFileSync(file("a.md"), A);
  writeFileSync(file("b.md"), B);
  const span = (text: string, needle: string, doc: string) => {
    const start = text.indexOf(needle);
    return { doc, start, end: start + needle.length };
  };
  writeFileSync(
    file("q.jsonl"),
    [
      { question: "Where do bananas grow?", references: [span(A, "Bananas grow in warm places.", "a")] },
      { question: "What is copper used for?", references: [span(B, "It is used for wires in houses", "b")] },
    ]
      .map((q) => JSON.stringify(q))
      .join("\n"),
  );
  writeFileSync(
    file("space.json"),
    JSON.stringify({
      chunkers: [{ chunker: "token", params: { chunk_size: [8, 16, 32], overlap: [0, 8] } }],
    }),
  );
});

type Line = Record<string, unknown> & { config: Record<string, unknown> };
const lines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Line);
const withoutMs = (ls: Line[]) => ls.map(({ ms: _ms, ...rest }) => rest);

describe("sweep", () => {
  it("prints one line per point in space order, the same with 1 and 2 workers, then the front", () => {
    const one = cli([
      "sweep",
      "--space",
      file("space.json"),
      "--questions",
      file("q.jsonl"),
      "--workers",
      "1",
      "--k",
      "1",
    ]);
    const two = cli([
      "sweep",
      "--space",
      file("space.json"),
      "--questions",
      file("q.jsonl"),
      "--workers",
      "2",
      "--k",
      "1",
    ]);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    const out = lines(one.stdout);
    expect(out).toHaveLength(7);
    expect(withoutMs(lines(two.stdout))).toEqual(withoutMs(out));
    expect(out.slice(0, 6).map((l) => [l.config["chunk_size"], l.config["overlap"]])).toEqual([
      [8, 0],
      [8, 8],
      [16, 0],
      [16, 8],
      [32, 0],
      [32, 8],
    ]);
    expect(out[1]!.skipped).toMatch(/overlap/);
    const ran = out[0]!;
    expect(Object.keys(ran).sort()).toEqual(
      [
        "chunker",
        "chunks",
        "config",
        "mean_tokens",
        "metrics",
        "ms",
        "recall_ci95",
        "retrieved_tokens",
      ].sort(),
    );
    expect(Object.keys(ran.metrics as object).sort()).toEqual(
      ["hit_at_k", "iou", "mrr", "ndcg_at_k", "precision", "precision_omega", "recall"].sort(),
    );
    const [lo, hi] = ran.recall_ci95 as [number, number];
    expect(lo).toBeLessThanOrEqual((ran.metrics as { recall: number }).recall);
    expect(hi).toBeGreaterThanOrEqual((ran.metrics as { recall: number }).recall);
    const front = out[6] as unknown as { pareto: number[]; near_front: number[] };
    expect(front.pareto.length).toBeGreaterThan(0);
    expect(front.pareto).not.toContain(1);
    for (const i of front.near_front) expect(front.pareto).not.toContain(i);
    // Progress goes to stderr, one line per point.
    expect(one.stderr.match(/^sweep: \d+\/6/gm)).toHaveLength(6);
  }, 60_000);

  it("scores quality on the FILE arguments without a question set", () => {
    const r = cli(["sweep", "--space", file("space.json"), file("a.md"), file("b.md"), "--workers", "1"]);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out[0]!.metrics).toHaveProperty("quality_score");
    expect(out[0]!.retrieved_tokens).toBeNull();
    expect(out.at(-1)).toHaveProperty("pareto");
  }, 30_000);

  it("refuses a bad call before reading a document (exit 2), a missing document with 3", () => {
    writeFileSync(
      file("unknown-key.json"),
      JSON.stringify({ chunkers: [{ chunker: "token", params: { size: [1] } }] }),
    );
    writeFileSync(
      file("range.json"),
      JSON.stringify({ chunkers: [{ chunker: "token", params: { chunk_size: [0] } }] }),
    );
    writeFileSync(file("not-json.json"), "{chunkers");
    // Issue 29: a range of 10^12 values is counted, not expanded — refused at once.
    writeFileSync(
      file("huge.json"),
      '{"chunkers": [{"chunker": "token", "params": {"chunk_size": {"min": 1, "max": 1e12, "step": 1}}}]}',
    );
    writeFileSync(
      file("q-missing.jsonl"),
      JSON.stringify({ question: "?", references: [{ doc: "zz", start: 0, end: 1 }] }),
    );
    const cases: [string[], number, RegExp][] = [
      [["sweep"], 2, /missing --space/],
      [["sweep", "--space", file("unknown-key.json"), file("a.md")], 2, /"size" is not a token param/],
      [["sweep", "--space", file("range.json"), file("a.md")], 2, /chunk_size: 0 must be between/],
      [["sweep", "--space", file("not-json.json"), file("a.md")], 2, /is not valid JSON/],
      [["sweep", "--space", file("huge.json"), file("a.md")], 2, /is 1000000000000 values; at most 100000/],
      [["sweep", "--space", file("nope.json"), file("a.md")], 2, /cannot read space/],
      [["sweep", "--space", file("space.json")], 2, /needs documents/],
      [["sweep", "--space", file("space.json"), "--workers", "0", file("a.md")], 2, /--workers/],
      [["sweep", "--space", file("space.json"), "--questions", file("q-missing.jsonl")], 3, /"zz"/],
    ];
    for (const [args, code, message] of cases) {
      const r = cli(args);
      expect(r.code, args.join(" ")).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe("");
      expect(r.stderr).not.toContain("    at ");
      // One line: the call was right, the space was not — no usage text after it.
      if (!/missing --space|needs documents|--workers/.test(r.stderr))
        expect(r.stderr).not.toContain("usage:");
    }
  }, 60_000);
});
