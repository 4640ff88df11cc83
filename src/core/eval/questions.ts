/**
 * Question sets (DESIGN §8): Chroma's CSV and the workbench's JSONL in, JSONL out. A set names its
 * documents by file name (with or without extension) or DocModel id; `resolveQuestionSet` binds
 * those names to open documents and checks every span against the text, so evaluation only ever
 * sees offsets that exist.
 */
import { parseCsvRows } from "./csv";
import { QuestionSetError } from "./errors";

export interface ReferenceSpan {
  /** The document as the set names it (a file name, with or without extension, or a DocModel id). */
  doc: string;
  /** [start, end) into DocModel.text, UTF-16 indices. */
  start: number;
  end: number;
  page?: number;
  /** The text the set says is there; checked against the document, a mismatch is a warning. */
  content?: string;
}

export interface Question {
  id: string;
  question: string;
  references: ReferenceSpan[];
  /** The 1-based line of the set where the question starts, for messages. */
  line: number;
  /** Offsets given in Unicode code points (Chroma's Python offsets), converted once the text is known. */
  codePointOffsets?: boolean;
}

export interface QuestionSet {
  questions: Question[];
  format: "chroma-csv" | "jsonl";
  /**
   * Offsets count a CRLF (or a lone CR) as one character, as Python's universal newlines read a
   * file (Chroma's evaluation opens its corpora so): on by default for Chroma's CSV, off for JSONL.
   */
  universalNewlines?: boolean;
}

const CHROMA_COLUMNS = ["question", "references", "corpus_id"] as const;

/** At most this many questions in a set: past it the per-question results no longer fit one string. */
export const MAX_QUESTIONS = 1_000_000;

/** CSV when the first line is Chroma's header, JSONL otherwise. */
export function parseQuestionSet(text: string, fileName = ""): QuestionSet {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const set =
    /\.csv$/i.test(fileName) || /^\s*"?question"?\s*,/i.test(firstLine)
      ? parseChromaCsv(body)
      : parseQuestionJsonl(body);
  if (set.questions.length > MAX_QUESTIONS)
    throw new QuestionSetError(
      `the set holds ${set.questions.length} questions; at most ${MAX_QUESTIONS} (split it into several sets)`,
    );
  return set;
}

/** Chroma's `questions_df.csv`: question, references (a JSON list of {content, start_index, end_index}), corpus_id. */
export function parseChromaCsv(text: string): QuestionSet {
  const rows = parseCsvRows(text);
  const header = rows[0];
  if (!header) throw new QuestionSetError("the CSV is empty");
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const index = Object.fromEntries(CHROMA_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    (typeof CHROMA_COLUMNS)[number],
    number
  >;
  const missing = CHROMA_COLUMNS.filter((c) => index[c] < 0);
  if (missing.length > 0)
    throw new QuestionSetError(
      `the CSV lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (Chroma's columns are question, references, corpus_id; found ${names.join(", ") || "none"})`,
      header.line,
    );
  const questions: Question[] = [];
  rows.slice(1).forEach((row) => {
    if (row.cells.length === 1 && row.cells[0]!.trim() === "") return; // a blank line
    const cell = (c: (typeof CHROMA_COLUMNS)[number]) => row.cells[index[c]];
    const question = cell("question");
    const refsText = cell("references");
    const corpusId = cell("corpus_id");
    if (question === undefined || refsText === undefined || corpusId === undefined)
      throw new QuestionSetError(`expected ${names.length} cells, got ${row.cells.length}`, row.line);
    if (question.trim() === "") throw new QuestionSetError("the question is empty", row.line);
    let refs: unknown;
    try {
      refs = JSON.parse(refsText);
    } catch (err) {
      throw new QuestionSetError(`references is not JSON: ${(err as Error).message}`, row.line);
    }
    if (!Array.isArray(refs) || refs.length === 0)
      throw new QuestionSetError("references must be a non-empty JSON list", row.line);
    const doc = corpusId.trim().replace(/^.*[\\/]/, "");
    if (doc === "") throw new QuestionSetError("corpus_id is empty", row.line);
    questions.push({
      // Its data row as pandas counts it (blank lines skipped): Chroma's question index + 1.
      id: String(questions.length + 1),
      question,
      line: row.line,
      codePointOffsets: true,
      references: refs.map((r: unknown, j) => {
        const ref = r as Record<string, unknown>;
        const start = ref?.["start_index"];
        const end = ref?.["end_index"];
        if (!isOffset(start) || !isOffset(end))
          throw new QuestionSetError(
            `reference ${j + 1} needs whole-number start_index and end_index`,
            row.line,
          );
        return {
          doc,
          start,
          end,
          ...(typeof ref["content"] === "string" ? { content: ref["content"] } : {}),
        };
      }),
    });
  });
  return { questions, format: "chroma-csv", universalNewlines: true };
}

/** One question a line: {"id", "question", "references": [{"doc", "start", "end", "page"?, "content"?}]}. */
export function parseQuestionJsonl(text: string): QuestionSet {
  const questions: Question[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((lineText, i) => {
    const line = i + 1;
    if (lineText.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(lineText);
    } catch (err) {
      throw new QuestionSetError(`not JSON: ${(err as Error).message}`, line);
    }
    if (!value || typeof value !== "object" || Array.isArray(value))
      throw new QuestionSetError("expected an object", line);
    const q = value as Record<string, unknown>;
    const question = q["question"];
    if (typeof question !== "string" || question.trim() === "")
      throw new QuestionSetError('"question" must be a non-empty string', line);
    const id = q["id"] === undefined ? String(questions.length + 1) : q["id"];
    if (typeof id !== "string" && typeof id !== "number")
      throw new QuestionSetError('"id" must be a string or a number', line);
    if (seen.has(String(id))) throw new QuestionSetError(`id "${id}" appears twice`, line);
    seen.add(String(id));
    const refs = q["references"];
    if (!Array.isArray(refs) || refs.length === 0)
      throw new QuestionSetError('"references" must be a non-empty list', line);
    questions.push({
      id: String(id),
      question,
      line,
      references: refs.map((r: unknown, j) => {
        const ref = (r ?? {}) as Record<string, unknown>;
        const doc = ref["doc"];
        if (typeof doc !== "string" || doc === "")
          throw new QuestionSetError(`reference ${j + 1} needs "doc" (a file name or document id)`, line);
        if (!isOffset(ref["start"]) || !isOffset(ref["end"]))
          throw new QuestionSetError(`reference ${j + 1} needs whole-number "start" and "end"`, line);
        const page = ref["page"];
        if (page !== undefined && !(Number.isInteger(page) && (page as number) >= 1))
          throw new QuestionSetError(`reference ${j + 1}: "page" must be a page number from 1`, line);
        return {
          doc,
          start: ref["start"],
          end: ref["end"],
          ...(page !== undefined ? { page: page as number } : {}),
          ...(typeof ref["content"] === "string" ? { content: ref["content"] } : {}),
        };
      }),
    });
  });
  if (questions.length === 0) throw new QuestionSetError("the question set holds no questions");
  return { questions, format: "jsonl" };
}

function isOffset(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v) && v >= 0;
}

/** A document a set can name: what resolution needs of it. */
export interface NamedText {
  id: string;
  name: string;
  text: string;
}

/** A question bound to one open document, its spans in UTF-16 offsets of that document's text. */
export interface ResolvedQuestion {
  id: string;
  question: string;
  /** Index into the documents given to `resolveQuestionSet`. */
  doc: number;
  references: { start: number; end: number; page?: number }[];
}

export interface ResolvedSet {
  questions: ResolvedQuestion[];
  warnings: string[];
}

/** The documents a set names, in order of first mention (what the CLI looks up in --docs-dir). */
export function namedDocuments(set: QuestionSet): string[] {
  const names: string[] = [];
  for (const q of set.questions) for (const r of q.references) if (!names.includes(r.doc)) names.push(r.doc);
  return names;
}

const stem = (name: string) => name.replace(/\.[^./\\]*$/, "");

/** Whether a set's `name` denotes `doc`: its file name, with or without extension, or its id. */
export function namesDocument(doc: NamedText, name: string): boolean {
  return doc.name === name || stem(doc.name) === name || doc.id === name;
}

/** The document a set's name denotes: file name with or without extension, or DocModel id; two matches are an error. */
export function findNamedDocument(docs: readonly NamedText[], name: string, line?: number): number {
  const matches = docs.map((d, i) => ({ d, i })).filter(({ d }) => namesDocument(d, name));
  const distinct = [...new Map(matches.map((m) => [m.d.id, m])).values()];
  if (distinct.length === 0)
    throw new QuestionSetError(
      `no open document is named "${name}" (open: ${docs.map((d) => d.name).join(", ") || "none"})`,
      line,
    );
  if (distinct.length > 1)
    throw new QuestionSetError(
      `"${name}" names two documents: ${distinct.map((m) => m.d.name).join(" and ")}`,
      line,
    );
  return distinct[0]!.i;
}

/**
 * Binds every reference to its document and checks its span: offsets inside the text (code points
 * converted to UTF-16 for Chroma's CSV), one document per question. A `content` that differs from
 * the text at its span is a warning; the span is what counts.
 */
export function resolveQuestionSet(set: QuestionSet, docs: readonly NamedText[]): ResolvedSet {
  const warnings: string[] = [];
  const converters = new Map<string, (offset: number) => number>();
  const universal = set.universalNewlines === true;
  const questions = set.questions.map((q): ResolvedQuestion => {
    const docIndexes = [...new Set(q.references.map((r) => findNamedDocument(docs, r.doc, q.line)))];
    if (docIndexes.length > 1)
      throw new QuestionSetError(
        `the references name more than one document (${docIndexes.map((i) => docs[i]!.name).join(", ")}): a question is asked of one document`,
        q.line,
      );
    const docIndex = docIndexes[0]!;
    const doc = docs[docIndex]!;
    let toUtf16 = (o: number) => o;
    // A document without CR reads the same either way: only one with CRs needs the newline table.
    const newlines = universal && doc.text.includes("\r");
    if (q.codePointOffsets || newlines) {
      const key = `${docIndex}:${q.codePointOffsets === true}:${newlines}`;
      let c = converters.get(key);
      if (!c) {
        c = newlines
          ? universalNewlineOffsets(doc.text, q.codePointOffsets === true)
          : codePointToUtf16(doc.text);
        converters.set(key, c);
      }
      toUtf16 = c;
    }
    const references = q.references.map((r, j) => {
      const start = toUtf16(r.start);
      const end = toUtf16(r.end);
      if (!(start < end) || end > doc.text.length || start < 0 || Number.isNaN(end))
        throw new QuestionSetError(
          `reference ${j + 1} [${r.start}, ${r.end}) lies outside ${doc.name} (${doc.text.length} characters) or is empty`,
          q.line,
        );
      const there = doc.text.slice(start, end);
      if (r.content !== undefined && (newlines ? there.replace(/\r\n?/g, "\n") : there) !== r.content)
        warnings.push(
          `line ${q.line}: reference ${j + 1}'s content differs from ${doc.name} at [${r.start}, ${r.end}); the span is used`,
        );
      return { start, end, ...(r.page !== undefined ? { page: r.page } : {}) };
    });
    return { id: q.id, question: q.question, doc: docIndex, references };
  });
  return { questions, warnings };
}

/** Code-point offset → UTF-16 offset for `text` (the identity when it has no astral characters; NaN past the end). */
export function codePointToUtf16(text: string): (offset: number) => number {
  if (!/[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(text)) return (o) => (o <= text.length ? o : Number.NaN);
  const table: number[] = [];
  let u = 0;
  for (const ch of text) {
    table.push(u);
    u += ch.length;
  }
  table.push(u);
  return (o) => table[o] ?? Number.NaN;
}

/**
 * An offset into the text as Python's universal newlines read it (CRLF and a lone CR one "\n";
 * code points when `codePoints`, else UTF-16 units) → the UTF-16 offset into `text` as it is.
 * NaN past the end.
 */
export function universalNewlineOffsets(text: string, codePoints: boolean): (offset: number) => number {
  const table: number[] = [];
  for (let u = 0; u < text.length;) {
    table.push(u);
    const code = text.charCodeAt(u);
    if (code === 13 && text.charCodeAt(u + 1) === 10) u += 2;
    else if (codePoints && code >= 0xd800 && code <= 0xdbff && u + 1 < text.length) {
      // Its low half is its own UTF-16 unit (counted) unless offsets are code points.
      u += 2;
    } else u += 1;
  }
  table.push(text.length);
  return (o) => table[o] ?? Number.NaN;
}

/** The workbench's JSONL, one question a line; `doc` is the document's file name. */
export function questionSetToJsonl(
  questions: readonly ResolvedQuestion[],
  docs: readonly NamedText[],
): string {
  return questions
    .map(
      (q) =>
        JSON.stringify({
          id: q.id,
          question: q.question,
          references: q.references.map((r) => ({
            doc: docs[q.doc]!.name,
            start: r.start,
            end: r.end,
            ...(r.page !== undefined ? { page: r.page } : {}),
            content: docs[q.doc]!.text.slice(r.start, r.end),
          })),
        }) + "\n",
    )
    .join("");
}
