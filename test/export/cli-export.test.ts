/**
 * `cli export` (DESIGN §5) and `chunk --config` reading what export writes. Few spawns: each costs
 * about a second.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tmp = mkdtempSync(path.join(tmpdir(), "cli-export-"));

function cli(...args: string[]) {
  const r = spawnSync("npm", ["run", "-s", "cli", "--", ...args], { cwd: ROOT, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function write(name: string, content: string): string {
  const file = path.join(tmp, name);
  writeFileSync(file, content);
  return file;
}

const MD = write(
  "notes.md",
  "# Intro\n\n" +
    "Chunking splits documents. ".repeat(30) +
    "\n\n## Details\n\n" +
    "More words here. ".repeat(40) +
    "\n",
);

describe("cli export", () => {
  it("writes the workbench JSON that `chunk --config` takes without --chunker", () => {
    const out = path.join(tmp, "token.json");
    const tuned = write("tuned.json", JSON.stringify({ chunk_size: 40, overlap: 8 }));
    const r = cli("export", "--chunker", "token", "--config", tuned, "--format", "json", "--out", out);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual({
      version: 1,
      chunker: "token",
      config: { chunk_size: 40, overlap: 8, encoding: "cl100k_base" },
    });
    const chunked = cli("chunk", MD, "--config", out);
    expect(chunked.code).toBe(0);
    const lines = chunked.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { tokens: number; chunk_id: string });
    expect(lines.length).toBeGreaterThan(3);
    expect(lines[0]!.chunk_id).toBe("chunk_0");
    expect(lines[0]!.tokens).toBe(40);
  });

  it("prints a seed's TOML on stdout, which `chunk --config` reads back", () => {
    const tuned = write("header.yaml", "max_chunk_chars: 300\noverlap_chars: 0\n");
    const r = cli("export", "--chunker", "header", "--config", tuned, "--format", "header-toml");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\[chunking\]$/m);
    expect(r.stdout).toMatch(/^max_chunk_chars = 300$/m);
    const chunked = cli("chunk", MD, "--config", write("header.toml", r.stdout), "--format", "csv");
    expect(chunked.code).toBe(0);
    expect(chunked.stdout.split("\r\n")[0]).toMatch(/^chunk_id,doc_id,doc_name,page,pages,/);
    expect(chunked.stdout).toContain("notes_chunk_");
  });

  it("exits 2 for a format that does not fit the chunker, an unknown format or chunker", () => {
    const misfit = cli("export", "--chunker", "token", "--format", "thorbis-yaml");
    expect(misfit.code).toBe(2);
    expect(misfit.stderr).toMatch(/formats for token: json, adr018/);
    expect(cli("export", "--chunker", "no-such", "--format", "json").code).toBe(2);
    expect(cli("export", "--chunker", "token", "--format", "yaml").code).toBe(2);
  });

  it("exits 2 for a config holding a secret, and does not echo it", () => {
    const leaky = write(
      "leaky.json",
      JSON.stringify({ version: 1, chunker: "token", config: { chunk_size: 64, api_key: "hunter2-value" } }),
    );
    const r = cli("export", "--config", leaky, "--format", "json");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/api_key.*secret|secret.*api_key/);
    expect(r.stderr).not.toContain("hunter2-value");
  });
});
