/**
 * `--furniture drop|keep` and `curve` as users call them (DESIGN §12): the flag on extract and chunk
 * (named in --stats), a bad value refused before any input is read, and the curve as JSON lines.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DocModel } from "../../src/core/document";
import { furniturePdf } from "../fixtures/pdfs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tmp = mkdtempSync(path.join(tmpdir(), "cli-furniture-"));
const MANUAL = path.join(tmp, "manual.pdf");

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("cli --furniture and curve", () => {
  beforeAll(async () => {
    writeFileSync(MANUAL, (await furniturePdf({ pages: 5, footer: true, numbers: true })).bytes);
  });

  it("extract leaves furniture out by default and lists it; keep puts it in the text", () => {
    const drop = JSON.parse(cli("extract", MANUAL, "--json").stdout) as DocModel;
    expect(drop.furnitureSetting).toBe("drop");
    expect(drop.text).not.toContain("Company confidential");
    expect(drop.furniture!.filter((f) => f.kind === "footer")).toHaveLength(5);
    const keep = JSON.parse(cli("extract", MANUAL, "--json", "--furniture", "keep").stdout) as DocModel;
    expect(keep.furnitureSetting).toBe("keep");
    expect(keep.text).toContain("Company confidential");
    expect(keep.id).toBe(`${drop.id}:keep`);
  });

  it("chunk names the setting in --stats", () => {
    const stats = path.join(tmp, "stats.json");
    const r = cli("chunk", MANUAL, "--furniture", "keep", "--stats", stats);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Company confidential");
    const report = JSON.parse(readFileSync(stats, "utf8")) as { stats: Record<string, unknown> };
    expect(report.stats["document.furniture"]).toBe("keep");
  });

  it("refuses another value with exit 2 before reading the input", () => {
    const r = cli("chunk", path.join(tmp, "missing.pdf"), "--furniture", "maybe");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--furniture must be drop or keep, got "maybe"');
    expect(r.stdout).toBe("");
  });

  it("curve prints one JSON line per gap between the sentences it compares", () => {
    const r = cli("curve", MANUAL, "--local-embedder", "tfidf");
    expect(r.code).toBe(0);
    const text = (JSON.parse(cli("extract", MANUAL, "--json").stdout) as DocModel).text;
    const points = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { offset: number; value: number; start: number; end: number });
    expect(points.length).toBeGreaterThan(5);
    for (const p of points) {
      expect(Object.keys(p)).toEqual(["offset", "value", "start", "end"]);
      expect(p.start).toBeLessThan(p.offset);
      expect(p.offset).toBeLessThan(p.end);
      expect(p.end).toBeLessThanOrEqual(text.length);
      expect(p.value).toBeGreaterThanOrEqual(-1);
      expect(p.value).toBeLessThanOrEqual(1);
    }
    expect(r.stderr).toMatch(/curve: \d+ gaps/);
  });
});
