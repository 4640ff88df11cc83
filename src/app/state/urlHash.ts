/**
 * Shareable state in the URL hash: the document it was made on (`doc`, its id — the sha256 of its
 * bytes — and `name`, its file name: DESIGN §12), chunker, config, compare's B and the view (zoom,
 * selected chunk). Never a document's content, a password or a key.
 * `#doc=…&name=manual.pdf&chunker=token&config={"chunk_size":256}&zoom=fit-width`, with
 * `b=…&bconfig={…}` while compare is on. What cannot be read is a problem to tell the user, and the
 * defaults apply (DESIGN §10): a link never leaves a blank page.
 */
import { CHUNKER_METAS, getChunkerMeta } from "../../core/chunkers/metas";
import { resolveConfig } from "../../core/config";
import { SchemaError } from "../../core/schema/errors";
import { parseOutsideJson } from "../../core/schema/json";
import type { ZoomState } from "./store";

type Config = Record<string, unknown>;

export interface HashState {
  /** The document the link was made on; a link without one (hand-written, older) is for the current document. */
  doc?: { id: string; name: string };
  chunker?: string;
  config?: Config;
  zoom?: ZoomState;
  chunk?: string;
  /** Compare's B, when the link was made with compare on. */
  b?: { chunker: string; config: Config };
  /** What in the link could not be used, in words for the user. */
  problems?: string[];
}

const DOCUMENT_ID = /^[0-9a-f]{64}$/;

const knownChunker = (id: string) => CHUNKER_METAS.some((c) => c.id === id);

function parseConfig(raw: string | null, label: string, problems: string[]): Config | undefined {
  if (raw === null) return undefined;
  try {
    // Prototype keys dropped, depth capped (DESIGN §12): a link is outside input.
    const parsed = parseOutsideJson(raw, label);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Config;
    problems.push(`${label} is not a JSON object`);
  } catch (err) {
    // Broken JSON (a link cut short, a hand edit) or a hostile nesting: said, and the defaults apply.
    if (!(err instanceof SchemaError)) throw err;
    problems.push(err.message);
  }
  return undefined;
}

/** The config a link asks for, or the defaults with a problem saying what was wrong with it. */
export function linkConfig(chunker: string, config: Config, label: string, problems: string[]): Config {
  const meta = getChunkerMeta(chunker);
  const resolved = resolveConfig(meta, config);
  if (resolved.problems.length === 0) return config;
  problems.push(
    `${label} for ${chunker} is not valid (${resolved.problems.map((p) => `${p.key}: ${p.message}`).join("; ")}): its defaults apply`,
  );
  return { ...(meta.defaults as Config) };
}

export function parseHash(hash: string): HashState {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const out: HashState = {};
  const problems: string[] = [];
  const doc = params.get("doc");
  if (doc && DOCUMENT_ID.test(doc)) out.doc = { id: doc, name: params.get("name") || "an unnamed document" };
  else if (doc) problems.push(`the link's document id "${doc.slice(0, 80)}" is not a document id`);
  const chunker = params.get("chunker");
  if (chunker && knownChunker(chunker)) out.chunker = chunker;
  else if (chunker) problems.push(`the link names an unknown chunker "${chunker}"`);
  const config = parseConfig(params.get("config"), "the link's config", problems);
  if (config && out.chunker) out.config = linkConfig(out.chunker, config, "the link's config", problems);
  const b = params.get("b");
  if (b && knownChunker(b)) {
    const bConfig = parseConfig(params.get("bconfig"), "the link's B config", problems);
    out.b = { chunker: b, config: bConfig ? linkConfig(b, bConfig, "the link's B config", problems) : {} };
  } else if (b) problems.push(`the link names an unknown chunker "${b}" for B`);
  const zoom = params.get("zoom");
  if (zoom === "fit-width") out.zoom = { mode: "fit-width" };
  else if (zoom && Number.isFinite(Number(zoom)) && Number(zoom) > 0)
    out.zoom = { mode: "scale", scale: Number(zoom) };
  const chunk = params.get("chunk");
  if (chunk) out.chunk = chunk;
  if (problems.length > 0) out.problems = problems;
  return out;
}

export function formatHash(
  state: Required<Pick<HashState, "chunker" | "config" | "zoom">> & {
    doc?: { id: string; name: string } | null;
    chunk?: string | null;
    b?: { chunker: string; config: Config } | null;
  },
): string {
  const params = new URLSearchParams();
  if (state.doc) {
    params.set("doc", state.doc.id);
    params.set("name", state.doc.name);
  }
  params.set("chunker", state.chunker);
  params.set("config", JSON.stringify(state.config));
  if (state.b) {
    params.set("b", state.b.chunker);
    params.set("bconfig", JSON.stringify(state.b.config));
  }
  params.set(
    "zoom",
    state.zoom.mode === "fit-width" ? "fit-width" : String(Math.round(state.zoom.scale * 1000) / 1000),
  );
  if (state.chunk) params.set("chunk", state.chunk);
  return "#" + params.toString();
}
