/** Reads the CLI's input file and opens it through the host, as the engine worker opens a dropped file. */
import { recognizeDocumentNode } from "../pdf/ocrNode";
import { open } from "node:fs/promises";
import { basename } from "node:path";
import type { DocModel, FurnitureSetting } from "../core/document";
import { applyFurnitureSetting } from "../core/furniture";
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
interface OcrRequest {
  onProgress?: (done: number, total: number) => void;
  onWarning?: (message: string) => void;
}

export interface LoadOptions {
  password?: string | undefined;
  maxBytes?: number;
  ocr?: OcrRequest | undefined;
  /** Makes the model from the bytes instead of the host's extraction (batch joins a big PDF's parts). */
  extract?: ((bytes: Uint8Array) => Promise<DocModel>) | undefined;
  /** `--furniture drop|keep` (default drop): applied last, after OCR, as the engine worker applies it. */
  furniture?: FurnitureSetting | undefined;
}

export async function loadDocument(
  host: EngineHost,
  path: string,
  options: LoadOptions = {},
): Promise<DocModel> {
  const { password, maxBytes = DEFAULT_MAX_BYTES, ocr, extract } = options;
  const furniture = options.furniture ?? "drop";
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
  // OCR merges into the extracted model (furniture in its text); the setting is applied after it.
  const opened = extract
    ? await extract(bytes)
    : await host.open(bytes, {
        name: basename(path),
        ...(password !== undefined ? { password } : {}),
        furniture: ocr ? "keep" : furniture,
      });
  let doc = extract && !ocr ? applyFurnitureSetting(opened, furniture) : opened;
  if (extract) host.keep(doc);
  // Text input has no pages: it is unusable when it holds nothing but whitespace (a PDF's pages are checked apart).
  if (doc.pages.length === 0 && doc.text.trim() === "")
    throw new InputError(`${path}: the file is empty or holds only whitespace`);
  if (!ocr) return doc;
  const recognized = await recognizeDocumentNode(bytes, doc, {
    ...(password !== undefined ? { password } : {}),
    ...ocr,
  });
  doc = applyFurnitureSetting(recognized, furniture);
  host.keep(doc);
  return doc;
}
