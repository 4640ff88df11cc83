/**
 * Per-input limits (DESIGN §12, issue 29): a PDF that stalls pdf.js or eats its memory costs a
 * thread, never the process — exit 3 and one line in `chunk`/`extract`, a failed manifest line in
 * `batch` while the other inputs go on.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { manyTextOps, nestedSaves } from "../support/hostilePdfs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tmp = mkdtempSync(path.join(tmpdir(), "cli-limits-"));
const STALLS = path.join(tmp, "nested-q.pdf");
const GREEDY = path.join(tmp, "many-ops.pdf");
writeFileSync(STALLS, nestedSaves(100_000));
writeFileSync(GREEDY, manyTextOps(300_000));

function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync("npm", ["run", "-s", "cli", "--", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const oneLine = (stderr: string) => stderr.trim().split("\n");

describe("per-input limits", () => {
  it("stops a PDF that stalls pdf.js at --timeout: exit 3, one line, nothing on stdout", () => {
    for (const command of [["chunk"], ["extract", "--json"]]) {
      const r = cli([command[0]!, STALLS, ...command.slice(1), "--timeout", "2"]);
      expect(r.code, r.stderr).toBe(3);
      expect(oneLine(r.stderr)).toEqual(["error: nested-q.pdf: extraction stopped after 2 s (--timeout)"]);
      expect(r.stdout).toBe("");
    }
  }, 60_000);

  it("stops a PDF that eats memory at the extraction thread's heap limit: exit 3, one line", () => {
    const r = cli(["chunk", GREEDY], { WORKBENCH_EXTRACT_HEAP_MB: "48" });
    expect(r.code, r.stderr).toBe(3);
    expect(oneLine(r.stderr)).toEqual([
      "error: many-ops.pdf: extraction ran out of memory (over the extraction thread's 48 MB heap limit)",
    ]);
  }, 60_000);

  it("refuses a --timeout that is not a number of seconds (exit 2)", () => {
    const r = cli(["chunk", STALLS, "--timeout", "soon"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--timeout must be a number of seconds from 0.1 to 86400, got "soon"');
  }, 30_000);

  it("fails the input over the limit in batch, and the others go on (exit 4)", () => {
    const input = path.join(tmp, "in");
    mkdirSync(input, { recursive: true });
    writeFileSync(path.join(input, "nested-q.pdf"), readFileSync(STALLS));
    writeFileSync(path.join(input, "notes.md"), "# Notes\n\nA document that is fine.\n");
    const out = path.join(tmp, "out");
    const r = cli(["batch", input, "--chunker", "token", "--out", out, "--workers", "1", "--timeout", "2"]);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).not.toContain("    at ");
    const lines = readFileSync(path.join(out, "manifest.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { file: string; status: string; error?: string });
    const byName = Object.fromEntries(lines.map((l) => [l.file, l]));
    expect(byName["notes.md"]!.status).toBe("ok");
    expect(byName["nested-q.pdf"]).toMatchObject({
      status: "failed",
      error: "stopped: over the time limit of 2 s (--timeout)",
    });
  }, 60_000);
});
