/**
 * A document's id as the workspace and links name it: the sha256 of its bytes, hashed once per
 * opened document (by the store's key).
 */
import { sha256Hex } from "../../core/text/hash";
import type { OpenDocument } from "../state/store";

const idsByKey = new Map<string, Promise<string>>();

export function documentId(doc: Pick<OpenDocument, "key" | "bytes">): Promise<string> {
  let id = idsByKey.get(doc.key);
  if (!id) {
    id = sha256Hex(doc.bytes);
    idsByKey.set(doc.key, id);
  }
  return id;
}

/** A restored document's id is known already: no need to hash its bytes again. */
export function rememberDocumentId(key: string, id: string): void {
  idsByKey.set(key, Promise.resolve(id));
}

/** The key of the open document with this id, or null. */
export async function keyOfDocumentId(
  docs: readonly Pick<OpenDocument, "key" | "bytes">[],
  id: string,
): Promise<string | null> {
  const ids = await Promise.all(docs.map(documentId));
  const at = ids.indexOf(id);
  return at >= 0 ? docs[at]!.key : null;
}
