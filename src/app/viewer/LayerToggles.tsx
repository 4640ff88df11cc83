/**
 * The layer switches above the pages: A's boxes, compare's B, a question's references and its
 * retrieved chunks. B's switch waits for compare to be on, the question's for a selected question.
 */
import { useCompare } from "../state/compare";
import { useEvalMarks } from "../state/evalMarks";
import { useLayers, type Layer } from "../state/layers";

const LAYERS: readonly { layer: Layer; label: string; title: string }[] = [
  { layer: "a", label: "A", title: "The current run's chunk boxes" },
  { layer: "b", label: "B", title: "Compare's B: its chunk outlines and the boundaries of A and B" },
  {
    layer: "references",
    label: "refs",
    title: "The selected question's references (the text that answers it)",
  },
  {
    layer: "retrieved",
    label: "retrieved",
    title: "The chunks retrieved for the selected question, with their ranks",
  },
];

export function LayerToggles() {
  const layers = useLayers();
  const compareOn = useCompare((s) => s.enabled);
  const questionShown = useEvalMarks((s) => s.byPage !== null);
  const available: Record<Layer, boolean> = {
    a: true,
    b: compareOn,
    references: questionShown,
    retrieved: questionShown,
  };
  return (
    <fieldset className="viewer-toolbar__group layer-toggles">
      <legend>layers</legend>
      {LAYERS.map(({ layer, label, title }) => (
        <label key={layer} title={available[layer] ? title : `${title} — nothing to draw now`}>
          <input
            type="checkbox"
            data-testid={`layer-toggle-${layer}`}
            checked={layers[layer]}
            disabled={!available[layer]}
            onChange={(e) => layers.toggle(layer, e.currentTarget.checked)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
