/**
 * `batch`'s manifest (DESIGN §10): one JSON line per input, `{file, id, pages, chunks, status,
 * error, ms}`, plus `config_hash` (the chunker and its resolved config, so `--resume` can tell an
 * output made with the same ones) and `bytes` (the output's size, so it can tell a complete one).
 *
 * The manifest is written line by line to `<name>.partial` as inputs finish — each line after its
 * output was renamed into place — and renamed to `<name>` at the end. A run that dies leaves the
 * partial file behind; `--resume` reads it along with every finished manifest in OUT.
 */
import type { FurnitureSetting } from "../core/document";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { lstat, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { stableJson } from "../host/engine";

type BatchStatus = "ok" | "failed" | "skipped";

export interface ManifestLine {
  /** The input's path relative to the folder it was found in (a file given: its name). */
  file: string;
  /** The DocModel's id; null when the input could not be opened. */
  id: string | null;
  pages: number | null;
  chunks: number | null;
  status: BatchStatus;
  /** Why the input failed; null unless it did. */
  error: string | null;
  ms: number;
  config_hash: string;
  /** The output's size in bytes; null without an output. */
  bytes: number | null;
}

export interface Shard {
  index: number;
  count: number;
}

/** `manifest.jsonl`, or `manifest-<i>-of-<n>.jsonl` for a shard, so shards can share one OUT. */
export function manifestName(shard: Shard | null): string {
  return shard ? `manifest-${shard.index}-of-${shard.count}.jsonl` : "manifest.jsonl";
}

/** Every manifest `batch` writes in OUT, finished or left partial by a run that died. */
const MANIFEST_FILE = /^manifest(-\d+-of-\d+)?\.jsonl(\.partial)?$/;

/** A name a manifest of OUT may take (an input's folder named so would collide with it). */
export function isManifestName(name: string): boolean {
  return MANIFEST_FILE.test(name);
}

/** The chunker and its resolved config as one hash: the same pair, the same output for an input. */
export function configHash(
  chunker: string,
  config: Record<string, unknown>,
  ocr = false,
  furniture: FurnitureSetting = "drop",
): string {
  // The furniture setting is always named: outputs from before it existed kept the furniture in.
  const identity: Record<string, unknown> = { chunker, config, furniture };
  if (ocr) identity.ocr = ocr;
  return createHash("sha256").update(stableJson(identity)).digest("hex");
}

/** The output file of an input: `OUT/<relative path>.jsonl`. */
export function outputPath(outDir: string, file: string): string {
  return path.join(outDir, ...file.split("/")) + ".jsonl";
}

/**
 * The outputs OUT's manifests say were completed (status ok or skipped), by input: every such line,
 * from every manifest (a shard count may have changed since), partial ones included. Lines cut short
 * by a run that died are not JSON and say nothing.
 */
export async function readCompletedOutputs(outDir: string): Promise<Map<string, ManifestLine[]>> {
  const completed = new Map<string, ManifestLine[]>();
  let names: string[];
  try {
    names = (await readdir(outDir)).filter((n) => MANIFEST_FILE.test(n)).sort();
  } catch (err) {
    // A fresh OUT has nothing to resume; any other failure to list it is the caller's to report.
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return completed;
    throw err;
  }
  for (const name of names) {
    // Only regular files: a folder or a link loop under a manifest's name holds no lines.
    if (!(await lstat(path.join(outDir, name))).isFile()) continue;
    const lines = createInterface({ input: createReadStream(path.join(outDir, name)), crlfDelay: Infinity });
    for await (const text of lines) {
      const line = parseLine(text);
      if (!line || (line.status !== "ok" && line.status !== "skipped")) continue;
      const known = completed.get(line.file);
      if (known) known.push(line);
      else completed.set(line.file, [line]);
    }
  }
  return completed;
}

function parseLine(text: string): ManifestLine | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The last line of a manifest whose run was killed mid-write: it names no completed output.
    return null;
  }
  const line = value as Partial<ManifestLine> | null;
  return line &&
    typeof line === "object" &&
    typeof line.file === "string" &&
    typeof line.config_hash === "string"
    ? (line as ManifestLine)
    : null;
}

/**
 * The earlier line that lets `--resume` skip `file`: made with the same chunker and config, and its
 * output still there at the size it had when complete (a temporary or cut-short one is redone).
 */
export async function completedLine(
  outDir: string,
  file: string,
  hash: string,
  completed: ReadonlyMap<string, readonly ManifestLine[]>,
): Promise<ManifestLine | null> {
  const candidates = (completed.get(file) ?? []).filter((l) => l.config_hash === hash && l.bytes !== null);
  if (candidates.length === 0) return null;
  const size = await stat(outputPath(outDir, file)).then(
    (s) => (s.isFile() ? s.size : null),
    // No output (deleted, never renamed into place): not complete, so redone.
    () => null,
  );
  return candidates.findLast((l) => l.bytes === size) ?? null;
}
