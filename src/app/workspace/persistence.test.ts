import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { WORKSPACE_SCHEMA } from "../../core/workspace/record";
import { useCompare } from "../state/compare";
import { useEvaluation } from "../state/evaluation";
import { useNotices } from "../state/notices";
import { defaultConfig, useWorkbench } from "../state/store";
import { pruneDocuments, readDocuments, readRecord, storageError, writeDocument, writeRecord } from "./db";
import { flushWorkspaceSave, restoreWorkspace, validConfigs, watchWorkspace } from "./persistence";

const bytes = (text: string) => new TextEncoder().encode(text);
const initial = useWorkbench.getState();

function resetStores() {
  useWorkbench.setState(initial, true);
  useCompare.setState({ enabled: false, configs: {} });
  useNotices.setState({ storage: null, link: null });
}

describe("workspace persistence (IndexedDB)", () => {
  beforeEach(resetStores);

  it("saves what is open and tuned, and restores it into empty stores", async () => {
    const stop = watchWorkspace();
    const wb = useWorkbench.getState();
    wb.openDocument({ name: "one.txt", kind: "text", bytes: bytes("first document") });
    const second = useWorkbench
      .getState()
      .openDocument({ name: "two.md", kind: "markdown", bytes: bytes("# two") });
    useWorkbench.getState().setChunker("recursive");
    useWorkbench.getState().setParam("chunk_size", 300);
    useCompare.getState().setEnabled(true);
    useEvaluation
      .getState()
      .load('{"question":"q?","references":[{"doc":"one.txt","start":0,"end":5}]}\n', "q.jsonl");
    expect(useWorkbench.getState().currentKey).toBe(second);
    await new Promise((r) => setTimeout(r, 450));
    await flushWorkspaceSave();
    stop();

    const stored = (await readRecord()) as { documents: { name: string }[]; chunker: string };
    expect(stored.documents.map((d) => d.name)).toEqual(["one.txt", "two.md"]);

    resetStores();
    useEvaluation.getState().clear();
    expect(await restoreWorkspace()).toBe(true);
    const back = useWorkbench.getState();
    expect(back.docs.map((d) => [d.name, new TextDecoder().decode(d.bytes)])).toEqual([
      ["one.txt", "first document"],
      ["two.md", "# two"],
    ]);
    expect(back.docs.find((d) => d.key === back.currentKey)?.name).toBe("two.md");
    expect(back.chunker).toBe("recursive");
    expect(back.configs.recursive?.chunk_size).toBe(300);
    // Each document came back with its own settings: the first was never switched to recursive.
    const first = back.docs.find((d) => d.name === "one.txt")!.key;
    expect(back.settingsByDoc[first]?.chunker).toBe(initial.chunker);
    expect(back.inheritedSettings).toBeNull();
    useWorkbench.getState().selectDocument(first);
    expect(useWorkbench.getState().chunker).toBe(initial.chunker);
    expect(useCompare.getState().enabled).toBe(true);
    expect(useEvaluation.getState().set?.questions).toHaveLength(1);
    expect(useNotices.getState().storage).toBeNull();
  });

  it("stores a document's bytes once per id, and prunes the ones no longer open", async () => {
    await writeDocument({ id: "x", name: "x.txt", kind: "text", bytes: bytes("first") });
    await writeDocument({ id: "x", name: "renamed.txt", kind: "text", bytes: bytes("second") });
    await writeDocument({ id: "y", name: "y.txt", kind: "text", bytes: bytes("y") });
    expect((await readDocuments(["x"])).get("x")?.name).toBe("x.txt");
    await pruneDocuments(new Set(["y"]));
    expect([...(await readDocuments(["x", "y", "nope"])).keys()]).toEqual(["y"]);
  });

  it("leaves a newer app's workspace alone and says so", async () => {
    await writeRecord({ schema: WORKSPACE_SCHEMA + 1, documents: [] });
    expect(await restoreWorkspace()).toBe(false);
    expect(useNotices.getState().storage).toMatch(/newer version.*does not save over it/);
  });
});

describe("storageError", () => {
  it("tells a full disk from a refused store from anything else", () => {
    expect(storageError(new DOMException("q", "QuotaExceededError")).failure).toBe("full");
    expect(storageError(new DOMException("x", "InvalidStateError")).failure).toBe("unavailable");
    expect(storageError(new Error("boom")).failure).toBe("failed");
  });
});

describe("validConfigs", () => {
  it("keeps known chunkers and valid keys only", () => {
    const configs = validConfigs({
      token: { chunk_size: -1, overlap: 10 },
      nope: { x: 1 },
    });
    expect(Object.keys(configs)).toEqual(["token"]);
    expect(configs.token).toEqual({ ...defaultConfig("token"), overlap: 10 });
  });
});
