/**
 * The sweep's scatter plot (DESIGN §9, `sweep-chart`): one `sweep-point` per finished point — recall
 * against tokens retrieved per question, or the quality score against mean tokens — coloured by
 * chunker, the Pareto front drawn as a line through its points. recharts draws the axes, the grid
 * and the front's line; the points are our own layer placed with recharts' axis scales, one memoized
 * element per point: a sweep of thousands redraws only what changed (recharts' own Scatter took up
 * to a second of main thread per redraw at 5,000 points, and the pool's dispatch waits on the main
 * thread). Each point carries its chunker and config, names them on hover, and applies them on
 * click (shift: to compare's B). Loaded after the first paint, like the other recharts charts.
 */
import { extent } from "../../core/extent";
import type { PointRetrieval } from "../../core/sweep/space";
import { memo, useState } from "react";
import {
  CartesianGrid,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  XAxis,
  YAxis,
  useXAxisScale,
  useYAxisScale,
} from "recharts";
import type { Objective } from "../state/sweepTable";
import { useClientWidth } from "../viewer/useClientWidth";

export interface SweepChartPoint {
  index: number;
  chunker: string;
  config: Record<string, unknown>;
  /** Cost: tokens retrieved per question, or mean tokens per chunk. */
  x: number;
  /** Objective: recall, or the quality score. */
  y: number;
  color: string;
  /** The hover text: the point, its config and its scores. */
  title: string;
  /** The point's own retrieval, when the space varies it. */
  retrieval?: PointRetrieval | undefined;
  /** Its config as JSON (data-config), written once. */
  configJson: string;
}

type Pick = (point: SweepChartPoint, toB: boolean) => void;

interface SweepChartProps {
  points: readonly SweepChartPoint[];
  /** Indices of the points on the Pareto front. */
  front: ReadonlySet<number>;
  /** Indices of the points the question set cannot tell from the front (core/sweep/result nearFront). */
  near: ReadonlySet<number>;
  objective: Objective;
  k: number | null;
  onPick: Pick;
}

const HEIGHT = 220;
const MARGIN = { top: 8, right: 10, bottom: 18, left: 0 };
const FRONT_COLOR = "#111827";

/**
 * The y range: the points' own with a margin, on 5 % marks inside 0–100 % (both objectives are
 * shares), so it moves rarely as lines come in — a new range redraws every point.
 */
function yScale(points: readonly SweepChartPoint[]): { domain: [number, number]; format(v: number): string } {
  const { min: lo, max: hi } = extent(points.map((p) => p.y)) ?? { min: 0, max: 1 };
  const domain: [number, number] = [
    Math.max(0, Math.floor((lo - 0.02) * 20) / 20),
    Math.min(1, Math.ceil((hi + 0.02) * 20) / 20),
  ];
  const decimals = domain[1] - domain[0] <= 0.1 ? 1 : 0;
  return { domain, format: (v) => `${(v * 100).toFixed(decimals)}%` };
}

/** The x range: the points' costs with a margin, on round marks (half a power of ten) for the same reason. */
function xDomain(points: readonly SweepChartPoint[]): [number, number] {
  const { min: lo, max: hi } = extent(points.map((p) => p.x)) ?? { min: 0, max: 1 };
  const pad = Math.max(1, (hi - lo) * 0.05);
  const unit = 10 ** Math.floor(Math.log10(hi - lo + 2 * pad)) / 2;
  return [Math.max(0, Math.floor((lo - pad) / unit) * unit), Math.ceil((hi + pad) / unit) * unit];
}

const formatTokens = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(1)}k` : String(Math.round(v)));

/** As many x ticks as fit their labels ("12.5k" at 10 px is ~28 px wide; 64 px apart never touch). */
const TICK_SPACING_PX = 64;

export const SweepChart = memo(function SweepChart({
  points,
  front,
  near,
  objective,
  k,
  onPick,
}: SweepChartProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const width = useClientWidth(box);
  const xTickCount = Math.max(2, Math.min(10, Math.floor((width - 54) / TICK_SPACING_PX)));
  // The front as a line from the cheapest point to the best: recharts joins a Scatter's points in data order.
  const frontLine = points.filter((p) => front.has(p.index)).sort((a, b) => a.x - b.x || a.y - b.y);
  const xLabel = objective === "recall" ? "tokens retrieved per question" : "mean tokens per chunk";
  const yLabel = objective === "recall" ? `recall${k ? `@${k}` : ""}` : "quality score";
  const y = yScale(points);
  return (
    <div ref={setBox} className="sweep-chart-box">
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <ScatterChart
          margin={MARGIN}
          title={`Sweep: ${yLabel} against ${xLabel}; the Pareto front is the dark line`}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="x"
            name={xLabel}
            domain={xDomain(points)}
            tick={{ fontSize: 10 }}
            // Every tick drawn: recharts otherwise measures each label in the DOM to drop overlapping
            // ones, a forced layout of the page on every redraw of a running sweep (~35 ms).
            interval={0}
            tickCount={xTickCount}
            tickFormatter={formatTokens}
            label={{ value: xLabel, position: "insideBottom", offset: -10, fontSize: 10 }}
          />
          <YAxis
            type="number"
            dataKey="y"
            name={yLabel}
            domain={y.domain}
            width={44}
            tick={{ fontSize: 10 }}
            interval={0}
            tickFormatter={y.format}
          />
          <Scatter
            data={frontLine}
            line={{ stroke: FRONT_COLOR, strokeWidth: 1.5 }}
            lineType="joint"
            // The front's points are drawn by the points layer: this series is only its line.
            shape={() => <g />}
            isAnimationActive={false}
            legendType="none"
          />
          <PointsLayer points={points} front={front} near={near} onPick={onPick} />
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
});

/** Every point as a circle at recharts' scales; the front's drawn last, so on top. */
function PointsLayer({
  points,
  front,
  near,
  onPick,
}: {
  points: readonly SweepChartPoint[];
  front: ReadonlySet<number>;
  near: ReadonlySet<number>;
  onPick: Pick;
}) {
  const xScale = useXAxisScale();
  const yScaleFn = useYAxisScale();
  if (!xScale || !yScaleFn) return null;
  const ordered = [...points.filter((p) => !front.has(p.index)), ...points.filter((p) => front.has(p.index))];
  return (
    <g className="sweep-points">
      {ordered.map((p) => {
        const cx = xScale(p.x);
        const cy = yScaleFn(p.y);
        if (cx === undefined || cy === undefined) return null;
        const pareto = front.has(p.index);
        return (
          <SweepPointMark
            key={p.index}
            point={p}
            cx={cx}
            cy={cy}
            pareto={pareto}
            nearFront={near.has(p.index)}
            onPick={onPick}
          />
        );
      })}
    </g>
  );
}

const SweepPointMark = memo(function SweepPointMark({
  point,
  cx,
  cy,
  pareto,
  nearFront,
  onPick,
}: {
  point: SweepChartPoint;
  cx: number;
  cy: number;
  pareto: boolean;
  nearFront: boolean;
  onPick: Pick;
}) {
  return (
    <circle
      data-testid="sweep-point"
      data-index={point.index}
      data-chunker={point.chunker}
      data-config={point.configJson}
      data-pareto={pareto}
      data-near-front={nearFront}
      className={
        pareto
          ? "sweep-point sweep-point--front"
          : nearFront
            ? "sweep-point sweep-point--near"
            : "sweep-point"
      }
      cx={cx}
      cy={cy}
      r={pareto ? 5 : nearFront ? 4.5 : 3.5}
      fill={point.color}
      stroke={pareto || nearFront ? FRONT_COLOR : "#fff"}
      strokeWidth={pareto ? 1.5 : nearFront ? 1 : 0.5}
      strokeDasharray={nearFront ? "2 1.5" : undefined}
      onClick={(e) => onPick(point, e.shiftKey)}
    >
      <title>
        {pareto
          ? `${point.title} (on the front)`
          : nearFront
            ? `${point.title} (off the front, but its recall interval overlaps a front point's: the questions cannot tell them apart)`
            : point.title}
      </title>
    </circle>
  );
});
