import { sha256Hex } from "./hash";

/**
 * Content-based chunk ids, the NOESIS P1 fix (CHUNKERS.md): "sha256-" + the first 32 hex digits
 * of sha256(docId + ":" + lower-cased, trimmed text). The document id keeps equal text in two
 * documents apart; within one document equal text gets the same id, which the engine makes
 * unique in a run with _2, _3 … in document order.
 */
export async function contentId(docId: string, text: string): Promise<string> {
  return "sha256-" + (await sha256Hex(`${docId}:${text.toLowerCase().trim()}`)).slice(0, 32);
}
