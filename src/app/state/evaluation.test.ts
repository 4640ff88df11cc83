import { beforeEach, describe, expect, it } from "vitest";
import { useEvaluation } from "./evaluation";

const GOOD = [
  { id: "q1", question: "What purrs?", references: [{ doc: "cats.md", start: 0, end: 4 }] },
  { id: "q2", question: "What barks?", references: [{ doc: "dogs.md", start: 5, end: 9 }] },
]
  .map((q) => JSON.stringify(q))
  .join("\n");

const state = () => useEvaluation.getState();

beforeEach(() => {
  useEvaluation.setState(useEvaluation.getInitialState(), true);
});

describe("evaluation store", () => {
  it("starts empty, k 5, bm25", () => {
    expect(state()).toMatchObject({
      set: null,
      setName: null,
      revision: 0,
      loadError: null,
      k: 5,
      retriever: "bm25",
      selectedQuestion: null,
      scrollPending: false,
      marking: false,
      draft: { question: "", references: [] },
    });
  });

  it("loads a good set: set, name, a new revision, no error, no selection", () => {
    useEvaluation.setState({ loadError: "old.jsonl: line 1: broken", selectedQuestion: "x" });
    state().load(GOOD, "questions.jsonl");
    expect(state().set?.format).toBe("jsonl");
    expect(state().set?.questions.map((q) => q.id)).toEqual(["q1", "q2"]);
    expect(state().setName).toBe("questions.jsonl");
    expect(state().revision).toBe(1);
    expect(state().loadError).toBeNull();
    expect(state().selectedQuestion).toBeNull();
  });

  it("keeps the set on screen when a file is bad, and names the file and the line", () => {
    state().load(GOOD, "questions.jsonl");
    const before = state().set;
    state().load(GOOD + "\n{broken", "bad.jsonl");
    expect(state().set).toBe(before);
    expect(state().setName).toBe("questions.jsonl");
    expect(state().revision).toBe(1);
    expect(state().loadError).toMatch(/^bad\.jsonl: line 3: not JSON/);
    // A CSV without Chroma's columns: the header line.
    state().load("question,refs\nWhy?,[]\n", "chroma.csv");
    expect(state().loadError).toMatch(/^chroma\.csv: line 1: the CSV lacks the column/);
    // The next good load clears the error.
    state().load(GOOD, "again.jsonl");
    expect(state().loadError).toBeNull();
    expect(state().revision).toBe(2);
  });

  it("asks for the selected question to be scrolled into view, once", () => {
    state().selectQuestion("q2");
    expect(state()).toMatchObject({ selectedQuestion: "q2", scrollPending: true });
    state().scrolled();
    expect(state()).toMatchObject({ selectedQuestion: "q2", scrollPending: false });
    state().selectQuestion(null);
    expect(state()).toMatchObject({ selectedQuestion: null, scrollPending: false });
  });

  it("sets k, the retriever, only-retrieved and marking", () => {
    state().setK(10);
    state().setRetriever("local");
    state().setOnlyRetrieved(true);
    state().setMarking(true);
    expect(state()).toMatchObject({ k: 10, retriever: "local", onlyRetrieved: true, marking: true });
  });

  it("sets the hierarchical retrieval, the heading-path index and B's retrieval (a key back to A's when undefined)", () => {
    expect(state()).toMatchObject({
      retrieval: "children-return-parents",
      contextualize: false,
      compareRetrieval: {},
    });
    state().setRetrieval("flat");
    state().setContextualize(true);
    state().setCompareRetrieval({ retriever: "hybrid", contextualize: false });
    expect(state()).toMatchObject({ retrieval: "flat", contextualize: true });
    expect(state().compareRetrieval).toEqual({ retriever: "hybrid", contextualize: false });
    state().setCompareRetrieval({ retriever: undefined });
    expect(state().compareRetrieval).toEqual({ contextualize: false });
  });

  it("toggles the set's universal newlines as a new revision of the set", () => {
    state().setUniversalNewlines(true); // no set: nothing to change
    expect(state().set).toBeNull();
    state().load(
      'question,references,corpus_id\nq?,"[{""start_index"": 0, ""end_index"": 1}]",doc\n',
      "q.csv",
    );
    expect(state().set!.universalNewlines).toBe(true);
    const revision = state().revision;
    state().setUniversalNewlines(false);
    expect(state().set!.universalNewlines).toBe(false);
    expect(state().revision).toBe(revision + 1);
  });

  it("commits a draft only with a question and a reference", () => {
    state().setMarking(true);
    expect(state().commitDraft()).toBe(false);
    state().setDraftQuestion("   ");
    state().addDraftReference({ doc: "cats.md", start: 0, end: 4 });
    expect(state().commitDraft()).toBe(false);
    state().setDraftQuestion("What purrs?");
    state().removeDraftReference(0);
    expect(state().draft.references).toEqual([]);
    expect(state().commitDraft()).toBe(false);
    expect(state().set).toBeNull();
    expect(state().revision).toBe(0);
    expect(state().marking).toBe(true);
  });

  it("commits a draft as a new set: trimmed, id 1, selected, draft cleared, marking off", () => {
    state().setMarking(true);
    state().setDraftQuestion("  What purrs?  ");
    state().addDraftReference({ doc: "cats.md", start: 0, end: 4 });
    state().addDraftReference({ doc: "cats.md", start: 10, end: 20 });
    state().addDraftReference({ doc: "cats.md", start: 30, end: 40 });
    state().removeDraftReference(1);
    expect(state().draft.references.map((r) => r.start)).toEqual([0, 30]);
    expect(state().commitDraft()).toBe(true);
    expect(state().set).toEqual({
      format: "jsonl",
      questions: [
        {
          id: "1",
          question: "What purrs?",
          references: [
            { doc: "cats.md", start: 0, end: 4 },
            { doc: "cats.md", start: 30, end: 40 },
          ],
          line: 1,
        },
      ],
    });
    expect(state()).toMatchObject({
      setName: null,
      revision: 1,
      selectedQuestion: "1",
      marking: false,
      draft: { question: "", references: [] },
    });
  });

  it("appends a committed draft to a loaded set with an id none of its questions has", () => {
    const set = [
      { id: "3", question: "Three?", references: [{ doc: "a.md", start: 0, end: 1 }] },
      { question: "Second, id 2 by its place?", references: [{ doc: "a.md", start: 0, end: 1 }] },
    ]
      .map((q) => JSON.stringify(q))
      .join("\n");
    state().load(set, "mine.jsonl");
    expect(state().set?.questions.map((q) => q.id)).toEqual(["3", "2"]);
    state().setDraftQuestion("Fourth?");
    state().addDraftReference({ doc: "a.md", start: 2, end: 5 });
    expect(state().commitDraft()).toBe(true);
    expect(state().set?.questions.map((q) => q.id)).toEqual(["3", "2", "4"]);
    expect(state().set?.format).toBe("jsonl");
    expect(state()).toMatchObject({ setName: "mine.jsonl", revision: 2, selectedQuestion: "4" });
    expect(new Set(state().set?.questions.map((q) => q.id)).size).toBe(3);
  });

  it("clears the set, its name, the selection and the error, with a new revision", () => {
    state().load(GOOD, "questions.jsonl");
    state().selectQuestion("q1");
    state().load("{broken", "bad.jsonl");
    state().clear();
    expect(state()).toMatchObject({
      set: null,
      setName: null,
      revision: 2,
      selectedQuestion: null,
      loadError: null,
    });
  });
});
