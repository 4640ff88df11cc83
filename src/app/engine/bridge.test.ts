import { describe, expect, it, vi } from "vitest";
import type { DocModel } from "../../core/document";
import type { WorkerResult } from "../../workers/workerResult";
import { EngineActivity } from "./activity";
import { EngineBridge, type EngineApi, type EngineWorkerHandle } from "./bridge";

const doc = { id: "doc-1", name: "a.txt", text: "abc", pages: [], runs: [], headings: [] } as DocModel;
const ok = <T>(value: T): WorkerResult<T> => ({ ok: true, value });

/** A fake worker: `open` answers at once; `run` answers only when told, or never (a stuck chunker). */
function fakeWorker(name: string, log: string[], stuck: boolean): EngineWorkerHandle {
  const api = {
    open: vi.fn(async () => {
      log.push(`${name}:open`);
      return ok(doc);
    }),
    run: vi.fn((id: number) => {
      log.push(`${name}:run#${id}`);
      return stuck ? new Promise(() => undefined) : Promise.resolve(ok(`result of ${name}`));
    }),
    cancel: vi.fn(async (id: number) => void log.push(`${name}:cancel#${id}`)),
    setEndpoints: vi.fn(async () => ok(undefined)),
    forget: vi.fn(async () => undefined),
    takeUnbookedLlmTokens: vi.fn(async () => 0),
  };
  return { api: api as unknown as EngineApi, terminate: () => log.push(`${name}:terminated`) };
}

/** The fake's `open` runs `during` (which may tell a provisional model), then answers the whole document. */
function openTellingProvisional(
  handle: EngineWorkerHandle,
  during: (tell: (first: DocModel) => void) => Promise<void>,
): void {
  (handle.api as unknown as { open: unknown }).open = async (
    _id: number,
    _bytes: Uint8Array,
    _request: unknown,
    _onProgress: unknown,
    onProvisional?: (first: DocModel) => void,
  ) => {
    await during((first) => onProvisional?.(first));
    return ok(doc);
  };
}

describe("EngineBridge", () => {
  it("rejects an aborted call at once, and replaces a worker still busy after the deadline", async () => {
    const log: string[] = [];
    let spawned = 0;
    const bridge = new EngineBridge(() => fakeWorker(`w${++spawned}`, log, spawned === 1), undefined, 30);
    await bridge.open(new Uint8Array([1]), { name: "a.txt" }, () => undefined);

    const stale = new AbortController();
    const staleRun = bridge.request(
      stale.signal,
      (api, id) => api.run(id, { docId: doc.id, chunker: "x", config: {} }),
      doc.id,
    );
    // A second call waits on the same stuck worker without being aborted.
    const waiting = bridge.request(
      undefined,
      (api, id) => api.run(id, { docId: doc.id, chunker: "y", config: {} }),
      doc.id,
    );
    await new Promise((r) => setTimeout(r, 5));
    stale.abort(new DOMException("superseded", "AbortError"));
    await expect(staleRun).rejects.toThrow("superseded");
    expect(log.some((l) => l.startsWith("w1:cancel#"))).toBe(true);
    expect(bridge.restarts).toBe(0);

    // The waiting call is sent again to the new worker, which reopens the document from the bytes kept.
    await expect(waiting).resolves.toBe("result of w2");
    expect(bridge.restarts).toBe(1);
    expect(log).toContain("w1:terminated");
    expect(log.indexOf("w2:open")).toBeLessThan(log.findIndex((l) => l.startsWith("w2:run")));
  });

  it("keeps a worker that finishes the aborted call before the deadline", async () => {
    const log: string[] = [];
    let release!: () => void;
    const handle = fakeWorker("w", log, false);
    (handle.api as unknown as { run: unknown }).run = () =>
      new Promise((resolve) => (release = () => resolve(ok("late"))));
    const bridge = new EngineBridge(() => handle, undefined, 40);
    const controller = new AbortController();
    const call = bridge.request(controller.signal, (api, id) =>
      api.run(id, { docId: "d", chunker: "x", config: {} }),
    );
    await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    await expect(call).rejects.toThrow();
    release();
    await new Promise((r) => setTimeout(r, 80));
    expect(bridge.restarts).toBe(0);
    expect(log).not.toContain("w:terminated");
  });

  it("refuses a run on a document it never opened", async () => {
    const bridge = new EngineBridge(() => fakeWorker("w", [], false));
    await expect(
      bridge.request(
        undefined,
        (api, id) => api.run(id, { docId: "nope", chunker: "x", config: {} }),
        "nope",
      ),
    ).rejects.toThrow(/open it again/);
  });

  it("marks each call in flight on its activity until it settles, failed or not", async () => {
    const activity = new EngineActivity(0, 2000);
    const log: string[] = [];
    const bridge = new EngineBridge(() => fakeWorker("w", log, false), undefined, 30, activity);
    const call = bridge.request(undefined, (api, id) =>
      api.run(id, { docId: doc.id, chunker: "x", config: {} }),
    );
    expect(activity.busy).toBe(true);
    await call;
    expect(activity.busy).toBe(false);
    const failing = bridge.request(undefined, () => Promise.reject(new Error("worker gone")));
    expect(activity.busy).toBe(true);
    await expect(failing).rejects.toThrow("worker gone");
    expect(activity.busy).toBe(false);
  });

  it("holds a long PDF's provisional model while the rest is read: runs on it go to the worker", async () => {
    const log: string[] = [];
    const handle = fakeWorker("w", log, false);
    let finish!: () => void;
    const provisional = { ...doc, id: "doc-1:provisional", provisional: { pages: 1, of: 500 } };
    openTellingProvisional(handle, async (tell) => {
      tell(provisional);
      await new Promise<void>((resolve) => (finish = resolve));
    });
    const bridge = new EngineBridge(() => handle);
    const told: string[] = [];
    const opening = bridge.open(
      new Uint8Array([1]),
      { name: "a.pdf" },
      () => undefined,
      undefined,
      (first) => told.push(first.id),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(told).toEqual(["doc-1:provisional"]);
    // No reopen is attempted for it (there is no source to reopen a provisional model from).
    await expect(
      bridge.request(
        undefined,
        (api, id) => api.run(id, { docId: provisional.id, chunker: "x", config: {} }),
        provisional.id,
      ),
    ).resolves.toBe("result of w");
    finish();
    await opening;
    // The whole document replaced it: a run on the provisional model is refused now.
    await expect(
      bridge.request(
        undefined,
        (api, id) => api.run(id, { docId: provisional.id, chunker: "x", config: {} }),
        provisional.id,
      ),
    ).rejects.toThrow(/open it again/);
  });

  it("drops a provisional model told after its open was abandoned", async () => {
    const handle = fakeWorker("w", [], false);
    const controller = new AbortController();
    openTellingProvisional(handle, async (tell) => {
      await new Promise((r) => setTimeout(r, 0));
      controller.abort();
      tell({ ...doc, id: "doc-1:provisional" });
    });
    const bridge = new EngineBridge(() => handle);
    const told: string[] = [];
    await expect(
      bridge.open(
        new Uint8Array([1]),
        { name: "a.pdf" },
        () => undefined,
        controller.signal,
        (first) => told.push(first.id),
      ),
    ).rejects.toThrow();
    expect(told).toEqual([]);
  });
});
