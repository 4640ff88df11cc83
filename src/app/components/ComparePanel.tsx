/**
 * A/B compare (DESIGN §4 `compare-toggle`): the toggle; B's chunker and a compact form of its
 * number, enum and boolean keys; copy and swap; and, once both runs are in, the boundary counts and
 * every score of A and B side by side with B − A, coloured where a direction is better.
 */
import type { ConfigProblem, ParamSpec } from "../../core/chunk";
import { CHUNKER_METAS, getChunkerMeta } from "../../core/chunkers/metas";
import type { ScoreDelta } from "../../core/compare";
import { SCORE_DEFINITIONS } from "../../core/quality/definitions";
import { useCompare, type Comparison } from "../state/compare";
import "./ComparePanel.css";
import { BooleanInput, EnumInput } from "./paramInputs";

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
          {comparison && <CompareResult comparison={comparison} />}
        </>
      )}
    </section>
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

function CompareResult({ comparison }: { comparison: Comparison }) {
  const { boundaries, scores } = comparison;
  return (
    <div className="compare-result">
      <p className="compare-counts" data-testid="compare-counts">
        <span
          className="compare-count compare-count--shared"
          title="Chunk edges (starts and ends, counted apart) both runs have"
        >
          edges shared <b data-testid="compare-count-shared">{boundaries.shared}</b>
        </span>
        <span
          className="compare-count compare-count--only-a"
          title="Chunk edges (starts and ends, counted apart) only A has"
        >
          only A <b data-testid="compare-count-only-a">{boundaries.onlyA}</b>
        </span>
        <span
          className="compare-count compare-count--only-b"
          title="Chunk edges (starts and ends, counted apart) only B has"
        >
          only B <b data-testid="compare-count-only-b">{boundaries.onlyB}</b>
        </span>
      </p>
      <p className="compare-note">
        Counts of chunk edges: every chunk&apos;s start and its end count apart (leaves of a parent/child
        run), so a run of n chunks has about 2n edges; an edge is shared when the other run has one with only
        whitespace between them. On the page A&apos;s chunks are filled, B&apos;s are dashed orange outlines,
        and each edge is a bar coloured by who cuts there.
      </p>
      {scores ? (
        <table className="compare-scores" data-testid="compare-scores">
          <thead>
            <tr>
              <th scope="col">Score</th>
              <th scope="col">A</th>
              <th scope="col">B</th>
              <th scope="col">Δ B−A</th>
            </tr>
          </thead>
          <tbody>
            {scores.map((row) => (
              <tr key={row.key} data-score={row.key} title={definitionOf(row)}>
                <th scope="row">{row.label}</th>
                <td data-col="a">{formatValue(row.a, row.kind)}</td>
                <td data-col="b">{formatValue(row.b, row.kind)}</td>
                <td
                  data-col="delta"
                  data-verdict={row.verdict ?? "none"}
                  className={`compare-delta--${row.verdict ?? "none"}`}
                >
                  {formatDelta(row)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="compare-note">Scores appear when both runs have them.</p>
      )}
    </div>
  );
}

function definitionOf(row: ScoreDelta): string {
  const better = row.better === null ? "" : ` ${row.better === "higher" ? "Higher" : "Lower"} is better.`;
  return `${row.score ? SCORE_DEFINITIONS[row.score] : "Number of chunks of the run."}${better}`;
}

function formatValue(value: number | null, kind: ScoreDelta["kind"]): string {
  if (value === null) return "—";
  switch (kind) {
    case "count":
      return String(value);
    case "share":
      return `${(value * 100).toFixed(1)}%`;
    case "size":
      return Number.isInteger(value) ? String(value) : value.toFixed(1);
    case "ratio":
      return value.toFixed(3);
  }
}

function formatDelta(row: ScoreDelta): string {
  if (row.delta === null) return "—";
  if (row.verdict === "same") return "0";
  const sign = row.delta > 0 ? "+" : "−";
  const magnitude = Math.abs(row.delta);
  // Shares differ in percentage points, not percent.
  const text = row.kind === "share" ? `${(magnitude * 100).toFixed(1)} pt` : formatValue(magnitude, row.kind);
  return `${sign}${text}`;
}
