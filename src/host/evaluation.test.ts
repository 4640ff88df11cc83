import { describe, expect, it, vi } from "vitest";
import { getChunker } from "../core/chunkers/registry";
import { validConfig } from "../core/config";
import { textDocModel, type DocModel, type TextRun } from "../core/document";
import { QuestionSetError } from "../core/eval/errors";
import { parseQuestionSet, type QuestionSet } from "../core/eval/questions";
import { extractPdfBytes } from "../pdf/node";
import { EngineHost } from "./engine";
import { EvaluationHost } from "./evaluation";

const X = "Cats purr softly on warm windowsills. Dogs bark at the mail carrier every morning.";
const Y = "Rivers carry silt to the delta. Tides rise twice a day along the coast.";
const Z = "Copper wires conduct electricity. Glass insulates the wires from the poles.";

/** A two-page document with one run per line, as the PDF extractor would give it. */
function pdfDoc(): DocModel {
  const lines = ["Alpha beta gamma.", "Delta epsilon zeta.", "Eta theta iota."];
  const text = lines.join("\n");
  const runs: TextRun[] = lines.map((line, i) => {
    const start = text.indexOf(line);
    const page = i < 2 ? 1 : 2;
    const y0 = 100 + (i % 2) * 20;
    return {
      page,
      start,
      end: start + line.length,
      x0: 72,
      y0,
      x1: 72 + line.length * 6,
      y1: y0 + 12,
      fontSize: 12,
      fontName: "Helvetica",
    };
  });
  const page2 = text.indexOf(lines[2]!);
  return {
    id: "pdf-doc",
    name: "paper.pdf",
    text,
    pages: [
      { number: 1, width: 612, height: 792, rotate: 0, textStart: 0, textEnd: page2, hasText: true },
      {
        number: 2,
        width: 612,
        height: 792,
        rotate: 0,
        textStart: page2,
        textEnd: text.length,
        hasText: true,
      },
    ],
    runs,
    headings: [],
  };
}

const ref = (doc: string, text: string, part: string) => {
  const start = text.indexOf(part);
  if (start < 0) throw new Error(`"${part}" is not in the text`);
  return { doc, start, end: start + part.length };
};

const jsonlSet = (questions: object[]): QuestionSet =>
  parseQuestionSet(questions.map((q) => JSON.stringify(q)).join("\n"), "set.jsonl");

function setup(maxDocuments?: number) {
  const engine = new EngineHost(extractPdfBytes, maxDocuments);
  const x = textDocModel("x-id", "x.md", X);
  const y = textDocModel("y-id", "y.txt", Y);
  const z = textDocModel("z-id", "z.md", Z);
  const pdf = pdfDoc();
  for (const doc of [x, y, z, pdf]) engine.keep(doc);
  return { engine, evaluation: new EvaluationHost(engine), x, y, z, pdf };
}

/** Mentions z first (by stem), then x (by file name), then z again (by file name). */
const SET = jsonlSet([
  {
    id: "a",
    question: "What do copper wires conduct?",
    references: [ref("z", Z, "Copper wires conduct electricity.")],
  },
  { id: "b", question: "When do dogs bark?", references: [ref("x.md", X, "Dogs bark at the mail carrier")] },
  {
    id: "c",
    question: "What insulates the wires?",
    references: [ref("z.md", Z, "Glass insulates the wires")],
  },
]);

const WHOLE = { chunk_size: 1000 };

describe("EvaluationHost", () => {
  it("collects the given documents first, then each the set names, in order of first mention", () => {
    const { evaluation, x, y, z } = setup();
    const ids = (docs: DocModel[]) => docs.map((d) => d.id);
    expect(ids(evaluation.collection(SET))).toEqual([z.id, x.id]);
    expect(ids(evaluation.collection(SET, [y.id]))).toEqual([y.id, z.id, x.id]);
    // A given document the set names is not asked twice.
    expect(ids(evaluation.collection(SET, [x.id]))).toEqual([x.id, z.id]);
    // A DocModel id names its document too.
    const byId = jsonlSet([{ question: "Rivers?", references: [ref("y-id", Y, "Rivers carry silt")] }]);
    expect(ids(evaluation.collection(byId))).toEqual([y.id]);
  });

  it("refuses a name no open document answers to, naming it and its line", async () => {
    const { evaluation } = setup();
    const set = jsonlSet([
      { question: "Cats?", references: [ref("x", X, "Cats purr")] },
      { question: "Where?", references: [{ doc: "missing.md", start: 0, end: 4 }] },
    ]);
    expect(() => evaluation.collection(set)).toThrow(QuestionSetError);
    expect(() => evaluation.collection(set)).toThrow(/line 2: .*"missing\.md"/);
    await expect(evaluation.evaluate({ set, chunker: "recursive", config: WHOLE })).rejects.toThrow(
      /"missing\.md"/,
    );
    await expect(
      evaluation.evaluate({ set: { format: "jsonl", questions: [] }, chunker: "recursive", config: WHOLE }),
    ).rejects.toBeInstanceOf(QuestionSetError);
  });

  it("refuses a span outside its document's text", async () => {
    const { evaluation } = setup();
    const set = jsonlSet([
      { question: "Past the end?", references: [{ doc: "y.txt", start: 5, end: Y.length + 1 }] },
    ]);
    await expect(evaluation.evaluate({ set, chunker: "recursive", config: WHOLE })).rejects.toThrow(
      /line 1: .*outside y\.txt/,
    );
  });

  it("forgets the oldest documents past maxDocuments, and then cannot find them", () => {
    const { engine, evaluation, z, pdf } = setup(2);
    expect(engine.openDocuments().map((d) => d.id)).toEqual([z.id, pdf.id]);
    expect(() => evaluation.collection(SET)).toThrow(/"x\.md"/);
  });

  it("evaluates with the validated config and resolves references with their boxes", async () => {
    const { evaluation, x, z, pdf } = setup();
    const set = jsonlSet([
      ...SET.questions.map((q) => ({ id: q.id, question: q.question, references: q.references })),
      {
        id: "d",
        question: "Which Greek letters follow delta?",
        references: [{ ...ref("paper.pdf", pdf.text, "epsilon zeta"), content: "not what is there" }],
      },
    ]);
    const result = await evaluation.evaluate({ set, chunker: "recursive", config: WHOLE, k: 2 });
    expect(result.chunker).toBe("recursive");
    expect(result.config).toEqual(validConfig(getChunker("recursive"), WHOLE));
    expect(result.config).toMatchObject({ chunk_size: 1000, chunk_overlap: 50 });
    expect(result.k).toBe(2);
    expect(result.retriever).toBe("bm25");
    expect(result.documents).toEqual([
      { id: z.id, name: "z.md" },
      { id: x.id, name: "x.md" },
      { id: pdf.id, name: "paper.pdf" },
    ]);
    expect(result.chunks).toBe(3);
    expect(result.questions.map((q) => [q.id, q.doc])).toEqual([
      ["a", "z.md"],
      ["b", "x.md"],
      ["c", "z.md"],
      ["d", "paper.pdf"],
    ]);
    for (const q of result.questions) expect(q.retrieved).toHaveLength(2);
    expect(result.references).toHaveLength(4);
    expect(result.references[0]).toEqual([
      { docId: z.id, ...span(Z, "Copper wires conduct electricity."), boxes: [] },
    ]);
    expect(result.references[1]).toEqual([
      { docId: x.id, ...span(X, "Dogs bark at the mail carrier"), boxes: [] },
    ]);
    const [pdfRef] = result.references[3]!;
    expect(pdfRef).toMatchObject({ docId: pdf.id, ...span(pdf.text, "epsilon zeta") });
    // One line of page 1, inside its run's rectangle.
    const run = pdf.runs[1]!;
    expect(pdfRef!.boxes).toHaveLength(1);
    const box = pdfRef!.boxes[0]!;
    expect(box.page).toBe(1);
    expect(box.x0).toBeGreaterThan(run.x0);
    expect(box.x1).toBeLessThanOrEqual(run.x1 + 1e-9);
    expect([box.y0, box.y1]).toEqual([run.y0, run.y1]);
    // The content that differs from the text is a warning, never used.
    expect(result.warnings).toEqual([
      expect.stringMatching(/^line 4: reference 1's content differs from paper\.pdf/),
    ]);
  });

  it("rejects with an AbortError when the signal is already aborted, runs made or not", async () => {
    const { evaluation } = setup();
    const aborted = AbortSignal.abort();
    await expect(
      evaluation.evaluate({ set: SET, chunker: "recursive", config: WHOLE }, aborted),
    ).rejects.toMatchObject({ name: "AbortError" });
    await evaluation.evaluate({ set: SET, chunker: "recursive", config: WHOLE });
    await expect(
      evaluation.evaluate({ set: SET, chunker: "recursive", config: WHOLE }, aborted),
    ).rejects.toMatchObject({ name: "AbortError" });
  });

  it("reuses the engine's runs and the BM25 index from one evaluation to the next", async () => {
    const { engine, evaluation, z } = setup();
    // The document on screen was run already, with the same config.
    await engine.ranges({ docId: z.id, chunker: "recursive", config: WHOLE });
    const ranges = vi.spyOn(engine, "ranges");
    const request = { set: SET, chunker: "recursive", config: WHOLE };

    const first = await evaluation.evaluate(request);
    expect(ranges.mock.calls.map(([r]) => r.docId)).toEqual(["x-id"]);
    expect(first.indexUpdate).toEqual({ added: 2, removed: 0 });

    ranges.mockClear();
    const second = await evaluation.evaluate(request);
    expect(ranges).not.toHaveBeenCalled();
    expect(second.indexUpdate).toEqual({ added: 0, removed: 0 });
    expect(second.questions).toEqual(first.questions);
    expect(second.metrics).toEqual(first.metrics);

    // Another config: new runs, new chunks in the index, the old ones out.
    const third = await evaluation.evaluate({ ...request, config: { chunk_size: 8, chunk_overlap: 0 } });
    expect(ranges).toHaveBeenCalledTimes(2);
    expect(third.chunks).toBeGreaterThan(2);
    expect(third.indexUpdate).toEqual({ added: third.chunks, removed: 2 });
  });
});

function span(text: string, part: string) {
  const start = text.indexOf(part);
  return { start, end: start + part.length };
}
