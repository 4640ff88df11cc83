/** Chunk sizes in the chunker's own unit, binned so the target is a bin edge, the target marked. */
import { useMemo } from "react";
import { BarHistogram } from "../charts/BarHistogram";
import { sizeBins } from "../../core/quality/histogram";
import type { SizeRule } from "../../core/quality/sizeRules";

export function QualityHistogram({ sizes, rule }: { sizes: readonly number[]; rule: SizeRule }) {
  const target = rule.target?.value;
  const data = useMemo(
    () =>
      sizeBins(sizes, target).map((b) => ({
        count: b.count,
        title: `${b.to === Infinity ? `≥ ${Math.round(b.from)}` : `${Math.round(b.from)}–${Math.round(b.to) - 1}`} ${rule.unit}: ${b.count} chunk${b.count === 1 ? "" : "s"}`,
        label: String(Math.round(b.from)),
        target: target !== undefined && b.from === target,
      })),
    [sizes, target, rule.unit],
  );
  const targetIndex = data.findIndex((d) => d.target);
  const subject = rule.level ? `${rule.level} chunks` : "chunks";
  return (
    <figure className="quality-histogram" aria-label={`Chunk sizes in ${rule.unit}`}>
      <figcaption>
        Sizes of {subject} ({rule.unit})
        {rule.target ? (
          <>
            {" "}
            · target <code>{rule.target.key}</code> = {rule.target.value}
          </>
        ) : (
          " · no target key"
        )}
      </figcaption>
      {/* A fixed size, as the run summary's: the sidebar's width is fixed. */}
      <BarHistogram bins={data} width={270} height={130} markerIndex={targetIndex} markerLabel="target" />
      {rule.note && <small className="quality-note">{rule.note}</small>}
    </figure>
  );
}
