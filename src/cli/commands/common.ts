/**
 * What the CLI's commands share (DESIGN §5): argument parsing and the flags several commands take,
 * output files, config reading, and the engine host, made lazily.
 */
import { parseArgs } from "node:util";
import { constants } from "node:fs";
import { access, readFile, realpath, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { getChunker } from "../../core/chunkers/registry";
import { validConfig } from "../../core/config";
import { ConfigImportError, importConfig, SecretInConfigError } from "../../core/export/formats";
import { EngineHost } from "../../host/engine";
import { EvaluationHost } from "../../host/evaluation";
import { OutputError, UsageError } from "../../host/errors";
import { EXTRACTION_HEAP_MB, limitedPdfExtractor, type ExtractionLimits } from "../limitedExtract";
import { pageProblems } from "../../pdf/problems";
import { DEFAULT_MAX_BYTES } from "../input";
import type { Shard } from "../batchManifest";
import { SchemaError } from "../../core/schema/errors";
import { parseOutsideJson } from "../../core/schema/json";
import { parseSweepSpace, SweepSpaceError } from "../../core/sweep/space";
import { availableParallelism } from "node:os";
import { DEFAULT_LOCAL_EMBEDDER, type SessionEndpoints } from "../../core/providers/session";
import { readWordVectorsFile } from "../wordVectorsFile";
import { FURNITURE_SETTINGS, type FurnitureSetting } from "../../core/document";

/**
 * One process, one engine: the same host the browser's engine worker runs — made on first use, so a
 * command that reads no document (chunkers, export, similarity) never loads it.
 */
let engine: EngineHost | undefined;
/** The limits each PDF is extracted under (DESIGN §12); `--timeout` sets the time one. */
const extractionLimits: ExtractionLimits = { heapMb: EXTRACTION_HEAP_MB };

/** `--timeout SECONDS` for every PDF this process extracts (extract, chunk, eval, sweep). */
export function setExtractionTimeout(seconds: number | undefined): void {
  extractionLimits.timeoutSeconds = seconds;
}

export function engineHost(): EngineHost {
  if (!engine) {
    // Each PDF in its own thread under a heap limit (and --timeout): a hostile file costs a thread.
    engine = new EngineHost(
      limitedPdfExtractor(() => extractionLimits),
      Number.POSITIVE_INFINITY,
    );
    engine.providers.useWordVectors(readWordVectorsFile);
  }
  return engine;
}

let evaluation: EvaluationHost | undefined;
export function evaluationHost(): EvaluationHost {
  return (evaluation ??= new EvaluationHost(engineHost()));
}

export function parse<T extends Record<string, { type: "string" | "boolean" }>>(args: string[], options: T) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true, tokens: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  // A flag given twice would silently take its last value (`--format csv --format jsonl`).
  const seen = new Map<string, string | undefined>();
  for (const token of parsed.tokens) {
    if (token.kind !== "option") continue;
    if (seen.has(token.name))
      throw new UsageError(
        `--${token.name} is given twice${token.value !== undefined ? ` ("${seen.get(token.name) ?? ""}", then "${token.value}")` : ""}: give it once`,
      );
    seen.set(token.name, token.value);
  }
  const { tokens: _tokens, ...rest } = parsed;
  return rest;
}

export function oneFile(positionals: string[]): string {
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0 ? "missing FILE" : `expected one FILE, got ${positionals.length}`,
    );
  return positionals[0]!;
}

/** --max-bytes N: a positive integer, else a usage error before any input is read. */
export function maxBytesOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MAX_BYTES;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`--max-bytes must be a positive whole number of bytes, got "${value}"`);
  return n;
}

/**
 * Without an embedding endpoint the local embedder scores (coherence, late-embedding, the local
 * retriever): a missing or corrupt GloVe asset stops the CLI here with a typed error (exit 3), never
 * a silent switch to lexical. `--local-embedder tfidf` needs no asset.
 */
export async function assertLocalEmbedderReady(endpoints: SessionEndpoints): Promise<void> {
  if (endpoints.embedding || (endpoints.localEmbedder ?? DEFAULT_LOCAL_EMBEDDER) !== "glove") return;
  await engineHost().providers.wordVectors();
}

/** --furniture drop|keep (DESIGN §12): page furniture left out of the text (the default) or kept. */
export function furnitureOf(value: string | undefined): FurnitureSetting {
  if (value === undefined) return "drop";
  if (!(FURNITURE_SETTINGS as readonly string[]).includes(value))
    throw new UsageError(`--furniture must be drop or keep, got "${value}"`);
  return value as FurnitureSetting;
}

/** --workers N: a whole number from 1; by default the cores but one (at least 1). */
export function workersOf(value: string | undefined): number {
  if (value === undefined) return Math.max(1, availableParallelism() - 1);
  const workers = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(workers) || workers < 1)
    throw new UsageError(`--workers must be a whole number from 1, got "${value}"`);
  return workers;
}

/**
 * `--timeout SECONDS` (DESIGN §12): a positive number of seconds, at most a day; `fallback` when the
 * flag is absent (batch: 300 per input; elsewhere none).
 */
export function timeoutOf(value: string | undefined, fallback: number | undefined): number | undefined {
  if (value === undefined) return fallback;
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(seconds > 0) || seconds > 86_400)
    throw new UsageError(`--timeout must be a number of seconds from 0.1 to 86400, got "${value}"`);
  return seconds;
}

/** --shard i/n: shard i (0-based) of n. */
export function shardFlag(value: string | undefined): Shard | null {
  if (value === undefined) return null;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(count) || count < 1 || index >= count)
    throw new UsageError(`--shard must be i/n with 0 ≤ i < n (i 0-based), got "${value}"`);
  return { index, count };
}

export async function readSweepSpace(file: string) {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new UsageError(
      `cannot read space ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  // The space is outside input: read by the schema layer's JSON reader (depth, prototype keys),
  // refused with one line naming what is wrong — no usage text, the call itself was right.
  try {
    return parseSweepSpace(parseOutsideJson(text, file));
  } catch (err) {
    if (err instanceof SchemaError) throw err;
    if (err instanceof SweepSpaceError) throw new SchemaError("", `${file}: ${err.message}`);
    throw err;
  }
}

/**
 * `--config` holds the chunker's keys (JSON, YAML or TOML; then `--chunker` says whose), or a
 * workbench export {"version", "chunker", "config"}, or a seed file the export command writes
 * (thorbis-yaml, header-toml, noesis-routing) — those name their chunker themselves.
 */
export async function chunkerAndConfig(chunkerFlag: string | undefined, configPath: string | undefined) {
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

/** An output that cannot be written is a usage error naming the path (exit 2), not a stack trace. */
export async function writeOutput(file: string, data: string): Promise<void> {
  try {
    await writeFile(file, data);
  } catch (err) {
    // The call was right; the place to write is not (a full disk, a read-only file): one line.
    throw new OutputError(
      `cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

/** Fails before any input is read when an output's folder is missing or read-only. */
export async function assertWritable(file: string, inputs: readonly string[] = []): Promise<void> {
  // Writing over an input would lose it before it is read whole (issue 29: `--out` = FILE).
  const target = await realOrResolved(file);
  for (const input of inputs)
    if ((await realOrResolved(input)) === target)
      throw new OutputError(`--out ${file} is the input itself: choose another file to write`);
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

/** A path's real location (symlinks followed) when it exists, else its absolute form. */
async function realOrResolved(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch (err) {
    // Not there yet (an output to create) or not readable: compared by its absolute path.
    if ((err as NodeJS.ErrnoException).code === undefined) throw err;
    return path.resolve(file);
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
export function withRoutingContext(
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
export function resolveConfigOrThrow(chunker: string, config: Record<string, unknown>): void {
  validConfig(getChunker(chunker), config);
}

export function reportPages(doc: Parameters<typeof pageProblems>[0]): void {
  for (const line of pageProblems(doc)) process.stderr.write(`warning: ${line}\n`);
}

/** `--ocr` progress and skipped pages on stderr, one line each. */
export const OCR_ON_STDERR = {
  onProgress: (done: number, total: number) =>
    process.stderr.write(`ocr: page ${done}/${total} recognized\n`),
  onWarning: (message: string) => process.stderr.write(`warning: ocr: ${message}\n`),
};
