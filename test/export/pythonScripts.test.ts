/**
 * The Python exports are scripts (DESIGN §12): `python3 export.py DOC.json` reads the workbench's
 * `extract --json` text and prints one JSON chunk per line. With LangChain's own Python package
 * installed (WORKBENCH_PYTHON, or python3), the LangChain export is run on the sample PDF's text and
 * its chunks compared with @langchain/textsplitters and with the workbench's `chunk` on the same text.
 * Without it these skip and say why; `.ci/run` installs it where the machine's pip index has it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RecursiveCharacterTextSplitter } from "@langchain/textsplitters";
import { describe, expect, it } from "vitest";
import { exportConfig } from "../../src/core/export/formats";
import { pythonWith } from "../support/python";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SAMPLE = path.join(ROOT, "public", "sample.pdf");
const tmp = mkdtempSync(path.join(tmpdir(), "py-scripts-"));

// LangChain's Python package comes from a pip index, which not every machine has: a skip, said.
const LANGCHAIN_PYTHON = pythonWith(["langchain_text_splitters"]);
const hasLangChain = LANGCHAIN_PYTHON !== null;
const PYTHON = LANGCHAIN_PYTHON ?? "python3";
if (!hasLangChain)
  console.warn(
    "skipping the LangChain script runs: no Python here (WORKBENCH_PYTHON, python3) imports langchain_text_splitters",
  );

function cli(...args: string[]) {
  const r = spawnSync("npm", ["run", "-s", "cli", "--", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function python(script: string, ...args: string[]) {
  const file = path.join(tmp, `export-${Math.random().toString(36).slice(2)}.py`);
  writeFileSync(file, script);
  const r = spawnSync(PYTHON, [file, ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const jsonLines = <T>(out: string): T[] =>
  out
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

/** A code-point slice, as Python indexes strings (LangChain's start_index counts code points). */
const codePointSlice = (text: string, start: number, length: number) =>
  Array.from(text)
    .slice(start, start + length)
    .join("");

const RECURSIVE = {
  length_unit: "chars",
  chunk_size: 600,
  chunk_overlap: 80,
  separators: ["\n\n", "\n", ". ", " ", ""],
  keep_separator: true,
};

describe.skipIf(!hasLangChain)("the LangChain export, run by Python", () => {
  const extracted = cli("extract", SAMPLE, "--json");
  const docJson = path.join(tmp, "sample.json");
  writeFileSync(docJson, extracted.stdout);
  const text = extracted.code === 0 ? (JSON.parse(extracted.stdout) as { text: string }).text : "";

  it("prints the chunks @langchain/textsplitters and the workbench make of the same text", async () => {
    expect(extracted.code, extracted.stderr).toBe(0);
    const run = python(exportConfig("langchain", "recursive", RECURSIVE), docJson);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const py = jsonLines<{ chunk_index: number; text: string; start_index: number }>(run.stdout);
    expect(py.length).toBeGreaterThan(20);
    expect(py.map((c) => c.chunk_index)).toEqual(py.map((_, i) => i));
    for (const c of py) expect(codePointSlice(text, c.start_index, Array.from(c.text).length)).toBe(c.text);

    const js = await new RecursiveCharacterTextSplitter({
      chunkSize: RECURSIVE.chunk_size,
      chunkOverlap: RECURSIVE.chunk_overlap,
      separators: RECURSIVE.separators,
      keepSeparator: RECURSIVE.keep_separator,
    }).splitText(text);
    expect(py.map((c) => c.text)).toEqual(js);

    const config = path.join(tmp, "recursive.json");
    writeFileSync(config, JSON.stringify({ version: 1, chunker: "recursive", config: RECURSIVE }));
    const ours = cli("chunk", SAMPLE, "--config", config);
    expect(ours.code, ours.stderr).toBe(0);
    expect(py.map((c) => c.text)).toEqual(jsonLines<{ text: string }>(ours.stdout).map((c) => c.text));
  });

  it("runs the CharacterTextSplitter export: Python's chunks are the workbench's langchain-character chunks", () => {
    // keep_separator true: JS and Python merge alike (with false their running totals differ: the export says so).
    const tuned = { separator: "\n", chunk_size: 400, chunk_overlap: 60, keep_separator: true };
    const run = python(exportConfig("langchain", "langchain-character", tuned), docJson);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const py = jsonLines<{ text: string; start_index: number }>(run.stdout);
    expect(py.length).toBeGreaterThan(20);
    const config = path.join(tmp, "character.json");
    writeFileSync(config, JSON.stringify({ version: 1, chunker: "langchain-character", config: tuned }));
    const ours = cli("chunk", SAMPLE, "--config", config);
    expect(ours.code, ours.stderr).toBe(0);
    const mine = jsonLines<{ text: string; langchain_text?: string }>(ours.stdout).map(
      (c) => c.langchain_text ?? c.text,
    );
    expect(py.map((c) => c.text)).toEqual(mine);
  });

  it("runs the python-flavor exports: Python's chunks are the workbench's where the libraries part (keep_separator false, end, regex)", () => {
    const cases: [string, Record<string, unknown>][] = [
      [
        "recursive",
        { flavor: "python", length_unit: "chars", chunk_size: 300, chunk_overlap: 60, keep_separator: false },
      ],
      [
        "recursive",
        {
          flavor: "python",
          length_unit: "chars",
          chunk_size: 500,
          chunk_overlap: 0,
          separators: ["\\n\\n", "(?<=\\.) ", " "],
          is_separator_regex: true,
          keep_separator: "end",
        },
      ],
      [
        "langchain-character",
        { flavor: "python", separator: " ", chunk_size: 200, chunk_overlap: 40, keep_separator: false },
      ],
    ];
    for (const [chunker, tuned] of cases) {
      const run = python(exportConfig("langchain", chunker, tuned), docJson);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const py = jsonLines<{ text: string }>(run.stdout);
      expect(py.length).toBeGreaterThan(10);
      const config = path.join(tmp, `${chunker}-python.json`);
      writeFileSync(config, JSON.stringify({ version: 1, chunker, config: tuned }));
      const ours = cli("chunk", SAMPLE, "--config", config);
      expect(ours.code, ours.stderr).toBe(0);
      const mine = jsonLines<{ text: string; langchain_text?: string }>(ours.stdout).map(
        (c) => c.langchain_text ?? c.text,
      );
      expect(
        py.map((c) => c.text),
        JSON.stringify(tuned),
      ).toEqual(mine);
    }
  });

  it("runs the header export: every chunk a passage of the text, under its headings", () => {
    const md = path.join(tmp, "notes.md");
    const paragraphs = (words: string) => Array.from({ length: 8 }, (_, i) => `${i + 1}. ${words.repeat(5)}`);
    writeFileSync(
      md,
      [
        "# Intro",
        ...paragraphs("Chunking splits documents. "),
        "## Details",
        ...paragraphs("More words. "),
      ].join("\n\n"),
    );
    const run = python(exportConfig("langchain", "header", { max_chunk_chars: 300, overlap_chars: 0 }), md);
    expect(run.stderr).toBe("");
    const chunks = jsonLines<{ text: string; metadata: Record<string, string> }>(run.stdout);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.every((c) => c.text.length <= 300)).toBe(true);
    expect(chunks.at(-1)!.metadata).toEqual({ h1: "Intro", h2: "Details" });
  });

  it("refuses a PDF, naming the extract command, and says how to call it without FILE", () => {
    const script = exportConfig("langchain", "recursive", RECURSIVE);
    const pdf = python(script, SAMPLE);
    expect(pdf.code).not.toBe(0);
    expect(pdf.stdout).toBe("");
    expect(pdf.stderr).toContain(`npm run -s cli -- extract ${SAMPLE} --json > doc.json`);
    const bare = python(script);
    expect(bare.code).not.toBe(0);
    expect(bare.stderr).toMatch(/^usage: python3 \S+\.py FILE/);
  });
});

describe("every Python export is a script", () => {
  it.each([
    ["langchain", "token"],
    ["langchain", "recursive"],
    ["langchain", "hierarchical"],
    ["langchain", "header"],
    ["langchain", "late-embedding"],
    ["llamaindex", "token"],
    ["llamaindex", "recursive"],
    ["llamaindex", "hierarchical"],
    ["llamaindex", "late-embedding"],
    ["chonkie", "token"],
    ["chonkie", "recursive"],
    ["chonkie", "late-embedding"],
  ])("%s / %s: says where its text comes from and prints JSON lines from chunks_of", (format, chunker) => {
    const script = exportConfig(format, chunker, {});
    expect(script).toMatch(/^# Run: python3 THIS_FILE DOC\.json prints one JSON chunk per line\./m);
    expect(script).toMatch(/^# A PDF is refused: a Python PDF loader/m);
    expect(script).toMatch(/^def chunks_of\(text\):$/m);
    expect(script.endsWith('if __name__ == "__main__":\n    main(sys.argv)\n')).toBe(true);
    // Nothing at module level reads a name the script never defines (the old `text`, `documents`).
    expect(script).not.toMatch(/^\w+ = .*\(\[?(text|documents)\b/m);
  });
});
