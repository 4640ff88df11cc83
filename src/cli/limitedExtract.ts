/**
 * A PDF extractor for the CLI's engine host that reads each PDF in its own worker thread, under a
 * heap limit and, with `--timeout`, a time limit (DESIGN §12). pdf.js can be made quadratic (100,000
 * nested `q` operators) or to eat memory (10 million tiny text operators): over either limit the
 * thread is stopped and the input is unusable — exit 3, one line naming the file and the limit.
 */
import type { DocModel } from "../core/document";
import type { PdfExtractor } from "../host/document";
import { fromErrorPayload, InputError } from "../host/errors";
import type { ExtractJob, ExtractReply } from "./extractWorker";
import { isOutOfMemory, JobTimeoutError, runWorkerPool } from "./workerPool";

/**
 * The extraction thread's heap: the 2,415-page manual extracts in well under it. An operator can
 * set another with WORKBENCH_EXTRACT_HEAP_MB (the tests set a small one to reach it quickly).
 */
export const EXTRACTION_HEAP_MB = heapFromEnv(process.env.WORKBENCH_EXTRACT_HEAP_MB) ?? 3072;

function heapFromEnv(value: string | undefined): number | undefined {
  const mb = Number(value);
  return value !== undefined && Number.isInteger(mb) && mb >= 16 ? mb : undefined;
}

export interface ExtractionLimits {
  /** `--timeout SECONDS`; none when not given. */
  timeoutSeconds?: number | undefined;
  heapMb: number;
}

export function limitedPdfExtractor(limits: () => ExtractionLimits): PdfExtractor {
  return async (bytes, options): Promise<DocModel> => {
    const { timeoutSeconds, heapMb } = limits();
    let reply: ExtractReply | undefined;
    let lost: Error | undefined;
    const job: ExtractJob = {
      index: 0,
      bytes,
      name: options.name,
      ...(options.password !== undefined ? { password: options.password } : {}),
    };
    await runWorkerPool<ExtractJob, ExtractReply>({
      entry: new URL("./extractWorker.ts", import.meta.url),
      data: {},
      jobs: [job],
      workers: 1,
      onReply: (r) => (reply = r),
      replyForLostJob: (_job, error) => {
        lost = error;
        return { index: 0, doc: null, error: null, pages: null };
      },
      ...(timeoutSeconds !== undefined ? { jobTimeoutMs: timeoutSeconds * 1000 } : {}),
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    if (lost instanceof JobTimeoutError)
      throw new InputError(`${options.name}: extraction stopped after ${lost.seconds} s (--timeout)`);
    if (lost)
      throw new InputError(
        isOutOfMemory(lost)
          ? `${options.name}: extraction ran out of memory (over the extraction thread's ${heapMb} MB heap limit)`
          : `${options.name}: the extraction thread stopped: ${lost.message}`,
      );
    if (!reply) throw new Error(`the extraction thread gave no answer for ${options.name}`);
    if (reply.error) throw fromErrorPayload(reply.error);
    if (reply.pages) options.onProgress?.(reply.pages.done, reply.pages.total);
    return reply.doc!;
  };
}
