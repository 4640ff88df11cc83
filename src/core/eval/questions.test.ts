import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QuestionSetError } from "./errors";
import {
  codePointToUtf16,
  findNamedDocument,
  namedDocuments,
  parseChromaCsv,
  parseQuestionJsonl,
  parseQuestionSet,
  questionSetToJsonl,
  resolveQuestionSet,
  universalNewlineOffsets,
  type NamedText,
  type QuestionSet,
} from "./questions";

const HEADER = "question,references,corpus_id";
const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
type ChromaRef = { content?: string; start_index: unknown; end_index: unknown };
const csvRow = (question: string, refs: ChromaRef[] | string, corpus: string) =>
  [quote(question), quote(typeof refs === "string" ? refs : JSON.stringify(refs)), corpus].join(",");
const csv = (...rows: string[]) => [HEADER, ...rows].join("\n") + "\n";

/** What a throw says and which line it names. */
function failure(run: () => unknown): { message: string; line: number | undefined } {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(QuestionSetError);
    return { message: (err as QuestionSetError).message, line: (err as QuestionSetError).line };
  }
  throw new Error("expected a QuestionSetError");
}

const DOCS: NamedText[] = [
  { id: "d-chat", name: "chatlogs.md", text: "Hello there. The answer is 42. Bye now." },
  { id: "d-fin", name: "finance.txt", text: "Revenue grew 12% in 2023." },
];

describe("parseChromaCsv", () => {
  it("reads question, references and corpus_id; ids are 1-based data rows, offsets code points", () => {
    const set = parseChromaCsv(
      csv(
        csvRow(
          "What is the answer?",
          [{ content: "The answer is 42.", start_index: 13, end_index: 30 }],
          "chatlogs",
        ),
        csvRow(
          'How did "revenue" do,\nand when?',
          [
            { start_index: 0, end_index: 7 },
            { content: "2023", start_index: 20, end_index: 24 },
          ],
          "finance",
        ),
      ),
    );
    expect(set).toEqual({
      format: "chroma-csv",
      universalNewlines: true,
      questions: [
        {
          id: "1",
          question: "What is the answer?",
          line: 2,
          codePointOffsets: true,
          references: [{ doc: "chatlogs", start: 13, end: 30, content: "The answer is 42." }],
        },
        {
          id: "2",
          question: 'How did "revenue" do,\nand when?',
          line: 3,
          codePointOffsets: true,
          references: [
            { doc: "finance", start: 0, end: 7 },
            { doc: "finance", start: 20, end: 24, content: "2023" },
          ],
        },
      ],
    });
  });

  it("takes the columns in any order and case, extra columns ignored", () => {
    const text = `Corpus_ID, Question ,extra,References\nchatlogs,"Why?",x,"[{""start_index"": 0, ""end_index"": 5}]"\n`;
    const set = parseChromaCsv(text);
    expect(set.questions[0]).toMatchObject({
      question: "Why?",
      references: [{ doc: "chatlogs", start: 0, end: 5 }],
    });
  });

  it("ignores a corpus_id's path prefix, / or \\", () => {
    const set = parseChromaCsv(
      csv(
        csvRow("a?", [{ start_index: 0, end_index: 1 }], "data/corpora/chatlogs"),
        csvRow("b?", [{ start_index: 0, end_index: 1 }], quote("C:\\corpora\\finance")),
      ),
    );
    expect(set.questions.map((q) => q.references[0]!.doc)).toEqual(["chatlogs", "finance"]);
  });

  it("skips blank lines, numbering questions as pandas does (blank lines not counted)", () => {
    const set = parseChromaCsv(
      [
        HEADER,
        csvRow("a?", [{ start_index: 0, end_index: 1 }], "chatlogs"),
        "",
        csvRow("b?", [{ start_index: 0, end_index: 1 }], "chatlogs"),
      ].join("\n"),
    );
    expect(set.questions.map((q) => [q.id, q.line])).toEqual([
      ["1", 2],
      ["2", 4],
    ]);
  });

  it("names the missing columns and the header's line", () => {
    const both = failure(() => parseChromaCsv("question,refs,corpus\nq,[],c\n"));
    expect(both.line).toBe(1);
    expect(both.message).toBe(
      "line 1: the CSV lacks the columns references, corpus_id (Chroma's columns are question, references, corpus_id; found question, refs, corpus)",
    );
    const one = failure(() => parseChromaCsv("question,references\n"));
    expect(one.message).toContain("lacks the column corpus_id (");
    expect(failure(() => parseChromaCsv("\n")).message).toContain("found none");
  });

  it("refuses an empty CSV", () => {
    expect(failure(() => parseChromaCsv(""))).toEqual({ message: "the CSV is empty", line: undefined });
  });

  it("names the line of a row with too few cells, an empty question, or an empty corpus_id", () => {
    expect(failure(() => parseChromaCsv(csv('"q?","[]"')))).toEqual({
      message: "line 2: expected 3 cells, got 2",
      line: 2,
    });
    expect(
      failure(() => parseChromaCsv(csv(csvRow("  ", [{ start_index: 0, end_index: 1 }], "c")))).line,
    ).toBe(2);
    expect(
      failure(() => parseChromaCsv(csv(csvRow("q?", [{ start_index: 0, end_index: 1 }], " ")))).message,
    ).toBe("line 2: corpus_id is empty");
  });

  it("names the line of references that are not JSON, counting line breaks inside earlier cells", () => {
    const text = csv(
      csvRow("first\nsecond\nthird line?", [{ start_index: 0, end_index: 1 }], "chatlogs"),
      csvRow("broken?", "[{start_index: 0}", "chatlogs"),
    );
    const { message, line } = failure(() => parseChromaCsv(text));
    expect(line).toBe(5);
    expect(message).toMatch(/^line 5: references is not JSON: /);
  });

  it("wants references as a non-empty list of whole-number offsets", () => {
    for (const refs of ["[]", '{"start_index": 0}', "3"])
      expect(failure(() => parseChromaCsv(csv(csvRow("q?", refs, "c")))).message).toBe(
        "line 2: references must be a non-empty JSON list",
      );
    for (const ref of [
      { start_index: 1.5, end_index: 4 },
      { start_index: -1, end_index: 4 },
      { start_index: "1", end_index: 4 },
      { start_index: 1 } as ChromaRef,
    ])
      expect(
        failure(() => parseChromaCsv(csv(csvRow("q?", [{ start_index: 0, end_index: 1 }, ref], "c"))))
          .message,
      ).toBe("line 2: reference 2 needs whole-number start_index and end_index");
    expect(failure(() => parseChromaCsv(csv(csvRow("q?", "[null]", "c")))).message).toContain("reference 1");
  });
});

describe("parseQuestionJsonl", () => {
  it("reads one question a line; numeric ids become strings, page and content are kept", () => {
    const text = [
      JSON.stringify({
        id: 7,
        question: "What is the answer?",
        references: [{ doc: "chatlogs.md", start: 13, end: 30, page: 2, content: "The answer is 42." }],
      }),
      "",
      JSON.stringify({ id: "q-b", question: "Growth?", references: [{ doc: "d-fin", start: 0, end: 7 }] }),
    ].join("\r\n");
    expect(parseQuestionJsonl(text)).toEqual({
      format: "jsonl",
      questions: [
        {
          id: "7",
          question: "What is the answer?",
          line: 1,
          references: [{ doc: "chatlogs.md", start: 13, end: 30, page: 2, content: "The answer is 42." }],
        },
        { id: "q-b", question: "Growth?", line: 3, references: [{ doc: "d-fin", start: 0, end: 7 }] },
      ],
    });
  });

  it("numbers questions without an id by their place in the set", () => {
    const line = (q: string) => JSON.stringify({ question: q, references: [{ doc: "a", start: 0, end: 1 }] });
    const set = parseQuestionJsonl(["", line("one?"), line("two?")].join("\n"));
    expect(set.questions.map((q) => [q.id, q.line])).toEqual([
      ["1", 2],
      ["2", 3],
    ]);
  });

  it("names the line that is not JSON", () => {
    const good = JSON.stringify({ id: 1, question: "q?", references: [{ doc: "a", start: 0, end: 1 }] });
    const { message, line } = failure(() => parseQuestionJsonl([good, "", "{not json"].join("\n")));
    expect(line).toBe(3);
    expect(message).toMatch(/^line 3: not JSON: /);
  });

  it("names the line of a question that is not an object or lacks a question", () => {
    for (const bad of ["[1]", "null", "3", '"text"'])
      expect(failure(() => parseQuestionJsonl(bad))).toEqual({
        message: "line 1: expected an object",
        line: 1,
      });
    for (const question of [undefined, "", "  ", 5])
      expect(failure(() => parseQuestionJsonl(JSON.stringify({ question, references: [] }))).message).toBe(
        'line 1: "question" must be a non-empty string',
      );
  });

  it("refuses duplicate ids, a number and its string alike, naming the second line", () => {
    const q = (id: unknown) =>
      JSON.stringify({ id, question: "q?", references: [{ doc: "a", start: 0, end: 1 }] });
    expect(failure(() => parseQuestionJsonl([q("a"), q("b"), q("a")].join("\n")))).toEqual({
      message: 'line 3: id "a" appears twice',
      line: 3,
    });
    expect(failure(() => parseQuestionJsonl([q(1), q("1")].join("\n"))).line).toBe(2);
    // An id left out is the question's place: "2" is then taken.
    expect(failure(() => parseQuestionJsonl([q("2"), q(undefined)].join("\n"))).line).toBe(2);
    expect(failure(() => parseQuestionJsonl(q(true))).message).toBe(
      'line 1: "id" must be a string or a number',
    );
  });

  it("wants references with a doc and whole-number offsets, and pages from 1", () => {
    const with_ = (references: unknown) => JSON.stringify({ question: "q?", references });
    expect(failure(() => parseQuestionJsonl(with_([]))).message).toBe(
      'line 1: "references" must be a non-empty list',
    );
    expect(failure(() => parseQuestionJsonl(with_("a.md"))).message).toContain('"references"');
    for (const ref of [
      null,
      { start: 0, end: 1 },
      { doc: "", start: 0, end: 1 },
      { doc: 3, start: 0, end: 1 },
    ])
      expect(failure(() => parseQuestionJsonl(with_([ref]))).message).toBe(
        'line 1: reference 1 needs "doc" (a file name or document id)',
      );
    for (const ref of [
      { doc: "a", start: 0 },
      { doc: "a", start: -2, end: 1 },
      { doc: "a", start: 0, end: 0.5 },
    ])
      expect(failure(() => parseQuestionJsonl(with_([ref]))).message).toBe(
        'line 1: reference 1 needs whole-number "start" and "end"',
      );
    for (const page of [0, 1.5, "2"])
      expect(failure(() => parseQuestionJsonl(with_([{ doc: "a", start: 0, end: 1, page }]))).message).toBe(
        'line 1: reference 1: "page" must be a page number from 1',
      );
  });

  it("refuses a set with no questions", () => {
    expect(failure(() => parseQuestionJsonl("\n  \n"))).toEqual({
      message: "the question set holds no questions",
      line: undefined,
    });
  });
});

describe("parseQuestionSet", () => {
  const chroma = csv(csvRow("q?", [{ start_index: 0, end_index: 1 }], "chatlogs"));
  const jsonl = JSON.stringify({ question: "q?", references: [{ doc: "a", start: 0, end: 1 }] }) + "\n";

  it("reads Chroma's CSV by its header, with or without a byte-order mark or quotes", () => {
    expect(parseQuestionSet(chroma).format).toBe("chroma-csv");
    expect(parseQuestionSet("\uFEFF" + chroma).format).toBe("chroma-csv");
    expect(parseQuestionSet(chroma.replace(HEADER, '"question","references","corpus_id"')).format).toBe(
      "chroma-csv",
    );
    expect(parseQuestionSet(chroma.replace(/\n/g, "\r\n")).questions[0]!.line).toBe(2);
  });

  it("reads a .csv file as CSV whatever its header, and anything else as JSONL", () => {
    expect(() => parseQuestionSet("a,b\n", "set.CSV")).toThrow("lacks the columns");
    expect(parseQuestionSet(jsonl, "set.jsonl").format).toBe("jsonl");
    expect(parseQuestionSet("\uFEFF" + jsonl).format).toBe("jsonl");
  });
});

describe("namedDocuments", () => {
  it("lists the names a set uses, each once, in order of first mention", () => {
    const set: QuestionSet = {
      format: "jsonl",
      questions: [
        { id: "1", question: "a", line: 1, references: [{ doc: "b.md", start: 0, end: 1 }] },
        {
          id: "2",
          question: "b",
          line: 2,
          references: [
            { doc: "a.md", start: 0, end: 1 },
            { doc: "b.md", start: 1, end: 2 },
          ],
        },
        { id: "3", question: "c", line: 3, references: [{ doc: "c", start: 0, end: 1 }] },
      ],
    };
    expect(namedDocuments(set)).toEqual(["b.md", "a.md", "c"]);
  });
});

describe("findNamedDocument", () => {
  const docs: NamedText[] = [
    { id: "id-1", name: "notes.md", text: "" },
    { id: "id-2", name: "notes.txt", text: "" },
    { id: "id-3", name: "archive.tar.gz", text: "" },
    { id: "report", name: "q3.pdf", text: "" },
  ];

  it("finds a document by file name, by file name without extension, and by id", () => {
    expect(findNamedDocument(docs, "notes.txt")).toBe(1);
    expect(findNamedDocument(docs, "archive.tar")).toBe(2);
    expect(findNamedDocument(docs, "archive.tar.gz")).toBe(2);
    expect(findNamedDocument(docs, "q3")).toBe(3);
    expect(findNamedDocument(docs, "report")).toBe(3);
    expect(findNamedDocument(docs, "id-1")).toBe(0);
  });

  it("counts a document that matches by name and by id once", () => {
    expect(findNamedDocument([{ id: "x.md", name: "x.md", text: "" }], "x.md")).toBe(0);
  });

  it("names both documents when a name matches two", () => {
    const { message, line } = failure(() => findNamedDocument(docs, "notes", 4));
    expect(line).toBe(4);
    expect(message).toBe('line 4: "notes" names two documents: notes.md and notes.txt');
  });

  it("names the open documents when none matches", () => {
    expect(failure(() => findNamedDocument(docs, "notes.pdf")).message).toBe(
      'no open document is named "notes.pdf" (open: notes.md, notes.txt, archive.tar.gz, q3.pdf)',
    );
    expect(failure(() => findNamedDocument([], "a", 2)).message).toBe(
      'line 2: no open document is named "a" (open: none)',
    );
  });
});

describe("codePointToUtf16", () => {
  it("is the identity on text without astral characters, NaN past the end", () => {
    const f = codePointToUtf16("héllo");
    expect([0, 3, 5].map(f)).toEqual([0, 3, 5]);
    expect(f(6)).toBeNaN();
  });

  it("moves offsets after an emoji by its second UTF-16 unit", () => {
    // "a😀b😀c": code points a 0, 😀 1, b 2, 😀 3, c 4; UTF-16 a 0, 😀 1–2, b 3, 😀 4–5, c 6.
    const f = codePointToUtf16("a😀b😀c");
    expect([0, 1, 2, 3, 4, 5].map(f)).toEqual([0, 1, 3, 4, 6, 7]);
    expect(f(6)).toBeNaN();
  });

  it("leaves a lone surrogate as one unit", () => {
    expect(codePointToUtf16("a\uD800b")(3)).toBe(3);
  });
});

describe("resolveQuestionSet", () => {
  const jsonl = (...questions: object[]) =>
    parseQuestionJsonl(questions.map((q) => JSON.stringify(q)).join("\n"));

  it("binds each question to its document's index, spans as given, pages kept", () => {
    const set = jsonl(
      { id: "a", question: "Answer?", references: [{ doc: "chatlogs.md", start: 13, end: 30, page: 1 }] },
      {
        id: "b",
        question: "Growth?",
        references: [
          { doc: "finance", start: 0, end: 7, content: "Revenue" },
          { doc: "d-fin", start: 20, end: 24, content: "2023" },
        ],
      },
    );
    expect(resolveQuestionSet(set, DOCS)).toEqual({
      warnings: [],
      questions: [
        { id: "a", question: "Answer?", doc: 0, references: [{ start: 13, end: 30, page: 1 }] },
        {
          id: "b",
          question: "Growth?",
          doc: 1,
          references: [
            { start: 0, end: 7 },
            { start: 20, end: 24 },
          ],
        },
      ],
    });
  });

  it("warns, and uses the span, when a reference's content differs from the text", () => {
    const set = jsonl({
      question: "Answer?",
      references: [{ doc: "chatlogs.md", start: 13, end: 30, content: "The answer is 43." }],
    });
    const resolved = resolveQuestionSet(set, DOCS);
    expect(resolved.questions[0]!.references).toEqual([{ start: 13, end: 30 }]);
    expect(resolved.warnings).toEqual([
      "line 1: reference 1's content differs from chatlogs.md at [13, 30); the span is used",
    ]);
  });

  it("refuses a span outside the text, or an empty one, naming the line, the document and its length", () => {
    const outside = jsonl(
      { question: "ok?", references: [{ doc: "finance.txt", start: 0, end: 25 }] },
      { question: "past the end?", references: [{ doc: "finance.txt", start: 20, end: 26 }] },
    );
    expect(failure(() => resolveQuestionSet(outside, DOCS))).toEqual({
      message: "line 2: reference 1 [20, 26) lies outside finance.txt (25 characters) or is empty",
      line: 2,
    });
    const empty = jsonl({ question: "empty?", references: [{ doc: "finance.txt", start: 4, end: 4 }] });
    expect(failure(() => resolveQuestionSet(empty, DOCS)).message).toContain("[4, 4) lies outside");
    const reversed = jsonl({ question: "reversed?", references: [{ doc: "finance.txt", start: 5, end: 4 }] });
    expect(failure(() => resolveQuestionSet(reversed, DOCS)).line).toBe(1);
  });

  it("refuses an unknown document, naming the question's line", () => {
    const set = jsonl(
      { question: "ok?", references: [{ doc: "chatlogs", start: 0, end: 5 }] },
      { question: "where?", references: [{ doc: "pubmed", start: 0, end: 5 }] },
    );
    expect(failure(() => resolveQuestionSet(set, DOCS))).toEqual({
      message: 'line 2: no open document is named "pubmed" (open: chatlogs.md, finance.txt)',
      line: 2,
    });
  });

  it("refuses a question whose references name two documents, naming both", () => {
    const set = jsonl({
      question: "both?",
      references: [
        { doc: "chatlogs", start: 0, end: 5 },
        { doc: "finance.txt", start: 0, end: 5 },
      ],
    });
    expect(failure(() => resolveQuestionSet(set, DOCS)).message).toBe(
      "line 1: the references name more than one document (chatlogs.md, finance.txt): a question is asked of one document",
    );
  });

  it("accepts one document named two ways in one question", () => {
    const set = jsonl({
      question: "same?",
      references: [
        { doc: "chatlogs", start: 0, end: 5 },
        { doc: "d-chat", start: 6, end: 11 },
      ],
    });
    expect(resolveQuestionSet(set, DOCS).questions[0]!.doc).toBe(0);
  });

  it("converts Chroma's code-point offsets to UTF-16 when an emoji comes before the span", () => {
    // "😀 hello world 😀 bye": in code points "hello" is [2, 7) and "bye" [16, 19); in UTF-16 [3, 8) and [18, 21).
    const docs: NamedText[] = [{ id: "e", name: "emoji.md", text: "😀 hello world 😀 bye" }];
    const set = parseChromaCsv(
      csv(
        csvRow("hello?", [{ content: "hello", start_index: 2, end_index: 7 }], "emoji"),
        csvRow("bye?", [{ content: "bye", start_index: 16, end_index: 19 }], "emoji"),
      ),
    );
    const resolved = resolveQuestionSet(set, docs);
    expect(resolved.warnings).toEqual([]);
    expect(resolved.questions.map((q) => q.references)).toEqual([
      [{ start: 3, end: 8 }],
      [{ start: 18, end: 21 }],
    ]);
    const text = docs[0]!.text;
    expect(text.slice(3, 8)).toBe("hello");
    expect(text.slice(18, 21)).toBe("bye");
    // The text has 19 code points: a span to 20 lies outside.
    const past = parseChromaCsv(csv(csvRow("past?", [{ start_index: 16, end_index: 20 }], "emoji")));
    expect(failure(() => resolveQuestionSet(past, docs)).message).toContain("[16, 20) lies outside emoji.md");
  });

  it("leaves JSONL offsets as UTF-16 indices, emoji or not", () => {
    const docs: NamedText[] = [{ id: "e", name: "emoji.md", text: "😀 hello" }];
    const set = jsonl({
      question: "hello?",
      references: [{ doc: "emoji.md", start: 3, end: 8, content: "hello" }],
    });
    expect(resolveQuestionSet(set, docs)).toEqual({
      warnings: [],
      questions: [{ id: "1", question: "hello?", doc: 0, references: [{ start: 3, end: 8 }] }],
    });
  });

  it("refuses Chroma offsets past the end of text without astral characters", () => {
    const set = parseChromaCsv(csv(csvRow("q?", [{ start_index: 20, end_index: 26 }], "finance")));
    expect(failure(() => resolveQuestionSet(set, DOCS)).message).toContain(
      "[20, 26) lies outside finance.txt",
    );
  });
});

describe("questionSetToJsonl", () => {
  it("writes one question a line, doc by file name, content from the text; reading it back gives the same set", () => {
    const set = parseQuestionJsonl(
      [
        JSON.stringify({
          id: "a",
          question: "Answer?",
          references: [{ doc: "d-chat", start: 13, end: 30, page: 1 }],
        }),
        JSON.stringify({ id: "b", question: "Growth?", references: [{ doc: "finance", start: 0, end: 7 }] }),
      ].join("\n"),
    );
    const resolved = resolveQuestionSet(set, DOCS).questions;
    const out = questionSetToJsonl(resolved, DOCS);
    expect(out.split("\n")).toEqual([
      '{"id":"a","question":"Answer?","references":[{"doc":"chatlogs.md","start":13,"end":30,"page":1,"content":"The answer is 42."}]}',
      '{"id":"b","question":"Growth?","references":[{"doc":"finance.txt","start":0,"end":7,"content":"Revenue"}]}',
      "",
    ]);
    expect(resolveQuestionSet(parseQuestionSet(out), DOCS)).toEqual({ questions: resolved, warnings: [] });
  });

  it("writes nothing for no questions", () => {
    expect(questionSetToJsonl([], DOCS)).toBe("");
  });
});

describe("parseQuestionSet under arbitrary text (fast-check, issue 29)", () => {
  it("reads a set or refuses it with a QuestionSetError; every reference it keeps is iterable and whole", () => {
    const line = fc.oneof(
      fc.string(),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc
        .record({ question: fc.string(), references: fc.jsonValue({ maxDepth: 3 }) })
        .map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        try {
          const set = parseQuestionSet(lines.join("\n"), "q.jsonl");
          for (const q of set.questions)
            for (const r of q.references)
              expect(Number.isInteger(r.start) && Number.isInteger(r.end)).toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(QuestionSetError);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("CRLF corpora: offsets as Python's universal newlines read them (issue 30)", () => {
  // Python reads "a\r\nb\rc😀d" as "a\nb\nc😀d": 7 code points.
  const raw = "a\r\nb\rc😀d";

  it("maps each universal-newline offset to the UTF-16 offset in the text as it is", () => {
    const cp = universalNewlineOffsets(raw, true);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(cp)).toEqual([0, 1, 3, 4, 5, 6, 8, 9]);
    expect(cp(8)).toBeNaN();
    const units = universalNewlineOffsets(raw, false);
    expect([5, 6, 7, 8].map(units)).toEqual([6, 7, 8, 9]);
  });

  it("agrees with the plain offsets for any text without CR (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }).map((s) => s.replaceAll("\r", "")),
        (text) => {
          const cp = universalNewlineOffsets(text, true);
          const plain = codePointToUtf16(text);
          for (let o = 0; o <= [...text].length; o++) expect(cp(o)).toBe(plain(o));
        },
      ),
    );
  });

  it("resolves a Chroma CSV (on by default) against a CRLF document; JSONL keeps raw offsets unless asked", () => {
    const text = "Line one.\r\nThe answer is here.\r\nEnd.";
    const python = text.replace(/\r\n/g, "\n");
    const answer = "The answer is here.";
    const start = python.indexOf(answer);
    const refs = JSON.stringify([{ content: answer, start_index: start, end_index: start + answer.length }]);
    const csv = `question,references,corpus_id\nWhere?,"${refs.replaceAll('"', '""')}",doc\n`;
    const set = parseQuestionSet(csv, "q.csv");
    expect(set.universalNewlines).toBe(true);
    const doc = { id: "d", name: "doc.md", text };
    const resolved = resolveQuestionSet(set, [doc]);
    const [ref] = resolved.questions[0]!.references;
    expect(text.slice(ref!.start, ref!.end)).toBe(answer);
    expect(resolved.warnings).toEqual([]);
    // The same offsets read as the text's own (option off): one character early, and the content warns.
    const off = resolveQuestionSet({ ...set, universalNewlines: false }, [doc]);
    expect(text.slice(off.questions[0]!.references[0]!.start, off.questions[0]!.references[0]!.end)).not.toBe(
      answer,
    );
    expect(off.warnings[0]).toMatch(/content differs/);
    const jsonl = parseQuestionSet(
      JSON.stringify({
        question: "Where?",
        references: [{ doc: "doc", start: text.indexOf(answer), end: text.indexOf(answer) + answer.length }],
      }),
      "q.jsonl",
    );
    expect(jsonl.universalNewlines).toBeUndefined();
    const r = resolveQuestionSet(jsonl, [doc]).questions[0]!.references[0]!;
    expect(text.slice(r.start, r.end)).toBe(answer);
  });
});
