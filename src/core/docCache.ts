/**
 * Work that depends on a document alone — its sentence table, word sets, entities, heading tree —
 * done once per document and kept with it, so a slider move re-runs only what the config changes.
 * Keyed by the DocModel object itself (a WeakMap): the engine host holds one object per open
 * document, and a document it lets go takes its cached work with it. Two documents never share an
 * entry even when tests give them the same id.
 */
import type { DocModel } from "./document";

const byDocument = new WeakMap<DocModel, Map<string, unknown>>();

/** `compute()` once per document and key; later calls get the same value (a promise stays one promise). */
export function perDocument<T>(doc: DocModel, key: string, compute: () => T): T {
  let entries = byDocument.get(doc);
  if (!entries) byDocument.set(doc, (entries = new Map()));
  if (entries.has(key)) return entries.get(key) as T;
  const value = compute();
  entries.set(key, value);
  // A failed computation (an aborted run) must not stay cached as a rejection.
  if (value instanceof Promise) value.catch(() => entries.delete(key));
  return value;
}
