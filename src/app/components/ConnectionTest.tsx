/**
 * "Test connection" for one endpoint of the settings form: one small real request (a text embedded,
 * or a JSON reply), timed, with the endpoint's answer or its failure in one line. The request goes
 * only where the user pointed it, and only when they click.
 */
import { useEffect, useRef, useState } from "react";
import type { SessionEndpoints } from "../../core/providers/session";
import { testConnection, type ConnectionResult } from "../../core/providers/testConnection";

export function ConnectionTest({
  kind,
  endpoints,
}: {
  kind: "embedding" | "llm";
  endpoints: SessionEndpoints | null;
}) {
  const [state, setState] = useState<{ busy: boolean; result?: ConnectionResult }>({ busy: false });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(new DOMException("settings closed", "AbortError")), []);
  const endpoint = endpoints?.[kind];
  const id = kind === "embedding" ? "embed" : "llm";

  const run = async () => {
    if (!endpoint) return;
    controller.current?.abort(new DOMException("superseded", "AbortError"));
    const c = new AbortController();
    controller.current = c;
    setState({ busy: true });
    try {
      const result = await testConnection({ kind, ...endpoint }, c.signal);
      if (!c.signal.aborted) setState({ busy: false, result });
    } catch (err) {
      // Only our own abort rethrows (the dialog closed or the test was restarted): nothing to show.
      if (!c.signal.aborted) throw err;
    }
  };

  const result = state.result;
  return (
    <div className="connection-test">
      <button
        type="button"
        data-testid={`settings-test-${id}`}
        disabled={!endpoint || state.busy}
        onClick={() => void run()}
      >
        {state.busy ? "Testing…" : "Test connection"}
      </button>
      <span
        data-testid={`settings-test-${id}-result`}
        className={result ? (result.ok ? "ok" : "error") : "hint"}
        role="status"
      >
        {result
          ? result.ok
            ? `✓ ${result.model}: ${result.detail} (${result.ms} ms)`
            : `✗ ${result.message}`
          : endpoint
            ? ""
            : "not configured"}
      </span>
    </div>
  );
}
