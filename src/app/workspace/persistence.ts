/**
 * The workspace kept across reloads (DESIGN §10): restored once on load, then saved a moment after
 * every change — the record whole (it is small), each document's bytes once per id. A failure to
 * store is a notice, never a crash: the app goes on in memory and says what a reload would lose.
 */
import { getChunkerMeta, CHUNKER_METAS } from "../../core/chunkers/metas";
import { resolveConfig } from "../../core/config";
import { capOutsideCosts } from "../../core/costCaps";
import type { QuestionSet } from "../../core/eval/questions";
import { DEFAULT_RETRIEVAL, RETRIEVERS, type RetrieverId } from "../../core/eval/evaluate";
import {
  readWorkspace,
  sanitizeWorkspace,
  WORKSPACE_SCHEMA,
  WorkspaceError,
  type WorkspaceRecord,
} from "../../core/workspace/record";
import { useCompare } from "../state/compare";
import { useEvaluation } from "../state/evaluation";
import { useNotices } from "../state/notices";
import { useWorkbench } from "../state/store";
import { restoreSweep, sweepSnapshot, useSweep } from "../state/sweep";
import { documentId, rememberDocumentId } from "./documentIds";
import { pruneDocuments, readDocuments, readRecord, storageError, writeDocument, writeRecord } from "./db";

type Configs = WorkspaceRecord["configs"];

const SAVE_DELAY_MS = 400;
const SWEEP_SAVE_DELAY_MS = 3000;

/** Configs kept only for chunkers this app knows, each with only the keys that are valid for it. */
export function validConfigs(configs: Configs): Configs {
  const out: Configs = {};
  for (const [chunker, config] of Object.entries(configs)) {
    if (!CHUNKER_METAS.some((m) => m.id === chunker)) continue;
    const meta = getChunkerMeta(chunker);
    const { problems } = resolveConfig(meta, config);
    const bad = new Set(problems.map((p) => p.key));
    out[chunker] = {
      ...(meta.defaults as Record<string, unknown>),
      ...Object.fromEntries(Object.entries(config).filter(([k]) => !bad.has(k))),
    };
    // A cross-key rule broken by the kept keys: the chunker's defaults, whole.
    if (resolveConfig(meta, out[chunker]).problems.length > 0)
      out[chunker] = { ...(meta.defaults as Record<string, unknown>) };
  }
  return out;
}

/** The record of what is on screen now. */
export async function currentRecord(): Promise<WorkspaceRecord> {
  const wb = useWorkbench.getState();
  const compare = useCompare.getState();
  const evaluation = useEvaluation.getState();
  const ids = await Promise.all(wb.docs.map(documentId));
  const current = wb.docs.findIndex((d) => d.key === wb.currentKey);
  return sanitizeWorkspace({
    schema: WORKSPACE_SCHEMA,
    savedAt: Date.now(),
    documents: wb.docs.map((d, i) => {
      const settings = wb.settingsByDoc[d.key];
      return {
        id: ids[i]!,
        name: d.name,
        kind: d.kind,
        ...(d.ocr ? { ocr: d.ocr } : {}),
        ...(d.furniture && d.furniture !== "drop" ? { furniture: d.furniture } : {}),
        ...(settings ? { chunker: settings.chunker, configs: settings.configs } : {}),
      };
    }),
    currentId: current >= 0 ? ids[current]! : null,
    chunker: wb.chunker,
    configs: wb.configs,
    compare: { enabled: compare.enabled, chunker: compare.chunker, configs: compare.configs },
    questions: evaluation.set ? { name: evaluation.setName, set: evaluation.set } : null,
    evaluation: {
      k: evaluation.k,
      retriever: evaluation.retriever,
      retrieval: evaluation.retrieval,
      contextualize: evaluation.contextualize,
      compareRetrieval: evaluation.compareRetrieval,
    },
    sweep: sweepSnapshot(),
    view: {
      zoom: wb.zoom.mode === "fit-width" ? "fit-width" : wb.zoom.scale,
      selectedChunkId: wb.selectedChunkId,
    },
  });
}

/** The open documents with their ids and bytes (the workspace file and the store hold them). */
export async function currentDocuments() {
  const { docs } = useWorkbench.getState();
  const ids = await Promise.all(docs.map(documentId));
  return docs.map((d, i) => ({ id: ids[i]!, name: d.name, kind: d.kind, bytes: d.bytes }));
}

/**
 * Puts a record on screen: its documents opened from the bytes given, its configs (each key checked
 * again: a record is data from the past), compare, the question set, the sweep and the view.
 * `replace` (an import): what the record leaves out is cleared, not kept from before (the sweep).
 * Returns the names of documents whose bytes were missing.
 */
export function applyRecord(
  record: WorkspaceRecord,
  bytesById: ReadonlyMap<string, Uint8Array>,
  { replace = false }: { replace?: boolean } = {},
): string[] {
  const missing: string[] = [];
  const wb = useWorkbench.getState();
  let currentKey: string | null = null;
  // An import is outside input: its costs never exceed this browser's own (capOutsideCosts).
  const capped: string[] = [];
  const capAll = (incoming: Configs, label: string): Configs => {
    if (!replace) return incoming;
    const own = useWorkbench.getState().configs;
    return Object.fromEntries(
      Object.entries(incoming).map(([chunker, config]) => {
        const c = capOutsideCosts(chunker, config, own[chunker]);
        capped.push(...c.capped.map((what) => `${label}${what}`));
        return [chunker, c.config];
      }),
    );
  };
  // The record's own pair first: documents saved before settings were theirs take it.
  const configs = capAll(validConfigs(record.configs), "");
  if (configs[record.chunker]) useWorkbench.setState({ chunker: record.chunker, configs });
  for (const doc of record.documents) {
    const bytes = bytesById.get(doc.id);
    if (!bytes) {
      missing.push(doc.name);
      continue;
    }
    const key = wb.openDocument({
      name: doc.name,
      kind: doc.kind,
      bytes,
      ...(doc.ocr ? { ocr: doc.ocr } : {}),
      ...(doc.furniture ? { furniture: doc.furniture } : {}),
    });
    rememberDocumentId(key, doc.id);
    if (doc.id === record.currentId) currentKey = key;
    const own = doc.chunker && doc.configs ? capAll(validConfigs(doc.configs), `${doc.name}: `) : null;
    if (own && doc.chunker && own[doc.chunker])
      useWorkbench.getState().setDocSettings(key, { chunker: doc.chunker, configs: own });
  }
  // Restored documents took their settings from the record, not from each other.
  useWorkbench.getState().dismissInheritedSettings();
  if (currentKey) useWorkbench.getState().selectDocument(currentKey);
  const bConfigs = capAll(validConfigs(record.compare.configs), "B's ");
  if (record.compare.enabled && bConfigs[record.compare.chunker])
    useCompare.setState({ enabled: true, chunker: record.compare.chunker, configs: bConfigs });
  const evaluation = useEvaluation.getState();
  if (record.questions)
    useEvaluation.setState({
      set: record.questions.set as QuestionSet,
      setName: record.questions.name,
      revision: evaluation.revision + 1,
    });
  evaluation.setK(record.evaluation.k);
  if ((RETRIEVERS as readonly string[]).includes(record.evaluation.retriever))
    evaluation.setRetriever(record.evaluation.retriever as RetrieverId);
  evaluation.setRetrieval(record.evaluation.retrieval ?? DEFAULT_RETRIEVAL);
  evaluation.setContextualize(record.evaluation.contextualize === true);
  // B's retrieval replaces the current one whole: keys the record does not hold go back to A's.
  evaluation.setCompareRetrieval({
    retriever: undefined,
    retrieval: undefined,
    contextualize: undefined,
    ...(record.evaluation.compareRetrieval ?? {}),
  });
  // An import replaces the sweep too: one computed on documents now closed must not stay.
  restoreSweep(record.sweep, { replace });
  wb.setZoom(
    record.view.zoom === "fit-width" ? { mode: "fit-width" } : { mode: "scale", scale: record.view.zoom },
  );
  if (record.view.selectedChunkId) useWorkbench.getState().selectChunk(record.view.selectedChunkId, true);
  if (capped.length > 0)
    useNotices
      .getState()
      .setStorage(
        `The imported workspace asked to spend more than this browser allows; kept at this browser's values: ${[...new Set(capped)].join(", ")}.`,
      );
  return missing;
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Saving is off when the store holds a workspace this version cannot read (a newer app's). */
let savingBlocked = false;

/** After the app failed while drawing: what is in memory may be what broke it, so it is not saved. */
export function blockSaving(): void {
  savingBlocked = true;
}

/**
 * Restores the stored workspace once. Resolves to whether documents came back (if not, the sample
 * is preloaded). Every failure is a notice; the app works in memory.
 */
export async function restoreWorkspace(): Promise<boolean> {
  const notice = useNotices.getState().setStorage;
  let raw: unknown;
  try {
    raw = await readRecord();
  } catch (err) {
    notice(
      `The workspace is not kept: ${storageError(err).message}. Everything works, but a reload starts over — use Export workspace to keep it.`,
    );
    savingBlocked = true;
    return false;
  }
  if (raw === undefined) return false;
  let record: WorkspaceRecord;
  try {
    record = readWorkspace(raw);
  } catch (err) {
    if (err instanceof WorkspaceError && /newer version/.test(err.message)) {
      savingBlocked = true;
      notice(`${err.message}: it is left as it is, and this tab does not save over it.`);
    } else notice(`The stored workspace could not be read (${describe(err)}); starting afresh.`);
    return false;
  }
  try {
    const stored = await readDocuments(record.documents.map((d) => d.id));
    const missing = applyRecord(record, new Map([...stored].map(([id, d]) => [id, d.bytes])));
    if (missing.length > 0)
      notice(
        `Restored the workspace without ${missing.join(", ")}: the stored copy is gone — open the file again.`,
      );
    return record.documents.length > missing.length;
  } catch (err) {
    notice(`The workspace could not be restored: ${describe(storageError(err))}.`);
    return false;
  }
}

let saveTimer: ReturnType<typeof setTimeout> | null = null;
let saving = Promise.resolve();

async function save(): Promise<void> {
  if (savingBlocked) return;
  try {
    const record = await currentRecord();
    const documents = await currentDocuments();
    // Bytes first: a record never names a document whose bytes are not stored.
    for (const doc of documents) await writeDocument(doc);
    await writeRecord(record);
    await pruneDocuments(new Set(documents.map((d) => d.id)));
    const notice = useNotices.getState();
    if (notice.storage?.startsWith("Storing the workspace failed")) notice.setStorage(null);
  } catch (err) {
    const failure = storageError(err);
    useNotices
      .getState()
      .setStorage(
        failure.failure === "full"
          ? "Storing the workspace failed: the browser's storage for this site is full. Your work stays in this tab; export the workspace to keep it, or close documents you no longer need."
          : `Storing the workspace failed (${failure.message}). Your work stays in this tab; export the workspace to keep it.`,
      );
  }
}

function flushPending(): void {
  saveTimer = null;
  saving = saving.then(save);
}

function scheduleSave(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(flushPending, SAVE_DELAY_MS);
}

/** Saves after every change of what the record holds; returns the unsubscribe. */
export function watchWorkspace(): () => void {
  const unsubscribe = [
    useWorkbench.subscribe((s, prev) => {
      if (
        s.docs !== prev.docs ||
        s.currentKey !== prev.currentKey ||
        s.chunker !== prev.chunker ||
        s.configs !== prev.configs ||
        s.settingsByDoc !== prev.settingsByDoc ||
        s.zoom !== prev.zoom ||
        s.selectedChunkId !== prev.selectedChunkId
      )
        scheduleSave();
    }),
    useCompare.subscribe((s, prev) => {
      if (s.enabled !== prev.enabled || s.chunker !== prev.chunker || s.configs !== prev.configs)
        scheduleSave();
    }),
    useEvaluation.subscribe((s, prev) => {
      if (
        s.set !== prev.set ||
        s.k !== prev.k ||
        s.retriever !== prev.retriever ||
        s.retrieval !== prev.retrieval ||
        s.contextualize !== prev.contextualize ||
        s.compareRetrieval !== prev.compareRetrieval
      )
        scheduleSave();
    }),
    useSweep.subscribe((s, prev) => {
      if (s.status !== prev.status) scheduleSave();
      // A running sweep's batches come every 150 ms–1 s: its lines are saved every few seconds.
      else if (s.lines !== prev.lines) saveTimer ??= setTimeout(flushPending, SWEEP_SAVE_DELAY_MS);
    }),
  ];
  return () => unsubscribe.forEach((u) => u());
}

/** Waits for the pending save (tests, and the export, which must see the latest state). */
export function flushWorkspaceSave(): Promise<void> {
  if (saveTimer) {
    clearTimeout(saveTimer);
    flushPending();
  }
  return saving;
}
