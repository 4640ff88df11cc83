/**
 * The wide results area (DESIGN §12 "room to read"): below the pages and the chunk list, across
 * both, so A/B compare's scores, the evaluation's metrics and questions and a sweep's chart and table have the
 * width the 300-px sidebar never had. It shows once there are results, folds to its title bar, and
 * its height is dragged by its top edge.
 */
import { useRef, type PointerEvent } from "react";
import { create } from "zustand";
import type { Comparison } from "../state/compare";
import { useSweep } from "../state/sweep";
import { CompareResult } from "./CompareResult";
import { EvalResults, useHasEvalResults, type EvalResultsProps } from "./eval/EvalResults";
import { SweepResult } from "./SweepResult";
import "./SweepPanel.css";

const MIN_HEIGHT = 140;
const DEFAULT_HEIGHT = 300;

interface DockState {
  open: boolean;
  height: number;
  setOpen(open: boolean): void;
  setHeight(height: number): void;
}

export const useResultsDock = create<DockState>()((set) => ({
  open: true,
  height: DEFAULT_HEIGHT,
  setOpen: (open) => set({ open }),
  setHeight: (height) => set({ height }),
}));

interface ResultsDockProps extends EvalResultsProps {
  /** A against B once both runs are in; null while compare is off or a run is missing. */
  comparison: Comparison | null;
}

export function ResultsDock({ comparison, ...evalProps }: ResultsDockProps) {
  const hasSweep = useSweep((s) => s.lines.some((l) => l !== undefined));
  const hasEval = useHasEvalResults(evalProps);
  const hasResults = hasSweep || hasEval || comparison !== null;
  const done = useSweep((s) => s.done);
  const total = useSweep((s) => s.total);
  const { open, height, setOpen, setHeight } = useResultsDock();
  const drag = useRef<{ y: number; height: number } | null>(null);
  if (!hasResults) return null;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { y: e.clientY, height };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const max = Math.round(window.innerHeight * 0.8);
    setHeight(Math.min(max, Math.max(MIN_HEIGHT, drag.current.height + drag.current.y - e.clientY)));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <section
      className="results-dock"
      data-testid="results-dock"
      data-open={open}
      aria-label="Results"
      style={open ? { height } : undefined}
    >
      {open && (
        <div
          className="results-dock__resize"
          data-testid="results-dock-resize"
          role="separator"
          aria-orientation="horizontal"
          aria-label="Drag to resize the results"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        />
      )}
      <header className="results-dock__bar">
        <h2>
          Results{" "}
          <span className="results-dock__count">
            {[
              comparison ? "A/B compare" : "",
              hasEval ? "retrieval evaluation" : "",
              hasSweep && total > 0 ? `sweep ${done}/${total} points` : "",
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </h2>
        <button
          type="button"
          data-testid="results-dock-toggle"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? "Fold ▾" : "Show ▴"}
        </button>
      </header>
      {open && (
        // Focusable, so a keyboard can scroll it when what it holds (a table) has no control.
        <div className="results-dock__body" tabIndex={0} role="region" aria-label="Results, scrollable">
          {comparison && <CompareResult comparison={comparison} />}
          {hasEval && <EvalResults {...evalProps} />}
          {hasSweep && <SweepResult />}
        </div>
      )}
    </section>
  );
}
