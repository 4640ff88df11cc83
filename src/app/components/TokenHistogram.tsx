/** The run's chunk sizes in tokens, as a histogram under the run summary. */
import { memo, useDeferredValue, useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { Chunk } from "../../core/chunk";

const BINS = 16;

/**
 * Drawn after the run's boxes and list (a deferred value): a chart redraw must never delay the
 * run a user is waiting to see, nor re-render on changes that are not a new run.
 */
export const TokenHistogram = memo(function TokenHistogram({ chunks: latest }: { chunks: readonly Chunk[] }) {
  const chunks = useDeferredValue(latest);
  const bins = useMemo(() => {
    const counts = chunks.map((c) => c.tokens);
    const max = Math.max(...counts, 1);
    const width = Math.max(1, Math.ceil(max / BINS));
    const out = Array.from({ length: Math.ceil((max + 1) / width) }, (_, i) => ({
      range: `${i * width}–${(i + 1) * width - 1}`,
      from: i * width,
      chunks: 0,
    }));
    for (const n of counts) out[Math.floor(n / width)]!.chunks++;
    return out;
  }, [chunks]);
  return (
    <figure className="histogram" aria-label="Chunk sizes in tokens">
      <figcaption>Chunk sizes (tokens)</figcaption>
      {/* A fixed size: the sidebar's width is fixed, and a responsive container measures the
          page's layout on every redraw. */}
      <BarChart width={258} height={120} data={bins} margin={{ top: 4, right: 4, bottom: 0, left: -24 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="from" tick={{ fontSize: 10 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 10 }} />
        <Tooltip
          formatter={(v) => [v, "chunks"]}
          labelFormatter={(_, p) => `${p[0]?.payload?.range ?? ""} tokens`}
        />
        <Bar dataKey="chunks" fill="#4c6ef5" isAnimationActive={false} />
      </BarChart>
    </figure>
  );
});
