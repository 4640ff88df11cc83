/**
 * The workspace file (DESIGN §10): one zip — `manifest.json` (format, versions, the documents),
 * `workspace.json` (the record) and each document's bytes under `documents/<id>/<name>` — so a
 * workspace moves to another machine and the same view comes back. fflate writes and reads it:
 * small, pure JS, the same in the page, a worker and Node. Documents are stored, not deflated
 * (PDFs are compressed already); the JSON is deflated. Reading is streamed with limits (DESIGN §12):
 * only the entries the manifest names are inflated, and no entry past 1 GiB nor all past 2 GiB — a
 * zip bomb is refused after the first slices that cross a limit, never inflated whole.
 */
import { strFromU8, strToU8, Unzip, UnzipInflate, zipSync, type Zippable } from "fflate";
import { parseOutsideJson } from "../schema/json";
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

/** DESIGN §12's limits on what a workspace file may inflate to. */
const ZIP_LIMITS = {
  entryBytes: 1 << 30,
  totalBytes: 2 ** 31,
  /** manifest.json and workspace.json are a few kilobytes to megabytes; 64 MiB is a bomb. */
  jsonBytes: 64 << 20,
};

/** Compressed bytes are fed in slices, so one push inflates at most ~1,000× a slice. */
const SLICE = 16 << 10;

/**
 * The entries `limitOf` names (its byte limit for each; undefined: not read), inflated as a stream
 * and stopped at the first limit crossed — declared in the entry's header or counted as it inflates.
 */
function readEntries(
  bytes: Uint8Array,
  limitOf: (name: string) => number | undefined,
  limits = ZIP_LIMITS,
): Map<string, Uint8Array> {
  const found = new Map<string, Uint8Array>();
  let total = 0;
  let failure: WorkspaceError | null = null;
  const fail = (message: string) => {
    failure ??= new WorkspaceError(message);
  };
  const unzip = new Unzip((file) => {
    const limit = limitOf(file.name);
    if (limit === undefined || found.has(file.name)) return; // never started: never inflated
    if (file.originalSize !== undefined && file.originalSize > limit) {
      fail(
        `${file.name} in the workspace file says it inflates to ${file.originalSize} bytes, more than declared or allowed (${limit}): refused (damaged, or a zip bomb)`,
      );
      return;
    }
    const parts: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) return fail(`${file.name} in the workspace file cannot be inflated (${err.message})`);
      size += chunk.length;
      total += chunk.length;
      if (size > limit)
        return fail(
          `${file.name} in the workspace file inflates past ${limit} bytes, more than declared or allowed: refused (damaged, or a zip bomb)`,
        );
      if (total > limits.totalBytes)
        return fail(`the workspace file inflates past ${limits.totalBytes} bytes in all`);
      parts.push(chunk);
      if (final) found.set(file.name, concat(parts, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += SLICE)
      unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
  } catch (err) {
    throw new WorkspaceError(
      `not a workspace file (the zip cannot be read: ${err instanceof Error ? err.message : String(err)})`,
    );
  }
  if (failure) throw failure;
  return found;
}

function concat(parts: readonly Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A workspace file back: the record and the documents, each checked against its id (sha256). */
export async function unpackWorkspace(
  bytes: Uint8Array,
  limits = ZIP_LIMITS,
): Promise<{ record: WorkspaceRecord; documents: WorkspaceFileDocument[]; appVersion: string }> {
  const json = readEntries(
    bytes,
    (name) => (name === "manifest.json" || name === "workspace.json" ? limits.jsonBytes : undefined),
    limits,
  );
  const manifest = parseJson(json.get("manifest.json"), "manifest.json") as Partial<Manifest> | null;
  if (!manifest || manifest.format !== WORKSPACE_FILE_FORMAT || !Array.isArray(manifest.documents))
    throw new WorkspaceError("not a workspace file (no chunk-workbench manifest.json)");
  if (typeof manifest.version !== "number" || manifest.version > FILE_VERSION)
    throw new WorkspaceError(
      `the workspace file was written by a newer version of the workbench (file version ${String(manifest.version)})`,
    );
  const record = readWorkspace(parseJson(json.get("workspace.json"), "workspace.json"));
  const entries = manifest.documents.map((entry, i) => checkManifestEntry(entry, i, limits));
  const declared = entries.reduce((sum, e) => sum + e.bytes, 0);
  if (declared > limits.totalBytes)
    throw new WorkspaceError(
      `the workspace file's documents add up to ${declared} bytes; at most ${limits.totalBytes}`,
    );
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const files = readEntries(
    bytes,
    (name) => (byPath.has(name) ? Math.min(limits.entryBytes, byPath.get(name)!.bytes) : undefined),
    limits,
  );
  const documents: WorkspaceFileDocument[] = [];
  for (const entry of entries) {
    const data = files.get(entry.path);
    if (!data) throw new WorkspaceError(`the workspace file lacks ${entry.name} (${entry.path})`);
    const id = await sha256Hex(data);
    if (id !== entry.id)
      throw new WorkspaceError(`${entry.name} in the workspace file is damaged (its checksum differs)`);
    documents.push({ id, name: entry.name, kind: entry.kind, bytes: data });
  }
  const known = new Set(documents.map((d) => d.id));
  const missing = record.documents.find((d) => !known.has(d.id));
  if (missing) throw new WorkspaceError(`the workspace file lacks ${missing.name}`);
  return { record, documents, appVersion: String(manifest.app_version ?? "unknown").slice(0, 100) };
}

/** A manifest's document entry, checked: its declared size is the most its entry may inflate to. */
function checkManifestEntry(
  raw: unknown,
  i: number,
  limits: typeof ZIP_LIMITS,
): Manifest["documents"][number] {
  const e = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const where = `manifest.json: documents[${i}]`;
  if (typeof e.path !== "string" || typeof e.name !== "string" || typeof e.id !== "string")
    throw new WorkspaceError(`${where} needs id, name and path`, `documents[${i}]`);
  if (!["pdf", "markdown", "text"].includes(e.kind as string))
    throw new WorkspaceError(`${where}.kind must be pdf, markdown or text`, `documents[${i}].kind`);
  if (!(Number.isInteger(e.bytes) && (e.bytes as number) >= 0 && (e.bytes as number) <= limits.entryBytes))
    throw new WorkspaceError(
      `${where}.bytes must be the document's size, at most ${limits.entryBytes}`,
      `documents[${i}].bytes`,
    );
  return {
    id: e.id,
    name: e.name,
    kind: e.kind as WorkspaceDocument["kind"],
    path: e.path,
    bytes: e.bytes as number,
  };
}

function parseJson(data: Uint8Array | undefined, name: string): unknown {
  if (!data) throw new WorkspaceError(`not a workspace file (no ${name})`);
  try {
    return parseOutsideJson(strFromU8(data), `${name} in the workspace file`);
  } catch (err) {
    throw new WorkspaceError(err instanceof Error ? err.message : String(err));
  }
}
