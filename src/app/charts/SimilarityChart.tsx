/**
 * The similarity curve (DESIGN §4 `similarity-chart`): adjacent similarities along the document, the
 * run's boundaries as marks on the curve, and a threshold line (`threshold-handle`) the user drags —
 * each move reports the new similarity, the owner turns it into the chunker's config and the run
 * follows. recharts draws the curve; the handle is our own element over the plot, positioned on the
 * same fixed y scale, so dragging never waits for recharts to re-layout.
 */
import { memo, useEffect, useMemo, useRef, useState } from "react";
import { Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { minMaxIndices } from "./downsample";
import "./charts.css";

export interface CurvePoint {
  value: number;
  /** What hovering this point names ("sentences 12–13"). */
  label: string;
}

export interface SimilarityChartProps {
  points: readonly CurvePoint[];
  /** Indices of points where the run placed a boundary. */
  boundaries: readonly number[];
  threshold: number | null;
  /** Null: the threshold is not on this scale and cannot be dragged; the string says why. */
  onThresholdChange: ((similarity: number) => void) | null;
  handleHint: string;
  onHoverPoint(index: number | null): void;
  onClickPoint(index: number): void;
  title: string;
}

const HEIGHT = 190;
const MARGIN = { top: 12, right: 12, bottom: 4, left: 0 };
const X_AXIS_HEIGHT = 20;
const Y_AXIS_WIDTH = 38;
const MAX_DRAWN = 900;
const MAX_DOTS = 200;
const RUG_HEIGHT = 8;

export const SimilarityChart = memo(function SimilarityChart(props: SimilarityChartProps) {
  const { points, boundaries, threshold, onThresholdChange, handleHint, title } = props;
  const lo = useMemo(() => {
    let min = 0;
    for (const p of points) if (p.value < min) min = p.value;
    return Math.floor(min * 10) / 10;
  }, [points]);
  // Few boundaries are dots on the curve; many (a late chunker at a low threshold cuts thousands of
  // gaps) are a rug under it, drawn on one canvas: thousands of SVG circles cost a redraw 200 ms.
  const dots = boundaries.length <= MAX_DOTS;
  const data = useMemo(() => {
    const values = points.map((p) => p.value);
    const boundarySet = dots ? new Set(boundaries) : null;
    return minMaxIndices(values, MAX_DRAWN, dots ? boundaries : []).map((i) => ({
      i,
      value: points[i]!.value,
      boundary: boundarySet?.has(i) ? points[i]!.value : null,
    }));
  }, [points, boundaries, dots]);

  // The dragged value shows until the run it asked for arrives with its own threshold.
  const [dragValue, setDragValue] = useState<number | null>(null);
  useEffect(() => setDragValue(null), [threshold]);
  const shown = dragValue ?? threshold;
  const plot = useRef<HTMLDivElement>(null);
  const plotTop = MARGIN.top;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom - X_AXIS_HEIGHT;
  const toY = (v: number) => plotTop + (1 - (v - lo) / (1 - lo)) * plotHeight;
  const toValue = (y: number) => Math.min(1, Math.max(lo, 1 - ((y - plotTop) / plotHeight) * (1 - lo)));

  const frame = useRef(0);
  const emit = (v: number) => {
    setDragValue(v);
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => onThresholdChange?.(Math.round(v * 1000) / 1000));
  };

  return (
    <figure className="similarity-chart" data-testid="similarity-chart" data-points={points.length}>
      <figcaption>
        {title}
        <span className="hint">
          {" "}
          · {points.length} gaps · {boundaries.length} boundaries
          {shown !== null && ` · threshold ${shown.toFixed(3)}`}
        </span>
      </figcaption>
      <div className="chart-plot" ref={plot} style={{ height: HEIGHT }}>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <LineChart
            data={data}
            margin={MARGIN}
            onMouseMove={(state) => {
              const index = state?.activeTooltipIndex;
              const row =
                typeof index === "number"
                  ? data[index]
                  : typeof index === "string"
                    ? data[Number(index)]
                    : undefined;
              props.onHoverPoint(row ? row.i : null);
            }}
            onMouseLeave={() => props.onHoverPoint(null)}
            onClick={(state) => {
              const index = state?.activeTooltipIndex;
              const row = index === undefined || index === null ? undefined : data[Number(index)];
              if (row) props.onClickPoint(row.i);
            }}
          >
            <XAxis
              dataKey="i"
              type="number"
              domain={[0, Math.max(1, points.length - 1)]}
              height={X_AXIS_HEIGHT}
              tick={{ fontSize: 10 }}
            />
            <YAxis domain={[lo, 1]} width={Y_AXIS_WIDTH} tick={{ fontSize: 10 }} allowDataOverflow />
            <Tooltip
              isAnimationActive={false}
              formatter={(value) => (typeof value === "number" ? value.toFixed(3) : String(value))}
              labelFormatter={(i) => points[Number(i)]?.label ?? ""}
            />
            <Line
              type="linear"
              dataKey="value"
              stroke="#4c6ef5"
              strokeWidth={1.2}
              dot={false}
              isAnimationActive={false}
            />
            {dots && (
              <Line
                type="linear"
                dataKey="boundary"
                stroke="none"
                dot={{ r: 2.5, fill: "#e8590c", stroke: "none" }}
                activeDot={false}
                isAnimationActive={false}
                connectNulls={false}
              />
            )}
            {shown !== null && (
              <ReferenceLine y={shown} stroke="#c92a2a" strokeDasharray="4 3" ifOverflow="extendDomain" />
            )}
          </LineChart>
        </ResponsiveContainer>
        {!dots && <BoundaryRug count={points.length} boundaries={boundaries} />}
        {shown !== null && (
          <div
            className={`threshold-handle${onThresholdChange ? "" : " disabled"}`}
            data-testid="threshold-handle"
            role="slider"
            tabIndex={0}
            aria-label="Similarity threshold"
            aria-valuemin={lo}
            aria-valuemax={1}
            aria-valuenow={shown}
            aria-disabled={!onThresholdChange}
            title={handleHint}
            style={{ top: toY(shown) - 6, left: Y_AXIS_WIDTH, right: MARGIN.right }}
            onPointerDown={(e) => {
              if (!onThresholdChange) return;
              e.currentTarget.setPointerCapture(e.pointerId);
              e.preventDefault();
            }}
            onPointerMove={(e) => {
              if (!onThresholdChange || !e.currentTarget.hasPointerCapture(e.pointerId)) return;
              const box = plot.current!.getBoundingClientRect();
              emit(toValue(e.clientY - box.top));
            }}
            onPointerUp={(e) => {
              if (e.currentTarget.hasPointerCapture(e.pointerId))
                e.currentTarget.releasePointerCapture(e.pointerId);
            }}
            onKeyDown={(e) => {
              if (!onThresholdChange || shown === null) return;
              const step = e.shiftKey ? 0.05 : 0.01;
              if (e.key === "ArrowUp") emit(Math.min(1, shown + step));
              else if (e.key === "ArrowDown") emit(Math.max(lo, shown - step));
              else return;
              e.preventDefault();
            }}
          />
        )}
      </div>
    </figure>
  );
});

/** Boundaries as ticks on one canvas under the plot, for runs with too many to draw as SVG dots. */
const BoundaryRug = memo(function BoundaryRug({
  count,
  boundaries,
}: {
  count: number;
  boundaries: readonly number[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = window.devicePixelRatio || 1;
    const width = el.clientWidth;
    el.width = Math.max(1, Math.round(width * ratio));
    el.height = Math.round(RUG_HEIGHT * ratio);
    const ctx = el.getContext("2d");
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.fillStyle = "#e8590c";
    const span = Math.max(1, count - 1);
    for (const b of boundaries) ctx.fillRect(Math.round((b / span) * (width - 1)), 0, 1, RUG_HEIGHT);
  }, [count, boundaries]);
  return (
    <canvas
      ref={canvas}
      className="boundary-rug"
      data-testid="boundary-rug"
      data-boundaries={boundaries.length}
      title={`${boundaries.length} boundaries, one tick each`}
      style={{
        left: Y_AXIS_WIDTH,
        right: MARGIN.right,
        height: RUG_HEIGHT,
        top: HEIGHT - X_AXIS_HEIGHT - MARGIN.bottom - RUG_HEIGHT,
      }}
    />
  );
});
