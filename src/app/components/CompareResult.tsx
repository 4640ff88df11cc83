/**
 * A and B side by side (DESIGN §4 compare-counts, compare-scores), in the results dock: the chunk
 * edges both runs share or only one has, and every score of A and B with B − A, coloured where a
 * direction is better.
 */
import type { ScoreDelta } from "../../core/compare";
import { SCORE_DEFINITIONS } from "../../core/quality/definitions";
import type { Comparison } from "../state/compare";
import "./ComparePanel.css";

export function CompareResult({ comparison }: { comparison: Comparison }) {
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
