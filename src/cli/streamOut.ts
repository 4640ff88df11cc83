/**
 * Output written in pieces, so a 2,415-page manual's 37 MB of JSON is never one string in memory
 * (DESIGN §11 keeps extract and chunk under 1 GB there). The bytes are exactly those of the whole
 * string: `jsonPieces` yields JSON.stringify's output in order, a large array element by element.
 */
import { once } from "node:events";
import type { Writable } from "node:stream";

/** JSON.stringify(value) for a plain object, as pieces: the arrays named in `streamed` in batches of elements. */
export function* jsonPieces(
  value: Record<string, unknown>,
  streamed: readonly string[],
  batch = 2000,
): Generator<string> {
  let first = true;
  yield "{";
  for (const [key, v] of Object.entries(value)) {
    // JSON.stringify leaves out keys whose value it cannot write.
    if (v === undefined || typeof v === "function" || typeof v === "symbol") continue;
    yield `${first ? "" : ","}${JSON.stringify(key)}:`;
    first = false;
    if (Array.isArray(v) && streamed.includes(key)) {
      yield "[";
      for (let i = 0; i < v.length; i += batch) {
        const part = JSON.stringify(v.slice(i, i + batch));
        yield (i > 0 ? "," : "") + part.slice(1, -1);
      }
      yield "]";
    } else yield JSON.stringify(v);
  }
  yield "}";
}

/** Writes the pieces in order, waiting whenever the stream asks to (a pipe into a slow reader). */
export async function writePieces(out: Writable, pieces: Iterable<string>): Promise<void> {
  let pending = "";
  for (const piece of pieces) {
    pending += piece;
    if (pending.length < 1 << 20) continue;
    if (!out.write(pending)) await once(out, "drain");
    pending = "";
  }
  if (pending && !out.write(pending)) await once(out, "drain");
}
