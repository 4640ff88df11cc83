/**
 * Extracted DocModels kept in IndexedDB, read and written in the engine worker: a restored
 * workspace draws its pages and chunks without extracting again (DESIGN §10), and the page's main
 * thread never clones a model of thousands of runs. Keyed by document id + DOC_MODEL_VERSION, so a
 * change in extraction re-extracts instead of showing an older model.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { DOC_MODEL_VERSION, type DocModel } from "../core/document";
import type { ModelCache } from "../host/engine";

interface ModelSchema extends DBSchema {
  models: {
    key: string;
    value: { key: string; model: DocModel; savedAt: number };
    indexes: { savedAt: number };
  };
}

const DB_NAME = "chunk-workbench-models";
/** Models beyond this many are dropped, oldest first: the cache must not grow without end. */
const MAX_MODELS = 24;

const keyOf = (id: string) => `${id}@${DOC_MODEL_VERSION}`;

let opening: Promise<IDBPDatabase<ModelSchema>> | null = null;

function open(): Promise<IDBPDatabase<ModelSchema>> {
  if (typeof indexedDB === "undefined") return Promise.reject(new Error("no IndexedDB in this worker"));
  opening ??= openDB<ModelSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore("models", { keyPath: "key" }).createIndex("savedAt", "savedAt");
    },
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}

/** The cache, or null where IndexedDB is missing (the worker then extracts every time, as before). */
export function indexedDbModelCache(onProblem: (message: string) => void): ModelCache | null {
  if (typeof indexedDB === "undefined") return null;
  return {
    async get(id) {
      try {
        const entry = await (await open()).get("models", keyOf(id));
        return entry?.model;
      } catch (err) {
        onProblem(
          `a stored extraction could not be read (${err instanceof Error ? err.message : String(err)}): extracting again`,
        );
        return undefined;
      }
    },
    async put(model) {
      try {
        const db = await open();
        const tx = db.transaction("models", "readwrite");
        await tx.store.put({ key: keyOf(model.id), model, savedAt: Date.now() });
        const count = await tx.store.count();
        if (count > MAX_MODELS) {
          let cursor = await tx.store.index("savedAt").openCursor();
          for (let n = count - MAX_MODELS; cursor && n > 0; n--) {
            await cursor.delete();
            cursor = await cursor.continue();
          }
        }
        await tx.done;
      } catch (err) {
        onProblem(
          `the extraction was not stored (${err instanceof Error ? err.message : String(err)}): a reload extracts again`,
        );
      }
    },
  };
}
