/** Chunk sizes in the chunker's own unit, binned so the target is a bin edge, the target marked. */
import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { sizeBins } from "../../core/quality/histogram";
import type { SizeRule } from "../../core/quality/sizeRules";

export function QualityHistogram({ sizes, rule }: { sizes: readonly number[]; rule: SizeRule }) {
  const target = rule.target?.value;
  const data = useMemo(
    () =>
      sizeBins(sizes, target).map((b, i) => ({
        i,
        count: b.count,
        range:
          b.to === Infinity ? `≥ ${Math.round(b.from)}` : `${Math.round(b.from)}–${Math.round(b.to) - 1}`,
        label: Math.round(b.from),
        target: target !== undefined && b.from === target,
      })),
    [sizes, target],
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
      <BarChart width={270} height={130} data={data} margin={{ top: 14, right: 6, bottom: 0, left: -24 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="i"
          tickFormatter={(i: number) => String(data[i]?.label ?? "")}
          tick={{ fontSize: 10 }}
        />
        <YAxis allowDecimals={false} tick={{ fontSize: 10 }} />
        <Tooltip
          formatter={(v) => [v, "chunks"]}
          labelFormatter={(_, p) => `${p[0]?.payload?.range ?? ""} ${rule.unit}`}
        />
        <Bar dataKey="count" fill="#4c6ef5" isAnimationActive={false} />
        {targetIndex >= 0 && (
          <ReferenceLine
            x={targetIndex}
            position="start"
            stroke="#e8590c"
            strokeWidth={2}
            label={{ value: "target", position: "top", fontSize: 10, fill: "#e8590c" }}
          />
        )}
      </BarChart>
      {rule.note && <small className="quality-note">{rule.note}</small>}
    </figure>
  );
}
