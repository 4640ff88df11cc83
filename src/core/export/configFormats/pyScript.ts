/**
 * What makes a Python export a script (DESIGN §12): `python3 export.py FILE` reads the text the
 * workbench chunked and prints one JSON chunk per line. The library's splitter is built at module
 * level (tests and readers find it there); `chunks_of(text)` runs it; the tail reads FILE and prints.
 */
import { hashComments, pyHeader } from "./literals";

/** Said in every script's header: where its text comes from and why a PDF is refused. */
const PY_TEXT_SOURCE = [
  "Run: python3 THIS_FILE DOC.json prints one JSON chunk per line. DOC.json is the workbench's own text: `npm run -s cli -- extract DOC.pdf --json > DOC.json` (running heads and page numbers left out as the workbench does; pages joined as it joins them). A .txt or .md FILE is read as it is.",
  "A PDF is refused: a Python PDF loader (PyPDFLoader, SimpleDirectoryReader, pypdf) gives other text - running heads kept, other line joins and reading order - so its chunks would not be the ones tuned here.",
];

export interface PyScriptParts {
  title: string;
  /** What differs from the workbench's run, said plainly at the top. */
  differences: readonly string[];
  /** The library's imports (`import json` and `import sys` come first, for the tail). */
  imports: readonly string[];
  /** Module-level lines building the splitter, so a reader finds its arguments there. */
  setup: readonly string[];
  /** What one chunk line holds, for chunks_of's docstring. */
  returns: string;
  /** chunks_of's body, unindented: it gets `text` and returns a list of dicts. */
  chunksOf: readonly string[];
}

/** A whole runnable export: header, imports, the splitter, chunks_of(text), then the tail. */
export function pyScript(parts: PyScriptParts): string {
  return (
    [
      pyHeader(parts.title, parts.differences),
      hashComments(["", ...PY_TEXT_SOURCE]),
      "import json",
      "import sys",
      "",
      ...parts.imports,
      "",
      ...parts.setup,
      "",
      "",
      "def chunks_of(text):",
      `    """${parts.returns}"""`,
      ...parts.chunksOf.map((l) => (l ? `    ${l}` : "")),
    ].join("\n") + PY_SCRIPT_TAIL
  );
}

/** Reads FILE as DESIGN §12 says and prints chunks_of's dicts as JSON lines. */
const PY_SCRIPT_TAIL = String.raw`


def read_text(path):
    """The text the workbench chunks: the "text" of its extract --json output, or a text file as is."""
    if path.lower().endswith(".pdf"):
        sys.exit(
            sys.argv[0] + ": " + path + " is a PDF; extract it as the workbench does first:\n"
            "  npm run -s cli -- extract " + path + " --json > doc.json\n"
            "then run this script on doc.json (a Python PDF loader gives other text)"
        )
    with open(path, encoding="utf-8") as handle:
        if path.lower().endswith(".json"):
            return json.load(handle)["text"]
        return handle.read()


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: python3 " + argv[0] + " FILE   (FILE: extract --json output, .txt or .md)")
    for index, chunk in enumerate(chunks_of(read_text(argv[1]))):
        print(json.dumps({"chunk_index": index, **chunk}, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv)`;
