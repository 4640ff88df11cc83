/**
 * `eval` end to end (DESIGN §8): a question set asked of small documents written here, the numbers
 * worked out by hand from the chunk ranges, and the exit codes of every way the call can be wrong.
 * The CLI is spawned as users run it (node + tsx on src/cli/main.ts), two at a time where cases are
 * independent.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { textDocModel } from "../../src/core/document";
import { createRunContext, runRanges } from "../../src/core/engine";

const ROOT = path.resolve(import.meta.dirname, "../..");

interface Retrieved {
  doc: string;
  start: number;
  end: number;
  score: number;
  chunk_id: string;
}
interface QuestionOut {
  id: string;
  question: string;
  doc: string;
  recall: number;
  precision: number;
  iou: number;
  precision_omega: number;
  hit: number;
  rr: number;
  retrieved: Retrieved[];
}
interface EvalOut {
  chunker: string;
  config: Record<string, unknown>;
  retriever: string;
  k: number;
  metrics: Record<string, number>;
  questions: QuestionOut[];
}
interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(...args: string[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], { cwd: ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The calls two at a time (the machine has two cores), results in the order given. */
async function cliAll(calls: readonly string[][]): Promise<Result[]> {
  const out: Result[] = [];
  for (let i = 0; i < calls.length; i += 2)
    out.push(...(await Promise.all(calls.slice(i, i + 2).map((args) => cli(...args)))));
  return out;
}

function evalOut(r: Result): EvalOut {
  expect(r.stderr).not.toContain("    at ");
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.split("\n").filter((l) => l !== "");
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as EvalOut;
}

const tmp = mkdtempSync(path.join(tmpdir(), "cli-eval-"));
const DOCS = path.join(tmp, "docs");
const QDIR = path.join(tmp, "questions");
const EXTRA = path.join(tmp, "extra");
for (const dir of [DOCS, QDIR, EXTRA]) mkdirSync(dir);

function write(file: string, content: string): string {
  writeFileSync(file, content);
  return file;
}

const A = "Alpha notes. The capital of Freedonia is Fredville. Bananas grow in warm climates.";
const B = "Beta notes. The ocean tide follows the moon. Copper conducts electricity well.";
const C = "Gamma notes. Zebras graze on the savanna at dawn.";
write(path.join(DOCS, "a.md"), A);
write(path.join(DOCS, "b.md"), B);
const C_FILE = write(path.join(EXTRA, "c.md"), C);

/** [start, end) of `part` in `text`, which must hold it once. */
function span(text: string, part: string): { start: number; end: number } {
  const start = text.indexOf(part);
  if (start < 0 || text.indexOf(part, start + 1) >= 0) throw new Error(`"${part}" is not in the text once`);
  return { start, end: start + part.length };
}

const jsonl = (questions: object[]) => questions.map((q) => JSON.stringify(q) + "\n").join("");

const REF1 = span(A, "The capital of Freedonia is Fredville.");
const REF2 = span(B, "Copper conducts electricity well.");
const REF3 = span(A, "Bananas grow in warm climates.");
const SET_QUESTIONS = [
  {
    id: "q1",
    question: "What is the capital of Freedonia?",
    references: [{ doc: "a.md", ...REF1 }],
  },
  // Named by its stem: "b" is b.md.
  { id: "q2", question: "What does copper conduct?", references: [{ doc: "b", ...REF2 }] },
  { id: "q3", question: "Which fruit likes warm climates?", references: [{ doc: "a", ...REF3 }] },
];
const SET = write(path.join(DOCS, "set.jsonl"), jsonl(SET_QUESTIONS));
// The same set in another folder: its documents are not beside it.
const SET_AWAY = write(path.join(QDIR, "set.jsonl"), jsonl(SET_QUESTIONS));
/** c.md is only a FILE argument, not in --docs-dir; a is mentioned first, then c, then b. */
const MIXED = write(
  path.join(DOCS, "mixed.jsonl"),
  jsonl([
    { id: "none", question: "Quux xylophone?", references: [{ doc: "a.md", ...span(A, "Alpha") }] },
    {
      id: "zebra",
      question: "Where do zebras graze?",
      references: [{ doc: "c", ...span(C, "Zebras graze") }],
    },
    { id: "metal", question: "Which metal conducts electricity?", references: [{ doc: "b.md", ...REF2 }] },
  ]),
);
/** recursive with room for a whole document in one chunk: each document is the chunk [0, length). */
const WHOLE = write(path.join(tmp, "whole.json"), JSON.stringify({ chunk_size: 1000 }));

const len = (r: { start: number; end: number }) => r.end - r.start;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("cli eval", () => {
  let first: Result;
  let again: Result;
  beforeAll(async () => {
    const args = ["eval", "--questions", SET, "--chunker", "recursive", "--config", WHOLE, "--k", "2"];
    [first, again] = (await cliAll([args, args])) as [Result, Result];
  });

  it("prints one JSON object with the contract's keys, the metrics worked out from whole-document chunks", () => {
    const out = evalOut(first);
    expect(Object.keys(out).sort()).toEqual([
      "chunker",
      "ci95",
      "config",
      "contextualize",
      "k",
      "metrics",
      "questions",
      "retrieval",
      "retriever",
    ]);
    expect(out.chunker).toBe("recursive");
    expect(out.config).toMatchObject({ chunk_size: 1000, chunk_overlap: 50, length_unit: "tokens" });
    expect(out.retriever).toBe("bm25");
    expect(out.k).toBe(2);
    expect(Object.keys(out.metrics).sort()).toEqual(
      ["hit_at_k", "iou", "mrr", "ndcg_at_k", "precision", "precision_omega", "recall"].sort(),
    );
    expect(out.questions.map((q) => q.id)).toEqual(["q1", "q2", "q3"]);
    expect(out.questions.map((q) => q.doc)).toEqual(["a.md", "b.md", "a.md"]);
    expect(out.questions.map((q) => q.question)).toEqual(SET_QUESTIONS.map((q) => q.question));

    // Two chunks in the collection, both retrieved: the question's own document first (BM25 finds
    // its words there only), the other at score 0.
    const docs: Record<string, string> = { "a.md": A, "b.md": B };
    const refs = [REF1, REF2, REF3];
    out.questions.forEach((q, i) => {
      expect(Object.keys(q).sort()).toEqual(
        [
          "doc",
          "hit",
          "id",
          "iou",
          "ndcg",
          "precision",
          "precision_omega",
          "question",
          "recall",
          "retrieved",
          "rr",
        ].sort(),
      );
      expect(q.retrieved).toHaveLength(2);
      const other = q.doc === "a.md" ? "b.md" : "a.md";
      expect(
        q.retrieved.map((r) => ({ doc: r.doc, start: r.start, end: r.end, chunk_id: r.chunk_id })),
      ).toEqual([
        { doc: q.doc, start: 0, end: docs[q.doc]!.length, chunk_id: "chunk_0" },
        { doc: other, start: 0, end: docs[other]!.length, chunk_id: "chunk_0" },
      ]);
      expect(q.retrieved[0]!.score).toBeGreaterThan(0);
      expect(q.retrieved[1]!.score).toBe(0);
      expect(Object.keys(q.retrieved[0]!).sort()).toEqual(["chunk_id", "doc", "end", "score", "start"]);
      const ref = len(refs[i]!);
      expect(q.recall).toBe(1);
      expect(q.precision).toBeCloseTo(ref / (A.length + B.length), 12);
      expect(q.iou).toBeCloseTo(ref / (A.length + B.length), 12); // nothing of the reference uncovered
      expect(q.precision_omega).toBeCloseTo(ref / docs[q.doc]!.length, 12);
      expect(q.hit).toBe(1);
      expect(q.rr).toBe(1);
    });
    const refLens = refs.map(len);
    expect(out.metrics.recall).toBe(1);
    expect(out.metrics.hit_at_k).toBe(1);
    expect(out.metrics.mrr).toBe(1);
    expect(out.metrics.precision).toBeCloseTo(mean(refLens.map((r) => r / (A.length + B.length))), 12);
    expect(out.metrics.iou).toBeCloseTo(out.metrics.precision!, 12);
    expect(out.metrics.precision_omega).toBeCloseTo(
      mean([refLens[0]! / A.length, refLens[1]! / B.length, refLens[2]! / A.length]),
      12,
    );
  });

  it("gives the same output twice", () => {
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(first.stdout);
  });

  it("prints each mean's 95% interval, warns under 30 questions, and compares with --compare-config", async () => {
    const out = JSON.parse(first.stdout) as EvalOut & { ci95: Record<string, [number, number]> };
    for (const [key, value] of Object.entries(out.metrics)) {
      const [lo, hi] = out.ci95[key]!;
      expect(lo).toBeLessThanOrEqual(value + 1e-12);
      expect(hi).toBeGreaterThanOrEqual(value - 1e-12);
    }
    expect(first.stderr).toContain(
      "warning: 3 questions: under 30, a difference between configs is mostly noise",
    );
    // B: recursive chunks of 8 tokens (bare keys: A's chunker), against A's whole documents.
    const small = write(path.join(tmp, "small.json"), JSON.stringify({ chunk_size: 8, chunk_overlap: 0 }));
    const compared = await cli(
      "eval",
      "--questions",
      SET,
      "--chunker",
      "recursive",
      "--config",
      WHOLE,
      "--k",
      "2",
      "--compare-config",
      small,
    );
    expect(compared.code, compared.stderr).toBe(0);
    const c = JSON.parse(compared.stdout) as EvalOut & {
      difference: Record<string, { b_minus_a: number; ci95: [number, number] }>;
      verdict: string;
    };
    expect(Object.keys(c.difference).sort()).toEqual(Object.keys(out.metrics).sort());
    // Whole documents hold every answer (recall 1); 8-token chunks cannot hold a 30-character one in two.
    expect(c.difference.recall!.b_minus_a).toBeLessThan(0);
    expect(c.difference.recall!.ci95[0]).toBeLessThanOrEqual(c.difference.recall!.b_minus_a);
    expect(c.verdict).toMatch(/recall/);
    expect(c.verdict).toMatch(/precision Ω/);
  });

  it("compares the same chunks retrieved two ways (--compare-retriever), naming B's retrieval", async () => {
    const small = write(path.join(tmp, "small8.json"), JSON.stringify({ chunk_size: 8, chunk_overlap: 0 }));
    const r = await cli(
      "eval",
      "--questions",
      SET,
      "--chunker",
      "recursive",
      "--config",
      small,
      "--k",
      "2",
      "--compare-retriever",
      "hybrid",
      "--local-embedder",
      "tfidf",
    );
    expect(r.code, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout) as EvalOut & {
      retrieval: string;
      contextualize: boolean;
      compared_with: { retriever: string; config: Record<string, unknown>; metrics: Record<string, number> };
      difference: Record<string, { b_minus_a: number; ci95: [number, number] }>;
    };
    expect(c.retriever).toBe("bm25");
    expect(c.retrieval).toBe("flat");
    expect(c.contextualize).toBe(false);
    expect(c.compared_with.retriever).toBe("hybrid");
    expect(c.compared_with.config).toEqual(c.config);
    for (const key of Object.keys(c.metrics))
      expect(c.difference[key]!.b_minus_a).toBeCloseTo(c.compared_with.metrics[key]! - c.metrics[key]!, 12);
    const bad = await cli("eval", "--questions", SET, "--compare-retriever", "psychic");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown --compare-retriever "psychic"');
  });

  it("evaluates hierarchical runs as pipelines retrieve them: children return parents by default", async () => {
    const args = ["eval", "--questions", SET, "--chunker", "hierarchical", "--k", "2"];
    const [byDefault, flat, badMode] = await cliAll([
      args,
      [...args, "--retrieval", "flat"],
      [...args, "--retrieval", "sideways"],
    ]);
    const d = evalOut(byDefault!) as EvalOut & { retrieval: string };
    const f = evalOut(flat!) as EvalOut & { retrieval: string };
    expect(d.retrieval).toBe("children-return-parents");
    expect(f.retrieval).toBe("flat");
    // What is returned is never a child under the default; each parent at most once per question.
    for (const q of d.questions) {
      const ids = q.retrieved.map((c) => c.chunk_id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(badMode!.code).toBe(2);
    expect(badMode!.stderr).toContain('unknown --retrieval "sideways"');
  });

  it("reads Chroma's CSV: ids are data rows, corpus_id a file stem (path ignored), documents from --docs-dir", async () => {
    const refs = (text: string, part: string, content = part) => {
      const { start, end } = span(text, part);
      return JSON.stringify([{ content, start_index: start, end_index: end }]).replaceAll('"', '""');
    };
    const csv = write(
      path.join(QDIR, "chroma.csv"),
      "question,references,corpus_id\n" +
        `What does copper conduct?,"${refs(B, "Copper conducts electricity well.")}",corpora/b\n` +
        `"What is the capital of Freedonia, then?","${refs(A, "The capital of Freedonia is Fredville.", "not what is there")}",a\n`,
    );
    const r = await cli(
      "eval",
      "--questions",
      csv,
      "--docs-dir",
      DOCS,
      "--chunker",
      "recursive",
      "--config",
      WHOLE,
      "--k",
      "1",
    );
    const out = evalOut(r);
    // The second row's content is not what its span holds: a warning naming its line, the span used.
    expect(r.stderr).toMatch(/^warning: line 3: reference 1's content differs from a\.md/m);
    expect(out.k).toBe(1);
    expect(out.questions.map((q) => [q.id, q.doc])).toEqual([
      ["1", "b.md"],
      ["2", "a.md"],
    ]);
    expect(out.questions[1]!.question).toBe("What is the capital of Freedonia, then?");
    // k = 1: only the question's own document, whole.
    for (const q of out.questions) {
      expect(q.retrieved).toHaveLength(1);
      expect(q.retrieved[0]!.doc).toBe(q.doc);
      expect([q.hit, q.rr, q.recall]).toEqual([1, 1, 1]);
    }
    expect(out.questions[0]!.precision).toBeCloseTo(len(REF2) / B.length, 12);
    expect(out.questions[1]!.precision).toBeCloseTo(len(REF1) / A.length, 12);
  });

  it("asks the FILE arguments first, then the set's documents in order of first mention", async () => {
    const out = evalOut(
      await cli(
        "eval",
        C_FILE,
        "--questions",
        MIXED,
        "--chunker",
        "recursive",
        "--config",
        WHOLE,
        "--k",
        "3",
      ),
    );
    const docsOf = (q: QuestionOut) => q.retrieved.map((r) => r.doc);
    const [none, zebra, metal] = out.questions;
    // No word of the question anywhere: every chunk at score 0, in collection order c, a, b.
    expect(docsOf(none!)).toEqual(["c.md", "a.md", "b.md"]);
    expect(none!.retrieved.every((r) => r.score === 0)).toBe(true);
    expect([none!.hit, none!.rr]).toEqual([1, 0.5]);
    expect(none!.precision).toBeCloseTo(5 / (A.length + B.length + C.length), 12);
    expect(docsOf(zebra!)).toEqual(["c.md", "a.md", "b.md"]);
    expect(zebra!.rr).toBe(1);
    expect(docsOf(metal!)).toEqual(["b.md", "c.md", "a.md"]);
    expect(metal!.rr).toBe(1);
    expect(out.metrics.mrr).toBeCloseTo((0.5 + 1 + 1) / 3, 12);
  });

  it("scores a reference that is exactly one token chunk as a perfect retrieval at k 1", async () => {
    const text = [
      "Orchids bloom quietly beside granite cliffs every April morning.",
      "Saxophones echo through crowded jazz cellars until sunrise.",
      "Glaciers carve deep fjords across northern Norway slowly.",
      "Volcanic ash enriches vineyard soil near Catania.",
      "Lighthouse keepers polished brass lenses by candlelight.",
      "Quantum dots emit sharply tuned colours under ultraviolet lamps.",
    ].join(" ");
    const config = { chunk_size: 12, overlap: 0 };
    const file = write(path.join(DOCS, "t.md"), text);
    const run = await runRanges(textDocModel("t", "t.md", text), "token", config, createRunContext());
    expect(run.chunks.length).toBeGreaterThanOrEqual(5);
    const picked = [run.chunks[1]!, run.chunks[3]!];
    const set = write(
      path.join(DOCS, "tok.jsonl"),
      jsonl(
        picked.map((c, i) => ({
          id: `t${i}`,
          question: text.slice(c.start, c.end),
          references: [{ doc: "t.md", start: c.start, end: c.end }],
        })),
      ),
    );
    const cfg = write(path.join(tmp, "token.json"), JSON.stringify(config));
    const out = evalOut(
      await cli("eval", file, "--questions", set, "--chunker", "token", "--config", cfg, "--k", "1"),
    );
    expect(out.chunker).toBe("token");
    out.questions.forEach((q, i) => {
      expect(q.retrieved).toEqual([
        {
          doc: "t.md",
          start: picked[i]!.start,
          end: picked[i]!.end,
          score: expect.any(Number),
          chunk_id: picked[i]!.id,
        },
      ]);
      expect([q.hit, q.rr, q.recall, q.precision, q.iou]).toEqual([1, 1, 1, 1, 1]);
    });
    expect(out.metrics.hit_at_k).toBe(1);
  });

  it("exits 2 for a wrong call or a bad set, 3 for a missing document, with no stack trace", async () => {
    const missingDoc = write(
      path.join(QDIR, "missing.jsonl"),
      jsonl([{ id: "1", question: "Where is it?", references: [{ doc: "nowhere.md", start: 0, end: 3 }] }]),
    );
    const badLine = write(path.join(DOCS, "badline.jsonl"), jsonl(SET_QUESTIONS.slice(0, 2)) + "{not json\n");
    const badColumns = write(path.join(DOCS, "columns.csv"), 'question,refs,corpus\nWhy?,"[]",a\n');
    const outside = write(
      path.join(DOCS, "outside.jsonl"),
      jsonl([
        SET_QUESTIONS[0]!,
        { id: "far", question: "Past the end?", references: [{ doc: "a.md", start: 10, end: A.length + 1 }] },
      ]),
    );
    const badConfig = write(path.join(tmp, "bad.json"), JSON.stringify({ chunk_size: -5 }));
    const rec = ["--chunker", "recursive", "--config", WHOLE];
    const cases: { args: string[]; code: number; says: (string | RegExp)[] }[] = [
      { args: ["eval", ...rec], code: 2, says: ["--questions"] },
      // Argument errors come before the set (or its documents) is read: the set names a missing document.
      { args: ["eval", "--questions", missingDoc, "--retriever", "nope"], code: 2, says: ['"nope"'] },
      { args: ["eval", "--questions", missingDoc, "--k", "0"], code: 2, says: ["--k", '"0"'] },
      { args: ["eval", "--questions", missingDoc, "--k", "x"], code: 2, says: ["--k", '"x"'] },
      { args: ["eval", "--questions", missingDoc, "--retriever", "embed"], code: 2, says: ["--embed-url"] },
      {
        args: ["eval", "--questions", missingDoc, "--chunker", "recursive", "--config", badConfig],
        code: 2,
        says: ["chunk_size"],
      },
      {
        args: ["eval", path.join(tmp, "no-such-file.md"), "--questions", missingDoc, "--chunker", "nope"],
        code: 2,
        says: ['"nope"'],
      },
      { args: ["eval", "--questions", badLine, ...rec], code: 2, says: [badLine, "line 3"] },
      {
        args: ["eval", "--questions", badColumns, ...rec],
        code: 2,
        says: [badColumns, "references", "corpus_id"],
      },
      {
        args: ["eval", "--questions", path.join(tmp, "absent.jsonl"), ...rec],
        code: 2,
        says: ["absent.jsonl"],
      },
      { args: ["eval", "--questions", DOCS, ...rec], code: 2, says: [DOCS] },
      { args: ["eval", "--questions", outside, ...rec], code: 2, says: [outside, "line 2", "a.md"] },
      { args: ["eval", "--questions", missingDoc, ...rec], code: 3, says: ['"nowhere.md"', QDIR] },
      // The set's folder is the default --docs-dir: its documents are elsewhere.
      { args: ["eval", "--questions", SET_AWAY, ...rec], code: 3, says: ['"a.md"', QDIR] },
      // Without the FILE argument that holds it, c is missing.
      { args: ["eval", "--questions", MIXED, ...rec], code: 3, says: ['"c"'] },
    ];
    const results = await cliAll(cases.map((c) => c.args));
    cases.forEach((c, i) => {
      const r = results[i]!;
      const label = `${c.args.slice(1).join(" ")}\n${r.stderr}`;
      expect(r.code, label).toBe(c.code);
      expect(r.stdout, label).toBe("");
      expect(r.stderr, label).toMatch(/^error: /);
      expect(r.stderr, label).not.toContain("    at ");
      for (const s of c.says)
        if (typeof s === "string") expect(r.stderr, label).toContain(s);
        else expect(r.stderr, label).toMatch(s);
    });
  });
});
