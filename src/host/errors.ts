/**
 * The error registry: every failure a user can meet, by code — its CLI exit code (DESIGN §5), the
 * words the UI shows, and how it crosses a worker boundary (structured clone keeps only a message,
 * so errors travel as payloads and are rebuilt here with their type). The CLI, the engine worker and
 * the app all ask this one table.
 */
import type { ConfigProblem } from "../core/chunk";
import { UnknownChunkerError } from "../core/chunkers/metas";
import { ConfigError } from "../core/config";
import { ConfigExportError, ConfigImportError, SecretInConfigError } from "../core/export/errors";
import { QuestionSetError } from "../core/eval/errors";
import { EndpointConfigError } from "../core/providers/session";
import { SchemaError } from "../core/schema/errors";
import { WorkspaceError } from "../core/workspace/record";
import { WordVectorsError } from "../core/providers/wordVectors";
import { PdfError, type PdfErrorCode } from "../pdf/errors";

/** The call itself is wrong: arguments, flags (the CLI's exit code 2). */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** An output file cannot be written (the CLI's exit code 2, one line naming the path). */
export class OutputError extends Error {
  override readonly name = "OutputError";
}

/** The input cannot be read as a document: missing, unreadable, of an unsupported type, not UTF-8. */
export class InputError extends Error {
  override readonly name = "InputError";
}

export type ErrorCode =
  | "usage"
  | "output"
  | "unknown-chunker"
  | "invalid-config"
  | "config-export"
  | "config-import"
  | "secret-in-config"
  | "endpoint-config"
  | "question-set"
  | "schema"
  | "workspace"
  | "input"
  | "word-vectors"
  | `pdf:${PdfErrorCode}`
  | "aborted"
  | "internal";

interface ErrorKind {
  /** The CLI's exit code: 2 the call is wrong, 3 the input is unusable, 1 a bug. */
  exitCode: 1 | 2 | 3;
  /** What the UI shows, given the error's own message. */
  ui(message: string): string;
}

const same = (message: string) => message;

const KINDS: Record<ErrorCode, ErrorKind> = {
  usage: { exitCode: 2, ui: same },
  output: { exitCode: 2, ui: same },
  "unknown-chunker": { exitCode: 2, ui: same },
  "invalid-config": { exitCode: 2, ui: same },
  "config-export": { exitCode: 2, ui: same },
  "config-import": { exitCode: 2, ui: same },
  "secret-in-config": { exitCode: 2, ui: same },
  "endpoint-config": { exitCode: 2, ui: same },
  "question-set": { exitCode: 2, ui: same },
  // Outside input refused by the schema layer (a config, a space, a link), the key named.
  schema: { exitCode: 2, ui: same },
  // A workspace record or file that cannot be used as it is.
  workspace: { exitCode: 3, ui: same },
  input: { exitCode: 3, ui: same },
  // The shipped word vectors are missing or corrupt: the CLI stops (exit 3); the UI falls back to
  // lexical with a warning before it ever sees this error.
  "word-vectors": { exitCode: 3, ui: same },
  "pdf:needs-password": { exitCode: 3, ui: () => "password needed" },
  "pdf:wrong-password": { exitCode: 3, ui: () => "password needed (the last one was wrong)" },
  "pdf:not-a-pdf": { exitCode: 3, ui: same },
  "pdf:corrupt": { exitCode: 3, ui: same },
  "pdf:no-text": { exitCode: 3, ui: same },
  "pdf:aborted": { exitCode: 3, ui: () => "cancelled" },
  aborted: { exitCode: 1, ui: () => "cancelled" },
  internal: { exitCode: 1, ui: (m) => `unexpected failure: ${m}` },
};

export function errorCode(err: unknown): ErrorCode {
  if (err instanceof UsageError) return "usage";
  if (err instanceof OutputError) return "output";
  if (err instanceof UnknownChunkerError) return "unknown-chunker";
  if (err instanceof ConfigError) return "invalid-config";
  if (err instanceof ConfigExportError) return "config-export";
  if (err instanceof ConfigImportError) return "config-import";
  if (err instanceof SecretInConfigError) return "secret-in-config";
  if (err instanceof EndpointConfigError) return "endpoint-config";
  if (err instanceof QuestionSetError) return "question-set";
  if (err instanceof SchemaError) return "schema";
  if (err instanceof WorkspaceError) return "workspace";
  if (err instanceof InputError) return "input";
  if (err instanceof WordVectorsError) return "word-vectors";
  if (err instanceof PdfError) return `pdf:${err.code}`;
  if (err instanceof Error && err.name === "AbortError") return "aborted";
  return "internal";
}

export function exitCodeOf(err: unknown): number {
  return KINDS[errorCode(err)].exitCode;
}

/** The words the UI shows for an error (a document's status, a run's status). */
export function uiText(err: unknown): string {
  return KINDS[errorCode(err)].ui(err instanceof Error ? err.message : String(err));
}

/** An error as it crosses a worker boundary. */
export interface ErrorPayload {
  code: ErrorCode;
  name: string;
  message: string;
  chunker?: string;
  problems?: ConfigProblem[];
}

export function toErrorPayload(err: unknown): ErrorPayload {
  const code = errorCode(err);
  const name = err instanceof Error ? err.name : "Error";
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof ConfigError)
    return { code, name, message, chunker: err.chunker, problems: err.problems };
  if (err instanceof UnknownChunkerError) return { code, name, message, chunker: err.chunker };
  return { code, name, message };
}

/** The error `toErrorPayload` described, with its type back where the UI tells types apart. */
export function fromErrorPayload(payload: ErrorPayload): Error {
  const { code, message } = payload;
  if (code === "invalid-config" && payload.problems)
    return new ConfigError(payload.chunker ?? "?", payload.problems);
  if (code === "unknown-chunker") return new UnknownChunkerError(payload.chunker ?? "?");
  if (code.startsWith("pdf:")) return new PdfError(code.slice(4) as PdfErrorCode, message);
  if (code === "input") return new InputError(message);
  if (code === "question-set") return new QuestionSetError(message);
  if (code === "aborted") return new DOMException(message, "AbortError");
  const err = new Error(message);
  err.name = payload.name;
  return err;
}
