/**
 * The workspace file (DESIGN §10): one zip — `manifest.json` (format, versions, the documents),
 * `workspace.json` (the record) and each document's bytes under `documents/<id>/<name>` — so a
 * workspace moves to another machine and the same view comes back. fflate writes and reads it:
 * small, pure JS, the same in the page, a worker and Node. Documents are stored, not deflated
 * (PDFs are compressed already); the JSON is deflated.
 */
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { sha256Hex } from "../text/hash";
import {
  readWorkspace,
  sanitizeWorkspace,
  WorkspaceError,
  type WorkspaceDocument,
  type WorkspaceRecord,
} from "./record";

const WORKSPACE_FILE_FORMAT = "chunk-workbench-workspace";
const FILE_VERSION = 1;

export interface WorkspaceFileDocument extends WorkspaceDocument {
  bytes: Uint8Array;
}

interface Manifest {
  format: typeof WORKSPACE_FILE_FORMAT;
  version: number;
  app_version: string;
  schema: number;
  created_at: string;
  documents: (WorkspaceDocument & { path: string; bytes: number })[];
}

/** A name safe as one zip path segment (the original name stays in the manifest). */
function pathSegment(name: string): string {
  const printable = [...name].map((c) => (c.charCodeAt(0) < 0x20 ? "_" : c)).join("");
  return printable.replace(/[\\/:*?"<>|]/g, "_").slice(0, 200) || "document";
}

export function packWorkspace(
  record: WorkspaceRecord,
  documents: readonly WorkspaceFileDocument[],
  appVersion: string,
  now = new Date(),
): Uint8Array {
  const files: Zippable = {};
  const manifest: Manifest = {
    format: WORKSPACE_FILE_FORMAT,
    version: FILE_VERSION,
    app_version: appVersion,
    schema: record.schema,
    created_at: now.toISOString(),
    documents: documents.map((d) => ({
      id: d.id,
      name: d.name,
      kind: d.kind,
      path: `documents/${d.id}/${pathSegment(d.name)}`,
      bytes: d.bytes.length,
    })),
  };
  files["manifest.json"] = strToU8(JSON.stringify(manifest, null, 2));
  files["workspace.json"] = strToU8(JSON.stringify(sanitizeWorkspace(record)));
  documents.forEach((d, i) => {
    files[manifest.documents[i]!.path] = [d.bytes, { level: 0 }];
  });
  return zipSync(files, { level: 6 });
}

/** A workspace file back: the record and the documents, each checked against its id (sha256). */
export async function unpackWorkspace(
  bytes: Uint8Array,
): Promise<{ record: WorkspaceRecord; documents: WorkspaceFileDocument[]; appVersion: string }> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (err) {
    throw new WorkspaceError(
      `not a workspace file (the zip cannot be read: ${err instanceof Error ? err.message : String(err)})`,
    );
  }
  const manifest = parseJson(files["manifest.json"], "manifest.json") as Partial<Manifest> | null;
  if (!manifest || manifest.format !== WORKSPACE_FILE_FORMAT || !Array.isArray(manifest.documents))
    throw new WorkspaceError("not a workspace file (no chunk-workbench manifest.json)");
  if (typeof manifest.version !== "number" || manifest.version > FILE_VERSION)
    throw new WorkspaceError(
      `the workspace file was written by a newer version of the workbench (file version ${String(manifest.version)})`,
    );
  const record = readWorkspace(parseJson(files["workspace.json"], "workspace.json"));
  const documents: WorkspaceFileDocument[] = [];
  for (const entry of manifest.documents) {
    const data = files[entry.path];
    if (!data) throw new WorkspaceError(`the workspace file lacks ${entry.name} (${entry.path})`);
    const id = await sha256Hex(data);
    if (id !== entry.id)
      throw new WorkspaceError(`${entry.name} in the workspace file is damaged (its checksum differs)`);
    documents.push({ id, name: entry.name, kind: entry.kind, bytes: data });
  }
  const known = new Set(documents.map((d) => d.id));
  const missing = record.documents.find((d) => !known.has(d.id));
  if (missing) throw new WorkspaceError(`the workspace file lacks ${missing.name}`);
  return { record, documents, appVersion: String(manifest.app_version ?? "unknown") };
}

function parseJson(data: Uint8Array | undefined, name: string): unknown {
  if (!data) throw new WorkspaceError(`not a workspace file (no ${name})`);
  try {
    return JSON.parse(strFromU8(data)) as unknown;
  } catch (err) {
    throw new WorkspaceError(
      `${name} in the workspace file is not JSON (${err instanceof Error ? err.message : String(err)})`,
    );
  }
}
