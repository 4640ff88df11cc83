/**
 * The engine workers' word vectors: fetched once from the app's own origin (public/embeddings/,
 * copied into the build by Vite), so the local embedder stays offline. A failed fetch is the
 * asset's "missing" error (host/providers), which the run turns into a warning and the lexical
 * fallback.
 */
import type { WordVectorsReader } from "../host/providers";

const EMBEDDINGS_PATH = "/embeddings/";

export const fetchWordVectors: WordVectorsReader = async (file) => {
  const url = new URL(EMBEDDINGS_PATH + file, globalThis.location?.href).href;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return new Uint8Array(await response.arrayBuffer());
};
