/**
 * The evaluation tab's state (DESIGN §8): the question set (loaded, or written here with references
 * marked on the page), k, the retriever, the selected question, and the question being written.
 * The set is parsed on the page (core/eval/questions is pure and cheap); it is evaluated in the
 * engine worker.
 */
import { create } from "zustand";
import { DEFAULT_K, DEFAULT_RETRIEVAL, type RetrievalMode, type RetrieverId } from "../../core/eval/evaluate";
import {
  parseQuestionSet,
  type Question,
  type QuestionSet,
  type ReferenceSpan,
} from "../../core/eval/questions";

/** B's retrieval where it differs from A's (issue 30 item 4): empty, B retrieves as A does. */
interface CompareRetrieval {
  retriever?: RetrieverId;
  retrieval?: RetrievalMode;
  contextualize?: boolean;
}

interface DraftQuestion {
  question: string;
  references: ReferenceSpan[];
}

interface EvaluationState {
  set: QuestionSet | null;
  /** The file the set came from, or null for one written here. */
  setName: string | null;
  /** Bumped on every change of the set: part of the evaluation's query key. */
  revision: number;
  loadError: string | null;
  k: number;
  retriever: RetrieverId;
  /** Hierarchical runs: what is ranked and what returned (DESIGN §12 --retrieval). */
  retrieval: RetrievalMode;
  /** Index each chunk with its heading path before its text (DESIGN §12 --contextualize). */
  contextualize: boolean;
  compareRetrieval: CompareRetrieval;
  selectedQuestion: string | null;
  /** The selected question's first reference still has to be scrolled into view (its document may be opening). */
  scrollPending: boolean;
  /** The chunk list and the page show only the selected question's retrieved chunks. */
  onlyRetrieved: boolean;
  /** A drag from word to word on the pages marks a reference for the draft question. */
  marking: boolean;
  draft: DraftQuestion;
  load(text: string, name: string): void;
  setK(k: number): void;
  setRetriever(r: RetrieverId): void;
  setRetrieval(mode: RetrievalMode): void;
  setContextualize(on: boolean): void;
  /** Whether the set's offsets count a CRLF as one character (Python's universal newlines). */
  setUniversalNewlines(on: boolean): void;
  /** B's retrieval: a key set to undefined goes back to A's. */
  setCompareRetrieval(change: CompareRetrieval): void;
  /** Selects a question (null: none) and asks for its first reference to be scrolled into view. */
  selectQuestion(id: string | null): void;
  scrolled(): void;
  setOnlyRetrieved(on: boolean): void;
  setMarking(on: boolean): void;
  setDraftQuestion(text: string): void;
  addDraftReference(ref: ReferenceSpan): void;
  removeDraftReference(index: number): void;
  /** The reference at `index` moved (the keyboard grew or shrank it by a word). */
  replaceDraftReference(index: number, ref: ReferenceSpan): void;
  /** The draft joins the set (a new set when there is none); false when it is not complete. */
  commitDraft(): boolean;
  /** Questions written elsewhere (the LLM) join the set, a new set when there is none. */
  addQuestions(questions: Question[]): void;
  clear(): void;
}

const EMPTY_DRAFT: DraftQuestion = { question: "", references: [] };

export const useEvaluation = create<EvaluationState>()((set, get) => ({
  set: null,
  setName: null,
  revision: 0,
  loadError: null,
  k: DEFAULT_K,
  retriever: "bm25",
  retrieval: DEFAULT_RETRIEVAL,
  contextualize: false,
  compareRetrieval: {},
  selectedQuestion: null,
  scrollPending: false,
  onlyRetrieved: false,
  marking: false,
  draft: EMPTY_DRAFT,
  load(text, name) {
    try {
      const parsed = parseQuestionSet(text, name);
      set((s) => ({
        set: parsed,
        setName: name,
        revision: s.revision + 1,
        loadError: null,
        selectedQuestion: null,
      }));
    } catch (err) {
      // The set on screen stays; the message names the file and the line.
      set({ loadError: `${name}: ${err instanceof Error ? err.message : String(err)}` });
    }
  },
  setK: (k) => set({ k }),
  setRetriever: (retriever) => set({ retriever }),
  setRetrieval: (retrieval) => set({ retrieval }),
  setContextualize: (contextualize) => set({ contextualize }),
  setUniversalNewlines: (on) =>
    set((s) => (s.set ? { set: { ...s.set, universalNewlines: on }, revision: s.revision + 1 } : {})),
  setCompareRetrieval: (change) =>
    set((s) => {
      const next: CompareRetrieval = { ...s.compareRetrieval, ...change };
      for (const key of Object.keys(next) as (keyof CompareRetrieval)[])
        if (next[key] === undefined) delete next[key];
      return { compareRetrieval: next };
    }),
  selectQuestion: (selectedQuestion) => set({ selectedQuestion, scrollPending: selectedQuestion !== null }),
  scrolled: () => set({ scrollPending: false }),
  setOnlyRetrieved: (onlyRetrieved) => set({ onlyRetrieved }),
  setMarking: (marking) => set({ marking }),
  setDraftQuestion: (question) => set((s) => ({ draft: { ...s.draft, question } })),
  addDraftReference: (ref) =>
    set((s) => ({ draft: { ...s.draft, references: [...s.draft.references, ref] } })),
  replaceDraftReference: (index, ref) =>
    set((s) => ({
      draft: { ...s.draft, references: s.draft.references.map((r, i) => (i === index ? ref : r)) },
    })),
  removeDraftReference: (index) =>
    set((s) => ({ draft: { ...s.draft, references: s.draft.references.filter((_, i) => i !== index) } })),
  commitDraft() {
    const { draft, set: current } = get();
    if (draft.question.trim() === "" || draft.references.length === 0) return false;
    const questions = current?.questions ?? [];
    const ids = new Set(questions.map((q) => q.id));
    let n = questions.length + 1;
    while (ids.has(String(n))) n++;
    const question = {
      id: String(n),
      question: draft.question.trim(),
      references: draft.references,
      line: n,
    };
    set((s) => ({
      set: { format: current?.format ?? "jsonl", questions: [...questions, question] },
      setName: s.setName,
      revision: s.revision + 1,
      draft: EMPTY_DRAFT,
      marking: false,
      selectedQuestion: question.id,
    }));
    return true;
  },
  addQuestions(questions) {
    if (questions.length === 0) return;
    set((s) => ({
      set: { format: s.set?.format ?? "jsonl", questions: [...(s.set?.questions ?? []), ...questions] },
      revision: s.revision + 1,
    }));
  },
  clear: () =>
    set((s) => ({
      set: null,
      setName: null,
      revision: s.revision + 1,
      selectedQuestion: null,
      loadError: null,
    })),
}));
