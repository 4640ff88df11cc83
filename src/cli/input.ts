/** Reads the CLI's input file into a DocModel: PDF through src/pdf, Markdown and text as they are. */
import { readFile } from "node:fs/promises";
import { extname, basename } from "node:path";
import type { DocModel } from "../core/document";
import { textDocModel } from "../core/document";
import { sha256Hex } from "../core/text/hash";
import { markdownHeadings } from "../core/text/markdown";
import { PdfError, looksLikePdf } from "../pdf/errors";
import { extractPdfBytes } from "../pdf/node";

/** Exit code 3 in the CLI contract: the input cannot be read as a document. */
export class InputError extends Error {
  override readonly name = "InputError";
}

export async function loadDocument(path: string, password?: string): Promise<DocModel> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(
      code === "ENOENT" ? `no such file: ${path}` : `cannot read ${path}: ${(err as Error).message}`,
    );
  }
  const name = basename(path);
  const ext = extname(path).toLowerCase();
  if (ext === ".md" || ext === ".markdown" || ext === ".txt") {
    const text = decodeUtf8(bytes, path);
    const id = await sha256Hex(bytes);
    return textDocModel(id, name, text, ext === ".txt" ? [] : markdownHeadings(text));
  }
  if (ext !== ".pdf" && !looksLikePdf(bytes)) {
    throw new InputError(`unsupported file type "${ext || "(none)"}": give a .pdf, .md or .txt file`);
  }
  return extractPdfBytes(bytes, { name, ...(password !== undefined ? { password } : {}) });
}

function decodeUtf8(bytes: Uint8Array, path: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new InputError(`${path} is not UTF-8 text`);
  }
}

export function isInputProblem(err: unknown): err is InputError | PdfError {
  return err instanceof InputError || err instanceof PdfError;
}
