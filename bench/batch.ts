/**
 * The batch benchmark (DESIGN §10, §11): `batch --chunker token` over the 19 PDFs of
 * ../shared/corpus (the encrypted, corrupt and image-only ones fail as manifest lines, as they
 * would in a real folder) and the Debian manuals found on the machine — gnuplot's, R's admin
 * manual, reportlab's — plus WORKBENCH_BIG_PDF (the 2,415-page R reference manual) when it is set.
 * Each run is the whole CLI command, as a user runs it, with 1 and then 2 worker threads:
 * `batch_pages_per_s_1`, `batch_pages_per_s_2` (pages chunked per second of wall time, the
 * threads' start included), `batch_speedup` (2 over 1) and `batch_peak_rss_mb` (the process's peak
 * resident memory with 2 workers: both threads together, through bench/peakRss.ts).
 * `batch.two_processes_speedup`: the same 1-worker batch run twice at once, as two processes that
 * share nothing, against one run alone (twice the work over the time both take): how much two cores
 * of this machine give this work when its copies run independently — a reference measured in the
 * same run, which the pool's speed-up is read beside.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { alternate, median, ROUNDS } from "./rounds";

const ROOT = resolve(import.meta.dirname, "..");
const CORPUS = resolve(ROOT, "../shared/corpus");
const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/** PDFs under /usr/share/doc/<package>* (Debian's documentation packages), when installed. */
function debianPdfs(packagePrefix: string): string[] {
  const doc = "/usr/share/doc";
  if (!existsSync(doc)) return [];
  return readdirSync(doc)
    .filter((name) => name.startsWith(packagePrefix))
    .flatMap((name) =>
      readdirSync(join(doc, name), { recursive: true })
        .map(String)
        .filter((file) => file.endsWith(".pdf"))
        .map((file) => join(doc, name, file)),
    );
}

function batchInputs(): string[] {
  const corpus = readdirSync(CORPUS)
    .filter((f) => f.endsWith(".pdf"))
    .map((f) => join(CORPUS, f));
  const manuals = [
    ...debianPdfs("gnuplot"),
    ...["/usr/share/R/doc/manual/R-admin.pdf", "/usr/share/doc/r-doc-pdf/manual/R-admin.pdf"]
      .filter(existsSync)
      .slice(0, 1),
    ...debianPdfs("python3-reportlab"),
    ...debianPdfs("python-reportlab"),
    ...debianPdfs("reportlab"),
  ];
  const big = process.env.WORKBENCH_BIG_PDF;
  if (!big || !existsSync(big))
    process.stderr.write("bench: WORKBENCH_BIG_PDF is not set: batch runs without the 2,415-page manual\n");
  return [...new Set([...corpus, ...manuals, ...(big && existsSync(big) ? [big] : [])])];
}

interface BatchRun {
  ms: number;
  pages: number;
  ok: number;
  failed: number;
  peakRssMb: number;
}

/** Each run its own output and RSS file: a batch into an earlier run's output would resume it. */
let runSeq = 0;

function runBatch(inputs: string[], workers: number, dir: string): BatchRun {
  const seq = ++runSeq;
  const out = join(dir, `out-${workers}-${seq}`);
  const rssFile = join(dir, `rss-${workers}-${seq}`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, batchArgs(inputs, workers, out), {
    cwd: ROOT,
    env: { ...process.env, PEAK_RSS_FILE: rssFile },
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
  });
  const ms = performance.now() - t0;
  // 4: some inputs failed — the corpus's encrypted, corrupt and image-only PDFs do, by design.
  if (r.status !== 0 && r.status !== 4)
    throw new Error(`batch --workers ${workers} failed (${r.status}): ${r.stderr}`);
  const lines = readFileSync(join(out, "manifest.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { status: string; pages: number | null });
  const ok = lines.filter((l) => l.status === "ok");
  return {
    ms,
    pages: ok.reduce((sum, l) => sum + (l.pages ?? 0), 0),
    ok: ok.length,
    failed: lines.length - ok.length,
    peakRssMb: Math.round(Number(readFileSync(rssFile, "utf8")) / 1024),
  };
}

/** `batch` as a user runs it, through peakRss.ts (which writes the peak to PEAK_RSS_FILE). */
function batchArgs(inputs: string[], workers: number, out: string): string[] {
  return [
    "--import",
    "tsx",
    "bench/peakRss.ts",
    "batch",
    ...inputs,
    "--chunker",
    "token",
    "--out",
    out,
    "--workers",
    String(workers),
  ];
}

/** Wall time of two 1-worker batches started together (each its own process and output). */
async function twoBatchesAtOnce(inputs: string[], dir: string): Promise<number> {
  const seq = ++runSeq;
  const t0 = performance.now();
  await Promise.all(
    ["a", "b"].map(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(process.execPath, batchArgs(inputs, 1, join(dir, `twice-${name}-${seq}`)), {
            cwd: ROOT,
            env: { ...process.env, PEAK_RSS_FILE: join(dir, `rss-twice-${name}-${seq}`) },
            stdio: "ignore",
          });
          child.on("error", reject);
          child.on("exit", (code) =>
            code === 0 || code === 4 ? resolve() : reject(new Error(`batch (twice, ${name}) exited ${code}`)),
          );
        }),
    ),
  );
  return performance.now() - t0;
}

interface BatchFigures {
  batch_pages_per_s_1: number;
  batch_pages_per_s_2: number;
  batch_speedup: number;
  batch_peak_rss_mb: number;
  batch: Record<string, number>;
}

export async function benchBatch(): Promise<BatchFigures | null> {
  if (!existsSync(CORPUS)) {
    process.stderr.write("bench: ../shared/corpus is missing: batch_pages_per_s skipped\n");
    return null;
  }
  const inputs = batchInputs();
  const dir = mkdtempSync(join(tmpdir(), "bench-batch-"));
  try {
    // 1 and 2 workers in alternating order over the rounds; each side's median run reported.
    const runs = await alternate(
      ROUNDS,
      () => runBatch(inputs, 1, dir),
      () => runBatch(inputs, 2, dir),
    );
    const middle = (list: BatchRun[]) => list.find((r) => r.ms === median(list.map((x) => x.ms))) ?? list[0]!;
    const one = middle(runs.a);
    const two = middle(runs.b);
    const twice: number[] = [];
    for (let r = 0; r < ROUNDS; r++) twice.push(await twoBatchesAtOnce(inputs, dir));
    const twiceMs = median(twice);
    const perSecond = (run: BatchRun) => round(run.pages / (run.ms / 1000));
    return {
      batch_pages_per_s_1: perSecond(one),
      batch_pages_per_s_2: perSecond(two),
      batch_speedup: round(one.ms / two.ms, 2),
      batch_peak_rss_mb: two.peakRssMb,
      batch: {
        inputs: inputs.length,
        ok: two.ok,
        failed: two.failed,
        pages: two.pages,
        ms_1_worker: round(one.ms),
        ms_2_workers: round(two.ms),
        peak_rss_mb_1_worker: one.peakRssMb,
        two_processes_ms: round(twiceMs),
        two_processes_speedup: round((2 * one.ms) / twiceMs, 2),
        rounds: ROUNDS,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
