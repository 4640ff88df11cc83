/**
 * `batch` (DESIGN §10): every input chunked as `chunk` would, in a pool of worker threads, each to
 * OUT/<relative path>.jsonl, with one manifest line per input. A bad input is a failed line, never an
 * abort. Exit 0 when all succeeded (skipped ones included), 4 when some failed, 3 when all failed or
 * there was no input; bad flags and an OUT that cannot be written are 2 before any input is read.
 */
import { constants } from "node:fs";
import { access, lstat, mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { OutputError } from "../host/errors";
import { findInputs, shardOf, type BatchInput } from "./batchInputs";
import {
  completedLine,
  configHash,
  isManifestName,
  manifestName,
  outputPath,
  readCompletedOutputs,
  type ManifestLine,
  type Shard,
} from "./batchManifest";
import { BatchProgress } from "./batchProgress";
import type { BatchJob, BatchPartReply, BatchReply, BatchWorkerData } from "./batchWorker";
import type { PageExtract } from "../pdf/node";
import { EXTRACTION_HEAP_MB } from "./limitedExtract";
import { JobTimeoutError, lostThreadMessage, runWorkerPool } from "./workerPool";

/** How a timed-out input's line starts: a part that timed out fails its file, not retried whole. */
const TIMED_OUT = "stopped: over the time limit of";

export interface BatchRequest extends BatchWorkerData {
  /** The DIR|FILE arguments. */
  args: readonly string[];
  /** The config with the chunker's defaults filled in: what the manifest's hash covers. */
  resolvedConfig: Record<string, unknown>;
  outDir: string;
  workers: number;
  shard: Shard | null;
  resume: boolean;
  /** `--timeout SECONDS` per input (DESIGN §12; default 300). */
  timeoutSeconds: number;
}

/**
 * A PDF this big is read by every thread at once, a part of its pages each, then joined: one
 * 2,415-page manual otherwise keeps one thread busy while the other has long finished the rest.
 */
const SPLIT_BYTES = 2 * 1024 * 1024;

/** A split input's parts as they come back. */
interface SplitInput {
  output: string;
  parts: (PageExtract[] | null)[];
  left: number;
  failed: boolean;
  /** A part's reason when it was stopped at the time limit. */
  timedOut?: string;
  partMs: number;
}

/** A manifest entry's name with no extension would make its output the manifest itself. */
const MANIFEST_STEM = /^manifest(-\d+-of-\d+)?$/;

export async function runBatch(request: BatchRequest): Promise<number> {
  const { outDir, shard } = request;
  const manifest = path.join(outDir, manifestName(shard));
  await prepareOut(outDir, manifest);
  const inputs = shardOf(await findInputs(request.args), shard);
  // An OCR'd output (or one with its furniture kept) differs from a plain one: --resume must not
  // take one for the other.
  const hash = configHash(request.chunker, request.resolvedConfig, request.ocr, request.furniture);
  // Without --resume nothing earlier counts: this shard's old manifest goes, so an output this run
  // replaces is never vouched for by a line about the one before.
  const completed = request.resume ? await readCompletedOutputs(outDir) : new Map<string, ManifestLine[]>();
  if (!request.resume) await rm(manifest, { force: true });
  const lines = await ManifestWriter.open(`${manifest}.partial`);
  const progress = new BatchProgress(inputs.length);
  const record = async (line: ManifestLine) => {
    await lines.write(line);
    progress.line(line);
  };

  progress.begin(shard ? ` in shard ${shard.index}/${shard.count}` : "");
  const jobs: BatchJob[] = [];
  const splits = new Map<number, SplitInput>();
  const partsPerPdf = Math.min(request.workers, 4);
  for (const [index, input] of inputs.entries()) {
    const problem =
      input.problem ??
      (MANIFEST_STEM.test(input.file)
        ? "its output would overwrite the manifest"
        : isManifestName(input.file.split(/[\\/]/)[0]!) && /[\\/]/.test(input.file)
          ? "it sits in a folder named like the manifest, which its output folder would replace"
          : undefined);
    if (problem !== undefined) {
      await record(failedLine(input.file, hash, problem));
      continue;
    }
    const earlier = request.resume ? await completedLine(outDir, input.file, hash, completed) : null;
    // Skipped lines go first: were this run to die, the next one still knows what was complete.
    if (earlier) await record({ ...earlier, status: "skipped", error: null, ms: 0 });
    else if (partsPerPdf > 1 && (await isBigPdf(input.source))) {
      splits.set(index, {
        output: outputPath(outDir, input.file),
        parts: new Array<PageExtract[] | null>(partsPerPdf).fill(null),
        left: partsPerPdf,
        failed: false,
        partMs: 0,
      });
      for (let part = 0; part < partsPerPdf; part++)
        jobs.push({ kind: "part", index, source: input.source, part, parts: partsPerPdf });
    } else jobs.push({ kind: "file", index, source: input.source, output: outputPath(outDir, input.file) });
  }

  const data: BatchWorkerData = {
    chunker: request.chunker,
    config: request.config,
    maxBytes: request.maxBytes,
    ocr: request.ocr,
    furniture: request.furniture,
  };
  let manifestError: unknown = null;
  await runWorkerPool<BatchJob, BatchReply | BatchPartReply>({
    entry: new URL("./batchWorker.ts", import.meta.url),
    data,
    jobs: await largestFirst(jobs),
    workers: request.workers,
    onReply: (reply, enqueue) => {
      const input = inputs[reply.index]!;
      const split = splits.get(reply.index);
      if (reply.kind === "part") {
        // Once every part is in, one thread joins and chunks them; a part that failed sends the
        // file whole to one thread instead, which fails it with chunk's own message.
        split!.parts[reply.part] = reply.extracts;
        split!.failed ||= reply.error !== null;
        if (reply.error?.startsWith(TIMED_OUT)) split!.timedOut = reply.error;
        split!.partMs = Math.max(split!.partMs, reply.ms);
        if (--split!.left > 0) return;
        if (split!.timedOut) {
          // Read again whole it would only take longer: the input fails with the part's reason.
          const failed = {
            ...(lostReply(
              { kind: "file", index: reply.index, source: input.source, output: split!.output },
              new Error(""),
            ) as BatchReply),
            error: split!.timedOut,
          };
          void record(lineOf(input, failed, hash)).catch((err: unknown) => void (manifestError ??= err));
          return;
        }
        enqueue([
          {
            kind: "file",
            index: reply.index,
            source: input.source,
            output: split!.output,
            ...(split!.failed ? {} : { parts: split!.parts as PageExtract[][] }),
          },
        ]);
        return;
      }
      if (split) reply = { ...reply, ms: reply.ms + split.partMs };
      for (const warning of reply.warnings) progress.warn(input.file, warning);
      // Kept until the pool is done (the writer's queue holds the order); a manifest that cannot be
      // written then ends the run (exit 2).
      void record(lineOf(input, reply, hash)).catch((err: unknown) => void (manifestError ??= err));
    },
    replyForLostJob: (job, error) => lostReply(job, error),
    jobTimeoutMs: request.timeoutSeconds * 1000,
    // Each thread extracts under the same heap limit as chunk's extraction thread (DESIGN §12): a PDF
    // built to exhaust memory fails its line, and a fresh thread takes the rest.
    resourceLimits: { maxOldGenerationSizeMb: EXTRACTION_HEAP_MB },
  });
  await lines.close();
  if (manifestError !== null) throw manifestError;
  await rename(`${manifest}.partial`, manifest);
  progress.finish();

  const failed = lines.failed;
  if (inputs.length === 0) {
    const where = shard ? ` for shard ${shard.index}/${shard.count}` : "";
    process.stderr.write(
      `batch: no input${where}: no .pdf, .md or .txt file in ${request.args.join(", ")}\n`,
    );
    return 3;
  }
  return failed === 0 ? 0 : failed === inputs.length ? 3 : 4;
}

async function isBigPdf(source: string): Promise<boolean> {
  if (!/\.pdf$/i.test(source)) return false;
  // An input that cannot be stat'ed now goes whole to a worker, which fails it with the reason.
  return stat(source).then(
    (s) => s.size >= SPLIT_BYTES,
    () => false,
  );
}

/**
 * The jobs, largest input first: the threads' last jobs are then small ones, and no thread starts a
 * 2,000-page manual while the others have finished (shards still go by name; only the order of work
 * within a run changes, and the manifest is in the order inputs finish anyway).
 */
async function largestFirst(jobs: BatchJob[]): Promise<BatchJob[]> {
  const sizes = await Promise.all(
    // An input that cannot be stat'ed now is failed by its worker, with the reason: its size is moot.
    jobs.map((job) =>
      stat(job.source).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return jobs
    .map((job, i) => ({ job, size: sizes[i]! }))
    .sort((a, b) => b.size - a.size)
    .map(({ job }) => job);
}

/** OUT is created if missing; one that cannot be written is refused before any input is read. */
async function prepareOut(outDir: string, manifest: string): Promise<void> {
  try {
    await mkdir(outDir, { recursive: true });
    await access(outDir, constants.W_OK);
  } catch (err) {
    throw new OutputError(
      `cannot write to --out ${outDir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  // A folder or a link (a loop, say) where the manifest goes would fail the run at its very end,
  // and every --resume after it (issue 29): said at once, before any input is read.
  for (const name of [manifest, `${manifest}.partial`]) {
    const found = await lstat(name).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return null;
      throw new OutputError(`cannot use ${name}: ${err.code ?? err.message}`);
    });
    if (found && !found.isFile())
      throw new OutputError(
        `${name} is ${found.isDirectory() ? "a folder" : "a link or special file"}, not a manifest: move it, or choose another --out`,
      );
  }
}

function lineOf(input: BatchInput, reply: BatchReply, hash: string): ManifestLine {
  return {
    file: input.file,
    id: reply.id,
    pages: reply.pages,
    chunks: reply.chunks,
    status: reply.error === null ? "ok" : "failed",
    error: reply.error,
    ms: reply.ms,
    config_hash: hash,
    bytes: reply.bytes,
  };
}

function failedLine(file: string, hash: string, error: string): ManifestLine {
  return {
    file,
    id: null,
    pages: null,
    chunks: null,
    status: "failed",
    error,
    ms: 0,
    config_hash: hash,
    bytes: null,
  };
}

/** A thread that died on an input (out of memory, a native crash): that input failed, the rest go on. */
function lostReply(job: BatchJob, error: Error): BatchReply | BatchPartReply {
  const message =
    error instanceof JobTimeoutError
      ? `${TIMED_OUT} ${error.seconds} s (--timeout)`
      : `the worker thread stopped on this input: ${lostThreadMessage(error)}`;
  if (job.kind === "part")
    return { kind: "part", index: job.index, part: job.part, extracts: null, error: message, ms: 0 };
  return {
    kind: "file",
    index: job.index,
    id: null,
    pages: null,
    chunks: null,
    bytes: null,
    error: message,
    warnings: [],
    ms: 0,
  };
}

/** The manifest, a line at a time, in the order inputs finish; counts the failed lines. */
class ManifestWriter {
  failed = 0;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly handle: Awaited<ReturnType<typeof open>>) {}

  static async open(file: string): Promise<ManifestWriter> {
    try {
      return new ManifestWriter(await open(file, "w"));
    } catch (err) {
      throw new OutputError(
        `cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
  }

  write(line: ManifestLine): Promise<void> {
    if (line.status === "failed") this.failed++;
    const written = this.queue.then(() => this.handle.write(JSON.stringify(line) + "\n"));
    this.queue = written;
    return written.then(
      () => undefined,
      (err: unknown) => {
        throw new OutputError(
          `cannot write the manifest: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
        );
      },
    );
  }

  async close(): Promise<void> {
    // A write that failed was reported to its caller (write's promise): close the file regardless.
    await this.queue.catch(() => undefined);
    await this.handle.close();
  }
}
