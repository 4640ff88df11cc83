/**
 * The chunks of the current run, virtualized: index, id, level, tokens, page citation, a preview,
 * flags (each explained in its tooltip) and — for the selected chunk — its marks as chips; a text
 * filter; click selects and scrolls the viewer; ↑/↓ move the selection.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef } from "react";
import type { Chunk, ChunkMark } from "../../core/chunk";
import { filterChunks, normalizeNeedle, previewParts } from "../state/chunkFilter";
import { firstChunkOnPage, usePageInView } from "../state/pageInView";
import { useWorkbench } from "../state/store";
import { FLAG_DEFINITIONS, type QualityFlag } from "../../core/quality/definitions";
import { chunkSizeIn, type SizeUnit, UNIT_ABBREVIATION } from "../../core/quality/sizeRules";
import { flagTitle } from "../viewer/chunkFlags";
import { markKindClass, pageCitation } from "../viewer/pageBoxes";

const NO_QUALITY_FLAGS: readonly (readonly string[])[] = [];
const NO_FLAGS: readonly string[] = [];

/** Chips beyond this many are summarised: an entity-dense chunk can carry hundreds of marks. */
const MAX_CHIPS = 30;

export function ChunkList({
  chunks,
  colorOf,
  qualityFlags = NO_QUALITY_FLAGS,
  unit = "tokens",
}: {
  /** The unit the chunker measures its sizes in: each item's size is shown in it. */
  unit?: SizeUnit;
  chunks: readonly Chunk[];
  colorOf(chunk: Chunk): string;
  /** The workbench's own findings per chunk (core/quality), by chunk index; shown beside the chunker's flags. */
  qualityFlags?: readonly (readonly string[])[];
}) {
  const filter = useWorkbench((s) => s.filter);
  const setFilter = useWorkbench((s) => s.setFilter);
  const selectedId = useWorkbench((s) => s.selectedChunkId);
  const selectChunk = useWorkbench((s) => s.selectChunk);
  const scroller = useRef<HTMLDivElement>(null);

  const visible = useMemo(() => filterChunks(chunks, filter, qualityFlags), [chunks, filter, qualityFlags]);
  const needle = normalizeNeedle(filter);

  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 76,
    overscan: 8,
  });

  const selectedIndex = useMemo(
    () => (selectedId === null ? -1 : visible.findIndex((c) => c.id === selectedId)),
    [visible, selectedId],
  );
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: "auto" });
  }, [selectedIndex, virtualizer]);

  // The list follows the page in view — unless the pointer is on the list (its reader is reading
  // it) or the selected chunk is on that page (the page came to it: the list already shows it).
  const pageInView = usePageInView((s) => s.page);
  const pointerOnList = useRef(false);
  useEffect(() => {
    if (pageInView === null || pointerOnList.current) return;
    const selected = selectedIndex >= 0 ? visible[selectedIndex] : undefined;
    if (selected?.pages.includes(pageInView)) return;
    const index = firstChunkOnPage(visible, pageInView);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: "start" });
    // Only a new page moves the list: a new selection or run is the selection effect's to show.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageInView]);

  const move = (delta: number) => {
    if (visible.length === 0) return;
    const next = Math.min(
      visible.length - 1,
      Math.max(0, (selectedIndex < 0 ? (delta > 0 ? -1 : visible.length) : selectedIndex) + delta),
    );
    selectChunk(visible[next]!.id, true);
  };

  return (
    <section className="panel chunk-list-panel" aria-label="Chunks">
      <input
        className="chunk-filter"
        data-testid="chunk-filter"
        type="search"
        placeholder={`Filter ${chunks.length} chunks…`}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        aria-label="Filter chunks"
      />
      <div
        ref={scroller}
        className="chunk-list"
        data-testid="chunk-list"
        role="listbox"
        aria-label="Chunks of the current run"
        tabIndex={0}
        aria-activedescendant={selectedId ? `chunk-item-${selectedId}` : undefined}
        onPointerEnter={() => (pointerOnList.current = true)}
        onPointerLeave={() => (pointerOnList.current = false)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            move(e.key === "ArrowDown" ? 1 : -1);
          }
        }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((row) => {
            const chunk = visible[row.index]!;
            return (
              <div
                key={chunk.id}
                id={`chunk-item-${chunk.id}`}
                ref={virtualizer.measureElement}
                data-index={row.index}
                data-testid="chunk-item"
                data-chunk-id={chunk.id}
                data-pages={chunk.pages.join(",")}
                data-level={chunk.level}
                role="option"
                aria-selected={chunk.id === selectedId}
                className={`chunk-item${chunk.id === selectedId ? " selected" : ""}`}
                style={{ transform: `translateY(${row.start}px)`, borderLeftColor: colorOf(chunk) }}
                onClick={() => selectChunk(chunk.id, true)}
              >
                <div className="chunk-head">
                  <span className="chunk-index">#{chunk.index}</span>
                  {chunk.level && (
                    <span
                      className={`chunk-level chunk-level--${chunk.level}`}
                      title={
                        chunk.level === "child" && chunk.parentId
                          ? `Child of ${chunk.parentId}`
                          : "Parent: its children split it further"
                      }
                    >
                      {chunk.level}
                    </span>
                  )}
                  <span className="chunk-id">{chunk.id}</span>
                  <span className="chunk-tokens">
                    {chunkSizeIn(chunk, unit)} {UNIT_ABBREVIATION[unit]}
                  </span>
                  <span className="chunk-pages">{pageCitation(chunk.pages)}</span>
                </div>
                <div className="chunk-preview">
                  {previewParts(chunk.text.slice(chunk.prefixChars), needle).map((part, k) =>
                    part.match ? <mark key={k}>{part.text}</mark> : <span key={k}>{part.text}</span>,
                  )}
                </div>
                {(chunk.flags.length > 0 ||
                  (qualityFlags[chunk.index]?.length ?? 0) > 0 ||
                  (chunk.marks?.length ?? 0) > 0) && (
                  <div className="chunk-flags">
                    {chunk.flags.map((f) => (
                      <span
                        key={f}
                        className="flag"
                        data-testid="chunk-flag"
                        data-flag={f}
                        title={flagTitle(f)}
                      >
                        {f}
                      </span>
                    ))}
                    {(qualityFlags[chunk.index] ?? NO_FLAGS)
                      .filter((f) => !chunk.flags.includes(f))
                      .map((f) => (
                        <span
                          key={`q-${f}`}
                          className="flag flag--quality"
                          data-testid="chunk-flag"
                          data-flag={f}
                          data-source="quality"
                          title={`Workbench check: this chunk ${qualityFlagTitle(f)}.`}
                        >
                          {f}
                        </span>
                      ))}
                    {chunk.marks && chunk.marks.length > 0 && chunk.id !== selectedId && (
                      <span className="mark-count" title="Select the chunk to see its marks on the page">
                        {chunk.marks.length} mark{chunk.marks.length === 1 ? "" : "s"}
                      </span>
                    )}
                  </div>
                )}
                {chunk.id === selectedId && chunk.marks && chunk.marks.length > 0 && (
                  <MarkChips marks={chunk.marks} />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

function MarkChips({ marks }: { marks: readonly ChunkMark[] }) {
  const shown = marks.slice(0, MAX_CHIPS);
  return (
    <div className="mark-chips" aria-label="Marks of this chunk">
      {shown.map((mark, i) => (
        <span
          // Marks may repeat a label (one entity mentioned twice); the index is stable per chunk.
          key={i}
          className={`mark-chip mark-chip--${markKindClass(mark.kind)}`}
          data-testid="mark-chip"
          data-kind={mark.kind}
          title={`${mark.kind}${mark.boxes.length === 0 ? " (not on a page)" : ""}`}
        >
          {mark.label}
        </span>
      ))}
      {marks.length > shown.length && (
        <span className="mark-chip-more">+{marks.length - shown.length} more</span>
      )}
    </div>
  );
}

function qualityFlagTitle(flag: string): string {
  return FLAG_DEFINITIONS[flag as QualityFlag] ?? flag.replace(/-/g, " ");
}
