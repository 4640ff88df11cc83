/** `batch` (DESIGN §5). */
import { getChunker } from "../../core/chunkers/registry";
import { validConfig } from "../../core/config";
import { UsageError } from "../../host/errors";
import { DEFAULT_MAX_BYTES } from "../input";
import { runBatch } from "../batch";
import { chunkerAndConfig, furnitureOf, parse, shardFlag, timeoutOf, workersOf } from "./common";

/** DESIGN §12: one input that never finishes must not hold a batch thread for good. */
const BATCH_TIMEOUT_SECONDS = 300;

/**
 * `batch` (DESIGN §10): DIR|FILE… chunked in a pool of worker threads, each input to
 * OUT/<relative path>.jsonl (what `chunk` prints for it), one manifest line per input. Flags, config
 * and OUT are checked before any input is read.
 */
export async function batchCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    chunker: { type: "string" },
    config: { type: "string" },
    out: { type: "string" },
    workers: { type: "string" },
    shard: { type: "string" },
    resume: { type: "boolean" },
    ocr: { type: "boolean" },
    furniture: { type: "string" },
    timeout: { type: "string" },
  });
  const furniture = furnitureOf(values.furniture);
  const timeoutSeconds = timeoutOf(values.timeout, BATCH_TIMEOUT_SECONDS)!;
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
    timeoutSeconds,
  });
}
