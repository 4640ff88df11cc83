/** The run's chunk sizes in the unit the chunker works in (tokens, characters, bytes), under the run summary. */
import { memo, useDeferredValue, useMemo } from "react";
import { BarHistogram } from "../charts/BarHistogram";
import type { Chunk } from "../../core/chunk";
import { extent } from "../../core/extent";
import { chunkSizeIn, type SizeUnit } from "../../core/quality/sizeRules";

const BINS = 16;

/**
 * Drawn after the run's boxes and list (a deferred value): a chart redraw must never delay the
 * run a user is waiting to see, nor re-render on changes that are not a new run.
 */
export const TokenHistogram = memo(function TokenHistogram({
  chunks: latest,
  unit,
}: {
  chunks: readonly Chunk[];
  unit: SizeUnit;
}) {
  const chunks = useDeferredValue(latest);
  const bins = useMemo(() => {
    const counts = chunks.map((c) => chunkSizeIn(c, unit));
    const max = Math.max(extent(counts)?.max ?? 1, 1);
    const width = Math.max(1, Math.ceil(max / BINS));
    const counted = Array.from({ length: Math.ceil((max + 1) / width) }, () => 0);
    for (const n of counts) counted[Math.floor(n / width)]!++;
    return counted.map((count, i) => ({
      label: String(i * width),
      count,
      title: `${i * width}–${(i + 1) * width - 1} ${unit}: ${count} chunk${count === 1 ? "" : "s"}`,
    }));
  }, [chunks, unit]);
  return (
    <figure className="histogram" aria-label={`Chunk sizes in ${unit}`}>
      <figcaption>Chunk sizes ({unit})</figcaption>
      {/* A fixed size: the sidebar's width is fixed. */}
      <BarHistogram bins={bins} width={258} height={120} />
    </figure>
  );
});
