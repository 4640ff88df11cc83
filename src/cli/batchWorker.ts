/**
 * A batch worker thread (DESIGN §10): chunks the inputs it is sent, one at a time, exactly as
 * `chunk` does (chunkFile), and writes each output to a temporary name beside it, renamed into place
 * once complete. A big PDF comes in pieces: each thread reads a part of its pages ("part"), and one
 * joins the parts into the model one pass would make and chunks it ("file" with `parts`). A file
 * that fails is a reply with its error, never a crash of the thread.
 */
import type { FurnitureSetting } from "../core/document";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { parentPort, threadId, workerData } from "node:worker_threads";
import { EngineHost } from "../host/engine";
import {
  extractPdfBytes,
  extractPdfBytesFromParts,
  extractPdfPartBytes,
  type PageExtract,
} from "../pdf/node";
import { readCapped } from "./input";
import { chunkFile, runJsonlPieces, writeOutputPieces } from "./chunkFile";
import { readWordVectorsFile } from "./wordVectorsFile";

export interface BatchWorkerData {
  chunker: string;
  config: Record<string, unknown>;
  maxBytes: number;
  /** `--ocr`: image-only pages recognized (this thread runs its own recognizer). */
  ocr: boolean;
  /** `--furniture drop|keep`. */
  furniture: FurnitureSetting;
}

/** An input to chunk whole — or, with `parts`, to join from the pages its part jobs read. */
export interface BatchFileJob {
  kind: "file";
  index: number;
  source: string;
  output: string;
  parts?: PageExtract[][];
}

/** Part `part` of `parts` of a big PDF's pages, read for a later join. */
export interface BatchPartJob {
  kind: "part";
  index: number;
  source: string;
  part: number;
  parts: number;
}

export type BatchJob = BatchFileJob | BatchPartJob;

/** A part job's answer: its pages, or why they could not be read. */
export interface BatchPartReply {
  kind: "part";
  index: number;
  part: number;
  extracts: PageExtract[] | null;
  error: string | null;
  ms: number;
}

export interface BatchReply {
  kind: "file";
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

async function readPart(job: BatchPartJob): Promise<BatchPartReply> {
  const started = performance.now();
  try {
    const bytes = await readCapped(job.source, data.maxBytes);
    const extracts = await extractPdfPartBytes(
      bytes,
      { name: path.basename(job.source) },
      job.part,
      job.parts,
    );
    return {
      kind: "part",
      index: job.index,
      part: job.part,
      extracts,
      error: null,
      ms: Math.round(performance.now() - started),
    };
  } catch (err) {
    // The join reads the file whole again and fails the input with chunk's own message.
    return {
      kind: "part",
      index: job.index,
      part: job.part,
      extracts: null,
      error: err instanceof Error ? err.message : String(err),
      ms: Math.round(performance.now() - started),
    };
  }
}

async function chunkOne(job: BatchFileJob): Promise<BatchReply> {
  const started = performance.now();
  const warnings: string[] = [];
  // Unique to this process and thread: two runs on one OUT never write the same temporary file.
  const temp = `${job.output}.partial-${process.pid}-${threadId}`;
  let opened: { id: string; pages: number } | null = null;
  try {
    // A host per file: the token streams and runs a document caches go with it, so a worker's
    // memory follows the file at hand, not the files it has done.
    const host = new EngineHost(extractPdfBytes, 1);
    // The local embedder as `chunk` has it (GloVe, read from disk), so a batch writes what chunk prints.
    host.providers.useWordVectors(readWordVectorsFile);
    const { doc, run } = await chunkFile(
      host,
      job.source,
      {
        chunker: data.chunker,
        config: data.config,
        maxBytes: data.maxBytes,
        ocr: data.ocr,
        furniture: data.furniture,
        ...(job.parts
          ? {
              extract: (bytes: Uint8Array) =>
                extractPdfBytesFromParts(bytes, { name: path.basename(job.source) }, job.parts!),
            }
          : {}),
      },
      (line) => warnings.push(line),
    );
    opened = { id: doc.id, pages: doc.pages.length };
    await mkdir(path.dirname(job.output), { recursive: true });
    await writeOutputPieces(temp, runJsonlPieces(doc, run, data.chunker));
    await rename(temp, job.output);
    const { size } = await stat(job.output);
    return {
      kind: "file",
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
      kind: "file",
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
  void (job.kind === "part" ? readPart(job) : chunkOne(job)).then((reply) => parentPort!.postMessage(reply));
});
