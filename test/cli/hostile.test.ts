/**
 * The CLI's answers to issue 29's hostile list: each a contract exit code and one line, never a
 * stack, never a lost input.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tmp = mkdtempSync(path.join(tmpdir(), "cli-hostile-"));
const NOTES = "# Notes\n\nA document that is fine, with a few words in it.\n";

function cli(...args: string[]) {
  const r = spawnSync("npm", ["run", "-s", "cli", "--", ...args], { cwd: ROOT, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function file(name: string, text = NOTES): string {
  const at = path.join(tmp, name);
  mkdirSync(path.dirname(at), { recursive: true });
  writeFileSync(at, text);
  return at;
}

function expectOneLine(r: { stderr: string }, message: RegExp) {
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toContain("    at ");
  expect(r.stderr).not.toContain("usage:");
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
}

describe("the CLI against hostile calls", () => {
  it("refuses a flag given twice rather than taking the last (exit 2)", () => {
    const r = cli("chunk", file("a.md"), "--format", "csv", "--format", "jsonl");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--format is given twice ("csv", then "jsonl"): give it once');
    expect(r.stdout).toBe("");
  }, 30_000);

  it("never writes its output over its input (exit 2, the input intact)", () => {
    const input = file("keep.md");
    const r = cli("chunk", input, "--out", input);
    expect(r.code).toBe(2);
    expectOneLine(r, /--out .*keep\.md is the input itself/);
    expect(readFileSync(input, "utf8")).toBe(NOTES);
  }, 30_000);

  it("says in one line when the output cannot be written (a full disk), without the usage text", () => {
    const r = cli("chunk", file("b.md"), "--out", "/dev/full");
    expect(r.code).toBe(2);
    expectOneLine(r, /^error: .*\/dev\/full/);
  }, 30_000);

  it("refuses a question set naming a document outside --docs-dir, before reading it (exit 3)", () => {
    file("secret/outside.md", "# Outside\n\nNot for the set.\n");
    const questions = file(
      "docs/q.jsonl",
      JSON.stringify({ question: "?", references: [{ doc: "../secret/outside.md", start: 0, end: 3 }] }) +
        "\n",
    );
    const r = cli("eval", "--questions", questions, "--chunker", "token");
    expect(r.code).toBe(3);
    expectOneLine(r, /names "\.\.\/secret\/outside\.md", which is not a file name inside/);
  }, 30_000);

  it("batch: a folder where the manifest goes is refused at once (exit 2); an input folder named like it fails its line", () => {
    const out = path.join(tmp, "out-blocked");
    mkdirSync(path.join(out, "manifest.jsonl"), { recursive: true });
    const blocked = cli("batch", file("in1/a.md"), "--chunker", "token", "--out", out);
    expect(blocked.code).toBe(2);
    expectOneLine(blocked, /manifest\.jsonl is a folder, not a manifest/);

    const input = path.join(tmp, "in2");
    file("in2/ok.md");
    file("in2/manifest.jsonl/inner.md");
    const out2 = path.join(tmp, "out2");
    for (const extra of [[], ["--resume"]]) {
      const r = cli("batch", input, "--chunker", "token", "--out", out2, ...extra);
      expect(r.code, r.stderr).toBe(4);
      expect(r.stderr).not.toContain("    at ");
      const lines = readFileSync(path.join(out2, "manifest.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { file: string; status: string; error: string | null });
      expect(lines.find((l) => l.file === "ok.md")?.status).toMatch(/ok|skipped/);
      expect(lines.find((l) => l.file === "manifest.jsonl/inner.md")).toMatchObject({
        status: "failed",
        error: "it sits in a folder named like the manifest, which its output folder would replace",
      });
    }
  }, 90_000);

  it("batch: a file whose name is not UTF-8 is a failed line naming it, not lost (exit 4)", () => {
    const input = path.join(tmp, "names");
    file("names/ok.md");
    writeFileSync(
      Buffer.concat([Buffer.from(`${input}/caf`), Buffer.from([0xe9]), Buffer.from(".md")]),
      NOTES,
    );
    const out = path.join(tmp, "out-names");
    const r = cli("batch", input, "--chunker", "token", "--out", out);
    expect(r.code, r.stderr).toBe(4);
    const lines = readFileSync(path.join(out, "manifest.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { file: string; status: string; error: string | null });
    expect(lines.map((l) => l.status).sort()).toEqual(["failed", "ok"]);
    expect(lines.find((l) => l.status === "failed")).toMatchObject({
      file: "caf\uFFFD.md",
      error: "its name is not valid UTF-8, so it cannot be opened by name here: rename it",
    });
  }, 60_000);

  it("batch: the same file given three times is one input, chunked once (exit 0)", () => {
    const a = file("same/a.md");
    const out = path.join(tmp, "out-same");
    const r = cli("batch", a, a, a, "--chunker", "token", "--out", out);
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(path.join(out, "manifest.jsonl"), "utf8").trim().split("\n");
    expect(lines).toHaveLength(1);
  }, 60_000);
});

describe("the CLI under arbitrary config and space files (fast-check)", () => {
  it("exits 0, 2, 3 or 4 with no stack, whatever JSON it is handed", () => {
    const values = fc.sample(fc.jsonValue({ maxDepth: 5 }), { numRuns: 8, seed: 29 });
    const doc = file("prop.md");
    values.forEach((value, i) => {
      const json = file(`prop-${i}.json`, JSON.stringify(value));
      for (const args of [
        ["chunk", doc, "--chunker", "token", "--config", json],
        ["sweep", "--space", json, doc],
      ]) {
        const r = cli(...args);
        expect([0, 2, 3, 4], `${args[0]} with ${JSON.stringify(value).slice(0, 200)}`).toContain(r.code);
        expect(r.stderr).not.toContain("    at ");
      }
    });
  }, 120_000);
});
