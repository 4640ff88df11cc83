/**
 * A time limit on work the engine worker does for the page (DESIGN §12: the tab's extraction gets
 * the CLI's limit). Past it the work's signal is aborted — the bridge terminates a worker that does
 * not stop (engine/bridge) — and the caller gets `timedOut()`'s error instead of an abort.
 */
export async function withTimeLimit<T>(
  signal: AbortSignal,
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
  timedOut: () => Error,
): Promise<T> {
  const limit = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    limit.abort(new DOMException(`over the ${ms} ms limit`, "TimeoutError"));
  }, ms);
  const follow = () => limit.abort(signal.reason);
  if (signal.aborted) follow();
  else signal.addEventListener("abort", follow, { once: true });
  try {
    return await work(limit.signal);
  } catch (err) {
    if (expired) throw timedOut();
    throw err;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", follow);
  }
}
