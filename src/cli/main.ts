/**
 * The headless twin of the workbench (DESIGN §5). Stdout carries data only (JSON or JSONL);
 * messages go to stderr. Exit codes: 0 success, 2 bad arguments or config, 3 unusable input.
 */
import { parseArgs } from "node:util";
import { constants } from "node:fs";
import { access, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { chunkerSummaries, getChunker } from "../core/chunkers/registry";
import { validConfig } from "../core/config";
import { runReport } from "../core/runReport";
import { recordOptionsFor, toCsv, toJsonl } from "../core/export/chunkRecords";
import {
  CONFIG_FORMAT_IDS,
  ConfigImportError,
  exportConfig,
  importConfig,
  SecretInConfigError,
} from "../core/export/formats";
import { EngineHost } from "../host/engine";
import { EvaluationHost } from "../host/evaluation";
import { QuestionSetError } from "../core/eval/errors";
import { exitCodeOf, OutputError, UsageError } from "../host/errors";
import { extractPdfBytes } from "../pdf/node";
import { assertHasText, pageProblems } from "../pdf/problems";
import { endpointsFromFlags, ENDPOINT_FLAG_OPTIONS } from "./endpoints";
import { DEFAULT_MAX_BYTES, loadDocument } from "./input";
import { jsonPieces, writePieces } from "./streamOut";
import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import type { Chunk } from "../core/chunk";
import { loadCollection, readQuestionSet, retrievalFlags } from "./retrieval";
import { runSweepPool } from "./sweepPool";
import { paretoFront, type SweepLine } from "../core/sweep/result";
import { expandSpace, parseSweepSpace, SweepSpaceError } from "../core/sweep/space";
import { availableParallelism } from "node:os";

const USAGE = `usage: npm run -s cli -- COMMAND …
  extract FILE [--password P] [--max-bytes N] --json
  chunk FILE [--chunker ID] [--config F] [--password P] [--out F] [--format jsonl|csv] [--csv-raw]
        [--stats F] [--tenant T] [--doc-class C] [--collection K] [--max-bytes N]
        [--embed-url URL --embed-model M] [--llm-url URL --llm-model M] [--key-env VAR]
  eval --questions F [--docs-dir D] [FILE…] [--chunker ID] [--config F] [--k 5]
       [--retriever bm25|embed|local] [--password P] [--max-bytes N] [endpoint flags]
  sweep --space F [--questions F] [--docs-dir D] [FILE…] [--k 5] [--retriever bm25|embed|local]
        [--workers N] [--password P] [--max-bytes N] [endpoint flags]
  chunkers --json
  export --chunker ID [--config F] --format NAME [--out F]
    NAME: ${CONFIG_FORMAT_IDS.join(", ")}`;

/** One process, one engine: the same host the browser's engine worker runs. */
const host = new EngineHost(extractPdfBytes, Number.POSITIVE_INFINITY);
const evaluation = new EvaluationHost(host);

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "extract":
      return extract(rest);
    case "chunk":
      return chunk(rest);
    case "chunkers":
      return chunkers(rest);
    case "eval":
      return evalCommand(rest);
    case "sweep":
      return sweepCommand(rest);
    case "export":
      return exportCommand(rest);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stderr.write(USAGE + "\n");
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

function parse<T extends Record<string, { type: "string" | "boolean" }>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function oneFile(positionals: string[]): string {
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0 ? "missing FILE" : `expected one FILE, got ${positionals.length}`,
    );
  return positionals[0]!;
}

/** --max-bytes N: a positive integer, else a usage error before any input is read. */
function maxBytesOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MAX_BYTES;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`--max-bytes must be a positive whole number of bytes, got "${value}"`);
  return n;
}

async function extract(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    password: { type: "string" },
    json: { type: "boolean" },
    "max-bytes": { type: "string" },
  });
  const file = oneFile(positionals);
  const maxBytes = maxBytesOf(values["max-bytes"]);
  const doc = await loadDocument(host, file, values.password, maxBytes);
  reportPages(doc);
  assertHasText(doc);
  await writePieces(process.stdout, [
    ...jsonPieces(doc as unknown as Record<string, unknown>, ["runs", "pages"]),
    "\n",
  ]);
  return 0;
}

async function chunk(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    chunker: { type: "string" },
    config: { type: "string" },
    password: { type: "string" },
    out: { type: "string" },
    format: { type: "string" },
    stats: { type: "string" },
    "csv-raw": { type: "boolean" },
    "max-bytes": { type: "string" },
    tenant: { type: "string" },
    "doc-class": { type: "string" },
    collection: { type: "string" },
    ...ENDPOINT_FLAG_OPTIONS,
  });
  const file = oneFile(positionals);
  const endpoints = endpointsFromFlags(values, process.env);
  const format = values.format ?? "jsonl";
  if (format !== "jsonl" && format !== "csv")
    throw new UsageError(`unknown --format "${format}" (jsonl or csv)`);
  const { chunker, config: given } = await chunkerAndConfig(values.chunker, values.config);
  getChunker(chunker); // an unknown chunker is a usage error before any input is read
  const config = withRoutingContext(chunker, given, {
    tenant: values.tenant,
    doc_class: values["doc-class"],
    collection_id: values.collection,
  });
  resolveConfigOrThrow(chunker, config);
  for (const out of [values.out, values.stats]) if (out) await assertWritable(out);
  const maxBytes = maxBytesOf(values["max-bytes"]);
  if (values["llm-url"] !== undefined && chunker !== "agentic" && chunker !== "hybrid")
    process.stderr.write(
      `warning: --llm-url is not used by ${chunker}: only agentic and hybrid ask an LLM\n`,
    );

  const doc = await loadDocument(host, file, values.password, maxBytes);
  reportPages(doc);
  assertHasText(doc);
  // One process is one run: the seed's per-minute limit applies within it; the day's budget starts
  // from zero (the CLI keeps no state between invocations). A failed endpoint fails fast (host).
  host.setEndpoints(endpoints);
  const run = await host.runAll({
    docId: doc.id,
    chunker,
    config,
    llmTokensUsedToday: 0,
    sourcePath: path.resolve(file),
  });
  for (const warning of run.warnings) process.stderr.write(`warning: ${warning}\n`);
  if (values.stats) await writeOutput(values.stats, JSON.stringify(runReport(run)) + "\n");
  const records = { ...recordOptionsFor(doc, chunker), csvRaw: values["csv-raw"] === true };
  // JSONL goes out a batch of chunks at a time: a 2,415-page manual's lines are never one string.
  const pieces = format === "csv" ? [toCsv(run.chunks, records)] : jsonlPieces(run.chunks, records);
  if (values.out) {
    await writeOutputPieces(values.out, pieces);
    process.stderr.write(`${run.chunks.length} chunks (${chunker}) written to ${values.out}\n`);
  } else {
    await writePieces(process.stdout, pieces);
  }
  return 0;
}

/**
 * `eval` (DESIGN §8): a question set asked of the documents it names (found in --docs-dir, by
 * default the set's own folder, as <name>.md|.txt|.pdf) and of the FILE arguments, each chunked with
 * the config under test; one JSON object out. Arguments, config and the set are checked before any
 * document is read.
 */
async function evalCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    questions: { type: "string" },
    "docs-dir": { type: "string" },
    chunker: { type: "string" },
    config: { type: "string" },
    k: { type: "string" },
    retriever: { type: "string" },
    password: { type: "string" },
    "max-bytes": { type: "string" },
    ...ENDPOINT_FLAG_OPTIONS,
  });
  if (!values.questions)
    throw new UsageError("missing --questions F (Chroma's CSV or the workbench's JSONL)");
  const endpoints = endpointsFromFlags(values, process.env);
  const { chunker, config } = await chunkerAndConfig(values.chunker, values.config);
  getChunker(chunker);
  resolveConfigOrThrow(chunker, config);
  const { k, retriever } = retrievalFlags(values, endpoints);
  const maxBytes = maxBytesOf(values["max-bytes"]);
  const set = await readQuestionSet(values.questions);
  const docsDir = values["docs-dir"] ?? path.dirname(values.questions);
  const docs = await loadCollection(host, set, positionals, docsDir, { password: values.password, maxBytes });
  for (const doc of docs) reportPages(doc);
  host.setEndpoints(endpoints);
  const result = await evaluation
    .evaluate({ set, chunker, config, k, retriever, docIds: docs.map((d) => d.id) })
    .catch((err: unknown) => {
      // A span outside its text is found once the documents are read: the message names the set too.
      if (err instanceof QuestionSetError) throw new QuestionSetError(`${values.questions}: ${err.message}`);
      throw err;
    });
  for (const warning of result.warnings) process.stderr.write(`warning: ${warning}\n`);
  process.stdout.write(
    JSON.stringify({
      chunker: result.chunker,
      config: result.config,
      retriever: result.retriever,
      k: result.k,
      metrics: result.metrics,
      questions: result.questions.map((q) => ({
        id: q.id,
        question: q.question,
        doc: q.doc,
        recall: q.recall,
        precision: q.precision,
        iou: q.iou,
        precision_omega: q.precision_omega,
        hit: q.hit,
        rr: q.rr,
        retrieved: q.retrieved,
      })),
    }) + "\n",
  );
  return 0;
}

/**
 * `sweep` (DESIGN §9): every point of a space chunked and evaluated (or scored by quality without a
 * question set) in a pool of worker threads; one JSON line per point in space order, then
 * {"pareto": [...]}. The space, flags and set are checked before any document is read.
 */
async function sweepCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    space: { type: "string" },
    questions: { type: "string" },
    "docs-dir": { type: "string" },
    k: { type: "string" },
    retriever: { type: "string" },
    workers: { type: "string" },
    password: { type: "string" },
    "max-bytes": { type: "string" },
    ...ENDPOINT_FLAG_OPTIONS,
  });
  if (!values.space) throw new UsageError("missing --space F (a JSON sweep space, DESIGN §9)");
  const endpoints = endpointsFromFlags(values, process.env);
  const { k, retriever } = retrievalFlags(values, endpoints);
  const workers =
    values.workers === undefined ? Math.max(1, availableParallelism() - 1) : Number(values.workers);
  if (!Number.isSafeInteger(workers) || workers < 1 || !/^\d*$/.test(values.workers ?? ""))
    throw new UsageError(`--workers must be a whole number from 1, got "${values.workers}"`);
  const maxBytes = maxBytesOf(values["max-bytes"]);
  const points = expandSpace(await readSweepSpace(values.space));
  const set = values.questions ? await readQuestionSet(values.questions) : null;
  if (!set && positionals.length === 0)
    throw new UsageError("sweep needs documents: FILE arguments, or --questions naming them");
  const docsDir = values["docs-dir"] ?? (values.questions ? path.dirname(values.questions) : ".");
  const docs = await loadCollection(host, set, positionals, docsDir, { password: values.password, maxBytes });
  for (const doc of docs) reportPages(doc);
  if (set)
    new EvaluationHost(host).collection(
      set,
      docs.map((d) => d.id),
    );

  const started = performance.now();
  let done = 0;
  const progress = (line: SweepLine) => {
    done++;
    const elapsed = (performance.now() - started) / 1000;
    const left = done === 0 ? 0 : (elapsed / done) * (points.length - done);
    const status = line.skipped ? "skipped" : line.error ? `error: ${line.error}` : `${line.ms} ms`;
    process.stderr.write(`sweep: ${done}/${points.length} (${status}), ~${Math.round(left)} s left\n`);
  };
  const lines = await runSweepPool(
    points,
    {
      docs,
      settings: { set, docIds: docs.map((d) => d.id), k, retriever },
      endpoints,
    },
    workers,
    (line) => {
      progress(line);
      process.stdout.write(JSON.stringify(line) + "\n");
    },
  );
  process.stdout.write(JSON.stringify({ pareto: paretoFront(lines) }) + "\n");
  return 0;
}

async function readSweepSpace(file: string) {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new UsageError(
      `cannot read space ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  try {
    return parseSweepSpace(JSON.parse(text));
  } catch (err) {
    if (err instanceof SyntaxError) throw new UsageError(`${file} is not JSON: ${err.message}`);
    if (err instanceof SweepSpaceError) throw new UsageError(`${file}: ${err.message}`);
    throw err;
  }
}

/**
 * `--config` holds the chunker's keys (JSON, YAML or TOML; then `--chunker` says whose), or a
 * workbench export {"version", "chunker", "config"}, or a seed file the export command writes
 * (thorbis-yaml, header-toml, noesis-routing) — those name their chunker themselves.
 */
async function chunkerAndConfig(chunkerFlag: string | undefined, configPath: string | undefined) {
  if (!configPath) return { chunker: chunkerFlag ?? "token", config: {} };
  let text: string;
  try {
    text = await readFile(configPath, "utf8");
  } catch (err) {
    throw new UsageError(`cannot read config ${configPath}: ${(err as Error).message}`);
  }
  try {
    const { chunker, config } = importConfig(text, { chunker: chunkerFlag });
    return { chunker, config };
  } catch (err) {
    if (err instanceof ConfigImportError && err.problem === "chunker-missing")
      throw new UsageError(`${configPath} holds config keys only: say which chunker with --chunker`);
    if (err instanceof ConfigImportError && err.problem === "chunker-mismatch")
      throw new UsageError(`--chunker ${chunkerFlag}: ${configPath}: ${err.message}`);
    if (err instanceof ConfigImportError || err instanceof SecretInConfigError)
      throw new UsageError(`cannot read config ${configPath}: ${err.message}`);
    throw err;
  }
}

async function exportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    chunker: { type: "string" },
    config: { type: "string" },
    format: { type: "string" },
    out: { type: "string" },
  });
  if (positionals.length > 0) throw new UsageError(`export takes no FILE (got ${positionals.join(" ")})`);
  if (!values.format) throw new UsageError(`missing --format (${CONFIG_FORMAT_IDS.join(", ")})`);
  if (!values.chunker && !values.config) throw new UsageError("missing --chunker");
  const { chunker, config } = await chunkerAndConfig(values.chunker, values.config);
  getChunker(chunker); // an unknown chunker is a usage error, whatever the format
  const data = exportConfig(values.format, chunker, config);
  if (values.out) {
    await writeOutput(values.out, data);
    process.stderr.write(`${chunker} config (${values.format}) written to ${values.out}\n`);
  } else {
    process.stdout.write(data);
  }
  return 0;
}

function* jsonlPieces(chunks: readonly Chunk[], records: Parameters<typeof toJsonl>[1]): Generator<string> {
  for (let i = 0; i < chunks.length; i += 500) yield toJsonl(chunks.slice(i, i + 500), records);
}

/** An output file written piece by piece; one that cannot be written is a usage error naming the path. */
async function writeOutputPieces(file: string, pieces: Iterable<string>): Promise<void> {
  let stream: WriteStream | undefined;
  try {
    stream = createWriteStream(file);
    const failed = once(stream, "error").then(([err]) => {
      throw err;
    });
    await Promise.race([writePieces(stream, pieces), failed]);
    stream.end();
    await Promise.race([once(stream, "finish"), failed]);
  } catch (err) {
    stream?.destroy();
    throw new UsageError(
      `cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

/** An output that cannot be written is a usage error naming the path (exit 2), not a stack trace. */
async function writeOutput(file: string, data: string): Promise<void> {
  try {
    await writeFile(file, data);
  } catch (err) {
    throw new UsageError(
      `cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

/** Fails before any input is read when an output's folder is missing or read-only. */
async function assertWritable(file: string): Promise<void> {
  try {
    const existing = await stat(file).catch(() => null);
    if (existing?.isDirectory()) throw Object.assign(new Error("a folder"), { code: "EISDIR" });
    await access(path.dirname(path.resolve(file)), constants.W_OK);
  } catch (err) {
    throw new OutputError(
      `cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

type RoutingFlags = {
  tenant?: string | undefined;
  doc_class?: string | undefined;
  collection_id?: string | undefined;
};

/**
 * hybrid's routing context from --tenant / --doc-class / --collection, over what the config holds
 * (DESIGN §5); the flags mean nothing to another chunker, so they are refused there.
 */
function withRoutingContext(
  chunker: string,
  config: Record<string, unknown>,
  flags: RoutingFlags,
): Record<string, unknown> {
  const given = Object.entries(flags).filter((e): e is [string, string] => e[1] !== undefined);
  if (given.length === 0) return config;
  if (chunker !== "hybrid")
    throw new UsageError(`--tenant, --doc-class and --collection route the hybrid chunker, not ${chunker}`);
  const routing = (config.routing ?? {}) as Record<string, unknown>;
  const context = { ...((routing.context ?? {}) as Record<string, unknown>), ...Object.fromEntries(given) };
  return { ...config, routing: { rules: routing.rules ?? null, ...routing, context } };
}

/** Config values are checked before any input is read (DESIGN §5). */
function resolveConfigOrThrow(chunker: string, config: Record<string, unknown>): void {
  validConfig(getChunker(chunker), config);
}

async function chunkers(args: string[]): Promise<number> {
  parse(args, { json: { type: "boolean" } });
  process.stdout.write(JSON.stringify(chunkerSummaries(), null, 2) + "\n");
  return 0;
}

function reportPages(doc: Parameters<typeof pageProblems>[0]): void {
  for (const line of pageProblems(doc)) process.stderr.write(`warning: ${line}\n`);
}

// Output cut short by a closed pipe (`| head`) ends the run quietly, as POSIX tools do (DESIGN §5).
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code === "EPIPE") process.exit(0);
  process.stderr.write(`error: cannot write to standard output: ${err.code ?? err.message}\n`);
  process.exit(2);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const code = exitCodeOf(err);
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`error: ${message}\n`);
    if (code === 2 && err instanceof UsageError) process.stderr.write(USAGE + "\n");
    if (code === 1 && err instanceof Error && err.stack) process.stderr.write(err.stack + "\n");
    process.exitCode = code;
  },
);
