/** The workspace's notices (storage, a refused import, the link), each dismissable; the app works on beneath them. */
import { useRef } from "react";
import { useLinkHold } from "../state/linkHold";
import { useNotices } from "../state/notices";
import { useSettings } from "../state/settings";

export function WorkspaceNotices({ onOpenFiles }: { onOpenFiles: (files: File[]) => void }) {
  const storage = useNotices((s) => s.storage);
  const link = useNotices((s) => s.link);
  const pending = useNotices((s) => s.pendingLink);
  const setStorage = useNotices((s) => s.setStorage);
  const importError = useNotices((s) => s.importError);
  const setImportError = useNotices((s) => s.setImportError);
  const setLink = useNotices((s) => s.setLink);
  const fileInput = useRef<HTMLInputElement>(null);
  const held = useLinkHold((s) => s.held);
  const release = useLinkHold((s) => s.release);
  const llm = useSettings((s) => s.endpoints.llm);
  return (
    <>
      {storage && (
        <div className="notice" role="status" data-testid="storage-notice">
          {storage}
          <button type="button" onClick={() => setStorage(null)} aria-label="Dismiss the storage notice">
            ×
          </button>
        </div>
      )}
      {importError && (
        <div className="notice" role="alert" data-testid="import-error">
          {importError}
          <button type="button" onClick={() => setImportError(null)} aria-label="Dismiss the import error">
            ×
          </button>
        </div>
      )}
      {held && llm && (
        <div className="notice" role="alert" data-testid="link-hold">
          This link opens a chunker that asks your LLM endpoint ({llm.model} at {llm.baseUrl}): it spends your
          tokens, so it runs only when you say so.
          <button type="button" className="notice-action" data-testid="link-run-confirm" onClick={release}>
            Run it
          </button>
        </div>
      )}
      {link && (
        <div className="notice" role="alert" data-testid="link-notice">
          {link}
          {pending && (
            <>
              <button
                type="button"
                className="notice-action"
                data-testid="link-open-document"
                onClick={() => fileInput.current?.click()}
              >
                Open {pending.doc.name}…
              </button>
              <input
                ref={fileInput}
                type="file"
                hidden
                accept=".pdf,.md,.markdown,.txt,application/pdf,text/markdown,text/plain"
                onChange={(e) => {
                  const files = [...(e.currentTarget.files ?? [])];
                  e.currentTarget.value = "";
                  if (files.length > 0) onOpenFiles(files);
                }}
              />
            </>
          )}
          <button type="button" onClick={() => setLink(null)} aria-label="Dismiss the link notice">
            ×
          </button>
        </div>
      )}
    </>
  );
}
