/**
 * The CLI's word vectors: the asset the build script wrote under public/embeddings/ (the same
 * file the browser fetches from the app's origin), read from disk. WORKBENCH_EMBEDDINGS_DIR points
 * elsewhere (tests of a missing or corrupt asset).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { WordVectorsReader } from "../host/providers";

const SHIPPED_DIR = fileURLToPath(new URL("../../public/embeddings/", import.meta.url));

export const readWordVectorsFile: WordVectorsReader = async (file) =>
  new Uint8Array(await readFile(path.join(process.env.WORKBENCH_EMBEDDINGS_DIR ?? SHIPPED_DIR, file)));
