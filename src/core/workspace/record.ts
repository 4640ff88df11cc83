/**
 * The workspace as it is stored and exported (DESIGN §10): which documents are open with each one's
 * chunker and config per chunker (A; the top-level pair is the current document's), compare's B, the question set, the last sweep and the view. Bytes and
 * extracted models live apart (stored once per document id). Nothing here is a secret: endpoint keys
 * are never part of it, and `sanitizeWorkspace` drops anything that looks like one.
 */
import { secretPaths } from "../export/secrets";
import type { OcrPage } from "../ocr";
import type { FurnitureSetting } from "../document";
import type { RetrievalMode, RetrieverId } from "../eval/evaluate";
import type { QuestionSet } from "../eval/questions";
import { SchemaError } from "../schema/errors";
import { checkWorkspaceRecord } from "../schema/workspace";

/** Bumped when the record's shape changes; `migrateWorkspace` carries every older shape forward. */
export const WORKSPACE_SCHEMA = 1;

type WorkspaceDocumentKind = "pdf" | "markdown" | "text";

export interface WorkspaceDocument {
  /** sha256 of the bytes: the key of the stored bytes. */
  id: string;
  name: string;
  kind: WorkspaceDocumentKind;
  /** Pages the user had recognized (OCR): seconds of work per page, kept rather than redone. */
  ocr?: OcrPage[];
  /** The document's page-furniture setting; absent means the default, "drop". */
  furniture?: FurnitureSetting;
  /**
   * The document's own chunker and config per chunker (DESIGN §12: settings belong to a document);
   * absent in records written before they did — then the record's `chunker` and `configs` apply.
   */
  chunker?: string;
  configs?: Record<string, Record<string, unknown>>;
}

export interface WorkspaceRecord {
  schema: typeof WORKSPACE_SCHEMA;
  /** When the record was written (ms since epoch): the later write wins. */
  savedAt: number;
  documents: WorkspaceDocument[];
  /** The document on screen (an id of `documents`), or null. */
  currentId: string | null;
  chunker: string;
  configs: Record<string, Record<string, unknown>>;
  compare: { enabled: boolean; chunker: string; configs: Record<string, Record<string, unknown>> };
  /** The question set as the evaluation holds it (questions written in the tab included), or null. */
  questions: { name: string | null; set: QuestionSet } | null;
  evaluation: {
    k: number;
    retriever: string;
    retrieval?: RetrievalMode;
    contextualize?: boolean;
    /** B's retrieval where it differs from A's (issue 30: the same chunks retrieved another way). */
    compareRetrieval?: { retriever?: RetrieverId; retrieval?: RetrievalMode; contextualize?: boolean };
  };
  /** The last sweep's saved state, as the sweep panel keeps it (opaque here), or null. */
  sweep: unknown;
  view: { zoom: "fit-width" | number; selectedChunkId: string | null };
}

export class WorkspaceError extends Error {
  override readonly name = "WorkspaceError";
  constructor(
    message: string,
    /** The key of the record that is wrong, when one is ("" otherwise). */
    readonly key = "",
  ) {
    super(message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A stored or imported record, checked whole by the schema layer (core/schema/workspace) and brought
 * to the current schema (this is the first: a later schema adds its step here, so an older store is
 * carried forward, never discarded). A record from a newer app, or one the schema refuses, is a
 * WorkspaceError naming the key that is wrong.
 */
export function readWorkspace(raw: unknown): WorkspaceRecord {
  if (!isObject(raw) || typeof raw.schema !== "number")
    throw new WorkspaceError("the stored workspace is not a workspace record");
  if (raw.schema > WORKSPACE_SCHEMA)
    throw new WorkspaceError(
      `the workspace was saved by a newer version of the workbench (schema ${raw.schema}, this one reads up to ${WORKSPACE_SCHEMA})`,
    );
  let record;
  try {
    record = checkWorkspaceRecord(raw, "the workspace is damaged");
  } catch (err) {
    if (err instanceof SchemaError) throw new WorkspaceError(err.message, err.key);
    throw err;
  }
  return {
    ...record,
    schema: WORKSPACE_SCHEMA,
    compare: {
      enabled: record.compare.enabled,
      chunker: record.compare.chunker ?? record.chunker,
      configs: record.compare.configs,
    },
  };
}

/**
 * The record without secrets: a config value that looks like a key (the export's own detector)
 * is dropped, so a key pasted into a param field never reaches the store or a workspace file.
 */
export function sanitizeWorkspace(record: WorkspaceRecord): WorkspaceRecord {
  const clean = (configs: WorkspaceRecord["configs"]) =>
    Object.fromEntries(
      Object.entries(configs).map(([chunker, config]) => [
        chunker,
        Object.fromEntries(
          Object.entries(config).filter(([key, value]) => secretPaths({ [key]: value }).length === 0),
        ),
      ]),
    );
  return {
    ...record,
    documents: record.documents.map((d) => (d.configs ? { ...d, configs: clean(d.configs) } : d)),
    configs: clean(record.configs),
    compare: { ...record.compare, configs: clean(record.compare.configs) },
  };
}
