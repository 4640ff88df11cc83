/**
 * Which curve the chart shows and what dragging its threshold changes. A late chunker's own curve
 * (its trace) comes with a threshold the user can drag: late-jaccard's similarity_threshold directly,
 * late-embedding's threshold_amount (langchain-semantic's breakpoint_threshold_amount) in its mode's
 * units (core/similarity's amountForSimilarity). Any
 * other run gets the adjacent-sentence curve of the session's embedder with its boundaries on it, so
 * a user sees whether they fall at dips.
 */
import { lazy, Suspense, useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef } from "react";
import type { Chunk, ChunkRun } from "../../core/chunk";
import { lineBoxes } from "../../core/citations";
import type { DocModel, PageRect } from "../../core/document";
import { amountForSimilarity, type ThresholdMode } from "../../core/similarity/breakpoints";
import { boundaryPoints } from "../../core/similarity/adjacent";
import { useSimilarityCurve } from "../engine/queries";
import { useHover } from "../state/hover";
import { useWorkbench } from "../state/store";
import type { CurvePoint } from "./SimilarityChart";
import { pointsOutsideSpans, shownPositions } from "./tocGaps";
import { ThresholdCalibrator } from "./ThresholdCalibrator";
import { isCalibrated } from "../../core/calibrate";

/** The chunkers whose own curve's threshold is a breakpoint rule and an amount, by key. */
const THRESHOLD_KEYS: Readonly<Record<string, { mode: string; amount: string }>> = {
  "late-embedding": { mode: "threshold_mode", amount: "threshold_amount" },
  "langchain-semantic": { mode: "breakpoint_threshold_type", amount: "breakpoint_threshold_amount" },
  // SemanticSplitterNodeParser has no mode key: always a percentile.
  "llamaindex-semantic": { mode: "", amount: "breakpoint_percentile_threshold" },
};

// The chart loads after the first paint (see QualityPanel).
const SimilarityChart = lazy(() => import("./SimilarityChart").then((m) => ({ default: m.SimilarityChart })));

interface Curve {
  points: { offset: number; value: number; start?: number; end?: number }[];
  boundaries: number[];
  threshold: number | null;
  title: string;
  onThreshold: ((y: number) => void) | null;
  hint: string;
}

export function SimilarityPanel({
  run,
  doc,
  runB,
  runIsPlaceholder = false,
}: {
  run: ChunkRun | undefined;
  doc: DocModel | undefined;
  /** `run` is the last run kept on screen while this one computes (react-query's placeholder). */
  runIsPlaceholder?: boolean;
  /** A/B compare on: B's run, whose boundaries are drawn beside A's. */
  runB?: ChunkRun | undefined;
}) {
  const docId = doc?.id;
  const setParam = useWorkbench((s) => s.setParam);
  const selectChunk = useWorkbench((s) => s.selectChunk);
  const setHoverRange = useHover((s) => s.setHoverRange);
  const trace = run?.trace;
  // Not for a long PDF's first pages (the whole document's curve replaces it), and not before this
  // document's own run is in: on one worker the curve would otherwise delay the run.
  const provisional = doc?.provisional !== undefined;
  const adjacent = useSimilarityCurve(
    docId,
    run !== undefined && !trace && !provisional && !runIsPlaceholder,
  );
  // A curve of tens of thousands of gaps (a 2,415-page manual's) arrives as a transition: its axis,
  // boundaries and chart are rendered in slices that yield, not in one 180 ms task. Only while it
  // is this document's: a lagging curve of the document before is not drawn under the new run.
  const currentCurve = useMemo(() => ({ docId, data: adjacent.data }), [docId, adjacent.data]);
  const deferredCurve = useDeferredValue(currentCurve);
  const adjacentData = deferredCurve.docId === docId ? deferredCurve.data : undefined;

  const curve: Curve | null = useMemo(() => {
    if (!run) return null;
    if (trace) {
      const values = trace.points.map((p) => p.value);
      const byOffset = new Map(trace.points.map((p, i) => [p.offset, i]));
      const exact = trace.boundaries.map((b) => byOffset.get(b));
      const boundaries = exact.every((i) => i !== undefined)
        ? (exact as number[])
        : boundaryPoints(trace.points, [0, ...trace.boundaries]);
      // Which keys hold the breakpoint rule and its amount (LangChain's SemanticChunker names its own).
      const keys = THRESHOLD_KEYS[run.chunker] ?? THRESHOLD_KEYS["late-embedding"]!;
      const mode =
        run.chunker === "langchain-semantic" && Number(run.config.number_of_chunks) > 0
          ? undefined
          : keys.mode === ""
            ? "percentile"
            : (run.config[keys.mode] as ThresholdMode | undefined);
      // Only a fallback changes whose curve this is (hybrid in late mode runs late-jaccard by design).
      const fellBack = typeof run.stats["fallback.reason"] === "string";
      const ran =
        fellBack && typeof run.stats["chunker.ran"] === "string" ? run.stats["chunker.ran"] : run.chunker;
      let onThreshold: ((y: number) => void) | null = null;
      let hint = "Drag to change the threshold; the run follows.";
      if (ran !== run.chunker) {
        hint = `${run.chunker} fell back to ${ran} (see the warnings): this is ${ran}'s curve; set similarity_threshold in the panel.`;
      } else if (run.chunker === "late-jaccard") {
        onThreshold = (y) => setParam("similarity_threshold", Math.max(0, Math.min(1, y)));
      } else if (run.chunker === "chonkie-semantic") {
        // Chonkie cuts at valleys of the smoothed curve below threshold, which it keeps inside (0, 1).
        onThreshold = (y) =>
          setParam("threshold", Math.round(Math.max(0.01, Math.min(0.99, y)) * 1000) / 1000);
        hint = "Drag to move Chonkie's threshold: valleys of the smoothed curve below it cut.";
      } else if (run.chunker in THRESHOLD_KEYS && mode && mode !== "gradient") {
        onThreshold = (y) => {
          const amount = amountForSimilarity(values, mode, y);
          if (amount !== null) setParam(keys.amount, Math.round(amount * 1000) / 1000);
        };
        hint = `Drag to move the ${mode.replace("_", " ")} threshold: sets ${keys.amount} in that mode's units.`;
      } else {
        hint =
          mode === "gradient"
            ? `The gradient mode's threshold is on the gradient of the distances, not on this scale: set ${keys.amount} in the panel.`
            : run.chunker === "langchain-semantic" && Number(run.config.number_of_chunks) > 0
              ? "number_of_chunks sets the threshold: set it to 0 in the panel to drag the threshold."
              : "This chunker's threshold is not a parameter here.";
      }
      // An embedding curve names its model: its scale is that embedder's (static GloVe, lexical, an endpoint).
      const model = run.stats["embedding.model"];
      return {
        points: trace.points,
        boundaries,
        threshold: trace.threshold ?? null,
        title:
          ran !== run.chunker
            ? `${ran}'s similarity curve (${run.chunker} fell back)`
            : `${run.chunker}: its own similarity curve${typeof model === "string" ? ` (${model})` : ""}`,
        onThreshold,
        hint,
      };
    }
    const data = adjacentData;
    if (!data) return null;
    return {
      points: data.points,
      boundaries: boundaryPoints(
        data.points,
        run.chunks.filter((c) => c.level !== "parent").map((c) => c.start),
      ),
      threshold: null,
      title: `Adjacent-sentence similarity (${data.embedderLabel}) with ${run.chunker}'s boundaries`,
      onThreshold: null,
      hint: "",
    };
  }, [run, trace, adjacentData, setParam]);

  // B's cuts on the same curve: the gaps nearest B's chunk starts (parents aside).
  const boundariesB = useMemo(
    () =>
      runB && curve
        ? boundaryPoints(
            curve.points,
            runB.chunks.filter((c) => c.level !== "parent").map((c) => c.start),
          )
        : undefined,
    [runB, curve],
  );

  // The points keep their identity while the curve does (the adjacent curve across every run of a
  // document): the chart then redraws only the run's boundaries, never its line. Gaps inside the
  // table of contents or the index are set apart from the axis (DESIGN §12).
  const source = curve?.points;
  const tocSpans = doc?.tocSpans;
  const axis = useMemo(() => pointsOutsideSpans(source ?? [], tocSpans), [source, tocSpans]);
  const points: CurvePoint[] = useMemo(
    () => (source ? axis.shown.map((i) => ({ value: source[i]!.value })) : []),
    [source, axis],
  );
  const boundariesShown = useMemo(
    () => (curve ? shownPositions(curve.boundaries, axis.shown) : []),
    [curve, axis],
  );
  const boundariesBShown = useMemo(
    () => (boundariesB ? shownPositions(boundariesB, axis.shown) : undefined),
    [boundariesB, axis],
  );

  // The calibrator reads the whole curve (the chunker's breakpoints are computed on every gap).
  const allValues = useMemo(() => (source ? source.map((p) => p.value) : []), [source]);
  const calibrate =
    run !== undefined &&
    trace !== undefined &&
    isCalibrated(run.chunker) &&
    run.stats["fallback.reason"] === undefined;

  // Handlers read the latest curve and run through a ref, so their identity never changes and
  // the chart's memo holds across runs.
  const latest = useRef({ curve, run, doc, axis });
  useLayoutEffect(() => {
    latest.current = { curve, run, doc, axis };
  }, [curve, run, doc, axis]);
  const pointAt = (shownIndex: number) => {
    const i = latest.current.axis.shown[shownIndex];
    return i === undefined ? undefined : { i, p: latest.current.curve?.points[i] };
  };
  const labelOf = useCallback((shownIndex: number) => {
    const at = pointAt(shownIndex);
    return at?.p ? gapLabel(latest.current.doc?.text, at.p, at.i) : "";
  }, []);

  const onHover = useCallback(
    (shownIndex: number | null) => {
      const { doc } = latest.current;
      const p = shownIndex === null ? undefined : pointAt(shownIndex)?.p;
      if (!p || !doc) return setHoverRange(null);
      const start = p.start ?? p.offset;
      const end = p.end ?? p.offset + 1;
      const byPage = new Map<number, PageRect[]>();
      for (const box of lineBoxes(doc, start, end)) {
        const list = byPage.get(box.page);
        if (list) list.push(box);
        else byPage.set(box.page, [box]);
      }
      setHoverRange({ start, end, byPage });
    },
    [setHoverRange],
  );
  const onClick = useCallback(
    (shownIndex: number) => {
      const { run } = latest.current;
      const p = pointAt(shownIndex)?.p;
      if (!p || !run) return;
      const chunk = chunkAt(run.chunks, p.offset);
      if (chunk) selectChunk(chunk.id, true);
    },
    [selectChunk],
  );

  if (!run) return null;
  if (!curve)
    return (
      <figure className="similarity-chart" data-testid="similarity-chart" data-points={0}>
        <figcaption>
          Similarity curve{" "}
          <span className="hint">
            {adjacent.error
              ? `— could not compute: ${adjacent.error.message}`
              : provisional
                ? "— once the whole document is read"
                : "— computing…"}
          </span>
        </figcaption>
      </figure>
    );
  return (
    <Suspense
      fallback={
        <figure className="similarity-chart" data-testid="similarity-chart" data-points={0}>
          <figcaption>
            {curve.title} <span className="hint">— loading the chart…</span>
          </figcaption>
        </figure>
      }
    >
      <SimilarityChart
        points={points}
        labelOf={labelOf}
        boundaries={boundariesShown}
        boundariesB={boundariesBShown}
        threshold={curve.threshold}
        onThresholdChange={curve.onThreshold}
        handleHint={curve.hint}
        onHoverPoint={onHover}
        onClickPoint={onClick}
        title={
          axis.setApart > 0
            ? `${curve.title} · ${axis.setApart.toLocaleString("en")} table-of-contents and index gaps set apart`
            : curve.title
        }
      />
      {calibrate && curve && (
        <ThresholdCalibrator
          run={run}
          docId={doc?.id}
          values={allValues}
          threshold={curve.threshold}
          onThreshold={curve.onThreshold}
        />
      )}
    </Suspense>
  );
}

/** The chunk (not a parent outline) holding an offset, or the nearest one starting after it. */
function chunkAt(chunks: readonly Chunk[], offset: number): Chunk | undefined {
  const leaves = chunks.filter((c) => c.level !== "parent");
  return leaves.find((c) => c.start <= offset && offset <= c.end) ?? leaves.find((c) => c.start >= offset);
}

/** "gap 12 · …end of one sentence ‖ start of the next…": what a point compares, in a tooltip line. */
function gapLabel(
  text: string | undefined,
  p: { offset: number; start?: number; end?: number },
  i: number,
): string {
  const head = `gap ${i + 1}`;
  if (!text) return head;
  const before = text
    .slice(Math.max(p.start ?? p.offset - 40, p.offset - 40), p.offset)
    .replace(/\s+/g, " ")
    .trim();
  const after = text
    .slice(p.offset, Math.min(p.end ?? p.offset + 40, p.offset + 40))
    .replace(/\s+/g, " ")
    .trim();
  return `${head} · …${before} ‖ ${after}…`;
}
