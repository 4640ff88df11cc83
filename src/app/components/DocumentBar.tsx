/**
 * The top bar: open a file, switch among open documents, the current document's status, the one
 * Export menu and the endpoints. It is one line at any width a user works at: a long file name or
 * a status with progress is cut short (the whole text in its tooltip), never wrapped.
 */
import { useRef } from "react";
import { useExtractionProgress, useRemoveDocument } from "../engine/queries";
import { useWorkbench } from "../state/store";
import { ACCEPTED_FILES } from "../../core/fileKind";
import { ExportButton } from "./ExportButton";
import { SettingsButton } from "./SettingsDialog";

export interface DocumentStatus {
  text: string;
  kind: "loading" | "extracting" | "password" | "error" | "ready";
}

export function DocumentBar({ status, onFiles }: { status: DocumentStatus; onFiles(files: File[]): void }) {
  const input = useRef<HTMLInputElement>(null);
  const docs = useWorkbench((s) => s.docs);
  const currentKey = useWorkbench((s) => s.currentKey);
  const selectDocument = useWorkbench((s) => s.selectDocument);
  const progress = useExtractionProgress((s) => (currentKey ? s.progress[currentKey] : undefined));
  const removeDocument = useRemoveDocument();

  return (
    <header className="document-bar">
      <h1 className="brand">Chunk Workbench</h1>
      <button
        type="button"
        className="primary"
        onClick={() => input.current?.click()}
        title="Open a PDF, Markdown or text file (or drop one anywhere)"
      >
        Open file…
      </button>
      <input
        ref={input}
        data-testid="file-input"
        type="file"
        accept={ACCEPTED_FILES}
        multiple
        hidden
        onChange={(e) => {
          onFiles([...(e.currentTarget.files ?? [])]);
          e.currentTarget.value = "";
        }}
      />
      <label className="doc-switcher">
        <span className="sr-only">Open documents</span>
        <select
          data-testid="doc-switcher"
          title={docs.find((d) => d.key === currentKey)?.name}
          value={currentKey ?? ""}
          onChange={(e) => selectDocument(e.currentTarget.value)}
          disabled={docs.length === 0}
        >
          {docs.map((d) => (
            <option key={d.key} value={d.key}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="doc-remove"
        data-testid="doc-remove"
        disabled={currentKey === null}
        onClick={() => currentKey && removeDocument(currentKey)}
        title="Close this document (what you tuned for the chunker stays)"
        aria-label="Close this document"
      >
        ×
      </button>
      <div className={`doc-status doc-status-${status.kind}`} role="status">
        <span data-testid="doc-status" title={status.text}>
          {status.text}
        </span>
        {status.kind === "extracting" && progress && progress.total > 0 && (
          <progress max={progress.total} value={progress.done} aria-label="extraction progress" />
        )}
      </div>
      <ExportButton />
      <SettingsButton />
    </header>
  );
}
