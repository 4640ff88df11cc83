/**
 * The workspace store in IndexedDB (DESIGN §10), through idb: a 1 KB promise wrapper with typed
 * stores — all this needs (two stores, whole-record puts, no queries), where Dexie would add 90 KB
 * of query layer to the bundle. Document bytes are stored once per id; the workspace record is one
 * row, written whole in one transaction, so two tabs writing at once leave either's record, never a
 * mix, and the later write wins.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { WorkspaceDocument } from "../../core/workspace/record";

const WORKSPACE_DB = "chunk-workbench";
/** IndexedDB's own version: bumped with a new store or index; `upgrade` steps through every older one. */
const DB_VERSION = 1;
const RECORD_KEY = "current";
const SET_ASIDE_KEY = "set-aside";

interface StoredDocument extends WorkspaceDocument {
  bytes: Uint8Array;
}

interface WorkspaceSchema extends DBSchema {
  documents: { key: string; value: StoredDocument };
  workspace: { key: string; value: unknown };
}

export type StorageFailure = "unavailable" | "full" | "failed";

/** A store operation that failed, with what the user should be told. */
export class StorageError extends Error {
  override readonly name = "StorageError";
  constructor(
    readonly failure: StorageFailure,
    message: string,
  ) {
    super(message);
  }
}

export function storageError(err: unknown): StorageError {
  if (err instanceof StorageError) return err;
  const name = err instanceof DOMException ? err.name : "";
  const detail = err instanceof Error ? err.message : String(err);
  if (name === "QuotaExceededError")
    return new StorageError("full", "the browser's storage for this site is full");
  if (name === "InvalidStateError" || name === "SecurityError" || name === "UnknownError")
    return new StorageError("unavailable", `the browser refuses IndexedDB here (${detail})`);
  return new StorageError("failed", detail);
}

let opening: Promise<IDBPDatabase<WorkspaceSchema>> | null = null;

function openWorkspaceDb(): Promise<IDBPDatabase<WorkspaceSchema>> {
  if (typeof indexedDB === "undefined")
    return Promise.reject(
      new StorageError("unavailable", "this browser window has no IndexedDB (a private window?)"),
    );
  opening ??= openDB<WorkspaceSchema>(WORKSPACE_DB, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore("documents", { keyPath: "id" });
        db.createObjectStore("workspace");
      }
    },
    blocked() {
      // Another tab holds an older version open: it closes its connection on versionchange (below).
    },
    blocking() {
      // A newer tab upgrades the store: step aside rather than block it.
      void opening?.then((db) => db.close());
      opening = null;
    },
  }).catch((err: unknown) => {
    opening = null;
    throw storageError(err);
  });
  return opening;
}

export async function readRecord(): Promise<unknown> {
  const db = await openWorkspaceDb();
  try {
    return await db.get("workspace", RECORD_KEY);
  } catch (err) {
    throw storageError(err);
  }
}

/**
 * Moves the stored record out of the way (to "set-aside", with when): a record that made the app
 * fail is kept for an export, never restored again by a new tab.
 */
export async function setAsideRecord(): Promise<void> {
  const db = await openWorkspaceDb();
  try {
    const record: unknown = await db.get("workspace", RECORD_KEY);
    if (record === undefined) return;
    await db.put("workspace", { at: Date.now(), record }, SET_ASIDE_KEY);
    await db.delete("workspace", RECORD_KEY);
  } catch (err) {
    throw storageError(err);
  }
}

export async function writeRecord(record: unknown): Promise<void> {
  const db = await openWorkspaceDb();
  try {
    await db.put("workspace", record, RECORD_KEY);
  } catch (err) {
    throw storageError(err);
  }
}

export async function readDocuments(ids: readonly string[]): Promise<Map<string, StoredDocument>> {
  const db = await openWorkspaceDb();
  try {
    const tx = db.transaction("documents");
    const found = await Promise.all(ids.map((id) => tx.store.get(id)));
    await tx.done;
    return new Map(found.filter((d): d is StoredDocument => d !== undefined).map((d) => [d.id, d]));
  } catch (err) {
    throw storageError(err);
  }
}

/** Stores a document's bytes once: an id already stored is not written again. */
export async function writeDocument(doc: StoredDocument): Promise<void> {
  const db = await openWorkspaceDb();
  try {
    const tx = db.transaction("documents", "readwrite");
    if ((await tx.store.getKey(doc.id)) === undefined) await tx.store.put(doc);
    await tx.done;
  } catch (err) {
    throw storageError(err);
  }
}

/** Drops the bytes of documents no longer open in this workspace. */
export async function pruneDocuments(keep: ReadonlySet<string>): Promise<void> {
  const db = await openWorkspaceDb();
  try {
    const tx = db.transaction("documents", "readwrite");
    for (const id of await tx.store.getAllKeys()) if (!keep.has(id)) await tx.store.delete(id);
    await tx.done;
  } catch (err) {
    throw storageError(err);
  }
}
