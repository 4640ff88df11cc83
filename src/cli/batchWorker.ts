/**
 * A batch worker thread (DESIGN §10): chunks the inputs it is sent, one at a time, exactly as
 * `chunk` does (chunkFile), and writes each output to a temporary name beside it, renamed into place
 * once complete. A file that fails is a reply with its error, never a crash of the thread.
 */
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { parentPort, threadId, workerData } from "node:worker_threads";
import { EngineHost } from "../host/engine";
import { extractPdfBytes } from "../pdf/node";
import { chunkFile, runJsonlPieces, writeOutputPieces } from "./chunkFile";

export interface BatchWorkerData {
  chunker: string;
  config: Record<string, unknown>;
  maxBytes: number;
  /** `--ocr`: image-only pages recognized (this thread runs its own recognizer). */
  ocr: boolean;
}

export interface BatchJob {
  index: number;
  source: string;
  output: string;
}

export interface BatchReply {
  index: number;
  id: string | null;
  pages: number | null;
  chunks: number | null;
  /** The output's size once renamed into place; null when the input failed. */
  bytes: number | null;
  error: string | null;
  /** Page problems and the run's warnings, as `chunk` prints them on stderr. */
  warnings: string[];
  ms: number;
}

const data = workerData as BatchWorkerData;

async function chunkOne(job: BatchJob): Promise<BatchReply> {
  const started = performance.now();
  const warnings: string[] = [];
  // Unique to this process and thread: two runs on one OUT never write the same temporary file.
  const temp = `${job.output}.partial-${process.pid}-${threadId}`;
  let opened: { id: string; pages: number } | null = null;
  try {
    // A host per file: the token streams and runs a document caches go with it, so a worker's
    // memory follows the file at hand, not the files it has done.
    const host = new EngineHost(extractPdfBytes, 1);
    const { doc, run } = await chunkFile(
      host,
      job.source,
      { chunker: data.chunker, config: data.config, maxBytes: data.maxBytes, ocr: data.ocr },
      (line) => warnings.push(line),
    );
    opened = { id: doc.id, pages: doc.pages.length };
    await mkdir(path.dirname(job.output), { recursive: true });
    await writeOutputPieces(temp, runJsonlPieces(doc, run, data.chunker));
    await rename(temp, job.output);
    const { size } = await stat(job.output);
    return {
      index: job.index,
      ...opened,
      chunks: run.chunks.length,
      bytes: size,
      error: null,
      warnings,
      ms: Math.round(performance.now() - started),
    };
  } catch (err) {
    await rm(temp, { force: true }).catch((cleanup: unknown) =>
      warnings.push(`could not remove ${temp}: ${(cleanup as Error).message}`),
    );
    return {
      index: job.index,
      id: opened?.id ?? null,
      pages: opened?.pages ?? null,
      chunks: null,
      bytes: null,
      error: err instanceof Error ? err.message : String(err),
      warnings,
      ms: Math.round(performance.now() - started),
    };
  }
}

// Loaded (its TypeScript compiled): the pool may send inputs now.
parentPort!.postMessage({ ready: true });
parentPort!.on("message", (job: BatchJob) => {
  void chunkOne(job).then((reply) => parentPort!.postMessage(reply));
});
