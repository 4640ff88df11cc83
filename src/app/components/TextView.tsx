/** Markdown and plain-text documents have no pages: their text, with the selected chunk marked. */
import { useEffect, useRef } from "react";
import type { Chunk } from "../../core/chunk";
import type { DocModel } from "../../core/document";

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
  useEffect(() => {
    mark.current?.scrollIntoView({ block: "center" });
  }, [selected]);
  if (!selected) return <pre className="text-view">{doc.text}</pre>;
  return (
    <pre className="text-view">
      {doc.text.slice(0, selected.start)}
      <mark ref={mark} data-chunk-id={selected.id}>
        {doc.text.slice(selected.start, selected.end)}
      </mark>
      {doc.text.slice(selected.end)}
    </pre>
  );
}
