/** What the selected question draws, handed to the page overlays and the text view. */
import { useEffect } from "react";
import type { Chunk } from "../../../core/chunk";
import type { DocModel } from "../../../core/document";
import { cite } from "../../../core/citations";
import type { EvaluationResult } from "../../../host/evaluation";
import { groupByPage, useEvalMarks, type EvalBox, type EvalRange } from "../../state/evalMarks";
import { useEvaluation } from "../../state/evaluation";
import { useWorkbench } from "../../state/store";

/** The selected question's references and retrieved chunks, for the page overlays and the text view. */
export function useEvalDrawing(
  doc: DocModel | undefined,
  chunks: readonly Chunk[],
  result: EvaluationResult | undefined,
) {
  const selected = useEvaluation((s) => s.selectedQuestion);
  useEffect(() => {
    const index = result?.questions.findIndex((q) => q.id === selected) ?? -1;
    if (!doc || !result || index < 0) {
      useEvalMarks.setState({ byPage: null, ranges: [], retrievedIds: null });
      return;
    }
    const question = result.questions[index]!;
    const refs = result.references[index]!.filter((r) => r.docId === doc.id);
    const boxes: EvalBox[] = refs.flatMap((r) => r.boxes.map((b) => ({ ...b, kind: "reference" as const })));
    const ranges: EvalRange[] = refs.map((r) => ({ start: r.start, end: r.end, kind: "reference" }));
    const byId = new Map(chunks.map((c) => [c.id, c]));
    question.retrieved.forEach((r, rank) => {
      if (r.doc !== doc.name) return;
      const chunk = byId.get(r.chunk_id);
      const hit = refs.some((e) => Math.min(e.end, r.end) - Math.max(e.start, r.start) > 0);
      const kind = hit ? ("hit" as const) : ("miss" as const);
      const chunkBoxes = chunk ? chunk.boxes : cite(doc, r.start, r.end).boxes;
      chunkBoxes.forEach((b, i) =>
        boxes.push({ ...b, kind, chunkId: r.chunk_id, ...(i === 0 ? { rank: rank + 1 } : {}) }),
      );
      ranges.push({ start: r.start, end: r.end, kind, rank: rank + 1 });
    });
    // Once the question's document and its chunks are on screen: scroll to the first reference.
    const evaluation = useEvaluation.getState();
    const first = refs[0];
    const holder = first && chunks.find((c) => c.start <= first.start && first.start < c.end);
    if (evaluation.scrollPending && holder) {
      evaluation.scrolled();
      useWorkbench.getState().selectChunk(holder.id, true);
    }
    useEvalMarks.setState({
      byPage: groupByPage(boxes),
      ranges,
      retrievedIds: new Set(question.retrieved.filter((r) => r.doc === doc.name).map((r) => r.chunk_id)),
    });
  }, [doc, chunks, result, selected]);
  useEffect(() => () => useEvalMarks.setState({ byPage: null, ranges: [], retrievedIds: null }), []);
}
