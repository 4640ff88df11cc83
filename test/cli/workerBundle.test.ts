/**
 * Worker entries bundled once and kept: the bundle runs the entry's code with its imports inlined,
 * sees the entry's own URL as import.meta.url (files beside the entry still resolve), is reused
 * while no input changed and rebuilt when one did.
 */
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { bundledWorker } from "../../src/cli/workerBundle";

function runOnce(script: URL): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script);
    worker.once("message", (message: unknown) => {
      void worker.terminate();
      resolve(message);
    });
    worker.once("error", reject);
  });
}

function entryWithHelper(): { dir: string; entry: URL } {
  const dir = mkdtempSync(path.join(tmpdir(), "worker-bundle-"));
  writeFileSync(path.join(dir, "helper.ts"), `export const answer = (n: number): number => n * 2;\n`);
  writeFileSync(
    path.join(dir, "entry.ts"),
    `import { parentPort } from "node:worker_threads";
import { answer } from "./helper";
parentPort!.postMessage({ answer: answer(21), url: import.meta.url });
`,
  );
  return { dir, entry: pathToFileURL(path.join(dir, "entry.ts")) };
}

describe("bundledWorker", () => {
  it("runs the entry with its TypeScript imports inlined and the entry's URL as import.meta.url", async () => {
    const { entry } = entryWithHelper();
    const script = await bundledWorker(entry);
    expect(script.href).not.toBe(entry.href);
    expect(await runOnce(script)).toEqual({ answer: 42, url: entry.href });
  });

  it("reuses a bundle while its inputs are unchanged and rebuilds it when one changes", async () => {
    const { dir, entry } = entryWithHelper();
    const first = await bundledWorker(entry);
    const builtAt = statSync(fileURLToPath(first)).mtimeMs;
    const again = await bundledWorker(entry);
    expect(again.href).toBe(first.href);
    expect(statSync(fileURLToPath(again)).mtimeMs).toBe(builtAt);

    const helper = path.join(dir, "helper.ts");
    writeFileSync(helper, `export const answer = (n: number): number => n * 3;\n`);
    // A later mtime whatever the file system's clock resolution.
    const later = new Date(Date.now() + 5000);
    utimesSync(helper, later, later);
    const rebuilt = await bundledWorker(entry);
    expect(readFileSync(fileURLToPath(rebuilt), "utf8")).toContain("n * 3");
    expect(await runOnce(rebuilt)).toMatchObject({ answer: 63 });
  });

  it("names a bundle by its entry's path: two entries of one name never share a file", async () => {
    const a = await bundledWorker(entryWithHelper().entry);
    const b = await bundledWorker(entryWithHelper().entry);
    expect(a.href).not.toBe(b.href);
  });

  it("fails with esbuild's reason on an entry that does not compile", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "worker-bundle-"));
    writeFileSync(path.join(dir, "broken.ts"), `import { missing } from "./nowhere";\nmissing();\n`);
    await expect(bundledWorker(pathToFileURL(path.join(dir, "broken.ts")))).rejects.toThrow(/nowhere/);
  });
});
