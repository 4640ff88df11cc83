/**
 * `npm run bench:e2e`: the workbench's speed as a user feels it, in a real Chromium against the
 * production build, printed as one JSON object. A benchmark, not a test: it exits 0 when a goal is
 * missed (goal_met says so) and non-zero only when it cannot measure.
 *
 * Per document (a ~300-page PDF, a 134-page PDF, and the corpus' 69-page manual and TraceMonkey
 * paper when ../shared/corpus exists):
 *  - drop → first chunk box drawn for the new document, and drop → doc-status "ready";
 *  - re-chunk latency: chunk_size set to 15 new values in turn, each measured inside the page from
 *    the input event to the MutationObserver seeing the new run's boxes drawn (run-status's
 *    data-stage "ranges": stage 1 of DESIGN §3) — `rechunk_ms` — and to run-status "done" with
 *    every score in — `rechunk_done_ms`;
 *  - main-thread long tasks (PerformanceObserver 'longtask') during the load and the re-chunks.
 *
 * On the ~300-page PDF only, three continuous drags (bench/e2e/drag.ts), each ~2 s of small mouse
 * steps: the token chunker's chunk_size slider, late-jaccard's similarity threshold on the chart,
 * and late-jaccard's target_tokens slider — frame rate (and the chart's redraw rate), the longest
 * main-thread task and frame gap during the drag, the runs it triggered, drag end → "done".
 *
 * Once per run, `embedder_load_ms_worker` (bench/e2e/embedderLoad.ts): the engine worker's fetch,
 * checksum and parse of the GloVe word vectors, from its own user-timing entry.
 *
 * Goals: median re-chunk < 150 ms on the ~300-page PDF; longest main-thread task during the
 * re-chunks < 50 ms on every document, and the looser < 200 ms reported too on the 134-page PDF;
 * during a drag no task over 50 ms and ≥ 30 frames (and chart redraws) per second.
 *
 * Expects a build (runs `npm run build` only when it is missing) and starts its own `vite preview`.
 * Environment:
 *  - BENCH_DIST: the build directory to serve (default dist; built there when missing);
 *  - BENCH_PORT: the preview port (default a free one);
 *  - BENCH_DRAGS=0: skip the drag measurements;
 *  - CHROMIUM_PATH: the browser (default /usr/bin/chromium);
 *  - BENCH_CORPUS: the corpus directory (default ../shared/corpus);
 *  - BENCH_DOCS: comma-separated parts of the document names to measure (default all);
 *  - BENCH_SECTIONS: comma-separated report sections to measure (default all): documents,
 *    drag_many_chunks, session, chunker_switch, big_pdf, eval_update, sweep, restore, embedder_load;
 *  - BENCH_INIT_SCRIPT: a .js file run in the page before the app, for what-if experiments such as
 *    a CSS override;
 *  - WORKBENCH_BIG_PDF: the 2,415-page R reference manual (Debian's r-doc-pdf: refman.pdf): opened,
 *    extracted and chunked while the tab's JS heaps are sampled (bench/e2e/bigPdf.ts); skipped with
 *    a message when unset;
 *  - BENCH_TRACE_DIR: write Chrome performance traces of each document's load, re-chunks and drags
 *    there (<name>.load.trace.json, <name>.rechunk.trace.json, <name>.drag-<key>.trace.json, and the
 *    big PDF's opening, <name>.open.trace.json); open
 *    them in DevTools' Performance panel or summarize them with
 *    `npx tsx bench/e2e/trace-summary.ts <trace.json>`.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../e2e/chromium";
import { BODY } from "../../scripts/sample-content";
import { BIG_PDF, measureBigPdf } from "./bigPdf";
import { installRunCounter, measureDrags, type DragResult } from "./drag";
import { measureChunkerSwitch } from "./chunkerSwitch";
import { measureSession } from "./session";
import { MANY_CHUNK_FILES, measureManyChunkDrags, TRACE_CATEGORIES } from "./dragManyChunks";
import { measureEvalUpdate } from "./evalUpdate";
import { measureEmbedderLoad } from "./embedderLoad";
import { measureRestore } from "./restore";
import { measureSweepResponsiveness } from "./sweepResponsive";

const ROOT = resolve(import.meta.dirname, "../..");
/** BENCH_CORPUS overrides it (a directory without the corpus exercises the generated-PDF path). */
const CORPUS = resolve(ROOT, process.env.BENCH_CORPUS ?? "../shared/corpus");
const LARGE_CORPUS_PDF = join(CORPUS, "large-freeculture-352p.pdf");
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
/** The build served: BENCH_DIST (relative to the repository), so parallel builds do not collide. */
const DIST = resolve(ROOT, process.env.BENCH_DIST ?? "dist");
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const DRAGS = process.env.BENCH_DRAGS !== "0";
/** A script run in the page before the app, for what-if experiments (e.g. a CSS override). */
const INIT_SCRIPT = process.env.BENCH_INIT_SCRIPT;
/** Comma-separated parts of document names to measure (default: all). */
const ONLY = process.env.BENCH_DOCS?.split(",").filter(Boolean);
/** Comma-separated report sections to measure (default all): documents, drag_many_chunks, big_pdf, … */
const SECTIONS = process.env.BENCH_SECTIONS?.split(",").filter(Boolean);
const section = (name: string) => !SECTIONS || SECTIONS.includes(name);

/** Fifteen chunk_size values, none the default (512), each giving a different chunk count. */
const CHUNK_SIZES = Array.from({ length: 15 }, (_, i) => 200 + 10 * i);
const LOAD_TIMEOUT_MS = 300_000;
const STEP_TIMEOUT_MS = 60_000;
/** Quiet time after each re-chunk, so one step's trailing work does not land in the next. */
const SETTLE_MS = 300;
const LONG_TASK_MS = 50;

// ---------------------------------------------------------------------------------------------
// In-page probe. These functions are serialized into the page: they may use only their arguments
// and browser globals. (tsx wraps named inner functions in esbuild's __name(); the init script
// below defines it in the page.)

interface LongTask {
  start: number;
  duration: number;
}

interface LoadProbe {
  pages: number;
  sampleCount: string;
  dropAt: number | null;
  sawNotReady: boolean;
  readyAt: number | null;
  /** A box over the new document's pages while the previous document's run is still drawn. */
  staleBoxAt: number | null;
  firstBoxAt: number | null;
  doneAt: number | null;
}

interface StepProbe {
  inputAt: number | null;
  sawRunning: boolean;
  /** The new run's boxes drawn (run-status data-stage "ranges"); its scores may still be computing. */
  drawnAt: number | null;
  /** Every stage in: run-status "done". */
  doneAt: number | null;
  count: string | null;
  /** Boxes in the DOM and pages drawn (with a canvas) when the run was done. */
  boxes: number;
  pagesDrawn: number;
}

interface Probe {
  longTasks: LongTask[];
  load: LoadProbe | null;
  step: StepProbe | null;
  observers: MutationObserver[];
}

type ProbeWindow = Window & { __bench: Probe };

/** Runs before the app on every navigation: collects every main-thread long task from the start. */
function installProbe(): void {
  const probe: Probe = { longTasks: [], load: null, step: null, observers: [] };
  (window as unknown as ProbeWindow).__bench = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
}

/** Arms the load measurement: the drop's time, then doc-status and the boxes as the DOM changes. */
function armLoad(pages: number): void {
  const probe = (window as unknown as ProbeWindow).__bench;
  const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? "";
  const load: LoadProbe = {
    pages,
    sampleCount: text("chunk-count"),
    dropAt: null,
    sawNotReady: false,
    readyAt: null,
    staleBoxAt: null,
    firstBoxAt: null,
    doneAt: null,
  };
  probe.load = load;
  window.addEventListener("drop", () => (load.dropAt ??= performance.now()), { capture: true, once: true });
  const check = () => {
    if (load.dropAt === null) return;
    const now = performance.now();
    const status = text("doc-status");
    if (!status.startsWith("ready")) load.sawNotReady = true;
    else if (load.sawNotReady) load.readyAt ??= now;
    // The new document is on screen once its last page's placeholder exists (the sample has 12).
    if (!document.querySelector(`[data-testid="page-${load.pages}"]`)) return;
    const box = document.querySelector('[data-testid="bbox"]');
    if (box && box.getBoundingClientRect().width > 0) {
      if (text("chunk-count") === load.sampleCount) load.staleBoxAt ??= now;
      else load.firstBoxAt ??= now;
    }
    if (load.firstBoxAt !== null && text("run-status") === "done") load.doneAt ??= now;
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  probe.observers.push(observer);
}

/** Arms the re-chunk measurement: the param input event, then run-status turning "done". */
function armSteps(): void {
  const probe = (window as unknown as ProbeWindow).__bench;
  window.addEventListener(
    "input",
    (event) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target.dataset.testid !== "param-chunk_size") return;
      probe.step = {
        inputAt: performance.now(),
        sawRunning: false,
        drawnAt: null,
        doneAt: null,
        count: null,
        boxes: 0,
        pagesDrawn: 0,
      };
    },
    { capture: true },
  );
  const statusEl = document.querySelector('[data-testid="run-status"]');
  if (!statusEl) throw new Error("no run-status element");
  const observer = new MutationObserver(() => {
    const step = probe.step;
    if (!step || step.doneAt !== null) return;
    const status = statusEl.textContent;
    const stage = statusEl.getAttribute("data-stage");
    if (status === "running" && stage === "none") step.sawRunning = true;
    if (!step.sawRunning) return;
    if (step.drawnAt === null && (stage === "ranges" || stage === "complete")) {
      step.drawnAt = performance.now();
      step.count = document.querySelector('[data-testid="chunk-count"]')?.textContent ?? null;
      step.boxes = document.querySelectorAll('[data-testid="bbox"]').length;
      step.pagesDrawn = document.querySelectorAll("[data-page-number] canvas").length;
    }
    if (status === "done") step.doneAt = performance.now();
  });
  observer.observe(statusEl, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["data-stage"],
  });
  probe.observers.push(observer);
}

// ---------------------------------------------------------------------------------------------
// Node side.

interface DocumentSpec {
  name: string;
  file: string;
  pages: number;
  goals: { medianUnder150?: boolean; longestUnder50?: boolean; longestUnder200?: boolean };
  /** Measure the continuous drags on this document. */
  drags?: boolean;
}

interface StepResult {
  chunk_size: number;
  /** Input → the new run's boxes drawn. */
  ms: number;
  /** Input → every stage in (run-status "done"). */
  done_ms: number;
  count: number;
  boxes: number;
  pages_drawn: number;
  longest_task_ms: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function tasksIn(tasks: LongTask[], from: number, to: number): LongTask[] {
  return tasks.filter((t) => t.start + t.duration > from && t.start < to);
}

function longest(tasks: LongTask[]): number {
  return tasks.reduce((max, t) => Math.max(max, t.duration), 0);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function startPreview(): Promise<{ url: string; server: ChildProcess }> {
  const port = PORT ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  // Its own process group, so stopping it also stops the node process npx starts.
  const args = ["vite", "preview", "--outDir", DIST, "--port", String(port), "--strictPort"];
  const server = spawn("npx", args, {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  server.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite preview exited (${server.exitCode}): ${stderr}`);
    try {
      if ((await fetch(url)).ok) return { url, server };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stopPreview(server);
  throw new Error(`vite preview did not answer at ${url}: ${stderr}`);
}

function stopPreview(server: ChildProcess): void {
  if (server.pid === undefined || server.exitCode !== null) return;
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    server.kill("SIGTERM");
  }
}

function ensureBuild(): void {
  if (existsSync(join(DIST, "index.html"))) return;
  const build = spawnSync("npm", ["run", "build", "--", "--outDir", DIST], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status})`);
}

/** Words of the sample document's paragraphs, without its inline markup. */
function sampleParagraphs(): string[] {
  return BODY.flatMap((block) => (block.kind === "paragraph" ? [block.text.replace(/\*+/g, "")] : []));
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A text PDF of `pages` pages: a heading and flowing paragraphs on every page. */
async function generatePdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const paragraphs = sampleParagraphs();
  const [width, height, margin, size, leading] = [612, 792, 72, 11, 14];
  let next = 0;
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([width, height]);
    let y = height - margin;
    page.drawText(`${n}. Notes on chunking, part ${n}`, { x: margin, y, size: 14, font: bold });
    y -= 28;
    while (y > margin + leading) {
      const lines = wrap(paragraphs[next++ % paragraphs.length]!, font, size, width - 2 * margin);
      for (const line of lines) {
        if (y <= margin) break;
        page.drawText(line, { x: margin, y, size, font });
        y -= leading;
      }
      y -= leading / 2;
    }
    page.drawText(String(n), { x: width / 2, y: margin / 2, size: 9, font });
  }
  return pdf.save();
}

async function firstPages(bytes: Uint8Array, count: number): Promise<Uint8Array> {
  const source = await PDFDocument.load(bytes, { ignoreEncryption: true });
  const out = await PDFDocument.create();
  const copied = await out.copyPages(
    source,
    Array.from({ length: count }, (_, i) => i),
  );
  for (const page of copied) out.addPage(page);
  return out.save();
}

async function pageCount(file: string): Promise<number> {
  return (await PDFDocument.load(readFileSync(file), { ignoreEncryption: true })).getPageCount();
}

/** The documents to measure: corpus PDFs when present, else generated ones. */
async function documents(tmp: string): Promise<DocumentSpec[]> {
  const docs: DocumentSpec[] = [];
  let large = LARGE_CORPUS_PDF;
  if (!existsSync(large)) {
    large = join(tmp, "generated-300p.pdf");
    writeFileSync(large, await generatePdf(300));
  }
  const largePages = await pageCount(large);
  docs.push({
    name: basename(large),
    file: large,
    pages: largePages,
    goals: { medianUnder150: true, longestUnder50: true },
    drags: DRAGS,
  });

  const corpusOthers = ["manual-r-lang-69p.pdf", "paper-tracemonkey.pdf"]
    .map((f) => join(CORPUS, f))
    .filter((f) => existsSync(f));
  let with134: string | undefined;
  for (const file of corpusOthers) if ((await pageCount(file)) === 134) with134 = file;
  if (!with134) {
    with134 = join(tmp, `${basename(large, ".pdf")}-first-134p.pdf`);
    writeFileSync(with134, await firstPages(readFileSync(large), 134));
  }
  docs.push({
    name: basename(with134),
    file: with134,
    pages: 134,
    goals: { longestUnder50: true, longestUnder200: true },
  });
  for (const file of corpusOthers) {
    if (file !== with134)
      docs.push({
        name: basename(file),
        file,
        pages: await pageCount(file),
        goals: { longestUnder50: true },
      });
  }
  return docs;
}

let dropFolder: string | null = null;
let dropCount = 0;
function dropDir(): string {
  if (dropFolder === null) {
    const made = mkdtempSync(join(tmpdir(), "bench-drop-"));
    process.on("exit", () => rmSync(made, { recursive: true, force: true }));
    dropFolder = made;
  }
  return dropFolder;
}

/**
 * Drops a file as the desktop does: a File backed by a file on disk (Playwright hands its path to
 * a throwaway input, as the browser's file picker would), not bytes decoded in the page. Decoding a
 * base64 copy in the page left ~170 MB of the harness's own strings and arrays in the renderer
 * while the 2,415-page manual opened — memory the benchmark counted as the workbench's.
 */
async function dropFile(page: Page, name: string, bytes: Buffer): Promise<void> {
  const input = await page.evaluateHandle(() => {
    const el = document.createElement("input");
    el.type = "file";
    el.hidden = true;
    document.body.append(el);
    return el;
  });
  // A path, not a buffer: Playwright sends a buffer's bytes into the page as base64. The file
  // stays until the benchmark ends: the page reads it after the drop.
  const path = join(dropDir(), `${dropCount++}`, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  await input.setInputFiles(path);
  const transfer = await input.evaluateHandle((el) => {
    const dt = new DataTransfer();
    dt.items.add(el.files![0]!);
    el.remove();
    return dt;
  });
  await input.dispose();
  await page.dispatchEvent("body", "dragover", { dataTransfer: transfer });
  await page.dispatchEvent("body", "drop", { dataTransfer: transfer });
}

const probeOf = (page: Page) => page.evaluate(() => (window as unknown as ProbeWindow).__bench);

/** A Chrome performance trace (every thread, with JS samples) of one document's re-chunks. */
async function startTrace(browser: Browser, page: Page): Promise<boolean> {
  if (!TRACE_DIR) return false;
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  return true;
}

async function stopTrace(browser: Browser, tracing: boolean, name: string, phase: string): Promise<void> {
  if (!tracing || !TRACE_DIR) return;
  const trace = await browser.stopTracing();
  mkdirSync(TRACE_DIR, { recursive: true });
  writeFileSync(join(TRACE_DIR, `${basename(name, ".pdf")}.${phase}.trace.json`), trace);
}

async function measure(browser: Browser, url: string, doc: DocumentSpec) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // esbuild's keepNames helper, referenced by the serialized probe functions (see above).
  await context.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
  await context.addInitScript(installProbe);
  await context.addInitScript(installRunCounter);
  if (INIT_SCRIPT) await context.addInitScript({ path: resolve(INIT_SCRIPT) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  try {
    await page.goto(url);
    await page
      .getByTestId("doc-status")
      .filter({ hasText: /^ready/ })
      .waitFor({ timeout: 60_000 });
    await page
      .getByTestId("run-status")
      .filter({ hasText: /^done$/ })
      .waitFor({ timeout: 60_000 });

    // 1. Drop → first box, drop → ready.
    await page.evaluate(armLoad, doc.pages);
    const tracingLoad = await startTrace(browser, page);
    await dropFile(page, doc.name, readFileSync(doc.file));
    await page.waitForFunction(
      () => (window as unknown as ProbeWindow).__bench.load?.doneAt != null,
      undefined,
      {
        timeout: LOAD_TIMEOUT_MS,
        polling: 250,
      },
    );
    await page.waitForTimeout(1000);
    await stopTrace(browser, tracingLoad, doc.name, "load");
    await page.evaluate(() => {
      const probe = (window as unknown as ProbeWindow).__bench;
      for (const observer of probe.observers.splice(0)) observer.disconnect();
    });
    const afterLoad = await probeOf(page);
    const load = afterLoad.load!;
    const dropAt = load.dropAt!;
    const loadTasks = tasksIn(afterLoad.longTasks, dropAt, load.readyAt!);
    const untilDrawnTasks = tasksIn(afterLoad.longTasks, dropAt, load.doneAt!);

    // 2–3. Re-chunks.
    await page.evaluate(armSteps);
    const tracing = await startTrace(browser, page);
    const input = page.getByTestId("param-chunk_size");
    const seqStart = await page.evaluate(() => performance.now());
    const steps: StepResult[] = [];
    const unchanged: number[] = [];
    let previousCount = Number(await page.getByTestId("chunk-count").textContent());
    for (const size of CHUNK_SIZES) {
      await input.fill(String(size));
      await page.waitForFunction(
        () => (window as unknown as ProbeWindow).__bench.step?.doneAt != null,
        undefined,
        {
          timeout: STEP_TIMEOUT_MS,
          polling: "raf",
        },
      );
      await page.waitForTimeout(SETTLE_MS);
      const probe = await probeOf(page);
      const step = probe.step!;
      const count = Number(step.count);
      if (count === previousCount) unchanged.push(size);
      previousCount = count;
      steps.push({
        chunk_size: size,
        ms: round(step.drawnAt! - step.inputAt!),
        done_ms: round(step.doneAt! - step.inputAt!),
        count,
        boxes: step.boxes,
        pages_drawn: step.pagesDrawn,
        longest_task_ms: round(longest(tasksIn(probe.longTasks, step.inputAt!, step.doneAt! + SETTLE_MS))),
      });
    }
    const seqEnd = await page.evaluate(() => performance.now());
    await stopTrace(browser, tracing, doc.name, "rechunk");
    const final = await probeOf(page);
    const rechunkTasks = tasksIn(final.longTasks, seqStart, seqEnd);
    const times = steps.map((s) => s.ms);
    const rechunk = {
      median: round(median(times)),
      p90: round(percentile(times, 90)),
      max: round(Math.max(...times)),
      n: times.length,
    };
    const doneTimes = steps.map((s) => s.done_ms);
    const rechunkDone = {
      median: round(median(doneTimes)),
      p90: round(percentile(doneTimes, 90)),
      max: round(Math.max(...doneTimes)),
      n: doneTimes.length,
    };
    const longestRechunkTask = round(longest(rechunkTasks));

    // 4. Continuous drags.
    const drags: DragResult[] = doc.drags
      ? await measureDrags(page, async (phase, run) => {
          const tracingDrag = await startTrace(browser, page);
          const result = await run();
          await stopTrace(browser, tracingDrag, doc.name, phase);
          return result;
        })
      : [];

    const goals: Record<string, { goal: string; value: number; goal_met: boolean }> = {};
    if (doc.goals.medianUnder150)
      goals.median_rechunk = { goal: "< 150 ms", value: rechunk.median, goal_met: rechunk.median < 150 };
    if (doc.goals.longestUnder50)
      goals.longest_task_during_rechunk_50 = {
        goal: "< 50 ms",
        value: longestRechunkTask,
        goal_met: longestRechunkTask < 50,
      };
    if (doc.goals.longestUnder200)
      goals.longest_task_during_rechunk_200 = {
        goal: "< 200 ms",
        value: longestRechunkTask,
        goal_met: longestRechunkTask < 200,
      };

    return {
      name: doc.name,
      pages: doc.pages,
      drop_to_first_box_ms: round(load.firstBoxAt! - dropAt),
      drop_to_ready_ms: round(load.readyAt! - dropAt),
      drop_to_first_run_done_ms: round(load.doneAt! - dropAt),
      // Boxes of the previous document's run drawn over the new document's pages, if that happened.
      drop_to_stale_box_ms: load.staleBoxAt === null ? null : round(load.staleBoxAt - dropAt),
      chunk_count: previousCount,
      // Input → the new run's boxes drawn (stage 1); rechunk_done_ms: → every score in too.
      rechunk_ms: rechunk,
      rechunk_done_ms: rechunkDone,
      longest_task_ms_during_rechunk: longestRechunkTask,
      long_tasks_over_50ms_during_rechunk: rechunkTasks.filter((t) => t.duration > LONG_TASK_MS).length,
      longest_task_ms_during_load: round(longest(loadTasks)),
      long_tasks_over_50ms_during_load: loadTasks.filter((t) => t.duration > LONG_TASK_MS).length,
      longest_task_ms_until_first_run_drawn: round(longest(untilDrawnTasks)),
      steps,
      ...(drags.length > 0 ? { drags } : {}),
      ...(unchanged.length > 0 ? { chunk_count_unchanged_at: unchanged } : {}),
      ...(errors.length > 0 ? { page_errors: errors } : {}),
      goals,
    };
  } finally {
    await context.close();
  }
}

/**
 * What loads before the first paint: the entry script and the scripts and styles index.html
 * preloads, in KB (the lazily loaded pdf.js, charts and dialogs are not among them).
 */
function mainBundleKb(): number {
  const html = readFileSync(join(DIST, "index.html"), "utf8");
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const bytes = [...new Set(assets)].reduce((sum, a) => sum + readFileSync(join(DIST, a)).length, 0);
  return Math.round(bytes / 1024);
}

async function main(): Promise<void> {
  ensureBuild();
  const tmp = mkdtempSync(join(tmpdir(), "workbench-speed-"));
  const { url, server } = await startPreview();
  let browser: Browser | undefined;
  try {
    const docs = (await documents(tmp)).filter((d) => !ONLY || ONLY.some((part) => d.name.includes(part)));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const b = browser;
    const results = [];
    if (section("documents"))
      for (const doc of docs) {
        process.stderr.write(`measuring ${doc.name} (${doc.pages} pages)…\n`);
        results.push(await measure(b, url, doc));
      }
    let manyChunks = null;
    if (section("drag_many_chunks")) {
      process.stderr.write("measuring chunk_size drags from one-token chunks to 512…\n");
      manyChunks = await measureManyChunkDrags(b, url, MANY_CHUNK_FILES(CORPUS), dropFile);
    }
    let session = null;
    if (section("session")) {
      process.stderr.write(
        "measuring the drag in a session (four documents, questions, compare, a sweep)…\n",
      );
      session = await measureSession(
        b,
        url,
        {
          book: LARGE_CORPUS_PDF,
          manual: join(CORPUS, "manual-r-lang-69p.pdf"),
          paper: join(CORPUS, "paper-tracemonkey.pdf"),
        },
        dropFile,
      );
    }
    let switches = null;
    if (section("chunker_switch")) {
      process.stderr.write("measuring each chunker's switch on the R manual…\n");
      switches = await measureChunkerSwitch(b, url, join(CORPUS, "manual-r-lang-69p.pdf"), dropFile);
    }
    let big = null;
    if (section("big_pdf")) {
      if (BIG_PDF) process.stderr.write(`measuring ${BIG_PDF} (heap while opening and chunking)…\n`);
      else
        process.stderr.write(
          "skipping the big PDF: set WORKBENCH_BIG_PDF to the R reference manual's path\n",
        );
      big = await measureBigPdf(b, url, dropFile);
    }
    let evalUpdate = null;
    if (section("eval_update")) {
      process.stderr.write("measuring the evaluation panel on Chroma's corpora…\n");
      evalUpdate = await measureEvalUpdate(b, url);
    }
    let sweep = null;
    if (section("sweep")) {
      process.stderr.write("measuring the page while a sweep runs…\n");
      sweep = await measureSweepResponsiveness(b, url);
    }
    let restore = null;
    if (section("restore")) {
      process.stderr.write("measuring a workspace restore (the book and two manuals)…\n");
      restore = await measureRestore(b, url, CORPUS);
    }
    let embedderLoad = null;
    if (section("embedder_load")) {
      process.stderr.write("measuring the engine worker's load of the GloVe word vectors…\n");
      embedderLoad = await measureEmbedderLoad(b, url);
    }
    const report = {
      chromium: browser.version(),
      node: process.version,
      corpus: existsSync(CORPUS),
      chunk_sizes: CHUNK_SIZES,
      main_bundle_kb: mainBundleKb(),
      big_pdf_peak_heap_mb: big?.peak_heap_mb ?? null,
      eval_update_ms: evalUpdate?.eval_update_ms ?? null,
      eval_update: evalUpdate?.eval_update ?? { skipped: "../shared/eval/chroma is missing or not measured" },
      longest_task_during_sweep_ms: sweep?.longest_task_ms ?? null,
      restore_first_page_ms: restore?.restore_first_page_ms ?? null,
      restore_chunks_ms: restore?.restore_chunks_ms ?? null,
      restore: restore?.restore ?? { skipped: "the corpus is missing or not measured" },
      embedder_load_ms_worker: embedderLoad?.embedder_load_ms_worker ?? null,
      embedder_load: embedderLoad?.embedder_load ?? null,
      sweep,
      big_pdf: big ?? { skipped: "WORKBENCH_BIG_PDF is not set or not measured" },
      drag_many_chunks: manyChunks ?? { skipped: "not measured" },
      session: session ?? { skipped: "the corpus is missing or not measured" },
      chunker_switch_ms: switches?.chunker_switch_ms ?? { skipped: "the corpus is missing or not measured" },
      chunker_switch: switches,
      documents: results,
    };
    process.stdout.write(JSON.stringify(report, null, 2) + "\n");
  } finally {
    await browser?.close();
    stopPreview(server);
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `workbench-speed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
