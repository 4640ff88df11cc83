/**
 * What a worker call returns: a value, or an error payload (host/errors) that rebuilds its type on
 * the other side. Worker methods never throw across the boundary; structured clone would keep only
 * the message.
 */
import { fromErrorPayload, toErrorPayload, type ErrorPayload } from "../host/errors";

export type WorkerResult<T> = { ok: true; value: T } | { ok: false; error: ErrorPayload };

export async function settle<T>(work: () => Promise<T>): Promise<WorkerResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    return { ok: false, error: toErrorPayload(err) };
  }
}

export function unwrap<T>(result: WorkerResult<T>): T {
  if (result.ok) return result.value;
  throw fromErrorPayload(result.error);
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && err.name === "AbortError";
}
