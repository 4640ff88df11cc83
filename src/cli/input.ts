/** Reads the CLI's input file and opens it through the host, as the engine worker opens a dropped file. */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { DocModel } from "../core/document";
import type { EngineHost } from "../host/engine";
import { InputError } from "../host/errors";

export async function loadDocument(host: EngineHost, path: string, password?: string): Promise<DocModel> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(
      code === "ENOENT" ? `no such file: ${path}` : `cannot read ${path}: ${(err as Error).message}`,
    );
  }
  return host.open(bytes, { name: basename(path), ...(password !== undefined ? { password } : {}) });
}
