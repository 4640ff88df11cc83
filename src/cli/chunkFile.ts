/**
 * One input file chunked as `chunk` does it, shared by `chunk` and `batch` so a batch output is
 * byte-identical to what `chunk` prints for the same file, chunker and config (DESIGN §10): the same
 * load, the same checks, the same run, the same JSONL pieces.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { stat } from "node:fs/promises";
import type { ChunkRun } from "../core/chunk";
import type { DocModel, FurnitureSetting } from "../core/document";
import { recordOptionsFor, toJsonl } from "../core/export/chunkRecords";
import type { EngineHost } from "../host/engine";
import { OutputError } from "../host/errors";
import { assertHasText, pageProblems } from "../pdf/problems";
import { loadDocument } from "./input";
import { writePieces } from "./streamOut";

export interface ChunkFileRequest {
  chunker: string;
  config: Record<string, unknown>;
  password?: string | undefined;
  maxBytes: number;
  /** The model from the bytes, when not the host's own extraction (a big PDF's joined parts). */
  extract?: (bytes: Uint8Array) => Promise<DocModel>;
  /** `--ocr`: recognize image-only pages; progress lines go to `progress` when given. */
  ocr?: boolean;
  progress?: (line: string) => void;
  /** `--furniture drop|keep` (default drop). */
  furniture?: FurnitureSetting | undefined;
}

/**
 * Reads `file`, refuses it when no page has text, and runs every stage of `chunker` on it. Page
 * problems and the run's warnings go to `warn`, one line each, as `chunk` prints them.
 */
export async function chunkFile(
  host: EngineHost,
  file: string,
  request: ChunkFileRequest,
  warn: (line: string) => void,
): Promise<{ doc: DocModel; run: ChunkRun }> {
  const progress = request.progress;
  const doc = await loadDocument(host, file, {
    password: request.password,
    maxBytes: request.maxBytes,
    ocr: request.ocr
      ? {
          onWarning: (message) => warn(`ocr: ${message}`),
          ...(progress
            ? { onProgress: (done, total) => progress(`ocr: page ${done}/${total} recognized`) }
            : {}),
        }
      : undefined,
    extract: request.extract,
    furniture: request.furniture,
  });
  for (const line of pageProblems(doc)) warn(line);
  assertHasText(doc);
  // One process is one run: the seed's per-minute limit applies within it; the day's budget starts
  // from zero (the CLI keeps no state between invocations).
  const run = await host.runAll({
    docId: doc.id,
    chunker: request.chunker,
    config: request.config,
    llmTokensUsedToday: 0,
    // The header chunker names its source by path: `chunk` and `batch` both give the absolute one.
    sourcePath: path.resolve(file),
    sourceModified: (await stat(file)).mtime.toISOString(),
  });
  for (const warning of run.warnings) warn(warning);
  return { doc, run };
}

/** `chunk`'s JSONL for a run, a batch of chunks at a time: a 2,415-page manual's lines are never one string. */
export function* runJsonlPieces(doc: DocModel, run: ChunkRun, chunker: string): Generator<string> {
  const records = recordOptionsFor(doc, chunker);
  for (let i = 0; i < run.chunks.length; i += 500) yield toJsonl(run.chunks.slice(i, i + 500), records);
}

/** An output file written piece by piece; one that cannot be written is a usage error naming the path. */
export async function writeOutputPieces(file: string, pieces: Iterable<string>): Promise<void> {
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
    // The call was right; the place to write is not (a full disk, a read-only file): one line.
    throw new OutputError(
      `cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}
