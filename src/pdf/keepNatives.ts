/**
 * pdf.js's legacy build — the one that runs on Node 20, which lacks Promise.withResolvers and other
 * things it uses — carries core-js, and core-js also replaces built-ins Node 20 has: Array.prototype.push
 * (forced on V8 ≤ 121 over an edge case of non-writable lengths), JSON.parse and JSON.stringify (for
 * newer proposals), Function.prototype.toString. Its JS versions are several times slower and apply
 * to the whole process once pdf.js loads: every push in the tokenizer and the chunkers went through
 * it (a fifth of a cold token run). The additions (methods Node lacks) stay; the replaced natives
 * are put back.
 */

/** Built-ins the legacy build replaces on Node 20 that nothing in pdf.js needs replaced. */
const KEPT: ReadonlyArray<readonly [object, PropertyKey]> = [
  [Array.prototype, "push"],
  [JSON, "parse"],
  [JSON, "stringify"],
  [Function.prototype, "toString"],
];

/** Runs `load` and then restores every KEPT built-in to what it was before `load` ran. */
export async function keepingNatives<T>(
  load: () => Promise<T>,
  kept: ReadonlyArray<readonly [object, PropertyKey]> = KEPT,
): Promise<T> {
  const saved = kept.map(
    ([owner, key]) => [owner, key, Object.getOwnPropertyDescriptor(owner, key)] as const,
  );
  try {
    return await load();
  } finally {
    for (const [owner, key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(owner, key, descriptor);
    }
  }
}
