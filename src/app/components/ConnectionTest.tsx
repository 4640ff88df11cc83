/**
 * "Test connection" for one endpoint of the settings form: one small real request (a text embedded,
 * or a JSON reply), timed, with the endpoint's answer or its failure in one line. The request goes
 * only where the user pointed it, and only when they click.
 */
import { useEffect, useRef, useState } from "react";
import type { SessionEndpoints } from "../../core/providers/session";
import type { ConnectionResult } from "../../core/providers/testConnection";
import { testEndpoint } from "../engine/workers";

export function ConnectionTest({
  kind,
  endpoints,
}: {
  kind: "embedding" | "llm";
  endpoints: SessionEndpoints | null;
}) {
  // The result belongs to the endpoint it was tested against (its JSON, held in memory like the
  // form): once a field changes, an old ✓ would vouch for a URL or key nobody tested.
  const [state, setState] = useState<{ busy: boolean; result?: ConnectionResult; testedFor?: string }>({
    busy: false,
  });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(new DOMException("settings closed", "AbortError")), []);
  const endpoint = endpoints?.[kind];
  const current = endpoint ? JSON.stringify(endpoint) : undefined;
  const id = kind === "embedding" ? "embed" : "llm";

  const run = async () => {
    if (!endpoint) return;
    controller.current?.abort(new DOMException("superseded", "AbortError"));
    const c = new AbortController();
    controller.current = c;
    const testedFor = JSON.stringify(endpoint);
    setState({ busy: true, testedFor });
    try {
      const result = await testEndpoint({ kind, ...endpoint }, c.signal);
      if (!c.signal.aborted) setState({ busy: false, result, testedFor });
    } catch (err) {
      // Our own abort (the dialog closed or the test was restarted): nothing to show.
      if (c.signal.aborted) return;
      // Anything else is a bug, not an endpoint's answer: free the button, say so, and let it surface.
      const message = `unexpected error: ${err instanceof Error ? err.message : String(err)}`;
      setState({ busy: false, testedFor, result: { ok: false, kind, code: "bad-response", message, ms: 0 } });
      throw err;
    }
  };

  const result = state.testedFor === current ? state.result : undefined;
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
