/**
 * The panel's "Write a question": the question's text, its references marked word to word on the
 * pages (or as a text selection in a text view), and the set's export.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { DocModel } from "../../../core/document";
import { lineBoxes } from "../../../core/citations";
import { questionSetToJsonl, resolveQuestionSet } from "../../../core/eval/questions";
import {
  nextWordEnd,
  nextWordStart,
  previousWordEnd,
  previousWordStart,
  wordAtPoint,
  type WordRange,
} from "../../../core/wordAtPoint";
import { uiText } from "../../../host/errors";
import { downloadBlob } from "../../download";
import { queryKeys } from "../../engine/queries";
import { groupByPage, useEvalMarks } from "../../state/evalMarks";
import { useEvaluation } from "../../state/evaluation";
import { useWorkbench } from "../../state/store";

/** Writes a question; its references are marked on the page (a drag on a PDF page, a text selection in a text view). */
export function WriteQuestion({ doc }: { doc: DocModel | undefined }) {
  const draft = useEvaluation((s) => s.draft);
  const marking = useEvaluation((s) => s.marking);
  const setMarking = useEvaluation((s) => s.setMarking);
  const setDraftQuestion = useEvaluation((s) => s.setDraftQuestion);
  const addReference = useEvaluation((s) => s.addDraftReference);
  const removeReference = useEvaluation((s) => s.removeDraftReference);
  const commit = useEvaluation((s) => s.commitDraft);
  const set = useEvaluation((s) => s.set);
  const [hint, setHint] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const replaceReference = useEvaluation((s) => s.replaceDraftReference);
  // The selection being dragged, drawn with the draft's references until it ends.
  const [selecting, setSelecting] = useState<WordRange | null>(null);

  // While marking, a drag from word to word on the pages becomes a reference (DESIGN §12).
  useEffect(() => {
    if (!marking || !doc || doc.pages.length === 0) {
      useEvalMarks.setState({ marker: null });
      return;
    }
    useEvalMarks.setState({
      marker: {
        wordAt: (page, x, y) => wordAtPoint(doc, page, x, y),
        preview: setSelecting,
        select: (range, page) => {
          setHint(null);
          addReference({ doc: doc.name, start: range.start, end: range.end, page });
        },
        step: (edge, grow) => {
          const { references } = useEvaluation.getState().draft;
          const index = references.findLastIndex((r) => r.doc === doc.name);
          const ref = references[index];
          if (!ref) {
            setHint("Drag across the answer's words first; then Shift+arrows grow or shrink it by a word.");
            return;
          }
          const { start, end } = ref;
          const moved =
            edge === "end"
              ? { start, end: grow ? nextWordEnd(doc.text, end) : previousWordEnd(doc.text, start, end) }
              : {
                  start: grow ? previousWordStart(doc.text, start) : nextWordStart(doc.text, start, end),
                  end,
                };
          replaceReference(index, { ...ref, ...moved });
        },
      },
    });
    return () => useEvalMarks.setState({ marker: null });
  }, [marking, doc, addReference, replaceReference]);

  // The draft's references on this document and the selection being dragged, as boxes on the pages.
  useEffect(() => {
    if (!doc || doc.pages.length === 0) {
      useEvalMarks.setState({ draftByPage: null });
      return;
    }
    const ranges = draft.references.filter((r) => r.doc === doc.name);
    if (selecting) ranges.push({ doc: doc.name, ...selecting });
    const boxes = ranges.flatMap((r) => lineBoxes(doc, r.start, r.end));
    useEvalMarks.setState({ draftByPage: boxes.length > 0 ? groupByPage(boxes) : null });
  }, [doc, draft.references, selecting]);
  useEffect(() => () => useEvalMarks.setState({ draftByPage: null }), []);

  const markFromSelection = (): boolean => {
    if (!doc || doc.pages.length > 0) return false;
    const range = textSelectionRange();
    if (!range) return false;
    addReference({ doc: doc.name, start: range.start, end: range.end });
    return true;
  };

  return (
    <div className="eval-write" role="group" aria-label="Write a question">
      <h3 className="eval-subtitle">Write a question</h3>
      <textarea
        aria-label="Question"
        data-testid="question-text"
        value={draft.question}
        placeholder="What does the answer say?"
        onChange={(e) => setDraftQuestion(e.currentTarget.value)}
      />
      <button
        type="button"
        data-testid="mark-reference"
        aria-pressed={marking}
        disabled={!doc}
        onClick={() => {
          if (markFromSelection()) return;
          if (doc && doc.pages.length === 0) {
            setHint("Select the answer's text in the document, then press Mark reference.");
            return;
          }
          setMarking(!marking);
        }}
      >
        {marking ? "Done marking" : "Mark reference"}
      </button>
      {marking && (
        <p className="eval-hint">
          Drag from the answer's first word to its last, on any page; Shift+←/→ then grow or shrink it by a
          word (with Alt: at its start).
        </p>
      )}
      {hint && <p className="eval-hint">{hint}</p>}
      <ul className="eval-draft-refs">
        {draft.references.map((r, i) => (
          <li key={`${r.start}:${r.end}:${i}`} data-testid="draft-reference-item">
            “
            {doc && doc.name === r.doc
              ? excerpt(doc.text.slice(r.start, r.end))
              : `${r.doc} ${r.start}–${r.end}`}
            ”
            <button type="button" aria-label="Remove reference" onClick={() => removeReference(i)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="eval-write-actions">
        <button
          type="button"
          data-testid="question-add"
          disabled={draft.question.trim() === "" || draft.references.length === 0}
          onClick={() => commit()}
        >
          Add question
        </button>
        <button
          type="button"
          data-testid="questions-export"
          disabled={!set || !doc}
          onClick={() => {
            const docs = useWorkbench.getState().docs.flatMap((d) => {
              const model = queryClient.getQueryData<DocModel>(queryKeys.extractOf(d));
              return model ? [model] : [];
            });
            try {
              exportSet(docs);
              setHint(null);
            } catch (err) {
              setHint(`The set could not be exported: ${uiText(err)}. Open its documents first.`);
            }
          }}
        >
          Export questions (JSONL)
        </button>
      </div>
    </div>
  );
}

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text).replace(/\s+/g, " ");

/** The offsets of the page's text selection inside the text view (whose text is the document's, in order). */
function textSelectionRange(): { start: number; end: number } | null {
  const selection = window.getSelection();
  const view = document.querySelector(".text-view");
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed || !view) return null;
  const range = selection.getRangeAt(0);
  if (!view.contains(range.startContainer) || !view.contains(range.endContainer)) return null;
  const before = document.createRange();
  before.setStart(view, 0);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  return { start, end: start + range.toString().length };
}

/** The set as JSONL, offsets into the documents as the engine resolved them. */
/**
 * The set as the workbench's JSONL, written by the set's own writer (core/eval questionSetToJsonl)
 * from the set resolved against the open documents: a Chroma CSV's code-point offsets become the
 * UTF-16 offsets JSONL holds, and each reference carries its text. Throws (a QuestionSetError) when
 * a question's document is not open: its offsets could not be checked or converted.
 */
function exportSet(docs: readonly DocModel[]): void {
  const { set, setName } = useEvaluation.getState();
  if (!set) return;
  const resolved = resolveQuestionSet(set, docs);
  downloadBlob(
    questionSetToJsonl(resolved.questions, docs),
    `${(setName ?? "questions").replace(/\.[^.]*$/, "")}.jsonl`,
    "application/x-ndjson",
  );
}
