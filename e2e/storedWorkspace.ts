/**
 * The workspace record as this origin's IndexedDB holds it (DESIGN §10): specs wait for a save to
 * land before they open another tab, rather than sleeping and hoping.
 */
import type { Page } from "@playwright/test";

export interface StoredRecord {
  chunker: string;
  configs: Record<string, Record<string, unknown>>;
  documents: {
    name: string;
    ocr?: unknown[];
    furniture?: string;
    chunker?: string;
    configs?: Record<string, Record<string, unknown>>;
  }[];
  compare: { enabled: boolean };
}

export function storedWorkspace(page: Page): Promise<StoredRecord | null> {
  return page.evaluate(
    () =>
      new Promise<StoredRecord | null>((resolve, reject) => {
        const open = indexedDB.open("chunk-workbench");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("workspace")) {
            db.close();
            resolve(null);
            return;
          }
          const get = db.transaction("workspace").objectStore("workspace").get("current");
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            db.close();
            resolve((get.result as StoredRecord | undefined) ?? null);
          };
        };
      }),
  );
}
