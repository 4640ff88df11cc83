/** Reads the CLI's input file and opens it through the host, as the engine worker opens a dropped file. */
import { recognizeDocumentNode } from "../pdf/ocrNode";
import { open } from "node:fs/promises";
import { basename } from "node:path";
import type { DocModel } from "../core/document";
import type { EngineHost } from "../host/engine";
import { InputError } from "../host/errors";

/** DESIGN §5's default for --max-bytes: 512 MiB. */
export const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

/**
 * The file's bytes, at most `maxBytes` of them: a larger file — or a device that never ends, such
 * as /dev/zero — is refused once the limit is passed, not read to the end.
 */
export async function readCapped(path: string, maxBytes: number): Promise<Uint8Array> {
  const file = await open(path, "r");
  try {
    const parts: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const chunk = new Uint8Array(Math.min(1 << 20, maxBytes + 1 - total));
      const { bytesRead } = await file.read(chunk, 0, chunk.length);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw new InputError(`${path} is larger than --max-bytes ${maxBytes}`);
      parts.push(chunk.subarray(0, bytesRead));
    }
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.length;
    }
    return bytes;
  } finally {
    await file.close();
  }
}

/** `--ocr`: image-only pages recognized after extraction, progress and skipped pages reported. */
export interface OcrRequest {
  onProgress?: (done: number, total: number) => void;
  onWarning?: (message: string) => void;
}

export async function loadDocument(
  host: EngineHost,
  path: string,
  password?: string,
  maxBytes = DEFAULT_MAX_BYTES,
  ocr?: OcrRequest,
  /** Makes the model from the bytes instead of the host's extraction (batch joins a big PDF's parts). */
  extract?: (bytes: Uint8Array) => Promise<DocModel>,
): Promise<DocModel> {
  let bytes: Uint8Array;
  try {
    bytes = await readCapped(path, maxBytes);
  } catch (err) {
    if (err instanceof InputError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(
      code === "ENOENT"
        ? `no such file: ${path}`
        : code === "EISDIR"
          ? `${path} is a folder, not a file`
          : `cannot read ${path}: ${code ?? (err as Error).message}`,
    );
  }
  const doc = extract
    ? await extract(bytes)
    : await host.open(bytes, {
        name: basename(path),
        ...(password !== undefined ? { password } : {}),
      });
  if (extract) host.keep(doc);
  // Text input has no pages: it is unusable when it holds nothing but whitespace (a PDF's pages are checked apart).
  if (doc.pages.length === 0 && doc.text.trim() === "")
    throw new InputError(`${path}: the file is empty or holds only whitespace`);
  if (!ocr) return doc;
  const recognized = await recognizeDocumentNode(bytes, doc, {
    ...(password !== undefined ? { password } : {}),
    ...ocr,
  });
  if (recognized !== doc) host.keep(recognized);
  return recognized;
}
