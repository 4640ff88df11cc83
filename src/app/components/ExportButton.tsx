/**
 * The export button (DESIGN §4 export-button). The dialog behind it — every writer, YAML and TOML
 * included — loads when it first opens, not before the first paint.
 */
import { lazy, Suspense, useState } from "react";

const loadDialog = () => import("./ExportDialog");
const ExportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ExportDialog })));

// Fetched once the page is idle after the first paint, so the dialog opens at once when asked for.
if (typeof requestIdleCallback === "function") requestIdleCallback(() => void loadDialog());

export function ExportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid="export-button"
        onClick={() => setOpen(true)}
        title="Export the tuned config (or this run's chunks); import a config"
      >
        Export / import
      </button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
