/**
 * A/B compare (DESIGN §4 `compare-toggle`): the toggle; B's chunker and a compact form of its
 * number, enum and boolean keys; copy and swap. Once both runs are in, their edge counts and scores
 * are drawn in the results dock (CompareResult), where there is room for them.
 */
import type { ConfigProblem, ParamSpec } from "../../core/chunk";
import { CHUNKER_METAS, getChunkerMeta } from "../../core/chunkers/metas";
import { useCompare, type Comparison } from "../state/compare";
import "./ComparePanel.css";
import { BooleanInput, EnumInput } from "./paramInputs";
import { useResultsDock } from "./ResultsDock";

interface ComparePanelProps {
  /** A's chunker id, for the headings. */
  chunkerA: string;
  /** B's run-status, as `run-status` reads for A. */
  statusB: string;
  problemsB: ConfigProblem[];
  comparison: Comparison | null;
}

export function ComparePanel({ chunkerA, statusB, problemsB, comparison }: ComparePanelProps) {
  const enabled = useCompare((s) => s.enabled);
  const setEnabled = useCompare((s) => s.setEnabled);
  return (
    <section className="panel compare-panel" aria-label="A/B compare">
      <label className="compare-toggle">
        <input
          type="checkbox"
          data-testid="compare-toggle"
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        Compare A/B
      </label>
      {enabled && (
        <>
          <CompareB chunkerA={chunkerA} statusB={statusB} problems={problemsB} />
          {comparison && <CompareResultsLink />}
        </>
      )}
    </section>
  );
}

/** Edge counts and scores are drawn wide, below the pages (ResultsDock): said here, and brought back. */
function CompareResultsLink() {
  const open = useResultsDock((s) => s.open);
  const setOpen = useResultsDock((s) => s.setOpen);
  return (
    <p className="compare-note">
      A and B side by side — edges and every score — are in Results, below the pages.{" "}
      {!open && (
        <button type="button" data-testid="compare-results-show" onClick={() => setOpen(true)}>
          Show them
        </button>
      )}
    </p>
  );
}

function CompareB({
  chunkerA,
  statusB,
  problems,
}: {
  chunkerA: string;
  statusB: string;
  problems: ConfigProblem[];
}) {
  const chunker = useCompare((s) => s.chunker);
  const config = useCompare((s) => s.configs[s.chunker]);
  const setChunker = useCompare((s) => s.setChunker);
  const setParam = useCompare((s) => s.setParam);
  const copyA = useCompare((s) => s.copyA);
  const swap = useCompare((s) => s.swap);
  const spec = getChunkerMeta(chunker);
  const editable = spec.params.filter(isCompact);
  const fixed = spec.params.filter((p) => !isCompact(p));
  const generalProblems = problems.filter((p) => !editable.some((param) => param.key === p.key));
  return (
    <div className="compare-b">
      <p className="compare-a-line">
        <span className="compare-chip compare-chip--a">A</span> {chunkerA} — the panel above
      </p>
      <label className="compare-b-select">
        <span className="compare-chip compare-chip--b">B</span>
        <select
          data-testid="compare-chunker"
          aria-label="B's chunker"
          value={chunker}
          onChange={(e) => setChunker(e.currentTarget.value)}
        >
          {CHUNKER_METAS.map((c) => (
            <option key={c.id} value={c.id}>
              {c.id} — {c.label}
            </option>
          ))}
        </select>
      </label>
      <div className="compare-params">
        {editable.map((param) => (
          <CompactParam
            key={param.key}
            param={param}
            value={config?.[param.key]}
            problem={problems.find((p) => p.key === param.key)?.message}
            onChange={(v) => setParam(param.key, v)}
          />
        ))}
      </div>
      {fixed.length > 0 && (
        <p className="compare-note">{fixed.map((p) => p.key).join(", ")}: as copied; edit in A, then swap.</p>
      )}
      {generalProblems.map((p) => (
        <p key={p.key} className="error" role="alert">
          {p.key}: {p.message}
        </p>
      ))}
      <div className="compare-actions">
        <button type="button" data-testid="compare-copy" onClick={copyA} title="B becomes a copy of A">
          Copy A → B
        </button>
        <button
          type="button"
          data-testid="compare-swap"
          onClick={swap}
          title="A takes B's settings, B takes A's"
        >
          Swap A ↔ B
        </button>
        <span className="compare-status">
          B: <span data-testid="compare-run-status">{statusB}</span>
        </span>
      </div>
    </div>
  );
}

type CompactSpec = Extract<ParamSpec, { type: "int" | "number" | "enum" | "boolean" }>;

function isCompact(param: ParamSpec): param is CompactSpec {
  return param.type === "int" || param.type === "number" || param.type === "enum" || param.type === "boolean";
}

function CompactParam({
  param,
  value,
  problem,
  onChange,
}: {
  param: CompactSpec;
  value: unknown;
  problem: string | undefined;
  onChange(value: unknown): void;
}) {
  const id = `compare-param-${param.key}`;
  let input;
  if (param.type === "enum") {
    input = <EnumInput id={id} options={param.options} value={value} onChange={onChange} />;
  } else if (param.type === "boolean") {
    input = <BooleanInput id={id} value={value} onChange={onChange} />;
  } else {
    const text = numberText(value);
    input = (
      <input
        id={id}
        data-testid={id}
        type="number"
        min={param.min}
        max={param.max}
        step={param.type === "int" ? 1 : "any"}
        value={text}
        // An emptied field stays empty (and invalid) until a number is typed, as in A's panel.
        onChange={(e) => onChange(e.currentTarget.value.trim() === "" ? "" : Number(e.currentTarget.value))}
      />
    );
  }
  return (
    <div className={`compare-param${problem ? " invalid" : ""}`}>
      <label htmlFor={id} title={param.help ?? param.label}>
        {param.key}
      </label>
      {input}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function numberText(value: unknown): string | number {
  return typeof value === "number" && Number.isFinite(value) ? value : String(value ?? "");
}
