/**
 * A histogram as plain SVG: bars, a few grid lines with their counts, sparse x labels, an optional
 * marker line (a target size), and a tooltip per bar through <title>. A redraw is a handful of
 * elements with no layout measuring — recharts measured the page on every run and made the longest
 * main-thread tasks of a re-chunk.
 */
import { memo } from "react";
import "./charts.css";

export interface HistogramBin {
  /** The x label under the bar (its lower edge). */
  label: string;
  count: number;
  /** The tooltip: "200–249 tokens: 12 chunks". */
  title: string;
}

const PAD = { top: 14, right: 6, bottom: 18, left: 28 };
const MAX_X_LABELS = 6;

/**
 * The plot's left edge: room for the widest count label (~6 px a digit at the tick size) — the
 * counts of a bin of 150,000 one-token chunks were cut off at the SVG's edge.
 */
export function leftPadding(topTick: number): number {
  return Math.max(PAD.left, String(topTick).length * 6 + 8);
}

export const BarHistogram = memo(function BarHistogram({
  bins,
  width,
  height,
  markerIndex,
  markerLabel,
  label,
}: {
  bins: readonly HistogramBin[];
  width: number;
  height: number;
  /** Draws a marker line at the left edge of this bin. */
  markerIndex?: number;
  markerLabel?: string;
  /** The picture's accessible name; by default every bar's title, which is all the picture says. */
  label?: string;
}) {
  const max = Math.max(1, ...bins.map((b) => b.count));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1]!;
  const left = leftPadding(top);
  const plotW = width - left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const barW = bins.length > 0 ? plotW / bins.length : plotW;
  const y = (count: number) => PAD.top + plotH - (count / top) * plotH;
  const every = Math.max(1, Math.ceil(bins.length / MAX_X_LABELS));
  return (
    <svg
      className="bar-histogram"
      width={width}
      height={height}
      role="img"
      aria-label={label ?? (bins.length === 0 ? "empty histogram" : bins.map((b) => b.title).join("; "))}
    >
      {ticks.map((t) => (
        <g key={t}>
          <line className="grid" x1={left} x2={width - PAD.right} y1={y(t)} y2={y(t)} />
          <text className="tick" x={left - 4} y={y(t) + 3} textAnchor="end">
            {t}
          </text>
        </g>
      ))}
      {bins.map((b, i) => (
        <rect
          key={i}
          className="bar"
          data-testid="histogram-bar"
          x={left + i * barW + 0.5}
          y={y(b.count)}
          width={Math.max(1, barW - 1)}
          height={PAD.top + plotH - y(b.count)}
        >
          <title>{b.title}</title>
        </rect>
      ))}
      {bins.map((b, i) =>
        i % every === 0 ? (
          <text key={i} className="tick" x={left + i * barW} y={height - 5} textAnchor="start">
            {b.label}
          </text>
        ) : null,
      )}
      {markerIndex !== undefined && markerIndex >= 0 && (
        <g data-testid="histogram-target">
          <line
            className="marker"
            x1={left + markerIndex * barW}
            x2={left + markerIndex * barW}
            y1={PAD.top}
            y2={PAD.top + plotH}
          />
          {markerLabel && (
            <text className="marker-label" x={left + markerIndex * barW} y={PAD.top - 4} textAnchor="middle">
              {markerLabel}
            </text>
          )}
        </g>
      )}
    </svg>
  );
});

/** Grid values from 0 to a round number at or above `max`: 0, step, 2·step… (at most ~4 lines). */
export function niceTicks(max: number): number[] {
  const raw = max / 3;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(1, raw)));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const ticks: number[] = [];
  for (let t = 0; t < max + step; t += step) ticks.push(t);
  return ticks;
}
