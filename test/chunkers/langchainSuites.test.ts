/**
 * LangChain's own text-splitter unit tests, run on our two LangChain chunkers.
 *
 * test/fixtures/langchain-suites.json holds every case (input text, splitter settings, expected chunk
 * texts) that these files give CharacterTextSplitter and RecursiveCharacterTextSplitter (fromLanguage /
 * from_language and the Markdown, LaTeX and PythonCode subclasses included):
 * - langchain-ai/langchainjs, libs/langchain-textsplitters/src/tests/text_splitter.test.ts and
 *   libs/langchain-textsplitters/src/tests/code_text_splitter.test.ts (main), suite "js";
 * - langchain-ai/langchain, libs/text-splitters/tests/unit_tests/test_text_splitters.py, suite "python".
 * 109 cases: 37 JS (35 expressible), 72 Python (71 expressible). A createDocuments / split_documents
 * test over several texts is one case per text, its page contents only (loc, metadata and start_index
 * are not carried: the range check below stands for start_index); a test with several assertions is
 * one case per assertion ("#…"); a parametrized test one case per parameter set (pytest's id). Other
 * splitters (token, Markdown/HTML header, HTML semantic, JSON, JSX framework) are left out, and so
 * are property-only tests with no expected chunk list.
 *
 * Verified: every expressible case, from the fixture's own config, gives its expected chunks (or its
 * error) in the real libraries — @langchain/textsplitters 1.0.2 (JS) and langchain_text_splitters
 * 1.1.2 (Python) — and the JS expectations were captured by running the JS test files themselves
 * against the library. No library output differed from its test file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ChunkerSpec } from "../../src/core/chunk";
import { langchainCharacterChunker } from "../../src/core/chunkers/langchain-character/run";
import { languageSeparators } from "../../src/core/chunkers/recursive/languages";
import { recursiveChunker } from "../../src/core/chunkers/recursive/run";
import { validConfig } from "../../src/core/config";
import { textDocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import { loadTokenizer } from "../../src/core/text/tokenizer";

interface SuiteCase {
  id: string;
  suite: "js" | "python";
  chunker: "recursive" | "langchain-character";
  config: Record<string, unknown> & { flavor: "js" | "python" };
  /** A fromLanguage / from_language case: the language as LangChain spells it. */
  language?: string;
  input: string;
  expected?: string[];
  /** LangChain refuses these settings. */
  expected_error?: boolean;
  expressible: boolean;
  /** Why our keys cannot say the case (expressible false). */
  why?: string;
  note?: string;
}

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/langchain-suites.json");
const { cases } = JSON.parse(readFileSync(FIXTURE, "utf8")) as { cases: SuiteCase[] };

/** The case's config in our keys, a language case's separators filled from our presets. */
function tuned(c: SuiteCase): Record<string, unknown> {
  return { ...c.config, ...(c.language ? languageSeparators(c.config.flavor, c.language) : {}) };
}

async function chunkTexts<C extends object>(spec: ChunkerSpec<C>, c: SuiteCase): Promise<string[]> {
  const config = validConfig(spec, tuned(c));
  const doc = textDocModel("lc", "lc.txt", c.input);
  const out = await spec.chunk(doc, config, createRunContext());
  const chunks = materialize(doc, out.drafts, await loadTokenizer("cl100k_base"));
  for (const chunk of chunks)
    if (chunk.meta.langchain_text === undefined)
      expect(chunk.text.slice(chunk.prefixChars)).toBe(c.input.slice(chunk.start, chunk.end));
  return chunks.map((chunk) => (chunk.meta.langchain_text as string | undefined) ?? chunk.text);
}

const run = (c: SuiteCase) =>
  c.chunker === "recursive" ? chunkTexts(recursiveChunker, c) : chunkTexts(langchainCharacterChunker, c);

const refuses = (c: SuiteCase) =>
  c.chunker === "recursive"
    ? () => validConfig(recursiveChunker, tuned(c))
    : () => validConfig(langchainCharacterChunker, tuned(c));

describe("LangChain's own splitter tests", () => {
  it("has every case of the three files", () => {
    expect(cases.filter((c) => c.suite === "js")).toHaveLength(37);
    expect(cases.filter((c) => c.suite === "python")).toHaveLength(72);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it("pins the cases our keys cannot say, each with its reason", () => {
    const unsaid = cases.filter((c) => !c.expressible);
    expect(unsaid.map((c) => c.id)).toEqual([
      "js text_splitter.test.ts > Character text splitter > Test create documents method with metadata and an added chunk header. (text 1 of 2)",
      "js text_splitter.test.ts > Character text splitter > Test create documents method with metadata and an added chunk header. (text 2 of 2)",
      "python test_text_splitters.py::test_merge_splits",
    ]);
    for (const c of unsaid) expect(c.why).toMatch(/\S/);
  });

  for (const suite of ["js", "python"] as const)
    describe(suite, () => {
      for (const c of cases.filter((k) => k.suite === suite && k.expressible))
        it(c.id, async () => {
          if (c.expected_error) expect(refuses(c)).toThrow();
          else expect(await run(c)).toEqual(c.expected);
        });
    });
});
