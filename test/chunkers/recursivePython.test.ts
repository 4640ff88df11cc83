/**
 * recursive and langchain-character with `flavor: "python"` against langchain_text_splitters itself
 * (run in a Python that has it: WORKBENCH_PYTHON or python3; skipped, said, where none has it) on a
 * long real text, and against cases derived by hand from its source (base.py _merge_splits,
 * character.py _split_text_with_regex) that run everywhere. Also holds from_language's lists (both
 * flavors) equal to the libraries'.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { RecursiveCharacterTextSplitter, SupportedTextSplitterLanguages } from "@langchain/textsplitters";
import { describe, expect, it } from "vitest";
import type { LangchainCharacterConfig } from "../../src/core/chunkers/langchain-character/meta";
import { langchainCharacterChunker } from "../../src/core/chunkers/langchain-character/run";
import { languageSeparators, languagesOf } from "../../src/core/chunkers/recursive/languages";
import type { RecursiveConfig } from "../../src/core/chunkers/recursive/meta";
import { recursiveChunker } from "../../src/core/chunkers/recursive/run";
import { validConfig } from "../../src/core/config";
import { textDocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import { loadTokenizer } from "../../src/core/text/tokenizer";
import { pythonWith } from "../support/python";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEXT = readFileSync(path.join(ROOT, "docs/decisions.md"), "utf8").slice(0, 40_000);
const PYTHON = pythonWith(["langchain_text_splitters"]);

async function ours(
  chunker: typeof recursiveChunker | typeof langchainCharacterChunker,
  text: string,
  tuned: Partial<RecursiveConfig> | Partial<LangchainCharacterConfig>,
): Promise<string[]> {
  const config = validConfig(chunker as typeof recursiveChunker, tuned);
  const doc = textDocModel("p", "p.md", text);
  const out = await (chunker as typeof recursiveChunker).chunk(doc, config, createRunContext());
  const chunks = materialize(doc, out.drafts, await loadTokenizer("cl100k_base"));
  return chunks.map((c) => (c.meta.langchain_text as string | undefined) ?? c.text);
}

describe("flavor python, derived by hand from langchain_text_splitters' source", () => {
  it('"" splits and measures code points: "a🦜b🦜c" at size 2', async () => {
    const tuned = {
      flavor: "python",
      length_unit: "chars",
      chunk_size: 2,
      chunk_overlap: 0,
      separators: [""],
    } as const;
    expect(await ours(recursiveChunker, "a🦜b🦜c", tuned)).toEqual(["a🦜", "b🦜", "c"]);
    // JS measures UTF-16 units: each parrot is 2 long, so it stands alone (never cut in half here).
    expect(await ours(recursiveChunker, "a🦜b🦜c", { ...tuned, flavor: "js" })).toEqual([
      "a",
      "🦜",
      "b",
      "🦜",
      "c",
    ]);
  });

  it("finds separators without overlap and keeps them at the start or the end", async () => {
    const base = { flavor: "python", length_unit: "chars", chunk_size: 2, chunk_overlap: 0 } as const;
    // re.split("(\n\n)", "a\n\n\n\nb") = ["a", "\n\n", "", "\n\n", "b"]: start → "a", "\n\n", "\n\nb".
    expect(
      await ours(langchainCharacterChunker, "a\n\n\n\nb", {
        ...base,
        separator: "\n\n",
        keep_separator: "start",
        strip_whitespace: false,
      }),
    ).toEqual(["a", "\n\n", "\n\nb"]);
    expect(
      await ours(langchainCharacterChunker, "a\n\n\n\nb", {
        ...base,
        separator: "\n\n",
        keep_separator: "end",
        strip_whitespace: false,
      }),
    ).toEqual(["a\n\n", "\n\n", "b"]);
    // JS's lookahead cuts before every occurrence, overlapping ones too: "a", "\n", "\n", "\n\nb",
    // merged to size 2 (JS itself then trims "\n" away; strip_whitespace false keeps it here).
    expect(
      await ours(langchainCharacterChunker, "a\n\n\n\nb", {
        ...base,
        flavor: "js",
        separator: "\n\n",
        keep_separator: true,
        strip_whitespace: false,
      }),
    ).toEqual(["a\n", "\n", "\n\nb"]);
  });

  it("counts joining separators in the running total (Python) where JS does not", async () => {
    // Pieces a, b, c (1 each), joined with " ", size 5, overlap 2. Python's total after "a b" is 3;
    // adding c: 3 + 1 + 1 = 5 ≤ 5 → "a b c". JS: 2 + 1 + 2·1 = 5 ≤ 5 too; at size 4 both close "a b",
    // then Python pops "a" (total 3 > 2 → 3 − (1 + 1) = 1) and JS keeps "b" alike: both "a b", "b c".
    const tuned = {
      length_unit: "chars",
      chunk_size: 4,
      chunk_overlap: 2,
      separator: " ",
      keep_separator: false,
    } as const;
    expect(await ours(langchainCharacterChunker, "a b c", { ...tuned, flavor: "python" })).toEqual([
      "a b",
      "b c",
    ]);
    // Overlap 3: Python keeps total 3 ("a b", with its separator) > 3? no → stays, then 3+1+1 > 4 and
    // total > 0 → pops "a": "a b", "b c". JS's total is 2 ≤ 3 and 2 + 1 + 2 > 4 → pops too. Size 6:
    // "aa bb cc" pieces of 2: Python closes at 2+1+2+1+2 = 8 > 6 → "aa bb"; JS 4 + 2 + 2 = 8 > 6 alike.
    expect(
      await ours(langchainCharacterChunker, "aa bb cc", {
        ...tuned,
        chunk_size: 6,
        chunk_overlap: 3,
        flavor: "python",
      }),
    ).toEqual(["aa bb", "bb cc"]);
    // Where they part: "a b c d" size 5 overlap 3. JS: "a b c" (total 3, +1+3·1 = 7 > 5), pop while
    // total > 3 → none, then 3 + 1 + 3 > 5 → pop a (2), 2+1+2 = 5 ≤ 5 → "b c d". Python: total of
    // "a b c" is 5 > 3 → pop a (5 − 2 = 3), 3 > 3 no, 3+1+1 = 5 > 5 no → "b c d" too; at overlap 2
    // Python pops b as well (3 > 2 → 1): "c d"; JS's total 2 ≤ 2, 2+1+2 = 5 → keeps "b c d".
    expect(
      await ours(langchainCharacterChunker, "a b c d", {
        ...tuned,
        chunk_size: 5,
        chunk_overlap: 2,
        flavor: "python",
      }),
    ).toEqual(["a b c", "c d"]);
    expect(
      await ours(langchainCharacterChunker, "a b c d", {
        ...tuned,
        chunk_size: 5,
        chunk_overlap: 2,
        flavor: "js",
      }),
    ).toEqual(["a b c", "b c d"]);
  });

  it("keeps a piece the separators cannot split whole (JS recurses into characters)", async () => {
    const tuned = { length_unit: "chars", chunk_size: 4, chunk_overlap: 0, separators: [" "] } as const;
    expect(await ours(recursiveChunker, "abcdefgh ij", { ...tuned, flavor: "python" })).toEqual([
      "abcdefgh",
      "ij",
    ]);
    expect(await ours(recursiveChunker, "abcdefgh ij", { ...tuned, flavor: "js" })).toEqual([
      "abcd",
      "efgh",
      "ij",
    ]);
  });

  it("reads regex separators, and never re-inserts a lookaround one", async () => {
    const tuned = {
      flavor: "python",
      length_unit: "chars",
      chunk_size: 6,
      chunk_overlap: 0,
      is_separator_regex: true,
    } as const;
    expect(
      await ours(langchainCharacterChunker, "one1two22three", {
        ...tuned,
        separator: "\\d+",
        keep_separator: "end",
      }),
    ).toEqual(["one1", "two22", "three"]);
    expect(
      await ours(langchainCharacterChunker, "AbcDefGhi", {
        ...tuned,
        separator: "(?=[A-Z])",
        keep_separator: false,
        chunk_size: 3,
      }),
    ).toEqual(["Abc", "Def", "Ghi"]);
  });
});

describe.skipIf(PYTHON === null)("flavor python against langchain_text_splitters", () => {
  type Case = { splitter: "recursive" | "character"; tuned: Record<string, unknown> };
  const CASES: Case[] = [
    { splitter: "recursive", tuned: { chunk_size: 300, chunk_overlap: 60, keep_separator: false } },
    { splitter: "recursive", tuned: { chunk_size: 300, chunk_overlap: 60, keep_separator: "end" } },
    { splitter: "recursive", tuned: { chunk_size: 200, chunk_overlap: 200, keep_separator: true } },
    { splitter: "recursive", tuned: { chunk_size: 250, chunk_overlap: 0, strip_whitespace: false } },
    {
      splitter: "recursive",
      tuned: {
        chunk_size: 400,
        chunk_overlap: 40,
        separators: ["\\n#{1,6} ", "\\n\\n", "\\.\\s", " ", ""],
        is_separator_regex: true,
      },
    },
    { splitter: "recursive", tuned: { chunk_size: 40, chunk_overlap: 5, separators: [" "] } },
    {
      splitter: "character",
      tuned: { separator: "\n", chunk_size: 300, chunk_overlap: 40, keep_separator: false },
    },
    {
      splitter: "character",
      tuned: { separator: "\n", chunk_size: 300, chunk_overlap: 40, keep_separator: "end" },
    },
    {
      splitter: "character",
      tuned: { separator: "(?<=\\.) ", chunk_size: 300, chunk_overlap: 0, is_separator_regex: true },
    },
  ];

  const theirs = (text: string): string[][] => {
    const script = `
import json, sys
from langchain_text_splitters import RecursiveCharacterTextSplitter, CharacterTextSplitter
job = json.load(sys.stdin)
out = []
for c in job["cases"]:
    t = c["tuned"]
    common = dict(chunk_size=t["chunk_size"], chunk_overlap=t["chunk_overlap"], keep_separator=t["keep_separator"],
                  strip_whitespace=t["strip_whitespace"], is_separator_regex=t["is_separator_regex"])
    if c["splitter"] == "recursive":
        s = RecursiveCharacterTextSplitter(separators=t["separators"], **common)
    else:
        s = CharacterTextSplitter(separator=t["separator"], **common)
    out.append(s.split_text(job["text"]))
json.dump(out, sys.stdout)
`;
    const cases = CASES.map((c) => ({
      splitter: c.splitter,
      tuned: validConfig(
        c.splitter === "recursive" ? recursiveChunker : (langchainCharacterChunker as never),
        {
          ...c.tuned,
          flavor: "python",
          length_unit: "chars",
        },
      ),
    }));
    const r = spawnSync(PYTHON!, ["-c", script], {
      input: JSON.stringify({ text, cases }),
      encoding: "utf8",
      maxBuffer: 64 << 20,
    });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout) as string[][];
  };

  // Astral characters and Python-only whitespace (\x1c, \x85) at chunk edges, in a real text.
  const text = `${TEXT}\n\n🦜 parrots 🦜🦜\x85 end\x1c\n\n${TEXT.slice(0, 3000)}`;
  it("gives Python's chunk texts on every case", async () => {
    const expected = theirs(text);
    for (const [k, c] of CASES.entries()) {
      const chunker = c.splitter === "recursive" ? recursiveChunker : langchainCharacterChunker;
      const got = await ours(chunker, text, { ...c.tuned, flavor: "python", length_unit: "chars" });
      expect(got, JSON.stringify(c)).toEqual(expected[k]);
    }
  });

  it("has Python's from_language lists", () => {
    const r = spawnSync(
      PYTHON!,
      [
        "-c",
        "import json\nfrom langchain_text_splitters import Language, RecursiveCharacterTextSplitter as R\no={}\nfor l in Language:\n  try: o[l.value]=R.get_separators_for_language(l)\n  except ValueError: pass\nprint(json.dumps(o))",
      ],
      { encoding: "utf8" },
    );
    const lists = JSON.parse(r.stdout) as Record<string, string[]>;
    expect(languagesOf("python")).toEqual(Object.keys(lists).sort());
    for (const [language, separators] of Object.entries(lists))
      expect(languageSeparators("python", language)).toEqual({ separators, is_separator_regex: true });
  });
});

describe("from_language in the JS flavor", () => {
  it("has @langchain/textsplitters' lists, as literal separators", () => {
    expect(languagesOf("js")).toEqual([...SupportedTextSplitterLanguages].sort());
    for (const language of SupportedTextSplitterLanguages)
      expect(languageSeparators("js", language)).toEqual({
        separators: RecursiveCharacterTextSplitter.getSeparatorsForLanguage(language),
        is_separator_regex: false,
      });
    expect(() => languageSeparators("js", "kotlin")).toThrow(
      /LangChain JS has no separators for language "kotlin"/,
    );
  });
});
