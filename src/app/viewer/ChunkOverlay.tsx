/**
 * The chunk layer of one page: one absolutely positioned box per chunk line, in page points. Each
 * box carries its rectangle as CSS variables and viewer.css multiplies them by `--scale` (set once
 * on the page list), so a zoom restyles the boxes without re-rendering them. A parent/child run's
 * parents are outlines and its children fills (viewer.css keys on data-level).
 */
import { memo } from "react";
import type { StyleWithVars } from "./cssVars";
import type { PageBox } from "./pageBoxes";

interface ChunkOverlayProps {
  pageNumber: number;
  boxes: readonly PageBox[];
  selectedChunkId: string | null;
  /** The selected question's retrieved chunks (null: no question): the other boxes are dimmed. */
  questionIds?: ReadonlySet<string> | null;
}

export const ChunkOverlay = memo(function ChunkOverlay({
  pageNumber,
  boxes,
  selectedChunkId,
  questionIds = null,
}: ChunkOverlayProps) {
  const className = selectedChunkId === null ? "chunk-overlay" : "chunk-overlay chunk-overlay--has-selection";
  return (
    <div className={className}>
      {boxes.map((box, i) => {
        const style: StyleWithVars = {
          "--x0": box.x0,
          "--y0": box.y0,
          "--x1": box.x1,
          "--y1": box.y1,
          "--hue": box.hue,
        };
        return (
          <div
            // A chunk can have two boxes on one line of a page only if citations split it; the
            // index keeps keys unique and is stable for a given run.
            key={i}
            className={
              (box.chunkId === selectedChunkId ? "bbox bbox--selected" : "bbox") +
              (questionIds && !questionIds.has(box.chunkId) ? " bbox--not-question" : "")
            }
            data-testid="bbox"
            data-chunk-id={box.chunkId}
            data-page={pageNumber}
            data-level={box.level}
            style={style}
          />
        );
      })}
    </div>
  );
});
