import { strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../text/hash";
import { packWorkspace, unpackWorkspace } from "./archive";
import { sampleRecord } from "./sampleRecord";

async function documentOf(name: string, text: string) {
  const bytes = strToU8(text);
  return { id: await sha256Hex(bytes), name, kind: "text" as const, bytes };
}

describe("workspace file", () => {
  it("round-trips the record and the documents, bytes and all", async () => {
    const docs = [await documentOf("a/b:c.txt", "alpha"), await documentOf("second.txt", "beta")];
    const record = sampleRecord({
      documents: docs.map(({ id, name, kind }) => ({ id, name, kind })),
      currentId: docs[1]!.id,
    });
    const zip = packWorkspace(record, docs, "9.9.9", new Date("2026-01-02T03:04:05Z"));
    const back = await unpackWorkspace(zip);
    expect(back.record).toEqual(record);
    expect(back.appVersion).toBe("9.9.9");
    expect(back.documents.map((d) => [d.name, new TextDecoder().decode(d.bytes)])).toEqual([
      ["a/b:c.txt", "alpha"],
      ["second.txt", "beta"],
    ]);
    const manifest = JSON.parse(new TextDecoder().decode(unzipSync(zip)["manifest.json"])) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      format: "chunk-workbench-workspace",
      app_version: "9.9.9",
      created_at: "2026-01-02T03:04:05.000Z",
    });
  });

  it("keeps secrets out of the file", async () => {
    const doc = await documentOf("a.txt", "alpha");
    const record = sampleRecord({
      documents: [{ id: doc.id, name: doc.name, kind: doc.kind }],
      configs: { agentic: { api_key: "sk-abcdefghijklmnopqrstuv" } },
    });
    const text = new TextDecoder().decode(unzipSync(packWorkspace(record, [doc], "1"))["workspace.json"]);
    expect(text).not.toContain("sk-abc");
  });

  it("refuses what is not a workspace file, a damaged document and a missing one", async () => {
    await expect(unpackWorkspace(strToU8("not a zip"))).rejects.toThrow(/not a workspace file/);
    await expect(unpackWorkspace(zipSync({ "x.txt": strToU8("x") }))).rejects.toThrow(/manifest/);
    const doc = await documentOf("a.txt", "alpha");
    const record = sampleRecord({ documents: [{ id: doc.id, name: doc.name, kind: doc.kind }] });
    const files = unzipSync(packWorkspace(record, [doc], "1"));
    const path = Object.keys(files).find((p) => p.startsWith("documents/"))!;
    await expect(unpackWorkspace(zipSync({ ...files, [path]: strToU8("tampered") }))).rejects.toThrow(
      /damaged/,
    );
    const { [path]: _gone, ...without } = files;
    await expect(unpackWorkspace(zipSync(without))).rejects.toThrow(/lacks a.txt/);
    const newer = JSON.parse(new TextDecoder().decode(files["manifest.json"])) as Record<string, unknown>;
    await expect(
      unpackWorkspace(
        zipSync({ ...files, "manifest.json": strToU8(JSON.stringify({ ...newer, version: 99 })) }),
      ),
    ).rejects.toThrow(/newer version/);
  });

  describe("limits (DESIGN §12): a bomb is refused while streaming, never inflated whole", () => {
    const SMALL = { entryBytes: 1 << 20, totalBytes: 2 << 20, jsonBytes: 256 << 10 };
    const zeros = (n: number) => new Uint8Array(n);

    async function workspaceZip(extra: Record<string, Uint8Array>, declared?: number) {
      const doc = await documentOf("a.txt", "alpha");
      const record = sampleRecord({ documents: [{ id: doc.id, name: doc.name, kind: doc.kind }] });
      const files = unzipSync(packWorkspace(record, [doc], "1"));
      if (declared !== undefined) {
        const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"])) as {
          documents: { bytes: number }[];
        };
        manifest.documents[0]!.bytes = declared;
        files["manifest.json"] = strToU8(JSON.stringify(manifest));
      }
      return zipSync({ ...files, ...extra }, { level: 9 });
    }

    it("never reads an entry the manifest does not name, however large it inflates", async () => {
      const zip = await workspaceZip({ "bomb.bin": zeros(64 << 20) });
      expect(zip.length).toBeLessThan(1 << 20);
      const back = await unpackWorkspace(zip, SMALL);
      expect(back.documents).toHaveLength(1);
    });

    it("refuses a named entry that inflates past what the manifest declares", async () => {
      const files = unzipSync(await workspaceZip({}));
      const path = Object.keys(files).find((p) => p.startsWith("documents/"))!;
      const bomb = zipSync({ ...files, [path]: zeros(32 << 20) }, { level: 9 });
      await expect(unpackWorkspace(bomb, SMALL)).rejects.toThrow(/zip bomb/);
    });

    it("refuses declared sizes over the limits, and JSON over its own", async () => {
      await expect(unpackWorkspace(await workspaceZip({}, (1 << 20) + 1), SMALL)).rejects.toThrow(
        /documents\[0\]\.bytes must be the document's size, at most 1048576/,
      );
      const zip = await workspaceZip({});
      const files = unzipSync(zip);
      const big = zipSync({ ...files, "workspace.json": zeros(1 << 20) }, { level: 9 });
      await expect(unpackWorkspace(big, SMALL)).rejects.toThrow(/workspace\.json .*(zip bomb|more than)/);
    });
  });
});
