/**
 * The run's scores as rows of text — the quality panel's lines, and the stakeholder report's: one
 * wording of every score, so the report says exactly what the panel showed.
 */
import type { ScoreId } from "./definitions";
import type { RunQuality } from "./runQuality";
import type { SizeRule } from "./sizeRules";

/** [score id, label, the value as shown]. */
export type ScoreRow = [ScoreId, string, string];

export function scoreRows(q: RunQuality, rule: SizeRule = q.size.rules[0]!): ScoreRow[] {
  const s = q.size;
  const limitOf = (key: "min" | "max", count: number | null) => {
    const sign = key === "min" ? "<" : ">";
    const keys = q.size.rules.flatMap((r) => (r[key] ? [`${r[key].key} ${r[key].value}`] : []));
    return count === null ? `— (no ${key} key)` : `${count} (${sign} ${keys.join(", ")})`;
  };
  const o = q.overlap;
  const overlap =
    o.pairs === 0
      ? "—"
      : `${fmt(o.meanChars)} chars${o.meanTokens !== undefined ? ` / ${fmt(o.meanTokens)} tok` : ""} per pair · ${o.overlapping}/${o.pairs}` +
        (o.prefixChars > 0 ? ` (${o.prefixChars} in prefixes)` : "");
  return [
    [
      "size",
      `Size (${rule.unit})`,
      s.mean === null ? "—" : `mean ${fmt(s.mean)} · median ${fmt(s.median!)} · ${s.min}–${s.max}`,
    ],
    ["endsAtSentence", "Ends at sentence", ratio(q.endsAtSentence, q.chunkCount)],
    ["midSentence", "Mid-sentence cuts", ratio(q.midSentence, q.chunkCount)],
    ["midWord", "Mid-word cuts", ratio(q.midWord, q.chunkCount)],
    ["underMin", "Under min", limitOf("min", s.underMin)],
    ["overMax", "Over max", limitOf("max", s.overMax)],
    ["overEmbeddingLimit", "Over embedding limit", `${q.embedding.over} (> ${q.embedding.limit} tok)`],
    ["orphanHeadings", "Orphan headings", String(q.orphanHeadings)],
    ["overlap", "Overlap", overlap],
    ["coverage", "Coverage", q.coverage.coverage === null ? "—" : pct(q.coverage.coverage)],
    ["redundancy", "Redundancy", q.coverage.redundancy === null ? "—" : q.coverage.redundancy.toFixed(3)],
    [
      "coherence",
      "Coherence",
      q.coherence === null
        ? "—"
        : `${q.coherence.toFixed(3)}${q.coherenceBy ? ` · by ${q.coherenceBy}` : ""}`,
    ],
  ];
}

function ratio(r: { count: number; share: number | null }, total: number): string {
  return r.share === null ? "—" : `${pct(r.share)} (${r.count}/${total})`;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}
