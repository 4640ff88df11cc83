/**
 * Which layers the pages draw (DESIGN §12 `layer-toggle-*`): A's boxes, compare's B (its boxes and
 * the boundaries), a selected question's references and its retrieved chunks. All on by default; a
 * layer turned off is not drawn at all, so what is left reads cleanly.
 */
import { create } from "zustand";

export type Layer = "a" | "b" | "references" | "retrieved";

type LayersState = Record<Layer, boolean> & { toggle(layer: Layer, on: boolean): void };

export const useLayers = create<LayersState>()((set) => ({
  a: true,
  b: true,
  references: true,
  retrieved: true,
  toggle: (layer, on) => set({ [layer]: on }),
}));
