/**
 * Typed errors of PDF extraction. Every failure the CLI and the UI tell apart has a `code`, so callers
 * switch on codes instead of parsing messages; errors cross a worker boundary as plain payloads.
 */

export type PdfErrorCode =
  /** The document is encrypted and no password was given (pdf.js PasswordException code 1). */
  | "needs-password"
  /** The password given does not open the document (pdf.js PasswordException code 2). */
  | "wrong-password"
  /** The bytes are not a PDF at all (no "%PDF" in the first 1024 bytes). */
  | "not-a-pdf"
  /** A PDF pdf.js rejects (broken structure, bad xref, …); the message says what pdf.js said. */
  | "corrupt"
  /** No page of the document has any text (raised by `assertHasText`, never by extraction). */
  | "no-text"
  /** The caller's AbortSignal fired; extraction stopped between pages. */
  | "aborted";

export class PdfError extends Error {
  readonly code: PdfErrorCode;

  constructor(code: PdfErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    // An aborted extraction looks like any other aborted operation to generic code that checks
    // `err.name === "AbortError"`; it is still `instanceof PdfError` with code "aborted".
    this.name = code === "aborted" ? "AbortError" : "PdfError";
  }
}

export function isPdfError(err: unknown, code?: PdfErrorCode): err is PdfError {
  return err instanceof PdfError && (code === undefined || err.code === code);
}

/** The error thrown when an AbortSignal stops an extraction. */
export function abortError(signal: AbortSignal): PdfError {
  const reason: unknown = signal.reason;
  const detail = reason instanceof Error ? reason.message : reason === undefined ? "" : String(reason);
  return new PdfError("aborted", detail ? `PDF extraction aborted: ${detail}` : "PDF extraction aborted", {
    cause: reason,
  });
}

// One header check for the page, the worker and the CLI (core/fileKind decides file kinds).
export { looksLikePdf } from "../core/fileKind";

/** pdf.js PasswordException codes (PasswordResponses). */
const NEED_PASSWORD = 1;
const INCORRECT_PASSWORD = 2;

/**
 * Maps what `getDocument(...).promise` rejected with to a PdfError. pdf.js rebuilds its exceptions
 * on this side of its worker by name, so names (not classes) are what we can rely on.
 */
export function pdfjsOpenError(err: unknown): PdfError {
  if (err instanceof PdfError) return err;
  const name = err instanceof Error ? err.name : "";
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown } | null)?.code;
  if (name === "PasswordException") {
    if (code === INCORRECT_PASSWORD) {
      return new PdfError("wrong-password", "The password does not open this PDF.", { cause: err });
    }
    if (code === NEED_PASSWORD) {
      return new PdfError("needs-password", "This PDF is encrypted: a password is needed.", { cause: err });
    }
  }
  return new PdfError("corrupt", `pdf.js could not open the PDF: ${message || name || "unknown error"}`, {
    cause: err,
  });
}
