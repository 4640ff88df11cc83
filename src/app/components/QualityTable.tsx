/**
 * The chunks with their quality findings, one row each: sortable by any column (a click on a
 * header sorts, a second click reverses), virtualized so a 4,000-chunk run draws only what is in
 * view, a click on a row selects the chunk (the viewer scrolls to it, as from the chunk list).
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef, useState } from "react";
import type { Chunk } from "../../core/chunk";
import { FLAG_DEFINITIONS, type QualityFlag } from "../../core/quality/definitions";
import type { ChunkQuality } from "../../core/quality/runQuality";
import { useWorkbench } from "../state/store";

type SortKey = "index" | "id" | "size" | "tokens" | "pages" | "ends" | "flags";

interface Column {
  key: SortKey;
  label: string;
  title: string;
}

const ROW_HEIGHT = 24;

/** One letter per flag, so the flags fit a sidebar column; the legend and the tooltip spell them out. */
const FLAG_CODE: Record<QualityFlag, string> = {
  "mid-sentence-cut": "S",
  "mid-word-cut": "W",
  "orphan-heading": "H",
  "under-min": "<",
  "over-max": ">",
  "over-embedding-limit": "E",
  "table-of-contents": "T",
};

export function QualityTable({ chunks, rows }: { chunks: readonly Chunk[]; rows: readonly ChunkQuality[] }) {
  const selectedId = useWorkbench((s) => s.selectedChunkId);
  const selectChunk = useWorkbench((s) => s.selectChunk);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: "index", desc: false });
  const scroller = useRef<HTMLDivElement>(null);
  const unit = rows[0]?.unit ?? "tokens";

  const columns: Column[] = [
    { key: "index", label: "#", title: "Chunk index in the run" },
    { key: "id", label: "id", title: "Chunk id" },
    ...(unit !== "tokens"
      ? [{ key: "size" as const, label: unit, title: `Size in ${unit} (the chunker's unit)` }]
      : []),
    { key: "tokens", label: "tok", title: "Tokens of the chunk text" },
    { key: "pages", label: "pg", title: "Pages cited (sorted by first page)" },
    { key: "ends", label: "end", title: "Ends at a sentence end" },
    { key: "flags", label: "flags", title: "Quality flags (sorted by count)" },
  ];

  const order = useMemo(() => {
    const n = Math.min(chunks.length, rows.length);
    // Run order needs no sort (a comparator sort of 150,000 rows is ~100 ms on the main thread).
    if (sort.key === "index") return Array.from({ length: n }, (_, i) => (sort.desc ? n - 1 - i : i));
    const value = (i: number): number | string => {
      const c = chunks[i]!;
      const q = rows[i]!;
      switch (sort.key) {
        case "index":
          return c.index;
        case "id":
          return c.id;
        case "size":
          return q.size;
        case "tokens":
          return c.tokens;
        case "pages":
          return c.pages[0] ?? Infinity;
        case "ends":
          return q.endsAtSentence ? 1 : 0;
        case "flags":
          return q.flags.length;
      }
    };
    const keys = Array.from({ length: n }, (_, i) => value(i));
    const idx = keys.map((_, i) => i);
    const sign = sort.desc ? -1 : 1;
    // Ties keep run order, so a sort by flags lists the flagged chunks in document order.
    idx.sort((a, b) => {
      const x = keys[a]!;
      const y = keys[b]!;
      const c = typeof x === "string" ? x.localeCompare(y as string) : x - (y as number);
      return c !== 0 ? sign * c : a - b;
    });
    return idx;
  }, [chunks, rows, sort]);

  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  const selectedRow = useMemo(
    () => (selectedId === null ? -1 : order.findIndex((i) => chunks[i]!.id === selectedId)),
    [order, chunks, selectedId],
  );
  useEffect(() => {
    if (selectedRow >= 0) virtualizer.scrollToIndex(selectedRow, { align: "auto" });
  }, [selectedRow, virtualizer]);

  const grid = columns.map((c) => COLUMN_WIDTH[c.key]).join(" ");
  return (
    <div className="quality-table" role="table" aria-label="Chunk quality" aria-rowcount={order.length + 1}>
      <div className="quality-row quality-head" role="row" style={{ gridTemplateColumns: grid }}>
        {columns.map((c) => (
          <span
            key={c.key}
            role="columnheader"
            aria-sort={sort.key === c.key ? (sort.desc ? "descending" : "ascending") : "none"}
          >
            <button
              type="button"
              data-testid={`quality-sort-${c.key}`}
              title={c.title}
              onClick={() => setSort((s) => ({ key: c.key, desc: s.key === c.key ? !s.desc : false }))}
            >
              {c.label}
              {sort.key === c.key ? (sort.desc ? " ▾" : " ▴") : ""}
            </button>
          </span>
        ))}
      </div>
      <div
        ref={scroller}
        className="quality-rows"
        role="rowgroup"
        // Focusable, so the rows are reached by keyboard: ↑ ↓ Home End select as a click does.
        tabIndex={0}
        onKeyDown={(e) => {
          const to = keyTarget(e.key, selectedRow, order.length);
          if (to === null) return;
          e.preventDefault();
          selectChunk(chunks[order[to]!]!.id, true);
        }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((v) => {
            const i = order[v.index]!;
            const c = chunks[i]!;
            const q = rows[i]!;
            const selected = c.id === selectedId;
            return (
              <div
                key={c.id}
                role="row"
                aria-rowindex={v.index + 2}
                aria-selected={selected}
                data-testid="quality-row"
                data-chunk-id={c.id}
                className={`quality-row${selected ? " selected" : ""}`}
                style={{
                  gridTemplateColumns: grid,
                  height: ROW_HEIGHT,
                  transform: `translateY(${v.start}px)`,
                }}
                onClick={() => selectChunk(c.id, true)}
              >
                <span role="cell">{c.index}</span>
                <span role="cell" className="quality-id" title={c.id}>
                  <bdi>{c.id}</bdi>
                </span>
                {unit !== "tokens" && <span role="cell">{q.size}</span>}
                <span role="cell" data-col="tokens">
                  {c.tokens}
                </span>
                <span role="cell">{pageSpan(c.pages)}</span>
                <span
                  role="cell"
                  title={q.endsAtSentence ? "ends at a sentence end" : "does not end a sentence"}
                >
                  {q.endsAtSentence ? "✓" : "✗"}
                </span>
                <span role="cell" className="quality-flags" title={q.flags.join(", ")}>
                  {q.flags.map((f) => FLAG_CODE[f]).join("")}
                </span>
              </div>
            );
          })}
        </div>
      </div>
      <p className="quality-legend">
        {(Object.keys(FLAG_CODE) as QualityFlag[]).map((f) => (
          <span key={f} title={FLAG_DEFINITIONS[f]}>
            <b>{FLAG_CODE[f]}</b> {f}
          </span>
        ))}
      </p>
    </div>
  );
}

const COLUMN_WIDTH: Record<SortKey, string> = {
  index: "26px",
  id: "minmax(0, 1fr)",
  size: "36px",
  tokens: "30px",
  pages: "34px",
  ends: "22px",
  flags: "30px",
};

function pageSpan(pages: readonly number[]): string {
  if (pages.length === 0) return "";
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  return first === last ? String(first) : `${first}–${last}`;
}

/** The row a key moves the selection to (in the table's order), or null for a key that does not move it. */
function keyTarget(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  switch (key) {
    case "ArrowDown":
      return current < 0 ? 0 : Math.min(last, current + 1);
    case "ArrowUp":
      return current < 0 ? last : Math.max(0, current - 1);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}
