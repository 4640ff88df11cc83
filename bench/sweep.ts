/**
 * The sweep benchmark (DESIGN §9, §11): the 48-point grid — recursive with Chroma's separators,
 * chunk_size 100…800 × chunk_overlap 0…200 by 40 (4 points skipped) — over the five Chroma corpora
 * and their 472 questions with bm25, k 5. `sweep_ms`: the whole CLI command with 2 workers, as a
 * user runs it (goal ≤ 30 s); `sweep_speedup`: the worker-thread pool with 2 workers against 1,
 * timed around the pool in one process (goal ≥ 1.6×); `sweep.two_processes_speedup`: the 1-worker
 * command run twice at once against once alone — how much two cores give this work when its copies
 * run independently, a reference beside the pool's figure.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CHROMA_SEPARATORS } from "../src/core/chunkers/recursive/meta";
import { textDocModel } from "../src/core/document";
import { parseQuestionSet } from "../src/core/eval/questions";
import { expandSpace, parseSweepSpace } from "../src/core/sweep/space";
import { runSweepPool } from "../src/cli/sweepPool";
import { alternate, median, ROUNDS } from "./rounds";

const ROOT = resolve(import.meta.dirname, "..");
const CHROMA = resolve(ROOT, "../shared/eval/chroma");
const CORPORA = ["chatlogs", "finance", "pubmed", "state_of_the_union", "wikitexts"];
const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

const BENCH_SPACE = {
  chunkers: [
    {
      chunker: "recursive",
      params: {
        chunk_size: { min: 100, max: 800, step: 100 },
        chunk_overlap: { min: 0, max: 200, step: 40 },
        separators: [[...CHROMA_SEPARATORS]],
      },
    },
  ],
};

export async function benchSweep(): Promise<Record<string, unknown> | null> {
  if (!existsSync(join(CHROMA, "questions_df.csv"))) {
    process.stderr.write("bench: ../shared/eval/chroma is missing: sweep_ms skipped\n");
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-sweep-"));
  const spaceFile = join(dir, "space.json");
  writeFileSync(spaceFile, JSON.stringify(BENCH_SPACE));
  const cli = (workers: number) =>
    new Promise<{ ms: number; stdout: string }>((resolve, reject) => {
      const t0 = performance.now();
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "src/cli/main.ts",
          "sweep",
          "--space",
          spaceFile,
          "--questions",
          join(CHROMA, "questions_df.csv"),
          "--docs-dir",
          join(CHROMA, "corpora"),
          "--workers",
          String(workers),
        ],
        { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("error", reject);
      child.on("exit", (code) =>
        code === 0
          ? resolve({ ms: performance.now() - t0, stdout })
          : reject(new Error(`sweep --workers ${workers} failed (${code}): ${stderr}`)),
      );
    });
  const withTwo = await cli(2);
  const sweepMs = withTwo.ms;
  const out = withTwo.stdout.trim().split("\n");
  // The ceiling: the 1-worker command alone, and twice at once as two processes sharing nothing,
  // in alternating order over the rounds.
  const ceiling = await alternate(
    ROUNDS,
    async () => (await cli(1)).ms,
    async () => {
      const t1 = performance.now();
      await Promise.all([cli(1), cli(1)]);
      return performance.now() - t1;
    },
  );
  const aloneMs = median(ceiling.a);
  const twiceMs = median(ceiling.b);
  const front = (JSON.parse(out.at(-1)!) as { pareto: number[] }).pareto;

  const docs = CORPORA.map((n) =>
    textDocModel(n, `${n}.md`, readFileSync(join(CHROMA, "corpora", `${n}.md`), "utf8")),
  );
  const set = parseQuestionSet(readFileSync(join(CHROMA, "questions_df.csv"), "utf8"), "questions_df.csv");
  const points = expandSpace(parseSweepSpace(BENCH_SPACE));
  const pool = async (workers: number) => {
    const start = performance.now();
    let readyAt = start;
    await runSweepPool(
      points,
      { docs, settings: { set, docIds: [], k: 5, retriever: "bm25" }, endpoints: {} },
      workers,
      () => undefined,
      () => (readyAt = performance.now()),
    );
    const end = performance.now();
    return { total: end - start, points: end - readyAt };
  };
  const pools = await alternate(
    ROUNDS,
    () => pool(1),
    () => pool(2),
  );
  const one = { total: median(pools.a.map((p) => p.total)), points: median(pools.a.map((p) => p.points)) };
  const two = { total: median(pools.b.map((p) => p.total)), points: median(pools.b.map((p) => p.points)) };
  const twoProcessesSpeedup = (2 * aloneMs) / twiceMs;
  return {
    sweep_ms: round(sweepMs),
    sweep_speedup: round(one.total / two.total, 2),
    sweep: {
      points: points.length,
      skipped: points.filter((p) => p.skipped).length,
      pareto: front.length,
      pool_1_worker_ms: round(one.total),
      pool_2_workers_ms: round(two.total),
      // Once every worker has loaded (tsx compiles each thread's TypeScript): the points alone.
      points_1_worker_ms: round(one.points),
      points_2_workers_ms: round(two.points),
      points_speedup: round(one.points / two.points, 2),
      // The whole command (each its own process), 1 worker, and twice at once: what two cores give
      // this work when nothing is shared — a reference for sweep_speedup on the machine measured.
      cli_1_worker_ms: round(aloneMs),
      cli_two_processes_ms: round(twiceMs),
      two_processes_speedup: round(twoProcessesSpeedup, 2),
      // Issue 27's goal: the pool reaches ≥ 0.85 of what two independent processes gain.
      pool_share_of_two_processes: round((one.total / two.total - 1) / (twoProcessesSpeedup - 1), 2),
      rounds: ROUNDS,
    },
  };
}
