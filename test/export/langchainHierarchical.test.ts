/**
 * The LangChain export of the hierarchical chunker (CHUNKERS.md): MarkdownHeaderTextSplitter's
 * sections feed token-length parent and child RecursiveCharacterTextSplitters with the workbench's
 * separators (sentence ends as a regex), keep_separator "end". LangChain is not installed here, so
 * python3 runs the script against a stub that records what each splitter is built with and given.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportConfig } from "../../src/core/export/formats";
import { pythonForChecks } from "../support/python";
import { TUNED } from "./tuned";

const PYTHON = pythonForChecks([]);
const hasPython = PYTHON !== null;
const script = exportConfig("langchain", "hierarchical", TUNED.hierarchical);
const SEPARATORS = ["\n\n", String.raw`(?<=[.!?])\s+`, "\n", " ", ""];

/** langchain_text_splitters as far as the script uses it: records arguments and inputs. */
const STUB = `
import re

class Doc:
    def __init__(self, page_content, metadata):
        self.page_content = page_content
        self.metadata = metadata

class MarkdownHeaderTextSplitter:
    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def split_text(self, text):
        # As LangChain aggregates a section's paragraphs: joined by two spaces and a newline.
        return [Doc("One. Two!  Three?\\nwrapped  \\nNext paragraph.", {"chapter": "C"}), Doc("Tail.", {})]

class RecursiveCharacterTextSplitter:
    def __init__(self, **kwargs):
        self.kwargs = kwargs
        self.seen = []

    @classmethod
    def from_tiktoken_encoder(cls, **kwargs):
        for separator in kwargs["separators"]:
            re.compile(separator)  # is_separator_regex: each must be a valid Python regex
        return cls(**kwargs)

    def split_documents(self, docs):
        self.seen.append([d.page_content for d in docs])
        return [Doc(d.page_content + "|" + str(self.kwargs["chunk_size"]), d.metadata) for d in docs]
`;

const RUNNER = `
import json, re, runpy, sys
sys.path.insert(0, sys.argv[1])
ns = runpy.run_path(sys.argv[2])
pairs = ns["split"]("ignored by the stub")
parent = ns["parent_splitter"]
child = ns["child_splitter"]
print(json.dumps({
    "headings": ns["headings"].kwargs,
    "parent": parent.kwargs,
    "child": child.kwargs,
    "parent_seen": parent.seen,
    "child_seen": child.seen,
    "pairs": [[p.page_content, [c.page_content for c in cs]] for p, cs in pairs],
    "sentences": re.split(parent.kwargs["separators"][1], "One. Two!  Three? four"),
}))
`;

describe("langchain export of hierarchical", () => {
  it("lists what differs from the workbench's chunks at the top of the file", () => {
    const head = script.slice(0, script.search(/^[^#]/m) - 1);
    expect(head.split("\n").every((l) => l.startsWith("#"))).toBe(true);
    expect(head).toContain(String.raw`(?<=[.!?])\s+ stands in`);
    expect(head).toMatch(/Intl\.Segmenter/);
    // The seed's splitter and the workbench keep a separator at the end of its piece: no difference.
    expect(head).not.toMatch(/keep_separator/);
    expect(script).toMatch(/keep_separator="end"/);
    expect(head).toMatch(/MarkdownHeaderTextSplitter strips every line/);
  });

  it.skipIf(!hasPython)("is valid Python", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lc-hier-"));
    const file = path.join(dir, "hierarchical.py");
    writeFileSync(file, script);
    const run = spawnSync(PYTHON!, ["-m", "py_compile", file], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it.skipIf(!hasPython)(
    "feeds the heading sections into token-length parents, and each parent into children",
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), "lc-hier-"));
      writeFileSync(path.join(dir, "langchain_text_splitters.py"), STUB);
      writeFileSync(path.join(dir, "hierarchical.py"), script);
      writeFileSync(path.join(dir, "runner.py"), RUNNER);
      const run = spawnSync(PYTHON!, [path.join(dir, "runner.py"), dir, path.join(dir, "hierarchical.py")], {
        encoding: "utf8",
      });
      expect(run.stderr).toBe("");
      const out = JSON.parse(run.stdout) as Record<string, unknown>;
      expect(out.headings).toEqual({
        headers_to_split_on: [
          ["#", "chapter"],
          ["##", "section"],
          ["###", "subsection"],
        ],
        strip_headers: true,
      });
      const common = {
        model_name: "gpt-4",
        separators: SEPARATORS,
        is_separator_regex: true,
        keep_separator: "end",
        disallowed_special: [],
      };
      expect(out.parent).toEqual({ ...common, chunk_size: 1600, chunk_overlap: 0 });
      expect(out.child).toEqual({ ...common, chunk_size: 410, chunk_overlap: 55 });
      // Paragraphs are paragraphs again for the "\n\n" separator; a line wrap stays a wrap.
      expect(out.parent_seen).toEqual([["One. Two!  Three?\nwrapped\n\nNext paragraph.", "Tail."]]);
      expect(out.child_seen).toEqual([
        ["One. Two!  Three?\nwrapped\n\nNext paragraph.|1600"],
        ["Tail.|1600"],
      ]);
      expect(out.pairs).toEqual([
        [
          "One. Two!  Three?\nwrapped\n\nNext paragraph.|1600",
          ["One. Two!  Three?\nwrapped\n\nNext paragraph.|1600|410"],
        ],
        ["Tail.|1600", ["Tail.|1600|410"]],
      ]);
      // Sentence ends keep their punctuation; only the whitespace after it separates.
      expect(out.sentences).toEqual(["One.", "Two!", "Three?", "four"]);
    },
  );
});
