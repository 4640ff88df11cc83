/**
 * The similarity curve (DESIGN §4 `similarity-chart`): adjacent similarities along the document, the
 * run's boundaries as marks on the curve, and a threshold line (`threshold-handle`) the user drags —
 * each move reports the new similarity, the owner turns it into the chunker's config and the run
 * follows. The curve is plain SVG (curveGeometry.ts), drawn when the curve changes; the boundaries
 * (a canvas over the plot) and the handle (our own element, on the same fixed y scale) change with
 * every run, so a re-chunk or a drag never redraws the line.
 */
import { memo, useEffect, useMemo, useRef, useState } from "react";
import { useClientWidth } from "../viewer/useClientWidth";
import { minMaxIndices } from "./downsample";
import { curvePath, nearestDrawn, niceTicks, tickLabel, xOf, yOf, type PlotBox } from "./curveGeometry";
import "./charts.css";

export interface CurvePoint {
  value: number;
}

export interface SimilarityChartProps {
  points: readonly CurvePoint[];
  /** What hovering point i names ("gap 12 · …end ‖ start…"), asked for only when hovered. */
  labelOf(index: number): string;
  /** Indices of points where the run placed a boundary. */
  boundaries: readonly number[];
  /** A/B compare on: indices of points where B cuts. */
  boundariesB?: readonly number[] | undefined;
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
  const { points, boundaries, boundariesB, threshold, onThresholdChange, handleHint, title } = props;
  const lo = useMemo(() => {
    let min = 0;
    for (const p of points) if (p.value < min) min = p.value;
    return Math.floor(min * 10) / 10;
  }, [points]);
  // Few boundaries are dots on the curve; many (a late chunker at a low threshold cuts thousands of
  // gaps) are a rug under it, drawn on one canvas: thousands of SVG circles cost a redraw 200 ms.
  const dots = boundaries.length <= MAX_DOTS;
  const data = useMemo(
    () =>
      minMaxIndices(
        points.map((p) => p.value),
        MAX_DRAWN,
        [],
      ).map((i) => ({ i, value: points[i]!.value })),
    [points],
  );

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
          {boundariesB && ` · B: ${boundariesB.length} boundaries (ticks along the top)`}
          {shown !== null && ` · threshold ${shown.toFixed(3)}`}
        </span>
      </figcaption>
      <div className="chart-plot" ref={plot} style={{ height: HEIGHT }}>
        <CurvePlot
          data={data}
          count={points.length}
          lo={lo}
          labelOf={props.labelOf}
          onHoverPoint={props.onHoverPoint}
          onClickPoint={props.onClickPoint}
        />
        <BoundaryMarks
          points={points}
          boundaries={boundaries}
          dots={dots}
          lo={lo}
          plotTop={plotTop}
          plotHeight={plotHeight}
        />
        {boundariesB && <CompareRug points={points} boundaries={boundariesB} />}
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

interface CurvePlotProps {
  data: { i: number; value: number }[];
  count: number;
  lo: number;
  labelOf(index: number): string;
  onHoverPoint(index: number | null): void;
  onClickPoint(index: number): void;
}

const AXIS_COLOR = "#666";
const LINE_COLOR = "#4c6ef5";

/**
 * The curve itself, as one SVG path with its axes (curveGeometry.ts): its props change only with
 * the curve, not with a run's boundaries. Hovering names the nearest drawn point and outlines its
 * gap on the page; a click selects the chunk there; focused, the arrow keys walk the points.
 */
const CurvePlot = memo(function CurvePlot({
  data,
  count,
  lo,
  labelOf,
  onHoverPoint,
  onClickPoint,
}: CurvePlotProps) {
  const [svg, setSvg] = useState<SVGSVGElement | null>(null);
  const width = useClientWidth(svg);
  // The drawn point under the pointer (or walked to by the keyboard), by its index in `data`.
  const [active, setActive] = useState<number | null>(null);
  useEffect(() => setActive(null), [data]);
  const box: PlotBox = useMemo(
    () => ({
      left: Y_AXIS_WIDTH,
      top: MARGIN.top,
      width: Math.max(0, width - Y_AXIS_WIDTH - MARGIN.right),
      height: HEIGHT - MARGIN.top - MARGIN.bottom - X_AXIS_HEIGHT,
    }),
    [width],
  );
  const path = useMemo(() => (box.width > 0 ? curvePath(data, count, lo, box) : ""), [data, count, lo, box]);
  const xTicks = useMemo(
    () => niceTicks(0, Math.max(1, count - 1), Math.max(2, Math.min(6, Math.floor(box.width / 70)))),
    [count, box.width],
  );
  const yTicks = useMemo(() => niceTicks(lo, 1, 5), [lo]);
  const bottom = box.top + box.height;

  const activate = (k: number | null) => {
    setActive(k);
    onHoverPoint(k === null ? null : data[k]!.i);
  };
  const pointerAt = (clientX: number) => {
    const left = svg?.getBoundingClientRect().left ?? 0;
    const k = nearestDrawn(data, clientX - left, count, box);
    return k < 0 ? null : k;
  };
  const shown = active === null ? undefined : data[active];

  return (
    <div className="curve-plot" style={{ height: HEIGHT }}>
      <svg
        ref={setSvg}
        width="100%"
        height={HEIGHT}
        tabIndex={0}
        role="img"
        aria-label="Similarity curve: one point per gap between sentences or windows; arrow keys walk the points"
        aria-describedby={shown ? "curve-tooltip" : undefined}
        onMouseMove={(e) => activate(pointerAt(e.clientX))}
        onMouseLeave={() => activate(null)}
        onClick={(e) => {
          const k = pointerAt(e.clientX);
          if (k !== null) onClickPoint(data[k]!.i);
        }}
        onBlur={() => activate(null)}
        onKeyDown={(e) => {
          if (data.length === 0) return;
          const last = data.length - 1;
          const from = active ?? -1;
          const step = e.shiftKey ? 10 : 1;
          if (e.key === "ArrowRight") activate(Math.min(last, from + step));
          else if (e.key === "ArrowLeft") activate(Math.max(0, from < 0 ? 0 : from - step));
          else if (e.key === "Home") activate(0);
          else if (e.key === "End") activate(last);
          else if (e.key === "Enter" && active !== null) onClickPoint(data[active]!.i);
          else return;
          e.preventDefault();
        }}
      >
        <title>
          The boundaries the run chose are drawn as ticks along the bottom; the threshold as a line.
        </title>
        {box.width > 0 && (
          <>
            <g className="curve-axis" fontSize={TICK.fontSize} fill={AXIS_COLOR}>
              <line x1={box.left} x2={box.left + box.width} y1={bottom} y2={bottom} stroke={AXIS_COLOR} />
              <line x1={box.left} x2={box.left} y1={box.top} y2={bottom} stroke={AXIS_COLOR} />
              {xTicks.map((t) => {
                const x = xOf(t, count, box);
                return (
                  <g key={`x${t}`}>
                    <line x1={x} x2={x} y1={bottom} y2={bottom + 4} stroke={AXIS_COLOR} />
                    <text x={x} y={bottom + 14} textAnchor="middle">
                      {tickLabel(t)}
                    </text>
                  </g>
                );
              })}
              {yTicks.map((t) => {
                const y = yOf(t, lo, box);
                return (
                  <g key={`y${t}`}>
                    <line x1={box.left - 4} x2={box.left} y1={y} y2={y} stroke={AXIS_COLOR} />
                    <text x={box.left - 6} y={y + 3} textAnchor="end">
                      {tickLabel(t)}
                    </text>
                  </g>
                );
              })}
            </g>
            <path d={path} fill="none" stroke={LINE_COLOR} strokeWidth={1.2} strokeLinejoin="round" />
            {shown && (
              <g className="curve-cursor" pointerEvents="none">
                <line
                  x1={xOf(shown.i, count, box)}
                  x2={xOf(shown.i, count, box)}
                  y1={box.top}
                  y2={bottom}
                  stroke="#ccc"
                />
                <circle
                  cx={xOf(shown.i, count, box)}
                  cy={yOf(shown.value, lo, box)}
                  r={3}
                  fill={LINE_COLOR}
                />
              </g>
            )}
          </>
        )}
      </svg>
      {shown && (
        <div
          id="curve-tooltip"
          className="curve-tooltip"
          role="status"
          // Beside the point, on the side with room.
          style={
            xOf(shown.i, count, box) > box.left + box.width / 2
              ? { right: width - xOf(shown.i, count, box) + 10 }
              : { left: xOf(shown.i, count, box) + 10 }
          }
        >
          <p>{labelOf(shown.i)}</p>
          <p className="curve-tooltip-value">similarity: {shown.value.toFixed(3)}</p>
        </div>
      )}
    </div>
  );
});

const TICK = { fontSize: 10 };

/**
 * A canvas sized to its CSS `width` (as its ResizeObserver last saw it: reading clientWidth right
 * after a commit forced a layout of the whole page, 13–27 ms per re-chunk) and `height` at the
 * device's pixel ratio, cleared, scaled to CSS pixels and ready to fill in `color`; null before it
 * is mounted and measured.
 */
function canvasFor(
  el: HTMLCanvasElement | null,
  width: number,
  height: number,
  color: string,
): { ctx: CanvasRenderingContext2D; width: number } | null {
  if (!el || width <= 0) return null;
  const ratio = window.devicePixelRatio || 1;
  el.width = Math.max(1, Math.round(width * ratio));
  el.height = Math.round(height * ratio);
  const ctx = el.getContext("2d");
  if (!ctx) return null;
  ctx.scale(ratio, ratio);
  ctx.fillStyle = color;
  return { ctx, width };
}

/**
 * A/B compare: B's boundaries as a rug of ticks along the top of the plot (A's are on the curve or
 * along the bottom), in B's own colour, so where the two runs cut differently reads at a glance.
 */
const CompareRug = memo(function CompareRug({
  points,
  boundaries,
}: {
  points: readonly CurvePoint[];
  boundaries: readonly number[];
}) {
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const cssWidth = useClientWidth(canvas);
  useEffect(() => {
    const drawing = canvasFor(canvas, cssWidth, RUG_HEIGHT, "#7c3aed");
    if (!drawing) return;
    const { ctx, width } = drawing;
    const span = Math.max(1, points.length - 1);
    for (const b of boundaries) ctx.fillRect(Math.round((b / span) * (width - 1)), 0, 1.5, RUG_HEIGHT);
  }, [canvas, cssWidth, points, boundaries]);
  return (
    <canvas
      ref={setCanvas}
      className="boundary-rug boundary-rug--b"
      data-testid="boundary-rug-b"
      data-boundaries={boundaries.length}
      title={`B: ${boundaries.length} boundaries, one tick each`}
      style={{
        left: Y_AXIS_WIDTH,
        width: `calc(100% - ${Y_AXIS_WIDTH + MARGIN.right}px)`,
        height: RUG_HEIGHT,
        top: MARGIN.top,
      }}
    />
  );
});

/**
 * A run's boundaries on one canvas over the plot: dots on the curve while there are few, a rug of
 * ticks under it when there are many (a late chunker at a low threshold cuts thousands of gaps).
 * Drawn in a canvas so a new run redraws them without touching the chart.
 */
const BoundaryMarks = memo(function BoundaryMarks({
  points,
  boundaries,
  dots,
  lo,
  plotTop,
  plotHeight,
}: {
  points: readonly CurvePoint[];
  boundaries: readonly number[];
  dots: boolean;
  lo: number;
  plotTop: number;
  plotHeight: number;
}) {
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const cssWidth = useClientWidth(canvas);
  const height = dots ? HEIGHT : RUG_HEIGHT;
  useEffect(() => {
    const drawing = canvasFor(canvas, cssWidth, height, "#e8590c");
    if (!drawing) return;
    const { ctx, width } = drawing;
    const span = Math.max(1, points.length - 1);
    const x = (i: number) => (i / span) * (width - 1);
    if (!dots) {
      for (const b of boundaries) ctx.fillRect(Math.round(x(b)), 0, 1, RUG_HEIGHT);
      return;
    }
    for (const b of boundaries) {
      const value = points[b]?.value;
      if (value === undefined) continue;
      ctx.beginPath();
      ctx.arc(x(b), plotTop + (1 - (value - lo) / (1 - lo)) * plotHeight, 2.5, 0, 2 * Math.PI);
      ctx.fill();
    }
  }, [canvas, cssWidth, points, boundaries, dots, lo, plotTop, plotHeight, height]);
  return (
    <canvas
      ref={setCanvas}
      className={dots ? "boundary-dots" : "boundary-rug"}
      data-testid={dots ? "boundary-dots" : "boundary-rug"}
      data-boundaries={boundaries.length}
      title={dots ? undefined : `${boundaries.length} boundaries, one tick each`}
      // A canvas is a replaced element: left + right alone do not stretch it, a width does.
      style={{
        left: Y_AXIS_WIDTH,
        width: `calc(100% - ${Y_AXIS_WIDTH + MARGIN.right}px)`,
        height,
        top: dots ? 0 : HEIGHT - X_AXIS_HEIGHT - MARGIN.bottom - RUG_HEIGHT,
      }}
    />
  );
});
