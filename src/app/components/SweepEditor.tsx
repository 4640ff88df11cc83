/**
 * The sweep's editor (DESIGN §9): the chunkers to sweep, the params to vary drawn from each param's
 * schema (ranges inside what validation allows, enum and boolean values as checks), grid or N random
 * points with a seed.
 */

import { useState } from "react";
import type { NumberParam } from "../../core/chunk";
import { CHUNKER_METAS } from "../../core/chunkers/metas";

import { defaultConfig, useWorkbench } from "../state/store";
import { useSweep } from "../state/sweep";
import {
  axisSize,
  clampRange,
  sweepChunkers,
  varyingParams,
  type Axis,
  type VaryingParam,
} from "../state/sweepSpace";

import { colorOf } from "./SweepResult";
export function ChunkerPicker() {
  const current = useWorkbench((s) => s.chunker);
  const picked = useSweep((s) => s.chunkers);
  const toggle = useSweep((s) => s.toggleChunker);
  const chosen = sweepChunkers({ chunkers: picked }, current);
  return (
    <div className="sweep-chunkers" role="group" aria-label="Chunkers to sweep">
      {CHUNKER_METAS.map((m) => (
        <label key={m.id} title={m.label}>
          <input
            type="checkbox"
            data-testid={`sweep-chunker-${m.id}`}
            checked={chosen.includes(m.id)}
            onChange={(e) => toggle(m.id, e.currentTarget.checked, current)}
          />
          {m.id}
        </label>
      ))}
    </div>
  );
}

export function AxesEditor() {
  const current = useWorkbench((s) => s.chunker);
  const configs = useWorkbench((s) => s.configs);
  const picked = useSweep((s) => s.chunkers);
  const axes = useSweep((s) => s.axes);
  const chosen = sweepChunkers({ chunkers: picked }, current);
  if (chosen.length === 0) return <p className="sweep-hint">Pick a chunker to sweep.</p>;
  return (
    <>
      {chosen.map((chunker) => {
        const config = configs[chunker] ?? defaultConfig(chunker);
        return (
          <div key={chunker} className="sweep-chunker" data-testid={`sweep-axes-${chunker}`}>
            <h3 className="sweep-subtitle">
              <span className="sweep-swatch" style={{ background: colorOf(chunker) }} />
              {chunker} <span className="sweep-hint">— unticked params keep the panel's values</span>
            </h3>
            {chunker === "agentic" && (
              <p className="sweep-warning">Every agentic point calls the LLM: a sweep spends tokens.</p>
            )}
            {varyingParams(chunker).map((param) => (
              <ParamAxis
                key={param.key}
                chunker={chunker}
                param={param}
                axis={axes[chunker]?.[param.key]}
                value={config[param.key]}
              />
            ))}
          </div>
        );
      })}
    </>
  );
}

function ParamAxis({
  chunker,
  param,
  axis,
  value,
}: {
  chunker: string;
  param: VaryingParam;
  axis: Axis | undefined;
  value: unknown;
}) {
  const toggleParam = useSweep((s) => s.toggleParam);
  const id = `${chunker}-${param.key}`;
  return (
    <div className="sweep-param">
      <label className="sweep-vary" title={param.help ?? param.label}>
        <input
          type="checkbox"
          data-testid={`sweep-vary-${id}`}
          checked={axis !== undefined}
          onChange={(e) => toggleParam(chunker, param, e.currentTarget.checked, value)}
        />
        {param.key}
        {axis === undefined && <span className="sweep-hint"> = {JSON.stringify(value)}</span>}
        {axis !== undefined && (
          <span className="sweep-hint">
            {" "}
            ({axisSize(axis)} value{axisSize(axis) === 1 ? "" : "s"})
          </span>
        )}
      </label>
      {axis?.kind === "range" && (param.type === "int" || param.type === "number") && (
        <RangeFields chunker={chunker} param={param} axis={axis} />
      )}
      {axis?.kind === "values" && (param.type === "enum" || param.type === "boolean") && (
        <ValueChecks
          chunker={chunker}
          paramKey={param.key}
          options={param.type === "enum" ? param.options : [true, false]}
          chosen={axis.values}
        />
      )}
    </div>
  );
}

function RangeFields({
  chunker,
  param,
  axis,
}: {
  chunker: string;
  param: NumberParam;
  axis: { min: number; max: number; step: number };
}) {
  const setRange = useSweep((s) => s.setRange);
  const fields = ["min", "max", "step"] as const;
  return (
    <div className="sweep-range">
      {fields.map((field) => (
        <DraftNumber
          key={field}
          testId={`sweep-${field}-${chunker}-${param.key}`}
          label={field}
          value={axis[field]}
          min={field === "step" ? 0 : param.min}
          max={field === "step" ? param.max - param.min : param.max}
          step={param.step ?? (param.type === "int" ? 1 : "any")}
          // Taken while typing only when it is valid as it stands (a "1" on the way to "1000" is not).
          accept={(v) => {
            const next = clampRange(param, axis, field, v);
            // In range as typed, and the other end not pushed along.
            const otherKept =
              field === "min" ? next.max === axis.max : field === "max" ? next.min === axis.min : true;
            return next[field] === v && otherKept;
          }}
          onCommit={(v) => setRange(chunker, param, field, v)}
        />
      ))}
    </div>
  );
}

/** A number input that commits valid values as typed, and the nearest valid one when left. */
function DraftNumber({
  testId,
  label,
  value,
  min,
  max,
  step,
  accept,
  onCommit,
}: {
  testId: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number | "any";
  accept(v: number): boolean;
  onCommit(v: number): void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commitDraft = () => {
    if (draft === null) return;
    const v = Number(draft);
    if (draft.trim() !== "" && Number.isFinite(v)) onCommit(v);
    setDraft(null);
  };
  return (
    <label>
      {label}
      <input
        type="number"
        data-testid={testId}
        value={draft ?? String(value)}
        min={min}
        max={max}
        step={step}
        aria-invalid={draft !== null}
        onChange={(e) => {
          const text = e.currentTarget.value;
          const v = Number(text);
          if (text.trim() !== "" && Number.isFinite(v) && accept(v)) {
            onCommit(v);
            setDraft(null);
          } else setDraft(text);
        }}
        onBlur={commitDraft}
        onKeyDown={(e) => {
          if (e.key === "Enter") commitDraft();
        }}
      />
    </label>
  );
}

function ValueChecks({
  chunker,
  paramKey,
  options,
  chosen,
}: {
  chunker: string;
  paramKey: string;
  options: readonly (string | boolean)[];
  chosen: readonly (string | boolean)[];
}) {
  const toggleValue = useSweep((s) => s.toggleValue);
  return (
    <div className="sweep-values">
      {options.map((option) => (
        <label key={String(option)}>
          <input
            type="checkbox"
            data-testid={`sweep-value-${chunker}-${paramKey}-${String(option)}`}
            checked={chosen.includes(option)}
            // The last value cannot be unticked: an axis without values is no sweep.
            disabled={chosen.length === 1 && chosen.includes(option)}
            onChange={(e) => toggleValue(chunker, paramKey, option, e.currentTarget.checked)}
          />
          {String(option)}
        </label>
      ))}
    </div>
  );
}

export function ModeEditor() {
  const mode = useSweep((s) => s.mode);
  const samples = useSweep((s) => s.samples);
  const seed = useSweep((s) => s.seed);
  const setMode = useSweep((s) => s.setMode);
  const setSamples = useSweep((s) => s.setSamples);
  const setSeed = useSweep((s) => s.setSeed);
  const varyRetriever = useSweep((s) => s.varyRetriever === true);
  const varyContextualize = useSweep((s) => s.varyContextualize === true);
  const setVaryRetriever = useSweep((s) => s.setVaryRetriever);
  const setVaryContextualize = useSweep((s) => s.setVaryContextualize);
  return (
    <div className="sweep-mode">
      <fieldset className="sweep-retrieval">
        <legend>Retrieval as a param (with a question set)</legend>
        <label title="Every point evaluated twice: with bm25 and with hybrid (bm25 + the embedder, RRF)">
          <input
            type="checkbox"
            data-testid="sweep-retrieval-retriever"
            checked={varyRetriever}
            onChange={(e) => setVaryRetriever(e.currentTarget.checked)}
          />
          retriever: bm25 and hybrid
        </label>
        <label title="Every point evaluated twice: the chunk's text indexed alone, and after its heading path">
          <input
            type="checkbox"
            data-testid="sweep-retrieval-contextualize"
            checked={varyContextualize}
            onChange={(e) => setVaryContextualize(e.currentTarget.checked)}
          />
          heading path: without and with
        </label>
      </fieldset>
      <label>
        <input
          type="radio"
          name="sweep-mode"
          data-testid="sweep-mode-grid"
          checked={mode === "grid"}
          onChange={() => setMode("grid")}
        />
        grid
      </label>
      <label>
        <input
          type="radio"
          name="sweep-mode"
          data-testid="sweep-mode-random"
          checked={mode === "random"}
          onChange={() => setMode("random")}
        />
        random
      </label>
      {mode === "random" && (
        <>
          <label>
            N
            <input
              type="number"
              min={1}
              step={1}
              data-testid="sweep-samples"
              value={samples}
              onChange={(e) => setSamples(Number(e.currentTarget.value))}
            />
          </label>
          <label>
            seed
            <input
              type="number"
              step={1}
              data-testid="sweep-seed"
              value={seed}
              onChange={(e) => setSeed(Number(e.currentTarget.value))}
            />
          </label>
        </>
      )}
    </div>
  );
}
