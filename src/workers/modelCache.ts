/**
 * Extracted DocModels kept in IndexedDB, read and written in the engine worker: a restored
 * workspace draws its pages and chunks without extracting again (DESIGN §10), and the page's main
 * thread never clones a model of thousands of runs. Keyed by document id + DOC_MODEL_VERSION, so a
 * change in extraction re-extracts instead of showing an older model. A model is stored packed
 * (core/packedDocModel): cloning 200,000 run objects into IndexedDB took seconds of the worker's
 * time and a model's worth of memory again, typed arrays are copied whole.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { DOC_MODEL_VERSION } from "../core/document";
import { packDocModel, unpackDocModel, type PackedDocModel } from "../core/packedDocModel";
import type { ModelCache } from "../host/engine";

interface ModelSchema extends DBSchema {
  models: {
    key: string;
    value: { key: string; model: PackedDocModel; savedAt: number };
    indexes: { savedAt: number };
  };
}

const DB_NAME = "chunk-workbench-models";
/** Models beyond this many are dropped, oldest first: the cache must not grow without end. */
const MAX_MODELS = 24;

// "/packed": entries stored as objects before packing are never read as packed ones (they age out).
const keyOf = (id: string) => `${id}@${DOC_MODEL_VERSION}/packed`;

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
        return entry ? unpackDocModel(entry.model) : undefined;
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
        await tx.store.put({ key: keyOf(model.id), model: packDocModel(model), savedAt: Date.now() });
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
