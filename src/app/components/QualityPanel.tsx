/**
 * The current run's quality (core/quality): the scores, each with the one line saying how it is
 * computed; a size histogram with the chunker's target marked; and a sortable, virtualized table of
 * the chunks with the workbench's own per-chunk findings. Clicking a row selects the chunk.
 */
import { memo, useDeferredValue, useMemo } from "react";
import type { ChunkRun } from "../../core/chunk";
import { SCORE_DEFINITIONS } from "../../core/quality/definitions";
import type { RunQuality } from "../../core/quality/runQuality";
import { scoreRows } from "../../core/quality/scoreRows";
import { ruleFor } from "../../core/quality/sizeRules";
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
  const sizes = useMemo(() => {
    const out: number[] = [];
    const rules = quality.size.rules;
    // One rule measures every chunk (all but parent/child runs): no rule to look up per chunk.
    for (let i = 0; i < quality.chunks.length; i++)
      if (rules.length === 1 || ruleFor(rules, run.chunks[i]?.level) === rule)
        out.push(quality.chunks[i]!.size);
    return out;
  }, [quality, run.chunks, rule]);
  return (
    <>
      <dl className="quality-scores">
        {scoreRows(quality, rule).map(([id, label, value]) => (
          <div key={id} className="quality-score" data-score={id} title={SCORE_DEFINITIONS[id]}>
            <dt>{label}</dt>
            <dd data-testid={`quality-${id}`}>{value}</dd>
            <dd className="quality-definition">{SCORE_DEFINITIONS[id]}</dd>
          </div>
        ))}
      </dl>
      <QualityHistogram sizes={sizes} rule={rule} />
      <QualityTable chunks={run.chunks} rows={quality.chunks} />
    </>
  );
}
