/**
 * Shareable state in the URL hash: chunker, config and view (zoom, selected chunk). Never a
 * document, a password or a key. `#chunker=token&config={"chunk_size":256}&zoom=fit-width`.
 */
import { CHUNKER_METAS } from "../../core/chunkers/metas";
import type { ZoomState } from "./store";

export interface HashState {
  chunker?: string;
  config?: Record<string, unknown>;
  zoom?: ZoomState;
  chunk?: string;
}

export function parseHash(hash: string): HashState {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const out: HashState = {};
  const chunker = params.get("chunker");
  if (chunker && CHUNKER_METAS.some((c) => c.id === chunker)) out.chunker = chunker;
  const config = params.get("config");
  if (config) {
    try {
      const parsed: unknown = JSON.parse(config);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        out.config = parsed as Record<string, unknown>;
    } catch {
      // A hand-edited hash with broken JSON: the chunker's defaults apply, and the hash is rewritten.
      out.config = undefined;
    }
  }
  const zoom = params.get("zoom");
  if (zoom === "fit-width") out.zoom = { mode: "fit-width" };
  else if (zoom && Number.isFinite(Number(zoom)) && Number(zoom) > 0)
    out.zoom = { mode: "scale", scale: Number(zoom) };
  const chunk = params.get("chunk");
  if (chunk) out.chunk = chunk;
  return out;
}

export function formatHash(
  state: Required<Pick<HashState, "chunker" | "config" | "zoom">> & { chunk?: string | null },
): string {
  const params = new URLSearchParams();
  params.set("chunker", state.chunker);
  params.set("config", JSON.stringify(state.config));
  params.set(
    "zoom",
    state.zoom.mode === "fit-width" ? "fit-width" : String(Math.round(state.zoom.scale * 1000) / 1000),
  );
  if (state.chunk) params.set("chunk", state.chunk);
  return "#" + params.toString();
}
