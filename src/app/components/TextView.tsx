/**
 * Markdown and plain-text documents have no pages: their text, with the selected chunk marked and,
 * when a question is selected (evaluation), its references and retrieved chunks.
 */
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import type { Chunk } from "../../core/chunk";
import type { DocModel } from "../../core/document";
import { useEvalMarks, type EvalRange } from "../state/evalMarks";

export function TextView({
  doc,
  chunks,
  selectedChunkId,
}: {
  doc: DocModel;
  chunks: readonly Chunk[];
  selectedChunkId: string | null;
}) {
  const mark = useRef<HTMLElement>(null);
  const selected = chunks.find((c) => c.id === selectedChunkId);
  const evalRanges = useEvalMarks((s) => s.ranges);
  useEffect(() => {
    mark.current?.scrollIntoView({ block: "center" });
  }, [selected]);
  const body = useMemo(() => {
    if (evalRanges.length > 0) return evalSegments(doc.text, evalRanges);
    if (!selected) return doc.text;
    return [
      doc.text.slice(0, selected.start),
      <mark key="selected" ref={mark} data-chunk-id={selected.id}>
        {doc.text.slice(selected.start, selected.end)}
      </mark>,
      doc.text.slice(selected.end),
    ];
  }, [doc.text, evalRanges, selected]);
  return <pre className="text-view">{body}</pre>;
}

/**
 * The text cut at every range's ends; each piece covered by a reference or a retrieved chunk is
 * wrapped with what covers it (the text stays whole and in order, so selections map to offsets).
 */
function evalSegments(text: string, ranges: readonly EvalRange[]): ReactNode[] {
  const cuts = [...new Set([0, text.length, ...ranges.flatMap((r) => [r.start, r.end])])].sort(
    (a, b) => a - b,
  );
  const out: ReactNode[] = [];
  let referenceSeen = false;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [from, to] = [cuts[i]!, cuts[i + 1]!];
    const piece = text.slice(from, to);
    const over = ranges.filter((r) => r.start <= from && to <= r.end);
    if (over.length === 0) {
      out.push(piece);
      continue;
    }
    const reference = over.some((r) => r.kind === "reference");
    const retrieved = over.find((r) => r.kind !== "reference");
    const firstOfChunk = retrieved && retrieved.start === from;
    const firstReference = reference && !referenceSeen;
    if (reference) referenceSeen = true;
    out.push(
      <span
        key={from}
        className={`text-eval${reference ? " eval-box--reference" : ""}${retrieved ? ` text-eval--${retrieved.kind}` : ""}${firstOfChunk ? " text-eval--first" : ""}`}
        {...(reference ? { "data-testid": "reference-box" } : {})}
        {...(retrieved ? { "data-kind": retrieved.kind, "data-rank": retrieved.rank } : {})}
        ref={firstReference ? scrollIntoView : undefined}
      >
        {piece}
      </span>,
    );
  }
  return out;
}

const scrollIntoView = (el: HTMLElement | null) => el?.scrollIntoView({ block: "center" });
