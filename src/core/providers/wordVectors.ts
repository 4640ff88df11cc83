/**
 * Static word vectors (GloVe 100d, docs/embedder.md) as the workbench ships them: one compact
 * binary asset, parsed here from bytes the host read (Node from disk, the engine worker from the
 * app's origin) — core itself reads nothing. The asset is checked against the SHA-256 the build
 * script recorded (wordVectorsAsset.ts), so a truncated download or a stale file is a typed error,
 * never vectors that silently mean something else.
 *
 * Layout (little-endian), version 1:
 *   0  "CWV1"                      magic
 *   4  u32 dimensions
 *   8  u32 count                   words kept, most frequent first (rank = index)
 *  12  u32 sourceVocabulary        words in the source vocabulary (for the Zipf estimate of p(w))
 *  16  u32 wordBytes
 *  20  UTF-8 words joined by "\n"  (wordBytes), zero-padded to a multiple of 4
 *      f32[count]                  per-vector scale: value = int8 · scale
 *      f32[dimensions]             reference common component (unit length; SIF's first principal
 *                                  component over the build corpus, for texts too short to fit one)
 *      i8[count · dimensions]      the quantized vectors
 */
import { sha256Hex } from "../text/hash";

const MAGIC = "CWV1";
const HEADER_BYTES = 20;

export type WordVectorsErrorCode = "missing" | "checksum" | "corrupt";

/** The word vectors cannot be used: not found, not the bytes the build recorded, or malformed. */
export class WordVectorsError extends Error {
  override readonly name = "WordVectorsError";
  constructor(
    readonly code: WordVectorsErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface WordVectors {
  readonly dimensions: number;
  /** Words kept, most frequent first. */
  readonly count: number;
  readonly sourceVocabulary: number;
  /** SHA-256 (hex) of the asset these came from: part of every embedder id made with them. */
  readonly sha256: string;
  /** Rank of a word (its index), or undefined when the vocabulary does not hold it. */
  rank(word: string): number | undefined;
  /** Adds weight · vector(rank) to `into`. */
  addScaled(rank: number, weight: number, into: Float64Array): void;
  /** The vector of a word, dequantized (tests and the build script's checks). */
  vector(rank: number): Float32Array;
  readonly referenceComponent: Float32Array;
}

/** Verifies the bytes against `expectedSha256`, then parses them. */
export async function loadWordVectors(bytes: Uint8Array, expectedSha256: string): Promise<WordVectors> {
  const actual = await sha256Hex(bytes);
  if (actual !== expectedSha256)
    throw new WordVectorsError(
      "checksum",
      `word vectors: checksum mismatch (sha256 ${actual.slice(0, 12)}…, expected ${expectedSha256.slice(0, 12)}…): the asset is corrupt or stale — rebuild it with scripts/build-embeddings.ts`,
    );
  return parseWordVectors(bytes, actual);
}

/** Parses the layout above; any inconsistency is a "corrupt" WordVectorsError. */
export function parseWordVectors(bytes: Uint8Array, sha256: string): WordVectors {
  const corrupt = (what: string) => new WordVectorsError("corrupt", `word vectors: ${what}`);
  if (bytes.byteLength < HEADER_BYTES) throw corrupt(`${bytes.byteLength} bytes is too short`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== MAGIC) throw corrupt(`not a word-vector asset (magic "${magic}")`);
  const dimensions = view.getUint32(4, true);
  const count = view.getUint32(8, true);
  const sourceVocabulary = view.getUint32(12, true);
  const wordBytes = view.getUint32(16, true);
  const scalesAt = HEADER_BYTES + align4(wordBytes);
  const componentAt = scalesAt + 4 * count;
  const vectorsAt = componentAt + 4 * dimensions;
  if (dimensions === 0 || count === 0 || vectorsAt + count * dimensions !== bytes.byteLength)
    throw corrupt(`its sections do not add up to its ${bytes.byteLength} bytes`);

  const words = new TextDecoder("utf-8", { fatal: true })
    .decode(bytes.subarray(HEADER_BYTES, HEADER_BYTES + wordBytes))
    .split("\n");
  if (words.length !== count) throw corrupt(`${words.length} words for ${count} vectors`);
  const ranks = new Map<string, number>();
  words.forEach((w, i) => {
    // The first (most frequent) spelling wins should the source repeat one.
    if (!ranks.has(w)) ranks.set(w, i);
  });
  // Copies, so the typed arrays are aligned whatever the offset of the bytes handed in.
  const scales = new Float32Array(bytes.slice(scalesAt, componentAt).buffer);
  const referenceComponent = new Float32Array(bytes.slice(componentAt, vectorsAt).buffer);
  const quantized = new Int8Array(bytes.slice(vectorsAt).buffer);

  return {
    dimensions,
    count,
    sourceVocabulary,
    sha256,
    referenceComponent,
    rank: (word) => ranks.get(word),
    addScaled(rank, weight, into) {
      const w = weight * scales[rank]!;
      const base = rank * dimensions;
      for (let d = 0; d < dimensions; d++) into[d] = into[d]! + w * quantized[base + d]!;
    },
    vector(rank) {
      const out = new Float32Array(dimensions);
      const base = rank * dimensions;
      for (let d = 0; d < dimensions; d++) out[d] = quantized[base + d]! * scales[rank]!;
      return out;
    },
  };
}

export interface WordVectorsSource {
  /** Most frequent first. */
  words: readonly string[];
  vectors: readonly ArrayLike<number>[];
  sourceVocabulary: number;
  referenceComponent: ArrayLike<number>;
}

/** The asset's bytes: int8 per dimension with one scale per vector (max |x| / 127). */
export function encodeWordVectors(source: WordVectorsSource): Uint8Array {
  const count = source.words.length;
  const dimensions = source.referenceComponent.length;
  if (source.vectors.length !== count) throw new RangeError("one vector per word");
  if (source.words.some((w) => w.includes("\n"))) throw new RangeError("a word holds a newline");
  const wordBytes = new TextEncoder().encode(source.words.join("\n"));
  const scalesAt = HEADER_BYTES + align4(wordBytes.byteLength);
  const componentAt = scalesAt + 4 * count;
  const vectorsAt = componentAt + 4 * dimensions;
  const out = new Uint8Array(vectorsAt + count * dimensions);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(4, dimensions, true);
  view.setUint32(8, count, true);
  view.setUint32(12, source.sourceVocabulary, true);
  view.setUint32(16, wordBytes.byteLength, true);
  out.set(wordBytes, HEADER_BYTES);
  for (let d = 0; d < dimensions; d++)
    view.setFloat32(componentAt + 4 * d, source.referenceComponent[d]!, true);
  source.vectors.forEach((v, i) => {
    if (v.length !== dimensions) throw new RangeError(`vector ${i} has ${v.length} dimensions`);
    let max = 0;
    for (let d = 0; d < dimensions; d++) max = Math.max(max, Math.abs(v[d]!));
    const scale = max === 0 ? 1 : max / 127;
    view.setFloat32(scalesAt + 4 * i, scale, true);
    for (let d = 0; d < dimensions; d++)
      view.setInt8(vectorsAt + i * dimensions + d, Math.round(v[d]! / scale));
  });
  return out;
}

function align4(n: number): number {
  return (n + 3) & ~3;
}
