/**
 * The run report's JSON (`JSON.stringify(report, null, 2)`, as `chunk --stats F` writes it) in
 * pieces: the text before and after `stats["quality.scores"]`, and that list apart, so a page can
 * write a list of 150,000 scores a slice at a time instead of in one 200 ms task.
 */
import type { RunReport } from "./runReport";

const MARK = JSON.stringify("\u0000quality.scores\u0000");

export interface RunReportJson {
  /** Up to the scores' value. */
  before: string;
  /** After the scores' value. */
  after: string;
  /** The scores list, written by scoresJson; empty when the report has none or an empty one. */
  scores: readonly unknown[];
  /** The indentation of the list's items. */
  indent: string;
}

export function splitRunReportJson(report: RunReport): RunReportJson {
  const scores = report.stats["quality.scores"];
  if (!Array.isArray(scores) || scores.length === 0)
    return { before: JSON.stringify(report, null, 2), after: "", scores: [], indent: "" };
  const text = JSON.stringify(
    { ...report, stats: { ...report.stats, "quality.scores": JSON.parse(MARK) as string } },
    null,
    2,
  );
  const at = text.indexOf(MARK);
  const lineStart = text.lastIndexOf("\n", at) + 1;
  const keyIndent = /^ */.exec(text.slice(lineStart))![0];
  return {
    before: text.slice(0, at),
    after: text.slice(at + MARK.length),
    scores,
    indent: keyIndent + "  ",
  };
}

/** Items [from, to) of the scores list, each as JSON.stringify writes it inside the report, joined by ",\n". */
export function scoresJson(json: RunReportJson, from: number, to: number): string {
  const parts: string[] = [];
  for (let i = from; i < to; i++)
    parts.push(json.indent + JSON.stringify(json.scores[i], null, 2).replaceAll("\n", "\n" + json.indent));
  return parts.join(",\n");
}

/** The whole report from its pieces and the scores' JSON slices (in order). */
export function joinRunReportJson(json: RunReportJson, slices: readonly string[]): string {
  if (json.scores.length === 0) return json.before + json.after;
  return `${json.before}[\n${slices.join(",\n")}\n${json.indent.slice(2)}]${json.after}`;
}
