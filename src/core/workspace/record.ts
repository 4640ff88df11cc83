/**
 * The workspace as it is stored and exported (DESIGN §10): which documents are open with each one's
 * chunker and config per chunker (A; the top-level pair is the current document's), compare's B, the question set, the last sweep and the view. Bytes and
 * extracted models live apart (stored once per document id). Nothing here is a secret: endpoint keys
 * are never part of it, and `sanitizeWorkspace` drops anything that looks like one.
 */
import { secretPaths } from "../export/secrets";
import type { OcrPage } from "../ocr";
import { FURNITURE_SETTINGS, type FurnitureSetting } from "../document";

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
  questions: { name: string | null; set: { format: string; questions: unknown[] } } | null;
  evaluation: { k: number; retriever: string };
  /** The last sweep's saved state, as the sweep panel keeps it (opaque here), or null. */
  sweep: unknown;
  view: { zoom: "fit-width" | number; selectedChunkId: string | null };
}

export class WorkspaceError extends Error {
  override readonly name = "WorkspaceError";
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A stored or imported record, checked and brought to the current schema (this is the first: a
 * later schema adds its step here, so an older store is carried forward, never discarded). A record
 * from a newer app, or not a record at all, is a WorkspaceError.
 */
export function readWorkspace(raw: unknown): WorkspaceRecord {
  if (!isObject(raw) || typeof raw.schema !== "number")
    throw new WorkspaceError("the stored workspace is not a workspace record");
  if (raw.schema > WORKSPACE_SCHEMA)
    throw new WorkspaceError(
      `the workspace was saved by a newer version of the workbench (schema ${raw.schema}, this one reads up to ${WORKSPACE_SCHEMA})`,
    );
  return checkRecord(raw);
}

function checkRecord(value: Record<string, unknown>): WorkspaceRecord {
  const fail = (what: string): never => {
    throw new WorkspaceError(`the stored workspace is damaged: ${what}`);
  };
  const documents = Array.isArray(value.documents) ? value.documents : fail("no document list");
  for (const d of documents)
    if (
      !isObject(d) ||
      typeof d.id !== "string" ||
      typeof d.name !== "string" ||
      !["pdf", "markdown", "text"].includes(d.kind as string) ||
      (d.ocr !== undefined && !Array.isArray(d.ocr)) ||
      (d.furniture !== undefined && !(FURNITURE_SETTINGS as readonly unknown[]).includes(d.furniture)) ||
      (d.chunker !== undefined && typeof d.chunker !== "string") ||
      (d.configs !== undefined && !(isObject(d.configs) && Object.values(d.configs).every(isObject)))
    )
      fail(
        "a document entry without id, name and kind (or with a furniture setting other than drop or keep, or settings that are not a chunker and configs)",
      );
  if (typeof value.chunker !== "string") fail("no chunker");
  if (!isObject(value.configs)) fail("no configs");
  const compare = isObject(value.compare) ? value.compare : fail("no compare state");
  const questions = value.questions;
  if (
    questions !== null &&
    questions !== undefined &&
    !(isObject(questions) && isObject(questions.set) && Array.isArray(questions.set.questions))
  )
    fail("a question set without questions");
  const evaluation = isObject(value.evaluation) ? value.evaluation : {};
  const view = isObject(value.view) ? value.view : {};
  const zoom =
    view.zoom === "fit-width" || (typeof view.zoom === "number" && view.zoom > 0) ? view.zoom : "fit-width";
  return {
    schema: WORKSPACE_SCHEMA,
    savedAt: typeof value.savedAt === "number" ? value.savedAt : 0,
    documents: documents as WorkspaceDocument[],
    currentId: typeof value.currentId === "string" ? value.currentId : null,
    chunker: value.chunker as string,
    configs: value.configs as WorkspaceRecord["configs"],
    compare: {
      enabled: compare.enabled === true,
      chunker: typeof compare.chunker === "string" ? compare.chunker : (value.chunker as string),
      configs: isObject(compare.configs) ? (compare.configs as WorkspaceRecord["configs"]) : {},
    },
    questions: (questions as WorkspaceRecord["questions"] | undefined) ?? null,
    evaluation: {
      k: typeof evaluation.k === "number" ? evaluation.k : 5,
      retriever: typeof evaluation.retriever === "string" ? evaluation.retriever : "bm25",
    },
    sweep: value.sweep ?? null,
    view: {
      zoom: zoom as WorkspaceRecord["view"]["zoom"],
      selectedChunkId: typeof view.selectedChunkId === "string" ? view.selectedChunkId : null,
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
