/**
 * The CLI as users and other tests call it (DESIGN §5): `npm run -s cli -- …`, data alone on stdout,
 * exit codes 0 / 2 / 3. Each case spawns the real command.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { haveCorpus as needCorpus } from "../support/fixtures";
import { describe, expect, it } from "vitest";
import type { DocModel } from "../../src/core/document";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SAMPLE = path.join(ROOT, "public/sample.pdf");
const CORPUS = path.resolve(ROOT, "../shared/corpus");
const haveCorpus = needCorpus();
const tmp = mkdtempSync(path.join(tmpdir(), "cli-test-"));

function cli(...args: string[]) {
  const r = spawnSync("npm", ["run", "-s", "cli", "--", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function write(name: string, content: string): string {
  const file = path.join(tmp, name);
  writeFileSync(file, content);
  return file;
}

describe("cli", () => {
  it("lists the chunkers with id, label, source, defaults and params", () => {
    const r = cli("chunkers", "--json");
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as {
      id: string;
      source: string;
      defaults: Record<string, unknown>;
      params: unknown[];
    }[];
    const token = list.find((c) => c.id === "token")!;
    expect(token.source).toBe("adr-018-token-chunking-citations.md");
    expect(token.defaults).toEqual({ chunk_size: 512, overlap: 50, encoding: "cl100k_base" });
  });

  it("extracts the DocModel as one JSON object, and chunks it with true offsets", () => {
    const ex = cli("extract", SAMPLE, "--json");
    expect(ex.code).toBe(0);
    const doc = JSON.parse(ex.stdout) as DocModel;
    expect(doc.pages).toHaveLength(12);
    expect(doc.id).toMatch(/^[0-9a-f]{64}$/);

    const out = path.join(tmp, "sample.jsonl");
    const cfg = write("token.json", JSON.stringify({ chunk_size: 128, overlap: 16 }));
    const r = cli("chunk", SAMPLE, "--chunker", "token", "--config", cfg, "--out", out);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(10);
    expect(Object.keys(lines[0]!).slice(0, 11)).toEqual([
      "chunk_id",
      "text",
      "tokens",
      "page",
      "pages",
      "bbox",
      "boxes",
      "start_char",
      "end_char",
      "prefix_chars",
      "flags",
    ]);
    for (const c of lines) {
      expect((c.text as string).slice(c.prefix_chars as number)).toBe(
        doc.text.slice(c.start_char as number, c.end_char as number),
      );
      expect(c.page).toBe((c.pages as number[])[0]);
    }
    // The rotated page (8) is cited, with boxes inside its displayed (landscape) size.
    const onRotated = lines.filter((c) => (c.pages as number[]).includes(8));
    expect(onRotated.length).toBeGreaterThan(0);
    for (const c of onRotated) {
      for (const b of (c.boxes as { page: number; x1: number; y1: number }[]).filter((b) => b.page === 8)) {
        expect(b.x1).toBeLessThanOrEqual(doc.pages[7]!.width + 1);
        expect(b.y1).toBeLessThanOrEqual(doc.pages[7]!.height + 1);
      }
    }
  });

  it("takes a workbench export as --config, and refuses a different --chunker", () => {
    const exported = write(
      "export.json",
      JSON.stringify({ version: 1, chunker: "token", config: { chunk_size: 300, overlap: 0 } }),
    );
    const r = cli("chunk", SAMPLE, "--config", exported, "--format", "csv");
    expect(r.code).toBe(0);
    expect(r.stdout.split("\r\n")[0]).toMatch(/^chunk_id,doc_id,doc_name,page,pages,/);
    const clash = cli("chunk", SAMPLE, "--chunker", "recursive-nope", "--config", exported);
    expect(clash.code).toBe(2);
  });

  it("--stats writes the run with the seed's stat names; the routing flags pick hybrid's mode", () => {
    const stats = path.join(tmp, "stats.json");
    const r = cli("chunk", SAMPLE, "--chunker", "token", "--stats", stats);
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(stats, "utf8")) as Record<string, Record<string, unknown>>;
    expect(Object.keys(report)).toEqual(["chunker", "config", "stats", "warnings", "timings"]);
    const lines = r.stdout.trim().split("\n");
    expect(report.stats).toMatchObject({ "chunk.count": lines.length, "chunker.mode": "token" });
    for (const key of ["quality.scores", "quality.mean_coherence", "fallback.reason", "agentic.tokens_used"])
      expect(key in report.stats!).toBe(true);

    // The seed's routing example: enterprise + legal_contract → agentic, which falls back (no LLM).
    const rules = write(
      "routing.yaml",
      [
        "default_chunker_mode: late",
        "rules:",
        "  - tenant: enterprise",
        "    chunker_mode: late",
        "  - tenant: enterprise",
        "    doc_class: legal_contract",
        "    chunker_mode: agentic",
        "",
      ].join("\n"),
    );
    const routed = cli(
      "chunk",
      SAMPLE,
      "--config",
      rules,
      "--tenant",
      "enterprise",
      "--doc-class",
      "legal_contract",
      "--collection",
      "contracts",
      "--stats",
      stats,
    );
    expect(routed.code).toBe(0);
    const hybrid = JSON.parse(readFileSync(stats, "utf8")) as Record<string, Record<string, unknown>>;
    expect(hybrid.chunker).toBe("hybrid");
    expect(hybrid.stats).toMatchObject({ "chunker.mode": "agentic", "chunker.ran": "late-jaccard" });
    expect(hybrid.stats!["fallback.reason"]).toMatch(/no LLM endpoint/);
    expect(hybrid.config).toMatchObject({
      routing: { context: { tenant: "enterprise", doc_class: "legal_contract", collection_id: "contracts" } },
    });
    const tenantOnly = cli("chunk", SAMPLE, "--config", rules, "--tenant", "enterprise", "--stats", stats);
    expect(tenantOnly.code).toBe(0);
    expect(JSON.parse(readFileSync(stats, "utf8")).stats["chunker.mode"]).toBe("late");
    // Routing flags mean nothing to another chunker; an unwritable --stats names its path.
    expect(cli("chunk", SAMPLE, "--chunker", "token", "--tenant", "x").code).toBe(2);
    const unwritable = cli("chunk", SAMPLE, "--stats", path.join(tmp, "no/such/dir/s.json"));
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^error: cannot write .*s\.json/),
    ]);
  });

  it("exported configs round-trip through --config", () => {
    const tuned: [string, Record<string, unknown>, string[]][] = [
      ["token", { chunk_size: 300, overlap: 20 }, ["json"]],
      ["entity", { target_size: 700, min_size: 400, max_size: 1000 }, ["json", "thorbis-yaml"]],
      ["header", { min_chunk_chars: 150, max_chunk_chars: 1800 }, ["json", "header-toml"]],
      [
        "hybrid",
        {
          routing: {
            rules: { default_chunker_mode: "late", rules: [{ tenant: "acme", chunker_mode: "agentic" }] },
            context: { tenant: "acme" },
          },
        },
        ["json", "noesis-routing"],
      ],
    ];
    for (const [chunker, config, formats] of tuned) {
      const given = write(`${chunker}-given.json`, JSON.stringify(config));
      const direct = path.join(tmp, `${chunker}-direct.json`);
      expect(cli("chunk", SAMPLE, "--chunker", chunker, "--config", given, "--stats", direct).code).toBe(0);
      for (const format of formats) {
        const exported = path.join(tmp, `${chunker}.${format}`);
        const e = cli(
          "export",
          "--chunker",
          chunker,
          "--config",
          given,
          "--format",
          format,
          "--out",
          exported,
        );
        expect(e.code, e.stderr).toBe(0);
        const via = path.join(tmp, `${chunker}-via-${format}.json`);
        const r = cli("chunk", SAMPLE, "--config", exported, "--stats", via);
        expect(r.code, `${chunker} ${format}: ${r.stderr}`).toBe(0);
        const a = JSON.parse(readFileSync(direct, "utf8")) as { config: unknown };
        const b = JSON.parse(readFileSync(via, "utf8")) as { config: unknown };
        expect(b.config, `${chunker} via ${format}`).toEqual(a.config);
      }
    }
  }, 120_000);

  it("header's file_path is the input's absolute path; config values are checked before the input", () => {
    const md = write("guide.md", "# Guide\n\nSome words about chunking.\n\n## More\n\nAnd more words.\n");
    const r = cli("chunk", path.relative(ROOT, md), "--chunker", "header");
    expect(r.code).toBe(0);
    for (const line of r.stdout.trim().split("\n"))
      expect((JSON.parse(line) as { file_path: string }).file_path).toBe(md);
    const bad = write("bad-values.json", JSON.stringify({ chunk_size: 50, overlap: 50 }));
    const missing = cli("chunk", path.join(tmp, "absent.pdf"), "--chunker", "token", "--config", bad);
    expect(missing.code).toBe(2);
  });

  it("hostile input keeps the contract: deep configs, empty text, caps, closed pipes, folders, formulas", () => {
    const deep = write("deep.json", '{"a":'.repeat(3000) + "1" + "}".repeat(3000));
    const d = cli("chunk", SAMPLE, "--chunker", "token", "--config", deep);
    expect(d.code).toBe(2);
    expect(d.stderr).toMatch(/nested deeper than 64 levels/);
    expect(d.stderr).not.toMatch(/\n\s+at /);
    const deepYaml = write("deep.yaml", "a: " + "[".repeat(3000) + "]".repeat(3000));
    expect(cli("chunk", SAMPLE, "--chunker", "token", "--config", deepYaml).code).toBe(2);
    expect(cli("export", "--chunker", "token", "--config", deep, "--format", "json").code).toBe(2);

    for (const blank of ["", "  \n\t \n"]) {
      const r = cli("chunk", write("blank.txt", blank), "--chunker", "token");
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/empty or holds only whitespace/);
    }
    const big = cli("chunk", SAMPLE, "--max-bytes", "1000");
    expect(big.code).toBe(3);
    expect(big.stderr).toMatch(/larger than --max-bytes 1000/);
    expect(cli("chunk", SAMPLE, "--max-bytes", "lots").code).toBe(2);
    expect(cli("chunk", tmp, "--chunker", "token").code).toBe(3); // a folder is not an input

    const onFolder = cli("chunk", SAMPLE, "--chunker", "token", "--out", tmp);
    expect(onFolder.code).toBe(2);
    expect(onFolder.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^error: cannot write /)]);

    // A reader that stops early (| head -c): the run ends quietly, exit 0.
    const piped = spawnSync("sh", ["-c", `npm run -s cli -- chunk ${SAMPLE} --chunker token | head -c 10`], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(piped.status).toBe(0);
    expect(piped.stderr).not.toMatch(/EPIPE|\n\s+at /);

    const formula = write("formula.txt", '=HYPERLINK("http://evil") is a cell.\n');
    const csv = cli("chunk", formula, "--chunker", "token", "--format", "csv");
    expect(csv.stdout.split("\r\n")[1]).toMatch(/"'=HYPERLINK/);
    const raw = cli("chunk", formula, "--chunker", "token", "--format", "csv", "--csv-raw");
    expect(raw.stdout.split("\r\n")[1]).toMatch(/,"=HYPERLINK/);

    const unused = cli(
      "chunk",
      SAMPLE,
      "--chunker",
      "token",
      "--llm-url",
      "http://127.0.0.1:9/v1",
      "--llm-model",
      "m",
    );
    expect(unused.code).toBe(0);
    expect(unused.stderr).toMatch(/warning: --llm-url is not used by token/);
  }, 120_000);

  it("chunks Markdown with no pages and null page and bbox", () => {
    const md = write("notes.md", "# Notes\n\nSome words about chunking.\n\n## More\n\nAnd more words.\n");
    const r = cli("chunk", md, "--chunker", "token");
    expect(r.code).toBe(0);
    const c = JSON.parse(r.stdout.trim().split("\n")[0]!) as Record<string, unknown>;
    expect(c.page).toBeNull();
    expect(c.bbox).toBeNull();
    expect(c.pages).toEqual([]);
  });

  it("exits 2 for bad arguments, unknown chunkers and invalid configs", () => {
    expect(cli("chunk", SAMPLE, "--chunker", "no-such").code).toBe(2);
    const bad = write("bad.json", JSON.stringify({ chunk_size: 50, overlap: 50 }));
    const r = cli("chunk", SAMPLE, "--chunker", "token", "--config", bad);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/overlap/);
    expect(cli("chunk", SAMPLE, "--chunker", "token", "--config", write("broken.json", "{nope")).code).toBe(
      2,
    );
    expect(cli("chunk", SAMPLE, "--bogus-flag").code).toBe(2);
    expect(cli("frobnicate").code).toBe(2);
  });

  it("exits 3 for missing, fake and unsupported input, with a message on stderr", () => {
    const missing = cli("chunk", path.join(tmp, "missing.pdf"), "--chunker", "token");
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/no such file/);
    const fake = cli("chunk", write("fake.pdf", "this is not a pdf\n"), "--chunker", "token");
    expect(fake.code).toBe(3);
    expect(fake.stdout).toBe("");
    expect(cli("chunk", write("table.xlsx", "PK\u0003\u0004"), "--chunker", "token").code).toBe(3);
  });

  it.skipIf(!haveCorpus)("asks for a password, opens with it, and refuses image-only PDFs (corpus)", () => {
    const enc = path.join(CORPUS, "encrypted-aes256-user-pass-abc.pdf");
    const locked = cli("chunk", enc, "--chunker", "token");
    expect(locked.code).toBe(3);
    expect(locked.stderr).toMatch(/password/i);
    const wrong = cli("chunk", enc, "--chunker", "token", "--password", "nope");
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toMatch(/password/i);
    const open = cli("chunk", enc, "--chunker", "token", "--password", "abc");
    expect(open.code).toBe(0);
    expect(open.stdout).toContain("Issue 6010");
    const scan = cli("chunk", path.join(CORPUS, "scanned-no-text.pdf"), "--chunker", "token");
    expect(scan.code).toBe(3);
    expect(scan.stderr).toMatch(/no text/);
    // extract too: an image-only PDF has nothing to extract, and the message points at OCR.
    const scanExtract = cli("extract", path.join(CORPUS, "scanned-no-text.pdf"), "--json");
    expect(scanExtract.code).toBe(3);
    expect(scanExtract.stderr).toMatch(/--ocr/);
    expect(scanExtract.stdout).toBe("");
    const rejected = cli("extract", path.join(CORPUS, "corrupt-bad-xref-w-reject.pdf"), "--json");
    expect(rejected.code).toBe(3);
    expect(rejected.stdout).toBe("");
  });

  it.skipIf(!haveCorpus)(
    "exits 0 for a PDF with a text-less page and names the page on stderr (corpus)",
    () => {
      const r = cli(
        "chunk",
        path.join(CORPUS, "large-freeculture-352p.pdf"),
        "--chunker",
        "token",
        "--out",
        path.join(tmp, "fc.jsonl"),
      );
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/page 1: no text layer/);
    },
  );
});
