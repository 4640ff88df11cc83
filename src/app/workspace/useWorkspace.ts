/**
 * The workspace's life on the page: restored once when the app starts (before the sample is
 * preloaded and before the link's state applies, so a link wins over what was stored), then saved
 * after each change.
 */
import { useEffect, useState } from "react";
import { restoreWorkspace, watchWorkspace } from "./persistence";

let restoring: Promise<boolean> | null = null;
let watching = false;

/** True once the stored workspace is back on screen (or there was none, or it could not be read). */
export function useWorkspaceRestored(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    // Once per page load: React's strict mode runs effects twice, and a restore opens documents.
    restoring ??= restoreWorkspace();
    void restoring.then(() => {
      if (!mounted) return;
      setReady(true);
      if (!watching) {
        watching = true;
        watchWorkspace();
      }
    });
    return () => {
      mounted = false;
    };
  }, []);
  return ready;
}
