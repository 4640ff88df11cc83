/**
 * The chunker select and its parameter panel, generated from the chunker's param schema: a slider
 * and a number input per numeric key, a select per enum, a checkbox per boolean, a dedicated editor
 * per structured value (the entity dictionary, the routing rules); presets and reset.
 */
import { lazy, Suspense, useMemo } from "react";
import type { ConfigProblem, NumberParam, ParamSpec, StructuredParam } from "../../core/chunk";
import { CHUNKER_METAS, getChunkerMeta } from "../../core/chunkers/metas";
import { resolveConfig } from "../../core/config";
import { clampToValid, sliderScale } from "./sliderScale";
import { useFallbackNotes } from "../engine/queries";
import { currentConfig, useWorkbench } from "../state/store";
import { EntityDictionaryEditor } from "./EntityDictionaryEditor";
import { SEED_DIFFERENCES } from "../../core/chunkers/seedDifferences";
import { BooleanInput, EnumInput } from "./paramInputs";

// The routing editor reads and writes YAML: its parser loads with the hybrid panel, not before.
const RoutingRulesEditor = lazy(() =>
  import("./RoutingRulesEditor").then((m) => ({ default: m.RoutingRulesEditor })),
);

export function ChunkerPanel({
  problems,
  docId,
  idle = true,
}: {
  problems: ConfigProblem[];
  docId?: string | undefined;
  /** No run is in flight: the picker may ask what each chunker will run on this document. */
  idle?: boolean;
}) {
  const chunker = useWorkbench((s) => s.chunker);
  const config = useWorkbench(currentConfig);
  const setChunker = useWorkbench((s) => s.setChunker);
  const setParam = useWorkbench((s) => s.setParam);
  const applyConfig = useWorkbench((s) => s.applyConfig);
  const resetConfig = useWorkbench((s) => s.resetConfig);
  const spec = getChunkerMeta(chunker);
  const notes = useFallbackNotes(docId, idle).data;
  const note = notes?.[chunker] ?? null;
  const problemOf = (key: string) => problems.find((p) => p.key === key)?.message;
  const generalProblems = problems.filter((p) => !spec.params.some((param) => param.key === p.key));

  return (
    <section className="panel chunker-panel" aria-label="Chunker and parameters">
      <label className="field">
        <span className="field-label">Chunker</span>
        <select
          data-testid="chunker-select"
          value={chunker}
          onChange={(e) => setChunker(e.currentTarget.value)}
          title={`Reproduces ${spec.source}`}
        >
          {CHUNKER_METAS.map((c) => {
            const falls = notes?.[c.id];
            return (
              <option
                key={c.id}
                value={c.id}
                title={`${c.label} — seed: ${c.source}${falls ? ` — runs ${falls.runs} on this document: ${falls.reason}` : ""}`}
              >
                {c.id} — {c.label}
                {falls ? ` (runs ${falls.runs} here)` : ""}
              </option>
            );
          })}
        </select>
      </label>
      {/* Said before the run: what this chunker will run instead here, and what would change it. */}
      <p className="fallback-note" data-testid="chunker-fallback-note" role="note">
        {note
          ? `On this document ${chunker} will run ${note.runs}: ${note.reason}. To run ${chunker} itself: ${note.change}.`
          : ""}
      </p>
      <p className="chunker-description">
        {spec.description} <span className="seed-name">Seed: {spec.source}</span>
      </p>
      <SeedDifferences chunker={chunker} source={spec.source} />

      <div className="preset-row">
        <select
          aria-label="Presets"
          value=""
          onChange={(e) => {
            const preset = spec.presets[Number(e.currentTarget.value)];
            if (preset) applyConfig(preset.config as Record<string, unknown>);
          }}
        >
          <option value="">Presets…</option>
          {spec.presets.map((p, i) => (
            <option key={p.name} value={i}>
              {p.name}
            </option>
          ))}
        </select>
        <button type="button" onClick={resetConfig} title="Back to the seed's defaults">
          Reset
        </button>
        <ApplyToAllButton />
      </div>
      <InheritedSettingsNote />

      {spec.params.map((param) => (
        <ParamField
          key={param.key}
          param={param}
          value={config[param.key]}
          problem={problemOf(param.key)}
          config={config}
          onChange={(v) => setParam(param.key, v)}
        />
      ))}
      {generalProblems.map((p) => (
        <p key={p.key} className="error" role="alert">
          {p.key}: {p.message}
        </p>
      ))}
    </section>
  );
}

/** Settings are the document's own: putting them on every open document is asked for, never implied. */
function ApplyToAllButton() {
  const count = useWorkbench((s) => s.docs.length);
  const applyToAll = useWorkbench((s) => s.applyToAllDocuments);
  if (count < 2) return null;
  return (
    <button
      type="button"
      data-testid="config-apply-all"
      onClick={applyToAll}
      title="Give every open document this chunker and config (each document keeps its own otherwise)"
    >
      Apply to all {count} documents
    </button>
  );
}

/** A document just opened took the settings in use: said, until they are tuned or accepted. */
function InheritedSettingsNote() {
  const inherited = useWorkbench((s) =>
    s.inheritedSettings && s.inheritedSettings.key === s.currentKey ? s.inheritedSettings : null,
  );
  const dismiss = useWorkbench((s) => s.dismissInheritedSettings);
  if (!inherited) return null;
  return (
    <p className="inherited-note" data-testid="config-inherited-note" role="note">
      This document started from the settings of {inherited.fromName}; changes here are its own.
      <button type="button" onClick={dismiss} aria-label="Dismiss the note">
        ×
      </button>
    </p>
  );
}

function helpText(param: ParamSpec): string {
  const silent = param.seedSilent ? " (seed is silent; workbench default)" : "";
  return `${param.help ?? param.label}${silent}`;
}

function ParamField({
  param,
  value,
  problem,
  config,
  onChange,
}: {
  param: ParamSpec;
  value: unknown;
  problem?: string;
  /** The whole config, for an editor whose view depends on another key (routing on `mode`). */
  config: Record<string, unknown>;
  onChange(value: unknown): void;
}) {
  const id = `param-${param.key}`;
  // The dictionary editor is a table with no one input to label; the routing editor's text is it.
  const labelFor = param.type === "structured" && param.editor === "entity-dictionary" ? undefined : id;
  return (
    <div className={`field param param-${param.type}${problem ? " invalid" : ""}`}>
      <label className="field-label" htmlFor={labelFor} title={helpText(param)}>
        {param.label}
        {param.seedSilent && (
          <span className="badge" title="The seed is silent here: a workbench default">
            wb
          </span>
        )}
      </label>
      {param.type === "int" || param.type === "number" ? (
        <NumberField id={id} param={param} value={value} config={config} onChange={onChange} />
      ) : param.type === "enum" ? (
        <EnumInput id={id} options={param.options} value={value} onChange={onChange} />
      ) : param.type === "boolean" ? (
        <BooleanInput id={id} value={value} onChange={onChange} />
      ) : param.type === "structured" ? (
        <StructuredField id={id} param={param} value={value} config={config} onChange={onChange} />
      ) : (
        <input
          id={id}
          data-testid={id}
          type="text"
          value={JSON.stringify(value)}
          onChange={(e) => {
            try {
              onChange(JSON.parse(e.currentTarget.value));
            } catch {
              // Keep typing: an unfinished list is not an error until it parses.
              return;
            }
          }}
        />
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function StructuredField({
  id,
  param,
  value,
  config,
  onChange,
}: {
  id: string;
  param: StructuredParam;
  value: unknown;
  config: Record<string, unknown>;
  onChange(value: unknown): void;
}) {
  switch (param.editor) {
    case "entity-dictionary":
      return <EntityDictionaryEditor id={id} value={value} onChange={onChange} />;
    case "routing-rules":
      return (
        <Suspense fallback={<p className="hint">Loading the rules editor…</p>}>
          <RoutingRulesEditor
            id={id}
            value={value}
            fallbackMode={typeof config.mode === "string" ? config.mode : undefined}
            onChange={onChange}
          />
        </Suspense>
      );
  }
}

function NumberField({
  id,
  param,
  value,
  config,
  onChange,
}: {
  id: string;
  param: NumberParam;
  value: unknown;
  config: Record<string, unknown>;
  onChange(value: unknown): void;
}) {
  const chunker = useWorkbench((s) => s.chunker);
  const numeric = typeof value === "number" ? value : Number(value);
  const scale = useMemo(() => sliderScale(param), [param]);
  const parse = (text: string) => (text.trim() === "" ? text : Number(text));
  const current = Number.isFinite(numeric) ? numeric : param.min;
  const onSlide = (position: number) => {
    const spec = getChunkerMeta(chunker);
    const isValid = (v: number) => resolveConfig(spec, { ...config, [param.key]: v }).problems.length === 0;
    onChange(clampToValid(current, scale.toValue(position), isValid, param.type === "int"));
  };
  return (
    <div className="number-field">
      <input
        data-testid={`${id}-slider`}
        type="range"
        min={scale.min}
        max={scale.max}
        step={scale.step}
        value={scale.toPosition(current)}
        onChange={(e) => onSlide(Number(e.currentTarget.value))}
        aria-label={`${param.label} slider`}
        aria-valuetext={String(current)}
      />
      <input
        id={id}
        data-testid={id}
        type="number"
        min={param.min}
        max={param.max}
        step={param.type === "int" ? 1 : "any"}
        value={Number.isFinite(numeric) ? numeric : String(value ?? "")}
        onChange={(e) => onChange(parse(e.currentTarget.value))}
      />
    </div>
  );
}

/**
 * What would differ if this config were pasted into the seed's system (issue 31), folded: the same
 * list as docs/decisions.md "Differs from the seed".
 */
function SeedDifferences({ chunker, source }: { chunker: string; source: string }) {
  const lines = SEED_DIFFERENCES[chunker] ?? [];
  if (lines.length === 0) return null;
  return (
    <details className="seed-differences" data-testid="chunker-seed-differences">
      <summary title={`What would differ if this config ran in the system ${source} describes`}>
        Differs from the seed ({lines.length})
      </summary>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}
