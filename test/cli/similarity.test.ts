/**
 * `similarity TEXT_A TEXT_B` (DESIGN §5) and the local embedder's flag: one JSON line naming the
 * model, the shipped GloVe vectors by default; a missing asset is a clear error (exit 3), never a
 * silent switch to lexical.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("cli similarity", () => {
  it("prints {model, cosine} with the local GloVe embedder", () => {
    const r = cli(["similarity", "mandatory arbitration", "binding dispute resolution"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]!) as { model: string; cosine: number };
    expect(Object.keys(out)).toEqual(["model", "cosine"]);
    expect(out.model).toMatch(/GloVe 100d word vectors/);
    expect(out.cosine).toBeGreaterThan(0.35);
  });

  it("uses lexical TF-IDF when asked, and refuses an unknown local embedder", () => {
    const r = cli(["similarity", "large", "big", "--local-embedder", "tfidf"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ model: "Local lexical (TF-IDF, not neural)", cosine: 0 });
    const bad = cli(["similarity", "a", "b", "--local-embedder", "word2vec"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--local-embedder must be glove or tfidf/);
  });

  it("stops with exit 3 when the word vectors are missing", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "no-embeddings-"));
    const r = cli(["similarity", "a", "b"], { WORKBENCH_EMBEDDINGS_DIR: empty });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^error: word vectors: cannot read glove-100d-/);
  });

  it("takes exactly two texts", () => {
    expect(cli(["similarity", "only one"]).code).toBe(2);
  });
});
