/**
 * The Export menu (DESIGN §4 `export-button`, `export-format`; §12 `export-menu`): the workspace
 * file and the report, then the tuned config or the run's chunks in every format. The text shown is
 * exactly the text downloaded or copied: every format is written by core/export, never by the UI.
 * The config import below it lives in ConfigImport.
 */
import { useQueryClient } from "@tanstack/react-query";
import { downloadBlob } from "../download";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { Chunk, ChunkRun } from "../../core/chunk";
import { getChunkerMeta } from "../../core/chunkers/metas";
import { ConfigError } from "../../core/config";
import type { DocModel } from "../../core/document";
import { recordOptionsFor, type RecordOptions } from "../../core/export/chunkRecords";
import {
  CHUNK_FORMATS,
  ConfigExportError,
  exportChunks,
  exportConfig,
  type ExportDocumentSettings,
  formatsFor,
  SecretInConfigError,
  type ChunkFormat,
  type ConfigFormat,
} from "../../core/export/formats";
import { countedStage1, queryKeys } from "../engine/queries";
import type { ScoresStage } from "../engine/workers";
import { useSettings } from "../state/settings";
import { ReportButton } from "../report/ReportButton";
import { currentConfig, useWorkbench } from "../state/store";
import { WorkspaceButtons } from "../workspace/WorkspaceButtons";
import "./ExportDialog.css";
import { ImportSection } from "./ConfigImport";

/** What each config format is, for the line under the select (the labels come from core). */
const FORMAT_NOTES: Record<ConfigFormat["id"], string> = {
  json: "The workbench's own file: the chunker and every config key. Import it back here, or run it with cli chunk --config.",
  "noesis-settings":
    "Constants for NOESIS 2's noesis2/settings/base.py; keys NOESIS has no setting for are comments saying where they belong.",
  "noesis-env": "The same NOESIS settings as .env lines.",
  "noesis-routing":
    "NOESIS config/rag_routing_rules.yaml: which chunker mode each tenant / doc_class / collection gets.",
  adr018: "ADR-018's chunk_for_rag keyword arguments, as a Python dict.",
  "hierarchical-ts":
    "The hierarchical chunker's DEFAULT_CHUNKING_CONFIG, as markdown-chunker.ts declares it.",
  "thorbis-yaml": "Thorbis' chunk_configuration block of the RAG chunking policy (YAML).",
  "header-toml": "The header chunker's [chunking] section for load_config() (TOML).",
  langchain:
    "Python code building the nearest LangChain splitter. Not the same algorithm: the file's header says what differs.",
  llamaindex:
    "Python code building the nearest LlamaIndex node parser. Not the same algorithm: the file's header says what differs.",
  chonkie:
    "Python code building the nearest Chonkie chunker. Not the same algorithm: the file's header says what differs.",
};

function importNote(format: ConfigFormat): string {
  if (format.imports === "full") return "Import reads it back whole.";
  if (format.imports === "partial")
    return `Import reads back ${format.importedKeys?.join(", ") ?? "part of it"} only.`;
  return "A file for that system alone: import does not read it.";
}

type FormatChoice = { kind: "config"; format: ConfigFormat } | { kind: "chunks"; format: ChunkFormat };

type Rendered = { ok: true; text: string; fileName: string; mime: string } | { ok: false; message: string };

/** The failures a config export is documented to throw; anything else is a bug and propagates. */
function exportFailure(err: unknown): string {
  if (err instanceof SecretInConfigError || err instanceof ConfigExportError) return err.message;
  if (err instanceof ConfigError) return `the current config cannot be exported: ${err.message}`;
  throw err;
}

function baseName(name: string): string {
  return name.replace(/\.[^.]+$/, "") || name;
}

function render(
  choice: FormatChoice,
  chunker: string,
  config: Record<string, unknown>,
  chunks: readonly Chunk[] | undefined,
  docName: string,
  records: RecordOptions,
  documentSettings: ExportDocumentSettings | undefined,
): Rendered {
  const { format } = choice;
  if (choice.kind === "chunks") {
    if (!chunks) return { ok: false, message: "the run for this config has not finished yet" };
    return {
      ok: true,
      text: exportChunks(choice.format.id, chunks, records),
      fileName: `${baseName(docName)}.${chunker}.${format.extension}`,
      mime: format.mime,
    };
  }
  try {
    return {
      ok: true,
      text: exportConfig(format.id, chunker, config, documentSettings),
      fileName: `${chunker}.${format.id === "json" ? "workbench" : format.id}.${format.extension}`,
      mime: format.mime,
    };
  } catch (err) {
    return { ok: false, message: exportFailure(err) };
  }
}

/**
 * The finished run of the current chunker and config on the document on screen, read from
 * react-query's cache under the key useChunkRun stores it (the top bar is outside the document
 * view that owns the run). Undefined while that run computes.
 */
function useCurrentRun(): { run: ChunkRun | undefined; docName: string; doc: DocModel | undefined } {
  const client = useQueryClient();
  const displayedKey = useWorkbench((s) => s.displayedKey);
  const shown = useWorkbench((s) => s.docs.find((d) => d.key === s.displayedKey));
  const extractKey = shown ? queryKeys.extractOf(shown) : queryKeys.extract(displayedKey, 0);
  const docName = useWorkbench((s) => s.docs.find((d) => d.key === s.displayedKey)?.name ?? "document");
  const chunker = useWorkbench((s) => s.chunker);
  const config = useWorkbench(currentConfig);
  const revision = useSettings((s) => s.revision);
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  const doc = client.getQueryData<DocModel>(extractKey);
  const extractKeyJson = JSON.stringify(extractKey);
  const snapshot = useCallback(() => {
    const doc = client.getQueryData<DocModel>(
      JSON.parse(extractKeyJson) as ReturnType<typeof queryKeys.extract>,
    );
    return doc ? client.getQueryData<ChunkRun>(queryKeys.run(doc.id, chunker, config, revision)) : undefined;
  }, [client, extractKeyJson, chunker, config, revision]);
  const scoresSnapshot = useCallback(() => {
    const doc = client.getQueryData<DocModel>(
      JSON.parse(extractKeyJson) as ReturnType<typeof queryKeys.extract>,
    );
    return doc
      ? client.getQueryData<ScoresStage>(queryKeys.runScores(doc.id, chunker, config, revision))
      : undefined;
  }, [client, extractKeyJson, chunker, config, revision]);
  const stage1 = useSyncExternalStore(subscribe, snapshot);
  // A run measured in characters is exported once stage 2 has brought its token counts.
  const scores = useSyncExternalStore(subscribe, scoresSnapshot);
  const run = useMemo(() => countedStage1(stage1, scores), [stage1, scores]);
  return { run, docName, doc };
}

export function ExportDialog({ onClose }: { onClose(): void }) {
  const chunker = useWorkbench((s) => s.chunker);
  const config = useWorkbench(currentConfig);
  const { run, docName, doc } = useCurrentRun();
  const configFormats = useMemo(() => formatsFor(chunker), [chunker]);
  const [formatId, setFormatId] = useState<string>("json");

  // A format of the previous chunker (after an import switched it) falls back to the workbench JSON.
  const choice: FormatChoice = useMemo(() => {
    const chunkFormat = CHUNK_FORMATS.find((f) => f.id === formatId);
    if (chunkFormat) return { kind: "chunks", format: chunkFormat };
    const configFormat = configFormats.find((f) => f.id === formatId) ?? configFormats[0]!;
    return { kind: "config", format: configFormat };
  }, [formatId, configFormats]);

  const rendered = useMemo(
    () =>
      render(
        choice,
        chunker,
        config,
        run?.chunks,
        docName,
        doc ? recordOptionsFor(doc, chunker) : {},
        doc && doc.pages.length > 0 ? { furniture: doc.furnitureSetting ?? "drop" } : undefined,
      ),
    [choice, chunker, config, run, docName, doc],
  );

  return (
    <div
      className="dialog-backdrop"
      onKeyDown={(e) => e.key === "Escape" && onClose()}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="dialog export-dialog" role="dialog" aria-modal="true" aria-labelledby="export-title">
        <div className="export-head">
          <h2 id="export-title">Export</h2>
          <button type="button" onClick={onClose} aria-label="Close" data-testid="export-close">
            ×
          </button>
        </div>
        <div className="export-whole">
          <WorkspaceButtons onImported={onClose} />
          <ReportButton />
        </div>
        <h3 className="export-section-title">Config or chunks · {getChunkerMeta(chunker).label}</h3>

        <label className="export-format">
          <span>Format</span>
          <select
            data-testid="export-format"
            value={choice.format.id}
            onChange={(e) => setFormatId(e.currentTarget.value)}
            autoFocus
          >
            <optgroup label={`Config (${chunker})`}>
              {configFormats.map((f) => (
                <option key={f.id} value={f.id} title={FORMAT_NOTES[f.id]}>
                  {f.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Chunks of the current run">
              {CHUNK_FORMATS.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                  {run ? ` — ${run.chunks.length} chunks` : ""}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <p className="hint" data-testid="export-format-note">
          {choice.kind === "config"
            ? `${FORMAT_NOTES[choice.format.id]} ${importNote(choice.format)}`
            : `${run ? `The ${run.chunks.length}` : "The"} chunks of the current run on ${docName}, with the fields that cli chunk --format ${choice.format.id} prints for the same file and config.`}
        </p>

        {rendered.ok ? (
          <pre className="export-preview" data-testid="export-preview" tabIndex={0}>
            {rendered.text}
          </pre>
        ) : (
          <p className="error" role="alert" data-testid="export-error">
            {rendered.message}
          </p>
        )}
        <ExportActions rendered={rendered} />

        <ImportSection onApplied={onClose} />
      </div>
    </div>
  );
}

/** Download (a blob: URL, local to the page) and copy of exactly the previewed text. */
function ExportActions({ rendered }: { rendered: Rendered }) {
  // Which text was copied: "copied" shows only while the preview still holds that text.
  const [copied, setCopied] = useState<string | null>(null);
  const [copyError, setCopyError] = useState<string | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  const text = rendered.ok ? rendered.text : null;

  const download = () => {
    if (!rendered.ok) return;
    downloadBlob(rendered.text, rendered.fileName, rendered.mime);
  };
  const copyText = () => {
    if (!rendered.ok) return;
    const copying = rendered.text;
    setCopyError(null);
    navigator.clipboard.writeText(copying).then(
      () => setCopied(copying),
      (err: unknown) => setCopyError(err instanceof Error ? err.message : String(err)),
    );
  };

  return (
    <div className="export-actions">
      <button
        type="button"
        className="primary"
        data-testid="export-download"
        onClick={download}
        disabled={!rendered.ok}
        title={rendered.ok ? `Save as ${rendered.fileName}` : undefined}
      >
        Download{rendered.ok ? ` ${rendered.fileName}` : ""}
      </button>
      <button type="button" data-testid="export-copy" onClick={copyText} disabled={!rendered.ok}>
        Copy
      </button>
      <span
        className={`export-copy-status${copyError ? " error" : ""}`}
        role="status"
        data-testid="export-copy-status"
      >
        {copyError ? `copy failed: ${copyError}` : copied !== null && copied === text ? "copied" : ""}
      </span>
    </div>
  );
}
