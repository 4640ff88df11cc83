/**
 * The hover card of a chunk box. It listens on the scroll area itself (one listener for every box)
 * and keeps its own state, so moving the pointer re-renders the card and nothing else.
 */
import { useEffect, useState } from "react";
import { TOKENS_PENDING } from "../../core/chunk";
import type { StyleWithVars } from "./cssVars";
import { chunkIdsAtPoint, isChunkBox } from "./hitTest";
import { chunkHue } from "./palette";
import { firstWords, pageCitation, type ChunksById } from "./pageBoxes";

interface ChunkTooltipProps {
  scrollEl: HTMLElement | null;
  chunksById: ChunksById;
}

interface Hover {
  ids: string[];
  x: number;
  y: number;
}

const WORDS = 12;
/** Distance between the pointer and the card, and the card's assumed size when flipping it. */
const OFFSET = 14;
const CARD_WIDTH = 340;
const CARD_HEIGHT = 120;

export function ChunkTooltip({ scrollEl, chunksById }: ChunkTooltipProps) {
  const [hover, setHover] = useState<Hover | null>(null);

  useEffect(() => {
    if (!scrollEl) return;
    let frame = 0;
    let last: PointerEvent | null = null;
    const update = () => {
      frame = 0;
      if (!last) return;
      const { clientX: x, clientY: y, target } = last;
      const ids = isChunkBox(target) ? chunkIdsAtPoint(x, y) : [];
      setHover(ids.length > 0 ? { ids, x, y } : null);
    };
    const onMove = (event: PointerEvent) => {
      last = event;
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    // Scrolling moves the boxes under a still pointer; the card would describe the wrong one.
    const hide = () => {
      last = null;
      setHover(null);
    };
    scrollEl.addEventListener("pointermove", onMove);
    scrollEl.addEventListener("pointerleave", hide);
    scrollEl.addEventListener("scroll", hide, { passive: true });
    return () => {
      scrollEl.removeEventListener("pointermove", onMove);
      scrollEl.removeEventListener("pointerleave", hide);
      scrollEl.removeEventListener("scroll", hide);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [scrollEl]);

  if (!hover) return null;
  const [firstId, ...otherIds] = hover.ids;
  const chunk = firstId === undefined ? undefined : chunksById.get(firstId);
  if (!chunk) return null;

  const left =
    hover.x + OFFSET + CARD_WIDTH > window.innerWidth ? hover.x - OFFSET - CARD_WIDTH : hover.x + OFFSET;
  const top =
    hover.y + OFFSET + CARD_HEIGHT > window.innerHeight ? hover.y - OFFSET - CARD_HEIGHT : hover.y + OFFSET;
  const style: StyleWithVars = {
    left: Math.max(4, left),
    top: Math.max(4, top),
    "--hue": chunkHue(chunk.index),
  };
  const citation = pageCitation(chunk.pages);

  return (
    <div className="chunk-tooltip" role="tooltip" data-testid="bbox-tooltip" style={style}>
      <div className="chunk-tooltip__head">
        <span className="chunk-tooltip__swatch" />
        <span className="chunk-tooltip__id">{chunk.id}</span>
      </div>
      <div className="chunk-tooltip__meta">
        {chunk.level && `${chunk.level} · `}
        {chunk.tokens === TOKENS_PENDING ? "counting tokens…" : `${chunk.tokens} tokens`}
        {citation && ` · ${citation}`}
        {chunk.flags.length > 0 && ` · ${chunk.flags.join(", ")}`}
      </div>
      <div className="chunk-tooltip__text">{firstWords(chunk.text, WORDS)}</div>
      {otherIds.length > 0 && (
        <div className="chunk-tooltip__also">Also here: {otherIds.join(", ")} (click again to cycle)</div>
      )}
    </div>
  );
}
