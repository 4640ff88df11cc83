/**
 * Paste and match (issue 31), LangChain: the exported splitter's own arguments — read back out of
 * the exported Python, not from the config — given to @langchain/textsplitters' splitter on the
 * same text, give the chunk texts the workbench's recursive chunker gives.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { RecursiveCharacterTextSplitter } from "@langchain/textsplitters";
import { Tiktoken } from "js-tiktoken/lite";
import cl100k from "js-tiktoken/ranks/cl100k_base";
import { describe, expect, it } from "vitest";
import { CHROMA_SEPARATORS } from "../../src/core/chunkers/recursive/meta";
import { recursiveChunker } from "../../src/core/chunkers/recursive/run";
import { validConfig } from "../../src/core/config";
import { textDocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import { exportConfig } from "../../src/core/export/formats";
import { loadTokenizer } from "../../src/core/text/tokenizer";

const ROOT = path.resolve(import.meta.dirname, "../..");
// A real, long, mixed text that ships with the repo: headings, lists, code spans, long paragraphs.
const TEXT = readFileSync(path.join(ROOT, "docs/decisions.md"), "utf8").slice(0, 60_000);
const tiktoken = new Tiktoken(cl100k);

/** The keyword arguments of the exported `splitter = …(…)` call, as Python literals read into JSON. */
function splitterKwargs(script: string): Record<string, unknown> {
  const call = /^splitter = (\S+)\(\n([\s\S]*?)\n\)$/m.exec(script);
  if (!call) throw new Error("no splitter call in the export");
  const kwargs: Record<string, unknown> = { __callee: call[1] };
  for (const line of call[2]!.split("\n")) {
    const m = /^ {4}(\w+)=(.*),$/.exec(line);
    if (!m) throw new Error(`unreadable argument line: ${line}`);
    const json = m[2]!
      .replace(/\bTrue\b/g, "true")
      .replace(/\bFalse\b/g, "false")
      .replace(/\bNone\b/g, "null");
    kwargs[m[1]!] = JSON.parse(json) as unknown;
  }
  return kwargs;
}

const CONFIGS = [
  { length_unit: "chars", chunk_size: 400, chunk_overlap: 50 },
  { length_unit: "chars", chunk_size: 1000, chunk_overlap: 200, keep_separator: false },
  {},
  { chunk_size: 200, chunk_overlap: 0, separators: [...CHROMA_SEPARATORS] },
  { chunk_size: 400, chunk_overlap: 200, separators: [...CHROMA_SEPARATORS] },
];

describe("the LangChain export, pasted into LangChain's own splitter", () => {
  for (const tuned of CONFIGS)
    it(`gives the workbench's chunk texts: ${JSON.stringify(tuned)}`, async () => {
      const config = validConfig(recursiveChunker, tuned);
      const kwargs = splitterKwargs(exportConfig("langchain", "recursive", config));
      const tokens = kwargs.__callee === "RecursiveCharacterTextSplitter.from_tiktoken_encoder";
      if (tokens) expect(kwargs.encoding_name).toBe("cl100k_base");
      const splitter = new RecursiveCharacterTextSplitter({
        chunkSize: kwargs.chunk_size as number,
        chunkOverlap: kwargs.chunk_overlap as number,
        separators: kwargs.separators as string[],
        keepSeparator: kwargs.keep_separator as boolean,
        ...(tokens ? { lengthFunction: (t: string) => tiktoken.encode(t).length } : {}),
      });
      const theirs = await splitter.splitText(TEXT);

      const doc = textDocModel("paste", "decisions.md", TEXT);
      const out = await recursiveChunker.chunk(doc, config, createRunContext());
      const ours = materialize(doc, out.drafts, await loadTokenizer("cl100k_base")).map((c) =>
        c.text.slice(c.prefixChars),
      );
      expect(ours.length).toBeGreaterThan(5);
      expect(ours).toEqual(theirs);
    });
});
