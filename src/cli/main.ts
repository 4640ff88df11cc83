/**
 * The headless twin of the workbench (DESIGN §5). Stdout carries data only (JSON or JSONL);
 * messages go to stderr. Exit codes: 0 success, 2 bad arguments or config, 3 unusable input, 4 some
 * of a batch's inputs failed.
 */
import { stopNodeOcr } from "../pdf/ocrNode";
import { parseArgs } from "node:util";
import { constants } from "node:fs";
import { access, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { chunkerSummaries, getChunker } from "../core/chunkers/registry";
import { validConfig } from "../core/config";
import { runReport } from "../core/runReport";
import { recordOptionsFor, toCsv } from "../core/export/chunkRecords";
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
import { chunkFile, runJsonlPieces, writeOutputPieces } from "./chunkFile";
import { loadCollection, readQuestionSet, retrievalFlags } from "./retrieval";
import { runSweepPool } from "./sweepPool";
import { runBatch } from "./batch";
import type { Shard } from "./batchManifest";
import { paretoFront, type SweepLine } from "../core/sweep/result";
import { expandSpace, parseSweepSpace, SweepSpaceError } from "../core/sweep/space";
import { availableParallelism } from "node:os";
import { EmbedderError } from "../core/providers/embedder";
import { DEFAULT_LOCAL_EMBEDDER, type SessionEndpoints } from "../core/providers/session";
import { readWordVectorsFile } from "./wordVectorsFile";
import { textSimilarity } from "./similarity";
import { FURNITURE_SETTINGS, type FurnitureSetting } from "../core/document";

const USAGE = `usage: npm run -s cli -- COMMAND …
  extract FILE [--password P] [--max-bytes N] [--furniture drop|keep] --json
  chunk FILE [--chunker ID] [--config F] [--password P] [--out F] [--format jsonl|csv] [--csv-raw]
        [--stats F] [--tenant T] [--doc-class C] [--collection K] [--max-bytes N] [--furniture drop|keep]
        [--embed-url URL --embed-model M] [--llm-url URL --llm-model M] [--key-env VAR]
        [--local-embedder glove|tfidf]
  eval --questions F [--docs-dir D] [FILE…] [--chunker ID] [--config F] [--k 5]
       [--retriever bm25|embed|local] [--password P] [--max-bytes N] [--furniture drop|keep]
       [endpoint flags]
  sweep --space F [--questions F] [--docs-dir D] [FILE…] [--k 5] [--retriever bm25|embed|local]
        [--workers N] [--password P] [--max-bytes N] [--furniture drop|keep] [endpoint flags]
  batch DIR|FILE… --chunker ID [--config F] --out DIR [--workers N] [--shard i/n] [--resume]
        [--furniture drop|keep]
  curve FILE [--local-embedder glove|tfidf] [--embed-url URL --embed-model M] [--furniture drop|keep]
        [--password P] [--max-bytes N]
  similarity TEXT_A TEXT_B [endpoint flags]
  chunkers --json
  export --chunker ID [--config F] --format NAME [--out F]
    NAME: ${CONFIG_FORMAT_IDS.join(", ")}`;

/** One process, one engine: the same host the browser's engine worker runs. */
const host = new EngineHost(extractPdfBytes, Number.POSITIVE_INFINITY);
host.providers.useWordVectors(readWordVectorsFile);
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
    case "batch":
      return batchCommand(rest);
    case "export":
      return exportCommand(rest);
    case "similarity":
      return similarityCommand(rest);
    case "curve":
      return curveCommand(rest);
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
    ocr: { type: "boolean" },
    furniture: { type: "string" },
  });
  const file = oneFile(positionals);
  const maxBytes = maxBytesOf(values["max-bytes"]);
  const furniture = furnitureOf(values.furniture);
  const doc = await loadDocument(host, file, {
    password: values.password,
    maxBytes,
    ocr: values.ocr ? OCR_ON_STDERR : undefined,
    furniture,
  });
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
    ocr: { type: "boolean" },
    furniture: { type: "string" },
    ...ENDPOINT_FLAG_OPTIONS,
  });
  const file = oneFile(positionals);
  const endpoints = endpointsFromFlags(values, process.env);
  const furniture = furnitureOf(values.furniture);
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

  // Setting endpoints opens no connection; a failed endpoint fails the run fast (host).
  host.setEndpoints(endpoints);
  await assertLocalEmbedderReady(endpoints);
  const { doc, run } = await chunkFile(
    host,
    file,
    {
      chunker,
      config,
      password: values.password,
      maxBytes,
      furniture,
      ...(values.ocr ? { ocr: true, progress: (line: string) => process.stderr.write(line + "\n") } : {}),
    },
    (line) => process.stderr.write(`warning: ${line}\n`),
  );
  if (values.stats) await writeOutput(values.stats, JSON.stringify(runReport(run)) + "\n");
  const pieces =
    format === "csv"
      ? [toCsv(run.chunks, { ...recordOptionsFor(doc, chunker), csvRaw: values["csv-raw"] === true })]
      : runJsonlPieces(doc, run, chunker);
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
    furniture: { type: "string" },
    ...ENDPOINT_FLAG_OPTIONS,
  });
  const furniture = furnitureOf(values.furniture);
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
  const docs = await loadCollection(host, set, positionals, docsDir, {
    password: values.password,
    maxBytes,
    furniture,
  });
  for (const doc of docs) reportPages(doc);
  host.setEndpoints(endpoints);
  await assertLocalEmbedderReady(endpoints);
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
    furniture: { type: "string" },
    ...ENDPOINT_FLAG_OPTIONS,
  });
  const furniture = furnitureOf(values.furniture);
  if (!values.space) throw new UsageError("missing --space F (a JSON sweep space, DESIGN §9)");
  const endpoints = endpointsFromFlags(values, process.env);
  const { k, retriever } = retrievalFlags(values, endpoints);
  const workers = workersOf(values.workers);
  const maxBytes = maxBytesOf(values["max-bytes"]);
  host.setEndpoints(endpoints);
  await assertLocalEmbedderReady(endpoints);
  const points = expandSpace(await readSweepSpace(values.space));
  const set = values.questions ? await readQuestionSet(values.questions) : null;
  if (!set && positionals.length === 0)
    throw new UsageError("sweep needs documents: FILE arguments, or --questions naming them");
  const docsDir = values["docs-dir"] ?? (values.questions ? path.dirname(values.questions) : ".");
  const docs = await loadCollection(host, set, positionals, docsDir, {
    password: values.password,
    maxBytes,
    furniture,
  });
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

/**
 * Without an embedding endpoint the local embedder scores (coherence, late-embedding, the local
 * retriever): a missing or corrupt GloVe asset stops the CLI here with a typed error (exit 3), never
 * a silent switch to lexical. `--local-embedder tfidf` needs no asset.
 */
async function assertLocalEmbedderReady(endpoints: SessionEndpoints): Promise<void> {
  if (endpoints.embedding || (endpoints.localEmbedder ?? DEFAULT_LOCAL_EMBEDDER) !== "glove") return;
  await host.providers.wordVectors();
}

/** `similarity TEXT_A TEXT_B [endpoint flags]` → one JSON line {"model", "cosine"} (DESIGN §5). */
async function similarityCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { ...ENDPOINT_FLAG_OPTIONS });
  if (positionals.length !== 2)
    throw new UsageError(`similarity takes two texts (TEXT_A TEXT_B), got ${positionals.length}`);
  const endpoints = endpointsFromFlags(values, process.env);
  host.setEndpoints(endpoints);
  await assertLocalEmbedderReady(endpoints);
  let result;
  try {
    result = await textSimilarity(host.providers, positionals[0]!, positionals[1]!);
  } catch (err) {
    // An endpoint's failure is the endpoint's, said in one line (no stack trace reaches the user).
    if (!(err instanceof EmbedderError)) throw err;
    process.stderr.write(`error: the embedding endpoint failed: ${err.reason}\n`);
    return 1;
  }
  if (result.warning) process.stderr.write(`warning: ${result.warning}\n`);
  process.stdout.write(JSON.stringify({ model: result.model, cosine: result.cosine }) + "\n");
  return 0;
}

/** --furniture drop|keep (DESIGN §12): page furniture left out of the text (the default) or kept. */
function furnitureOf(value: string | undefined): FurnitureSetting {
  if (value === undefined) return "drop";
  if (!(FURNITURE_SETTINGS as readonly string[]).includes(value))
    throw new UsageError(`--furniture must be drop or keep, got "${value}"`);
  return value as FurnitureSetting;
}

/**
 * `curve FILE` (DESIGN §12): the adjacent-sentence similarity curve the chart draws for the same
 * document and embedder, one JSON line per gap {offset, value, start, end}.
 */
async function curveCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    password: { type: "string" },
    "max-bytes": { type: "string" },
    furniture: { type: "string" },
    ...ENDPOINT_FLAG_OPTIONS,
  });
  const file = oneFile(positionals);
  const endpoints = endpointsFromFlags(values, process.env);
  const furniture = furnitureOf(values.furniture);
  const maxBytes = maxBytesOf(values["max-bytes"]);
  host.setEndpoints(endpoints);
  await assertLocalEmbedderReady(endpoints);
  const doc = await loadDocument(host, file, { password: values.password, maxBytes, furniture });
  reportPages(doc);
  assertHasText(doc);
  const curve = await host.similarityCurve(doc.id);
  if (curve.warning) process.stderr.write(`warning: ${curve.warning}\n`);
  process.stderr.write(`curve: ${curve.points.length} gaps, embedder ${curve.embedderLabel}\n`);
  await writePieces(
    process.stdout,
    curve.points.map(
      (p) => JSON.stringify({ offset: p.offset, value: p.value, start: p.start, end: p.end }) + "\n",
    ),
  );
  return 0;
}

/** --workers N: a whole number from 1; by default the cores but one (at least 1). */
function workersOf(value: string | undefined): number {
  if (value === undefined) return Math.max(1, availableParallelism() - 1);
  const workers = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(workers) || workers < 1)
    throw new UsageError(`--workers must be a whole number from 1, got "${value}"`);
  return workers;
}

/**
 * `batch` (DESIGN §10): DIR|FILE… chunked in a pool of worker threads, each input to
 * OUT/<relative path>.jsonl (what `chunk` prints for it), one manifest line per input. Flags, config
 * and OUT are checked before any input is read.
 */
async function batchCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    chunker: { type: "string" },
    config: { type: "string" },
    out: { type: "string" },
    workers: { type: "string" },
    shard: { type: "string" },
    resume: { type: "boolean" },
    ocr: { type: "boolean" },
    furniture: { type: "string" },
  });
  const furniture = furnitureOf(values.furniture);
  if (!values.chunker && !values.config) throw new UsageError("missing --chunker ID");
  if (!values.out) throw new UsageError("missing --out DIR (the folder for the outputs and the manifest)");
  if (positionals.length === 0) throw new UsageError("missing DIR|FILE: the folders and files to chunk");
  const { chunker, config } = await chunkerAndConfig(values.chunker, values.config);
  const resolvedConfig = validConfig(getChunker(chunker), config) as Record<string, unknown>;
  return runBatch({
    args: positionals,
    chunker,
    config,
    resolvedConfig,
    maxBytes: DEFAULT_MAX_BYTES,
    ocr: values.ocr === true,
    furniture,
    outDir: values.out,
    workers: workersOf(values.workers),
    shard: shardFlag(values.shard),
    resume: values.resume === true,
  });
}

/** --shard i/n: shard i (0-based) of n. */
function shardFlag(value: string | undefined): Shard | null {
  if (value === undefined) return null;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(count) || count < 1 || index >= count)
    throw new UsageError(`--shard must be i/n with 0 ≤ i < n (i 0-based), got "${value}"`);
  return { index, count };
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

/** `--ocr` progress and skipped pages on stderr, one line each. */
const OCR_ON_STDERR = {
  onProgress: (done: number, total: number) =>
    process.stderr.write(`ocr: page ${done}/${total} recognized\n`),
  onWarning: (message: string) => process.stderr.write(`warning: ocr: ${message}\n`),
};

main(process.argv.slice(2))
  // tesseract's thread (started by --ocr) would keep the process alive.
  .finally(stopNodeOcr)
  .then(
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
