/**
 * The sweep's scatter plot as inline SVG for the report: each point's objective against its cost,
 * coloured by chunker, the Pareto front as a line through its points. Drawn here rather than copied
 * from the page's recharts chart, so the file holds plain markup and no script.
 */
import { extent } from "../extent";
import { escapeHtml } from "./html";

export interface ParetoPoint {
  chunker: string;
  /** Cost: tokens retrieved per question, or mean tokens per chunk. */
  cost: number;
  /** The objective, a share 0–1: recall or the quality score. */
  value: number;
  onFront: boolean;
  /** The hover text (the point's config). */
  title: string;
  /** The point's config, for the summary's plain words (the title is its JSON). */
  config?: Readonly<Record<string, unknown>>;
}

export interface ParetoAxes {
  /** What the x axis measures, e.g. "tokens retrieved per question". */
  costLabel: string;
  /** What the y axis measures, e.g. "recall". */
  valueLabel: string;
}

/** Distinct on white and in greyscale print, in the order chunkers first appear. */
const CHUNKER_COLORS = [
  "#2563eb",
  "#dc2626",
  "#059669",
  "#d97706",
  "#7c3aed",
  "#0891b2",
  "#be185d",
  "#4b5563",
];
const FRONT_COLOR = "#111827";

const WIDTH = 640;
const HEIGHT = 340;
const MARGIN = { top: 16, right: 20, bottom: 44, left: 56 };

/** About `count` round tick values covering [lo, hi]. */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step)
    ticks.push(Number(t.toFixed(10)));
  return ticks;
}

function paddedExtent(values: readonly number[], pad: number): [number, number] {
  const { min: lo, max: hi } = extent(values) ?? { min: 0, max: 1 };
  const margin = hi > lo ? (hi - lo) * pad : Math.max(Math.abs(hi) * pad, 1e-3);
  return [lo - margin, hi + margin];
}

const round = (v: number) => Math.round(v * 10) / 10;

function formatCost(v: number): string {
  return v >= 1000 ? `${(v / 1000).toFixed(1)}k` : String(Math.round(v * 10) / 10);
}

/** The chunkers in the order their first point appears, each with its colour. */
export function chunkerColors(points: readonly ParetoPoint[]): Map<string, string> {
  const colors = new Map<string, string>();
  for (const p of points)
    if (!colors.has(p.chunker)) colors.set(p.chunker, CHUNKER_COLORS[colors.size % CHUNKER_COLORS.length]!);
  return colors;
}

/** The plot as one <svg> element (role img, with its own title), or an empty string without points. */
export function paretoSvg(points: readonly ParetoPoint[], axes: ParetoAxes): string {
  if (points.length === 0) return "";
  const [xLo, xHi] = paddedExtent(
    points.map((p) => p.cost),
    0.05,
  );
  const [yLo0, yHi0] = paddedExtent(
    points.map((p) => p.value),
    0.08,
  );
  const yLo = Math.max(0, yLo0);
  const yHi = Math.min(1, yHi0);
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (v: number) => round(MARGIN.left + ((v - xLo) / (xHi - xLo)) * plotW);
  const y = (v: number) => round(MARGIN.top + (1 - (v - yLo) / (yHi - yLo || 1)) * plotH);
  const colors = chunkerColors(points);

  const parts: string[] = [];
  for (const t of niceTicks(xLo, xHi)) {
    if (t < xLo || t > xHi) continue;
    parts.push(
      `<line x1="${x(t)}" x2="${x(t)}" y1="${MARGIN.top}" y2="${MARGIN.top + plotH}" class="grid"/>`,
      `<text x="${x(t)}" y="${MARGIN.top + plotH + 16}" text-anchor="middle">${formatCost(t)}</text>`,
    );
  }
  const yTicks = niceTicks(yLo, yHi);
  const yDecimals = yHi - yLo <= 0.1 ? 1 : 0;
  for (const t of yTicks) {
    if (t < yLo || t > yHi) continue;
    parts.push(
      `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${y(t)}" y2="${y(t)}" class="grid"/>`,
      `<text x="${MARGIN.left - 6}" y="${y(t) + 4}" text-anchor="end">${(t * 100).toFixed(yDecimals)}%</text>`,
    );
  }
  parts.push(
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotW}" height="${plotH}" class="frame"/>`,
    `<text x="${MARGIN.left + plotW / 2}" y="${HEIGHT - 6}" text-anchor="middle">${escapeHtml(axes.costLabel)}</text>`,
    `<text transform="translate(14 ${MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escapeHtml(axes.valueLabel)}</text>`,
  );
  const front = points
    .filter((p) => p.onFront)
    .sort((a, b) => a.cost - b.cost || b.value - a.value)
    .map((p) => `${x(p.cost)},${y(p.value)}`);
  if (front.length > 1)
    parts.push(
      `<polyline points="${front.join(" ")}" fill="none" stroke="${FRONT_COLOR}" stroke-width="1.5"/>`,
    );
  for (const p of points) {
    const color = colors.get(p.chunker)!;
    const ring = p.onFront ? ` stroke="${FRONT_COLOR}" stroke-width="1.5"` : "";
    parts.push(
      `<circle cx="${x(p.cost)}" cy="${y(p.value)}" r="${p.onFront ? 5 : 3.5}" fill="${color}"${ring} data-front="${p.onFront}"><title>${escapeHtml(p.title)}</title></circle>`,
    );
  }
  const description = `${points.length} sweep points, ${front.length} on the Pareto front: ${axes.valueLabel} against ${axes.costLabel}`;
  return (
    `<svg class="pareto" role="img" aria-label="${escapeHtml(description)}" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">` +
    parts.join("") +
    `</svg>`
  );
}
