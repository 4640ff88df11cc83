/**
 * `workspace-export` / `workspace-import` (DESIGN §10): the whole workspace as one zip file — the
 * documents, configs, compare, question set, sweep and view — and back, on this machine or another.
 * An import replaces what is open only once the file has been read and checked whole.
 */
import { useRef, useState } from "react";
import { version as APP_VERSION } from "../../../package.json";
import { packWorkspace, unpackWorkspace } from "../../core/workspace/archive";
import { uiText } from "../../host/errors";
import { downloadBlob } from "../download";
import { useRemoveDocument } from "../engine/queries";
import { useNotices } from "../state/notices";
import { useWorkbench } from "../state/store";
import { applyRecord, currentDocuments, currentRecord, flushWorkspaceSave } from "./persistence";

/** `onImported`: the menu holding these closes once an import is on screen. */
export function WorkspaceButtons({ onImported }: { onImported?: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<"export" | "import" | null>(null);
  const removeDocument = useRemoveDocument();
  const hasDocs = useWorkbench((s) => s.docs.length > 0);
  const notice = useNotices((s) => s.setStorage);
  const setImportError = useNotices((s) => s.setImportError);

  const exportWorkspace = async () => {
    setBusy("export");
    try {
      const zip = packWorkspace(await currentRecord(), await currentDocuments(), APP_VERSION);
      const day = new Date().toISOString().slice(0, 10);
      downloadBlob(zip as Uint8Array<ArrayBuffer>, `chunk-workbench-${day}.workspace.zip`, "application/zip");
    } catch (err) {
      notice(`The workspace could not be exported: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const importWorkspace = async (file: File) => {
    setBusy("import");
    setImportError(null);
    // The file is read and checked whole (schema, limits, checksums) before anything is replaced.
    let staged: Awaited<ReturnType<typeof unpackWorkspace>>;
    try {
      staged = await unpackWorkspace(new Uint8Array(await file.arrayBuffer()));
    } catch (err) {
      setImportError(`${file.name} could not be imported, and nothing changed: ${uiText(err)}`);
      setBusy(null);
      return;
    }
    // What is open now, kept to be put back should applying the checked record still fail.
    const before = { record: await currentRecord(), documents: await currentDocuments() };
    const replace = (record: typeof before.record, docs: typeof before.documents) => {
      for (const doc of useWorkbench.getState().docs) removeDocument(doc.key);
      applyRecord(record, new Map(docs.map((d) => [d.id, d.bytes])), { replace: true });
    };
    try {
      notice(null);
      replace(staged.record, staged.documents);
      await flushWorkspaceSave();
      onImported?.();
    } catch (err) {
      replace(before.record, before.documents);
      setImportError(`${file.name} could not be imported; your workspace is as it was: ${uiText(err)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <span className="workspace-buttons" role="group" aria-label="Workspace">
      <span className="workspace-label">Workspace</span>
      <button
        type="button"
        data-testid="workspace-export"
        disabled={!hasDocs || busy !== null}
        onClick={() => void exportWorkspace()}
        title="Download the workspace (documents, configs, questions, sweep) as one file"
        aria-label="Export the workspace as a file"
      >
        {busy === "export" ? "Exporting…" : "Export"}
      </button>
      <button
        type="button"
        disabled={busy !== null}
        onClick={() => input.current?.click()}
        title="Open a workspace file exported from the workbench"
        aria-label="Import a workspace file"
      >
        {busy === "import" ? "Importing…" : "Import…"}
      </button>
      <input
        ref={input}
        data-testid="workspace-import"
        type="file"
        accept=".zip,application/zip"
        hidden
        aria-label="Workspace file to import"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file) void importWorkspace(file);
        }}
      />
    </span>
  );
}
