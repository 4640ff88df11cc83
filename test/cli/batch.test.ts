/**
 * `batch` end to end (DESIGN §10): a folder of nested inputs and a file given, each output
 * byte-identical to `chunk`'s, a bad input as a failed manifest line (exit 4), shards that partition
 * the inputs, `--resume` skipping complete outputs and redoing half-written ones, and the exit codes.
 */
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { headingsPdf, layoutPdf } from "../fixtures/pdfs";
import { haveCorpus as needCorpus, SHARED } from "../support/fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");
const haveCorpus = needCorpus();

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Line {
  file: string;
  id: string | null;
  pages: number | null;
  chunks: number | null;
  status: "ok" | "failed" | "skipped";
  error: string | null;
  ms: number;
  config_hash: string;
  bytes: number | null;
}

const manifest = (file: string): Line[] =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Line);
const byFile = (lines: Line[]) => Object.fromEntries(lines.map((l) => [l.file, l]));

let tmp = "";
let input = "";
let given = "";
const at = (...parts: string[]) => path.join(tmp, ...parts);
function put(file: string, content: string | Uint8Array): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

/** What the folder holds, sorted as batch sorts its inputs: by relative path. */
const INPUTS = ["a.pdf", "broken.pdf", "notes.txt", "sub/b.pdf", "sub/deep/c.md", "extra.md"].sort();

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), "batch-cli-"));
  input = at("in");
  put(at("in", "a.pdf"), (await layoutPdf()).bytes);
  put(at("in", "sub", "b.pdf"), (await headingsPdf()).bytes);
  put(
    at("in", "sub", "deep", "c.md"),
    "# Fruit\n\nApples grow on trees.\n\n## Bananas\n\nBananas grow in warm places.\n",
  );
  put(at("in", "notes.txt"), "Copper conducts electricity well. It is used for wires.\n");
  put(at("in", "picture.png"), "not an input: only .pdf, .md and .txt are");
  // A PDF cut short in its header: pdf.js rejects it.
  put(at("in", "broken.pdf"), "%PDF-1.7\n1 0 obj << /Type /Catalog");
  given = put(at("elsewhere", "extra.md"), "A file given by name is named by its name.\n");
});

describe("batch", () => {
  it("chunks nested folders and given files to mirrored outputs byte-identical to chunk; a bad file is a failed line (exit 4)", () => {
    const out = at("out-all");
    const r = cli("batch", input, given, "--chunker", "token", "--out", out, "--workers", "2");
    expect(r.code).toBe(4);
    expect(r.stdout).toBe("");
    const lines = manifest(path.join(out, "manifest.jsonl"));
    expect(lines.map((l) => l.file).sort()).toEqual(INPUTS);
    const lineOf = byFile(lines);
    expect(lineOf["broken.pdf"]).toMatchObject({ status: "failed", chunks: null, bytes: null });
    expect(lineOf["broken.pdf"]!.error).toEqual(expect.any(String));
    expect(r.stderr).toMatch(/failed broken\.pdf/);
    for (const file of INPUTS.filter((f) => f !== "broken.pdf")) {
      const line = lineOf[file]!;
      expect(line).toMatchObject({ status: "ok", error: null });
      expect(line.id).toMatch(/^[0-9a-f]{64}$/);
      expect(line.chunks).toBeGreaterThan(0);
      expect(line.bytes).toBe(readFileSync(path.join(out, `${file}.jsonl`)).length);
    }
    expect(lineOf["a.pdf"]!.pages).toBe(3);
    expect(existsSync(path.join(out, "broken.pdf.jsonl"))).toBe(false);
    // Nothing temporary is left, and nothing beside the outputs and the manifest.
    expect(readdirSync(out, { recursive: true }).map(String).sort()).toEqual(
      [
        "a.pdf.jsonl",
        "extra.md.jsonl",
        "manifest.jsonl",
        "notes.txt.jsonl",
        "sub",
        "sub/b.pdf.jsonl",
        "sub/deep",
        "sub/deep/c.md.jsonl",
      ].sort(),
    );
    for (const [file, source] of [
      ["a.pdf", path.join(input, "a.pdf")],
      ["sub/b.pdf", path.join(input, "sub", "b.pdf")],
      ["sub/deep/c.md", path.join(input, "sub", "deep", "c.md")],
    ] as const) {
      const chunk = cli("chunk", source, "--chunker", "token");
      expect(chunk.code).toBe(0);
      expect(readFileSync(path.join(out, `${file}.jsonl`), "utf8")).toBe(chunk.stdout);
    }
  });

  it("partitions the inputs into shards by index mod n, each with its own manifest in one OUT", () => {
    const out = at("out-shards");
    const shards = [0, 1, 2].map((i) => {
      const r = cli(
        "batch",
        input,
        given,
        "--chunker",
        "token",
        "--out",
        out,
        "--workers",
        "1",
        "--shard",
        `${i}/3`,
      );
      expect([0, 4]).toContain(r.code);
      return manifest(path.join(out, `manifest-${i}-of-3.jsonl`)).map((l) => l.file);
    });
    shards.forEach((files, i) => expect(files.sort()).toEqual(INPUTS.filter((_, index) => index % 3 === i)));
    const union = shards.flat();
    expect(union.sort()).toEqual(INPUTS);
    expect(new Set(union).size).toBe(union.length);
    expect(existsSync(path.join(out, "manifest.jsonl"))).toBe(false);
  });

  it("--resume skips complete outputs made with the same config and redoes half-written and missing ones", () => {
    const out = at("out-resume");
    const first = cli("batch", input, "--chunker", "token", "--out", out);
    expect(first.code).toBe(4);
    const original = (file: string) => readFileSync(path.join(out, `${file}.jsonl`), "utf8");
    const a = original("a.pdf");
    const c = original("sub/deep/c.md");
    // A half output (as a copy cut short would leave), and a run killed before its rename.
    truncateSync(path.join(out, "a.pdf.jsonl"), 10);
    rmSync(path.join(out, "sub", "deep", "c.md.jsonl"));
    writeFileSync(path.join(out, "sub", "deep", "c.md.jsonl.partial-1-1"), "{");
    // The token chunker's defaults spelled out: the same config, so the same hash.
    const defaults = put(
      at("defaults.json"),
      JSON.stringify({ chunk_size: 512, overlap: 50, encoding: "cl100k_base" }),
    );
    const resumed = cli("batch", input, "--chunker", "token", "--config", defaults, "--out", out, "--resume");
    expect(resumed.code).toBe(4);
    const lines = byFile(manifest(path.join(out, "manifest.jsonl")));
    expect(Object.keys(lines).sort()).toEqual(INPUTS.filter((f) => f !== "extra.md"));
    expect(lines["a.pdf"]!.status).toBe("ok");
    expect(lines["sub/deep/c.md"]!.status).toBe("ok");
    expect(lines["notes.txt"]).toMatchObject({ status: "skipped", error: null });
    expect(lines["sub/b.pdf"]!.status).toBe("skipped");
    expect(lines["sub/b.pdf"]!.chunks).toBeGreaterThan(0);
    expect(lines["broken.pdf"]!.status).toBe("failed");
    expect(original("a.pdf")).toBe(a);
    expect(original("sub/deep/c.md")).toBe(c);

    // Another config: nothing made with the old one counts.
    const other = put(at("other.json"), JSON.stringify({ chunk_size: 64, overlap: 8 }));
    const redone = cli("batch", input, "--chunker", "token", "--config", other, "--out", out, "--resume");
    expect(redone.code).toBe(4);
    const again = manifest(path.join(out, "manifest.jsonl"));
    expect(again.filter((l) => l.status === "skipped")).toEqual([]);
    expect(new Set(again.map((l) => l.config_hash)).size).toBe(1);
    expect(again[0]!.config_hash).not.toBe(lines["notes.txt"]!.config_hash);
  });

  it("lists symlink loops, links to nowhere, missing files and unreadable folders as failed lines, never aborting", () => {
    const dir = at("links");
    put(path.join(dir, "ok.txt"), "Readable words.\n");
    mkdirSync(path.join(dir, "inner"));
    symlinkSync("..", path.join(dir, "inner", "up"));
    symlinkSync("nowhere.pdf", path.join(dir, "gone.pdf"));
    symlinkSync("self", path.join(dir, "self"));
    const locked = path.join(dir, "locked");
    put(path.join(locked, "secret.md"), "Hidden.\n");
    chmodSync(locked, 0o000);
    try {
      const out = at("out-links");
      // A file given that is gone by the time it is read (as one deleted mid-run would be).
      const r = cli("batch", dir, at("vanished.pdf"), "--chunker", "token", "--out", out);
      expect(r.code).toBe(4);
      const lines = byFile(manifest(path.join(out, "manifest.jsonl")));
      expect(lines["ok.txt"]!.status).toBe("ok");
      expect(lines["vanished.pdf"]).toMatchObject({ status: "failed", error: "no such file" });
      expect(lines["inner/up"]).toMatchObject({
        status: "failed",
        error: expect.stringMatching(/symlink loop/),
      });
      expect(lines["self"]).toMatchObject({ status: "failed", error: expect.stringMatching(/symlink loop/) });
      expect(lines["gone.pdf"]).toMatchObject({
        status: "failed",
        error: expect.stringMatching(/does not exist/),
      });
      // root reads any folder: the locked one is then simply read.
      if (process.getuid?.() !== 0)
        expect(lines["locked"]).toMatchObject({
          status: "failed",
          error: expect.stringMatching(/cannot read folder/),
        });
    } finally {
      chmodSync(locked, 0o755);
    }
  });

  it("exits 3 when every input failed or there is none, 0 when all succeed, 2 on bad flags before reading", () => {
    const onlyBad = at("only-bad");
    copyFileSync(path.join(input, "broken.pdf"), put(path.join(onlyBad, "x.pdf"), ""));
    expect(cli("batch", onlyBad, "--chunker", "token", "--out", at("out-bad")).code).toBe(3);
    mkdirSync(at("empty"));
    const none = cli("batch", at("empty"), "--chunker", "token", "--out", at("out-none"));
    expect(none.code).toBe(3);
    expect(none.stderr).toMatch(/no input/);
    expect(manifest(path.join(at("out-none"), "manifest.jsonl"))).toEqual([]);
    expect(cli("batch", given, "--chunker", "token", "--out", at("out-one")).code).toBe(0);

    const out = at("never");
    for (const args of [
      [input, "--chunker", "token"],
      [input, "--chunker", "nope", "--out", out],
      [input, "--chunker", "token", "--out", out, "--shard", "3/3"],
      [input, "--chunker", "token", "--out", out, "--workers", "0"],
      ["--chunker", "token", "--out", out],
    ]) {
      const r = cli("batch", ...args);
      expect(r.code, args.join(" ")).toBe(2);
    }
    expect(existsSync(out)).toBe(false);
  });

  it.skipIf(!haveCorpus)(
    "fails encrypted and corrupt corpus PDFs as lines beside the good ones (corpus)",
    () => {
      const dir = at("corpus");
      mkdirSync(dir);
      for (const name of [
        "encrypted-aes128-user-pass-1234.pdf",
        "corrupt-truncated-reject.pdf",
        "rotated-page2-90.pdf",
      ])
        copyFileSync(path.join(SHARED, "corpus", name), path.join(dir, name));
      const out = at("out-corpus");
      const r = cli("batch", dir, "--chunker", "token", "--out", out, "--workers", "2");
      expect(r.code).toBe(4);
      const lines = byFile(manifest(path.join(out, "manifest.jsonl")));
      expect(lines["encrypted-aes128-user-pass-1234.pdf"]).toMatchObject({
        status: "failed",
        error: expect.stringMatching(/password/i),
      });
      expect(lines["corrupt-truncated-reject.pdf"]!.status).toBe("failed");
      expect(lines["rotated-page2-90.pdf"]!.status).toBe("ok");
    },
  );

  it.skipIf(!haveCorpus)(
    "reads a big PDF in parts on both threads and joins them to chunk's very output (corpus)",
    { timeout: 120_000 },
    () => {
      const book = path.join(SHARED, "corpus", "large-freeculture-352p.pdf");
      const out = at("out-split");
      const r = cli("batch", book, "--chunker", "hierarchical", "--out", out, "--workers", "2");
      expect(r.code).toBe(0);
      const whole = cli("chunk", book, "--chunker", "hierarchical");
      expect(readFileSync(path.join(out, "large-freeculture-352p.pdf.jsonl"), "utf8")).toBe(whole.stdout);
      expect(manifest(path.join(out, "manifest.jsonl"))[0]).toMatchObject({ status: "ok", pages: 352 });
    },
  );
});
