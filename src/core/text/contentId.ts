import { sha256HexSync } from "./hash";

/**
 * Content-based chunk ids, the NOESIS P1 fix (CHUNKERS.md): "sha256-" + the first 32 hex digits
 * of sha256(docId + ":" + lower-cased, trimmed text). The document id keeps equal text in two
 * documents apart; within one document equal text gets the same id, which the engine makes
 * unique in a run with _2, _3 … in document order.
 *
 * Hashed synchronously: a late chunker names thousands of chunks per run, and WebCrypto's digest
 * answers each through the thread pool — ~40 ms of waiting per run on the 352-page book.
 */
export function contentId(docId: string, text: string): Promise<string> {
  return Promise.resolve(contentIdSync(docId, text));
}

function contentIdSync(docId: string, text: string): string {
  return "sha256-" + sha256HexSync(`${docId}:${text.toLowerCase().trim()}`).slice(0, 32);
}
