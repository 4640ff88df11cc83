/**
 * The threshold calibrator (issue 32), under a similarity-threshold chunker's own curve: the
 * distribution of its adjacent similarities as a histogram, with the threshold each breakpoint method
 * would pick on it (core/calibrate) and the current one, which drags like the curve's; and beside it
 * the chunk sizes each choice yields — each choice's config run by the engine worker (sizes only) —
 * with the chunker's min/max size rules drawn and the chunks outside them counted. A choice applies
 * with one click. Asked of the worker only while open.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import type { ChunkRun } from "../../core/chunk";
import { type CalibrationChoice, calibrationChoices, histogram } from "../../core/calibrate";
import type { SizeRule } from "../../core/quality/sizeRules";
import { UNIT_ABBREVIATION } from "../../core/quality/sizeRules";
import { useCalibrationSizes } from "../engine/queries";
import { useWorkbench } from "../state/store";

const BINS = 30;
const W = 300;
const H = 110;
const PAD = 18;
const COLORS = ["#c0392b", "#2471a3", "#229954", "#b9770e", "#7d3c98"];

export function ThresholdCalibrator({
  run,
  docId,
  values,
  threshold,
  onThreshold,
}: {
  run: ChunkRun;
  docId: string | undefined;
  values: readonly number[];
  threshold: number | null;
  onThreshold: ((y: number) => void) | null;
}) {
  const [open, setOpen] = useState(false);
  const applyConfig = useWorkbench((s) => s.applyConfig);
  const choices = useMemo(
    () => calibrationChoices(run.chunker, run.config, values, threshold),
    [run.chunker, run.config, values, threshold],
  );
  const configs = useMemo(() => choices.map((c) => c.config), [choices]);
  const sizes = useCalibrationSizes(docId, run.chunker, configs, open);
  if (choices.length === 0) return null;
  return (
    <details
      className="calibrator"
      data-testid="threshold-calibrator"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>
        Threshold calibrator — where each breakpoint method would cut, and the chunk sizes it gives
      </summary>
      <div className="calibrator-body">
        <SimilarityHistogram
          values={values}
          choices={choices}
          threshold={threshold}
          onThreshold={onThreshold}
        />
        <div className="calibrator-sizes" data-testid="calibrator-sizes" aria-busy={sizes.isFetching}>
          {sizes.error && <p className="error">Could not run the choices: {sizes.error.message}</p>}
          {choices.map((choice, k) => (
            <SizeRow
              key={choice.label}
              choice={choice}
              color={COLORS[k % COLORS.length]!}
              // A previous answer (placeholder) belongs to the previous choices: rows wait for their own.
              result={sizes.isPlaceholderData ? undefined : sizes.data?.[k]}
              onApply={k === 0 ? null : () => applyConfig(choice.config)}
            />
          ))}
        </div>
      </div>
    </details>
  );
}

function SimilarityHistogram({
  values,
  choices,
  threshold,
  onThreshold,
}: {
  values: readonly number[];
  choices: readonly CalibrationChoice[];
  threshold: number | null;
  onThreshold: ((y: number) => void) | null;
}) {
  // The axis is the values' range alone: it must not move under the pointer while the threshold drags.
  const hist = useMemo(() => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of values) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (!(hi > lo)) hi = lo + 1;
    const margin = (hi - lo) * 0.04;
    return histogram(values, BINS, lo - margin, hi + margin);
  }, [values]);
  const peak = Math.max(1, ...hist.counts);
  const x = (v: number) =>
    PAD + ((Math.min(hist.hi, Math.max(hist.lo, v)) - hist.lo) / (hist.hi - hist.lo)) * (W - 2 * PAD);
  const valueAt = (px: number) => hist.lo + ((px - PAD) / (W - 2 * PAD)) * (hist.hi - hist.lo);
  const svg = useRef<SVGSVGElement>(null);
  const dragging = useRef(false);
  const frame = useRef(0);
  // A frame still pending when the calibrator goes (a chunker switch) must not set the next one's param.
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const moveTo = (clientX: number) => {
    const box = svg.current?.getBoundingClientRect();
    if (!box || !onThreshold) return;
    const value = valueAt(((clientX - box.left) / box.width) * W);
    // One parameter change per frame, the latest position: a run per pixel would queue behind itself.
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => onThreshold(value));
  };
  const barW = (W - 2 * PAD) / BINS;
  return (
    <figure className="calibrator-histogram">
      <svg
        ref={svg}
        viewBox={`0 0 ${W} ${H}`}
        data-testid="calibrator-histogram"
        data-threshold={threshold ?? ""}
        role="img"
        aria-label="Histogram of adjacent similarities with each method's threshold"
        style={{ cursor: onThreshold ? "ew-resize" : "default", touchAction: "none" }}
        onPointerDown={(e) => {
          if (!onThreshold) return;
          dragging.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          moveTo(e.clientX);
        }}
        onPointerMove={(e) => dragging.current && (e.buttons & 1) === 1 && moveTo(e.clientX)}
        onPointerUp={() => (dragging.current = false)}
        onPointerCancel={() => (dragging.current = false)}
        onLostPointerCapture={() => (dragging.current = false)}
      >
        {hist.counts.map((count, b) => (
          <rect
            key={b}
            x={PAD + b * barW + 0.5}
            width={Math.max(0, barW - 1)}
            y={H - PAD - ((H - 2 * PAD) * count) / peak}
            height={((H - 2 * PAD) * count) / peak}
            fill="#9db4d3"
          />
        ))}
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} stroke="#555" />
        <text x={PAD} y={H - 4} fontSize="8">
          {hist.lo.toFixed(2)}
        </text>
        <text x={W - PAD} y={H - 4} fontSize="8" textAnchor="end">
          {hist.hi.toFixed(2)}
        </text>
        <text x={W / 2} y={H - 4} fontSize="8" textAnchor="middle">
          similarity of adjacent sentences
        </text>
        {choices.map((c, k) =>
          c.threshold === null ? null : (
            <g key={c.label} data-testid={`calibrator-mark-${c.method}`}>
              <line
                x1={x(c.threshold)}
                x2={x(c.threshold)}
                y1={PAD - 6}
                y2={H - PAD}
                stroke={COLORS[k % COLORS.length]}
                strokeWidth={k === 0 ? 2.5 : 1.2}
                strokeDasharray={k === 0 ? undefined : "3 2"}
              />
              <text
                x={x(c.threshold) + 2}
                y={PAD - 8 + (k % 3) * 7}
                fontSize="7"
                fill={COLORS[k % COLORS.length]}
              >
                {c.label}
              </text>
            </g>
          ),
        )}
      </svg>
      <figcaption className="hint">
        {onThreshold
          ? "Drag on the histogram to move the threshold; the run follows."
          : "This threshold is not on the similarity scale: pick a method on the right."}
      </figcaption>
    </figure>
  );
}

function SizeRow({
  choice,
  color,
  result,
  onApply,
}: {
  choice: CalibrationChoice;
  color: string;
  result: { sizes: number[]; rule: SizeRule } | undefined;
  onApply: (() => void) | null;
}) {
  const stats = useMemo(() => {
    if (!result) return null;
    const { sizes, rule } = result;
    const max = Math.max(1, ...sizes, rule.max?.value ?? 0, rule.target?.value ?? 0);
    const hist = histogram(sizes, 20, 0, max);
    const under = rule.min ? sizes.filter((s) => s < rule.min!.value).length : 0;
    const over = rule.max ? sizes.filter((s) => s > rule.max!.value).length : 0;
    const sorted = [...sizes].sort((a, b) => a - b);
    return { hist, max, under, over, median: sorted[sorted.length >> 1] ?? 0 };
  }, [result]);
  const w = 160;
  const h = 34;
  const unit = result ? UNIT_ABBREVIATION[result.rule.unit] : "";
  return (
    <div
      className="calibrator-row"
      data-testid={`calibrator-choice-${choice.method}`}
      style={{ borderLeftColor: color }}
    >
      <div className="calibrator-row-head">
        <strong style={{ color }}>{choice.label}</strong>{" "}
        {result && stats ? (
          <span data-testid="calibrator-count">
            {result.sizes.length.toLocaleString("en")} chunks · median {stats.median.toLocaleString("en")}{" "}
            {unit}
            {result.rule.min &&
              result.rule.min.value > 0 &&
              ` · ${stats.under} under min ${result.rule.min.value}`}
            {result.rule.max && ` · ${stats.over} over max ${result.rule.max.value}`}
          </span>
        ) : (
          <span className="hint">running…</span>
        )}
        {onApply && (
          <button
            type="button"
            className="link"
            data-testid={`calibrator-apply-${choice.method}`}
            onClick={onApply}
          >
            apply
          </button>
        )}
      </div>
      {stats && result && (
        <svg
          viewBox={`0 0 ${w} ${h}`}
          className="calibrator-sizes-hist"
          aria-label={`Chunk sizes for ${choice.label}`}
        >
          {stats.hist.counts.map((count, b) => {
            const peak = Math.max(1, ...stats.hist.counts);
            const bw = w / stats.hist.counts.length;
            return (
              <rect
                key={b}
                x={b * bw + 0.5}
                width={bw - 1}
                y={h - (h * count) / peak}
                height={(h * count) / peak}
                fill={color}
                opacity={0.6}
              />
            );
          })}
          {([result.rule.min, result.rule.target, result.rule.max] as const).map((k) =>
            k ? (
              <line
                key={k.key}
                x1={(w * k.value) / stats.max}
                x2={(w * k.value) / stats.max}
                y1={0}
                y2={h}
                stroke="#333"
                strokeDasharray="2 2"
              />
            ) : null,
          )}
        </svg>
      )}
    </div>
  );
}
