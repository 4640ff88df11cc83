/**
 * `--ocr` in the CLI (DESIGN §5, §10): an image-only PDF is refused without it (exit 3, the message
 * suggests it) and chunked with it — its words as text, the chunks flagged `ocr`, progress on stderr;
 * `batch --ocr` likewise, its resume hash apart from a plain run's.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { scannedPdf } from "../fixtures/scannedPdf";

const ROOT = path.resolve(import.meta.dirname, "../..");

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("--ocr", { timeout: 120_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), "cli-ocr-"));
  const file = path.join(dir, "scan.pdf");
  beforeAll(async () => {
    const { bytes } = await scannedPdf([{ text: "Recognized words become chunks", x: 72, y: 120 }]);
    writeFileSync(file, bytes);
  });

  it("chunk: refused without it, recognized with it", () => {
    const plain = cli("chunk", file, "--chunker", "token");
    expect(plain.code).toBe(3);
    expect(plain.stderr).toMatch(/--ocr/);
    const ocr = cli("chunk", file, "--chunker", "token", "--ocr");
    expect(ocr.code).toBe(0);
    expect(ocr.stderr).toContain("ocr: page 1/1 recognized");
    const chunks = ocr.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { text: string; flags: string[]; pages: number[] });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ text: "Recognized words become chunks", flags: ["ocr"], pages: [1] });
  });

  it("extract: the page flagged with its confidence, the id marked", () => {
    const out = cli("extract", file, "--json", "--ocr");
    expect(out.code).toBe(0);
    const doc = JSON.parse(out.stdout) as { id: string; pages: { ocr?: { confidence: number } }[] };
    expect(doc.id).toMatch(/^[0-9a-f]{64}:ocr$/);
    expect(doc.pages[0]!.ocr!.confidence).toBeGreaterThan(80);
  });

  it("batch: recognized in the worker, with a resume hash of its own", () => {
    const out = path.join(dir, "out");
    expect(cli("batch", file, "--chunker", "token", "--out", out, "--workers", "1", "--ocr").code).toBe(0);
    const line = JSON.parse(readFileSync(path.join(out, "manifest.jsonl"), "utf8").trim()) as {
      status: string;
      config_hash: string;
      id: string;
    };
    expect(line).toMatchObject({ status: "ok" });
    expect(line.id).toMatch(/:ocr$/);
    expect(readFileSync(path.join(out, "scan.pdf.jsonl"), "utf8")).toContain('"flags":["ocr"]');
    // Without --ocr the input fails (no text) rather than being skipped on the OCR run's hash.
    expect(cli("batch", file, "--chunker", "token", "--out", out, "--workers", "1", "--resume").code).toBe(3);
  });
});
