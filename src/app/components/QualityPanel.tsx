/**
 * The current run's quality (core/quality): the scores, each with the one line saying how it is
 * computed; a size histogram with the chunker's target marked; and a sortable, virtualized table of
 * the chunks with the workbench's own per-chunk findings. Clicking a row selects the chunk.
 */
import { memo, useDeferredValue, useMemo } from "react";
import type { ChunkRun } from "../../core/chunk";
import { SCORE_DEFINITIONS, type ScoreId } from "../../core/quality/definitions";
import type { RunQuality } from "../../core/quality/runQuality";
import { ruleFor, type SizeRule } from "../../core/quality/sizeRules";
import { LlmJudge } from "./LlmJudge";
import { QualityTable } from "./QualityTable";
import { QualityHistogram } from "./QualityHistogram";
import "./QualityPanel.css";

export const QualityPanel = memo(function QualityPanel({
  run: latest,
  docId,
}: {
  run: ChunkRun | undefined;
  docId?: string | undefined;
}) {
  // Drawn after the run's boxes and list: scores must never delay the run a user waits to see.
  const run = useDeferredValue(latest);
  const quality = run?.quality;
  return (
    <section className="panel quality-panel" data-testid="quality-panel" aria-label="Quality">
      <h2 className="quality-title">Quality</h2>
      {!run || !quality ? (
        <p className="quality-empty">No run yet.</p>
      ) : (
        <>
          <QualityBody run={run} quality={quality} />
          <LlmJudge run={run} docId={docId} />
        </>
      )}
    </section>
  );
});

function QualityBody({ run, quality }: { run: ChunkRun; quality: RunQuality }) {
  const rule = quality.size.rules[0]!;
  const sizes = useMemo(
    () =>
      quality.chunks
        .filter((_, i) => ruleFor(quality.size.rules, run.chunks[i]?.level) === rule)
        .map((c) => c.size),
    [quality, run.chunks, rule],
  );
  return (
    <>
      <dl className="quality-scores">
        {scoreRows(quality, rule).map(([id, label, value]) => (
          <div key={id} className="quality-score" data-score={id} title={SCORE_DEFINITIONS[id]}>
            <dt>{label}</dt>
            <dd data-testid={`quality-${id}`}>{value}</dd>
            <small className="quality-definition">{SCORE_DEFINITIONS[id]}</small>
          </div>
        ))}
      </dl>
      <QualityHistogram sizes={sizes} rule={rule} />
      <QualityTable chunks={run.chunks} rows={quality.chunks} />
    </>
  );
}

type Row = [ScoreId, string, string];

function scoreRows(q: RunQuality, rule: SizeRule): Row[] {
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
