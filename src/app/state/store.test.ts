/** Settings belong to their document (DESIGN §12): tuning one never moves another's. */
import { beforeEach, describe, expect, it } from "vitest";
import { useWorkbench } from "./store";

const initial = useWorkbench.getState();
const bytes = (text: string) => new TextEncoder().encode(text);
const open = (name: string) =>
  useWorkbench.getState().openDocument({ name, kind: "text", bytes: bytes(name) });
const chunkSize = () => useWorkbench.getState().configs[useWorkbench.getState().chunker]?.chunk_size;

describe("per-document settings", () => {
  beforeEach(() => useWorkbench.setState(initial, true));

  it("keeps each document's chunker and config when the other is tuned", () => {
    const a = open("a.txt");
    useWorkbench.getState().setChunker("token");
    useWorkbench.getState().setParam("chunk_size", 100);
    const b = open("b.txt");
    // The new document starts from the settings in use, and says from where.
    expect(chunkSize()).toBe(100);
    expect(useWorkbench.getState().inheritedSettings).toEqual({ key: b, fromName: "a.txt" });
    useWorkbench.getState().setParam("chunk_size", 400);
    expect(useWorkbench.getState().inheritedSettings).toBeNull();
    useWorkbench.getState().setChunker("recursive");

    useWorkbench.getState().selectDocument(a);
    expect(useWorkbench.getState().chunker).toBe("token");
    expect(chunkSize()).toBe(100);
    useWorkbench.getState().selectDocument(b);
    expect(useWorkbench.getState().chunker).toBe("recursive");
    expect(useWorkbench.getState().configs.token?.chunk_size).toBe(400);
  });

  it("applies the current settings to every open document only when asked", () => {
    const a = open("a.txt");
    open("b.txt");
    useWorkbench.getState().setParam("chunk_size", 77);
    useWorkbench.getState().selectDocument(a);
    expect(chunkSize()).not.toBe(77);
    useWorkbench.getState().selectDocument(useWorkbench.getState().docs[1]!.key);
    useWorkbench.getState().applyToAllDocuments();
    useWorkbench.getState().selectDocument(a);
    expect(chunkSize()).toBe(77);
  });

  it("shows the next document's own settings when the current one closes, and forgets the closed one's", () => {
    const a = open("a.txt");
    useWorkbench.getState().setParam("chunk_size", 10);
    const b = open("b.txt");
    useWorkbench.getState().setParam("chunk_size", 20);
    useWorkbench.getState().selectDocument(a);
    useWorkbench.getState().closeDocument(a);
    expect(useWorkbench.getState().currentKey).toBe(b);
    expect(chunkSize()).toBe(20);
    expect(Object.keys(useWorkbench.getState().settingsByDoc)).toEqual([b]);
  });

  it("puts given settings on one document without touching the current one", () => {
    const a = open("a.txt");
    const b = open("b.txt");
    useWorkbench.getState().setParam("chunk_size", 55);
    useWorkbench.getState().setDocSettings(a, { chunker: "token", configs: { token: { chunk_size: 9 } } });
    expect(chunkSize()).toBe(55);
    expect(useWorkbench.getState().currentKey).toBe(b);
    useWorkbench.getState().selectDocument(a);
    expect(useWorkbench.getState().chunker).toBe("token");
    expect(chunkSize()).toBe(9);
  });
});
