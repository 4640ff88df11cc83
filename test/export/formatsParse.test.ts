/**
 * Every file the exporter writes is read by an independent parser: Python's ast (settings.py and
 * the LangChain / LlamaIndex / Chonkie code), PyYAML, tomllib, a .env line reader — all in one
 * python3 run — and tsc for the TypeScript config. Without python3 and PyYAML it skips, and fails
 * in CI (test/support/python).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { exportConfig, formatsFor, importConfig } from "../../src/core/export/formats";
import { pythonForChecks } from "../support/python";
import { TUNED } from "./tuned";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PYTHON = pythonForChecks(["yaml", "tomllib"]);

type PyFile = { assigns: Record<string, unknown>; calls: Record<string, Record<string, unknown>> };

function writeAll(dir: string): Map<string, { chunker: string; format: string }> {
  const files = new Map<string, { chunker: string; format: string }>();
  for (const [chunker, config] of Object.entries(TUNED))
    for (const format of formatsFor(chunker)) {
      const name = `${format.id}--${chunker}.${format.extension}`;
      writeFileSync(path.join(dir, name), exportConfig(format.id, chunker, config));
      files.set(name, { chunker, format: format.id });
    }
  return files;
}

describe.skipIf(PYTHON === null)("exports read by Python's parsers", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "export-parse-"));
  const files = writeAll(dir);
  const run = spawnSync(PYTHON ?? "python3", [path.join(ROOT, "test/export/read_exports.py"), dir], {
    encoding: "utf8",
  });
  const parsed = (run.status === 0 ? JSON.parse(run.stdout) : {}) as Record<string, unknown>;
  const full = (chunker: string) => importConfig(exportConfig("json", chunker, TUNED[chunker])).config;

  it("parses every Python, YAML, TOML and .env file", () => {
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const readable = [...files.keys()].filter((n) => /\.(py|yaml|toml|env)$/.test(n));
    expect(readable.length).toBeGreaterThan(15);
    expect(Object.keys(parsed).sort()).toEqual(readable.sort());
  });

  it("finds the tuned values under the seed systems' own names", () => {
    const settings = parsed["noesis-settings--late-embedding.py"] as PyFile;
    // Keys the seed names no setting for: under the workbench's own WORKBENCH_<KEY> (issue 31).
    const own = Object.fromEntries(
      Object.entries(settings.assigns).filter(([name]) => name.startsWith("WORKBENCH_")),
    );
    expect(own).toEqual({
      WORKBENCH_SIMILARITY_THRESHOLD: TUNED["late-embedding"]!.similarity_threshold,
      WORKBENCH_THRESHOLD_MODE: TUNED["late-embedding"]!.threshold_mode,
      WORKBENCH_THRESHOLD_AMOUNT: TUNED["late-embedding"]!.threshold_amount,
      WORKBENCH_SENTENCE_SPLITTER: TUNED["late-embedding"]!.sentence_splitter,
      WORKBENCH_TOKEN_COUNTER: "cl100k", // the default, written like every key of the config
    });
    const seedOwn = Object.fromEntries(
      Object.entries(settings.assigns).filter(([name]) => !name.startsWith("WORKBENCH_")),
    );
    expect(seedOwn).toEqual({
      RAG_CHUNKER_MODE: "late",
      RAG_USE_EMBEDDING_SIMILARITY: true,
      RAG_LATE_CHUNK_MAX_TOKENS: 9000,
      RAG_CHUNK_TARGET_TOKENS: 420,
      RAG_CHUNK_OVERLAP_TOKENS: 70,
      RAG_CHUNKING_WINDOW_SIZE: 5,
      RAG_CHUNKING_BATCH_SIZE: 8,
      RAG_USE_CONTENT_BASED_IDS: false,
    });
    const env = parsed["noesis-env--hybrid.env"] as Record<string, string>;
    expect(
      Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("WORKBENCH_"))),
    ).toEqual({
      RAG_CHUNKER_MODE: "agentic",
      RAG_CHUNK_TARGET_TOKENS: "500",
      RAG_CHUNK_OVERLAP_TOKENS: "60",
      RAG_ENABLE_QUALITY_METRICS: "false",
      RAG_USE_EMBEDDING_SIMILARITY: "false",
      RAG_CHUNKING_WINDOW_SIZE: "3",
      RAG_CHUNKING_BATCH_SIZE: "16",
    });
    expect(parsed["noesis-routing--hybrid.yaml"]).toEqual(
      (TUNED.hybrid!.routing as { rules: unknown }).rules,
    );
    expect((parsed["adr018--token.py"] as PyFile).assigns.CHUNK_FOR_RAG_KWARGS).toEqual({
      chunk_size: 300,
      overlap: 30,
    });
    // The policy block is the seed's (its unmodelled keys at the seed's true); the dictionary beside it.
    const { dictionary, ...policy } = TUNED.entity!;
    expect(parsed["thorbis-yaml--entity.yaml"]).toEqual({
      chunk_configuration: {
        ...policy,
        as_of_timestamps: true,
        change_tracking: true,
        maintain_context: true,
      },
      workbench: { dictionary },
    });
    expect(parsed["header-toml--header.toml"]).toEqual({
      chunking: { strategy: "header_based", ...TUNED.header },
    });
  });

  it("passes the tuned values to the libraries' own arguments", () => {
    const calls = (name: string) => (parsed[name] as PyFile).calls;
    expect(calls("langchain--token.py").splitter).toEqual({
      encoding_name: "cl100k_base",
      chunk_size: 300,
      chunk_overlap: 30,
    });
    const recursive = full("recursive");
    expect(calls("langchain--recursive.py").splitter).toEqual({
      chunk_size: recursive.chunk_size,
      chunk_overlap: recursive.chunk_overlap,
      separators: recursive.separators,
      keep_separator: recursive.keep_separator,
      add_start_index: true,
    });
    expect(calls("llamaindex--recursive.py").splitter).toMatchObject({ chunk_size: 777, chunk_overlap: 40 });
    expect(calls("chonkie--recursive.py").chunker).toEqual({
      rules: null,
      tokenizer: "character",
      chunk_size: 777,
    });
    expect(calls("langchain--hierarchical.py").child_splitter).toMatchObject({
      model_name: "gpt-4",
      chunk_size: 410,
      chunk_overlap: 55,
    });
    expect(calls("llamaindex--hierarchical.py").parent_splitter).toEqual({
      tokenizer: null,
      chunk_size: 1600,
      chunk_overlap: 0,
    });
    expect(calls("langchain--header.py").splitter).toEqual({
      chunk_size: 1500,
      chunk_overlap: 60,
      separators: ["\n\n"],
    });
    expect(calls("chonkie--late-embedding.py").chunker).toEqual({
      embedding_model: null, // a name, not a literal: the user's model
      threshold: 0.7,
      chunk_size: 420,
      similarity_window: 5,
    });
  });
});

describe("the TypeScript export", () => {
  it("compiles with tsc --strict and holds the tuned values", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "export-ts-"));
    const file = path.join(dir, "chunkingConfig.ts");
    writeFileSync(file, exportConfig("hierarchical-ts", "hierarchical", TUNED.hierarchical));
    writeFileSync(path.join(dir, "package.json"), '{"type":"module"}');
    const tsc = spawnSync(
      path.join(ROOT, "node_modules/.bin/tsc"),
      ["--strict", "--target", "es2022", "--module", "esnext", "--outDir", dir, file],
      // Run from the temp folder so tsc does not pick up the project's @types.
      { encoding: "utf8", cwd: dir },
    );
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
    const mod = (await import(pathToFileURL(path.join(dir, "chunkingConfig.js")).href)) as {
      DEFAULT_CHUNKING_CONFIG: unknown;
    };
    expect(mod.DEFAULT_CHUNKING_CONFIG).toEqual(TUNED.hierarchical);
  });
});
