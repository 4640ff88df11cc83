/** Vector arithmetic shared by the embedders, the similarity curves and the quality scores. */

export function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new RangeError(`Vectors differ in length: ${a.length} and ${b.length}.`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

export function norm(a: Float32Array): number {
  return Math.sqrt(dot(a, a));
}

/** Cosine similarity; 0 when either vector is all zeros (an empty text has no direction). */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  const n = norm(a) * norm(b);
  return n === 0 ? 0 : dot(a, b) / n;
}

/** Scale to unit length in place; an all-zero vector stays as it is. */
export function normalizeInPlace(a: Float32Array): Float32Array {
  const n = norm(a);
  if (n > 0) for (let i = 0; i < a.length; i++) a[i] = a[i]! / n;
  return a;
}
