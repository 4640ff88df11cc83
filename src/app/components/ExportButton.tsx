/**
 * The single Export menu of the top bar (DESIGN §12 `export-menu`; §4 `export-button` opens it):
 * the tuned config or the run's chunks in every writer's format, the workspace file (export and
 * import), and the stakeholder report — one place, so the top bar holds one Export and never wraps.
 * The dialog behind it (every writer, YAML and TOML included) loads when it first opens.
 */
import { lazy, Suspense, useState } from "react";

const loadDialog = () => import("./ExportDialog");
const ExportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ExportDialog })));

// Fetched once the page is idle after the first paint, so the dialog opens at once when asked for.
if (typeof requestIdleCallback === "function") requestIdleCallback(() => void loadDialog());

export function ExportButton() {
  const [open, setOpen] = useState(false);
  return (
    <div className="export-menu" data-testid="export-menu">
      <button
        type="button"
        data-testid="export-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        title="Export the tuned config or this run's chunks, the workspace, or a report; import a config or a workspace"
      >
        Export ▾
      </button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
