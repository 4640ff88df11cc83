/**
 * What a worker call returns: a value, or an error described well enough to rebuild its type on
 * the other side (a PdfError keeps its code, a ConfigError its problems). Worker methods never
 * throw across the boundary; structured clone would keep only the message.
 */
import type { ConfigProblem } from "../core/chunk";
import { UnknownChunkerError } from "../core/chunkers/registry";
import { ConfigError } from "../core/config";
import { PdfError, fromErrorPayload } from "../pdf/errors";

export type WorkerResult<T> = { ok: true; value: T } | { ok: false; error: WorkerErrorPayload };

export interface WorkerErrorPayload {
  name: string;
  message: string;
  code?: string;
  chunker?: string;
  problems?: ConfigProblem[];
}

export function toWorkerError(err: unknown): WorkerErrorPayload {
  if (err instanceof ConfigError)
    return { name: err.name, message: err.message, chunker: err.chunker, problems: err.problems };
  if (err instanceof UnknownChunkerError)
    return { name: err.name, message: err.message, chunker: err.chunker };
  if (err instanceof PdfError) return { name: err.name, message: err.message, code: err.code };
  if (err instanceof Error) return { name: err.name, message: err.message };
  return { name: "Error", message: String(err) };
}

export function fromWorkerError(payload: WorkerErrorPayload): Error {
  if (payload.name === "ConfigError" && payload.problems)
    return new ConfigError(payload.chunker ?? "?", payload.problems);
  if (payload.name === "UnknownChunkerError") return new UnknownChunkerError(payload.chunker ?? "?");
  if (payload.name === "AbortError" && payload.code === undefined)
    return new DOMException(payload.message, "AbortError");
  return fromErrorPayload(payload);
}

export async function settle<T>(work: () => Promise<T>): Promise<WorkerResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    return { ok: false, error: toWorkerError(err) };
  }
}

export function unwrap<T>(result: WorkerResult<T>): T {
  if (result.ok) return result.value;
  throw fromWorkerError(result.error);
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && err.name === "AbortError";
}
