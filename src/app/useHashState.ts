/**
 * The URL hash (DESIGN §10, §12): the document a link was made on, its chunker and config, compare's
 * B and the view — followed once the stored workspace is back, written as they change.
 */
import { useSettings } from "./state/settings";
import { spendsLlm, useLinkHold } from "./state/linkHold";
import { capOutsideCosts } from "../core/costCaps";
import { useEffect, useRef, useState } from "react";
import { useCompare } from "./state/compare";
import { useNotices } from "./state/notices";
import { currentConfig, defaultConfig, useWorkbench } from "./state/store";
import { formatHash, parseHash, type HashState } from "./state/urlHash";
import { documentId, keyOfDocumentId } from "./workspace/documentIds";

/**
 * The document, chunker, config, compare's B and the view in the URL hash: read once the stored
 * workspace is back (a link wins over it), written on every change. A link is for the document it
 * names (DESIGN §12): applied to it when it is open, held until it is opened when not — with
 * `link-notice` saying so — and never applied to another. What the link got wrong is a notice.
 */
export function useHashState(ready: boolean) {
  const applied = useRef(false);
  const docs = useWorkbench((s) => s.docs);
  const current = useWorkbench((s) => s.docs.find((d) => d.key === s.currentKey));
  const chunker = useWorkbench((s) => s.chunker);
  const config = useWorkbench(currentConfig);
  const zoom = useWorkbench((s) => s.zoom);
  const chunk = useWorkbench((s) => s.selectedChunkId);
  const compareOn = useCompare((s) => s.enabled);
  const bChunker = useCompare((s) => s.chunker);
  const bConfig = useCompare((s) => s.configs[s.chunker]);
  const pending = useNotices((s) => s.pendingLink);
  const [currentId, setCurrentId] = useState<{ key: string; id: string } | null>(null);
  useEffect(() => {
    if (!ready || applied.current) return;
    applied.current = true;
    const state = parseHash(window.location.hash);
    const problems = state.problems
      ? `This link could not be followed in full: ${state.problems.join("; ")}.`
      : null;
    if (!state.doc) {
      // A link that names no document (hand-written, or made before links named one): the current one.
      const said = joined(problems, costNote(applyLink(state, useWorkbench.getState().currentKey)));
      if (said) useNotices.getState().setLink(said);
      return;
    }
    const doc = state.doc;
    void keyOfDocumentId(useWorkbench.getState().docs, doc.id).then((key) => {
      if (key) {
        const said = joined(problems, costNote(applyLink(state, key)));
        if (said) useNotices.getState().setLink(said);
        return;
      }
      useNotices.getState().setPendingLink({ doc, state });
      useNotices
        .getState()
        .setLink(
          `This link was made on ${doc.name}, which is not open here: nothing from it was applied. Open ${doc.name} to see its settings on it.${problems ? ` ${problems}` : ""}`,
        );
    });
  }, [ready]);
  // The document a held link names, once opened: the link applies to it, and the notice has done its work.
  useEffect(() => {
    if (!pending) return;
    let live = true;
    void keyOfDocumentId(docs, pending.doc.id).then((key) => {
      if (!live || !key || useNotices.getState().pendingLink !== pending) return;
      useNotices.getState().setLink(costNote(applyLink(pending.state, key)));
    });
    return () => {
      live = false;
    };
  }, [docs, pending]);
  useEffect(() => {
    if (!current) return;
    let live = true;
    void documentId(current).then((id) => live && setCurrentId({ key: current.key, id }));
    return () => {
      live = false;
    };
  }, [current]);
  useEffect(() => {
    // A link waiting for its document stays in the address bar: a reload still has it to follow.
    if (!applied.current || pending) return;
    // Written once a drag pauses: replaceState on every pointer move costs up to tens of ms.
    const timer = setTimeout(() => {
      const b = compareOn ? { chunker: bChunker, config: bConfig ?? defaultConfig(bChunker) } : null;
      const doc = current && currentId?.key === current.key ? { id: currentId.id, name: current.name } : null;
      const hash = formatHash({ doc, chunker, config, zoom, chunk, b });
      if (hash !== window.location.hash) history.replaceState(null, "", hash);
    }, HASH_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [current, currentId, chunker, config, zoom, chunk, compareOn, bChunker, bConfig, ready, pending]);
}

/**
 * A link's settings on the document `key` (the settings in use when no document is open yet), and
 * its view. Returns what was lowered: a link never raises what a run spends (capOutsideCosts).
 */
function applyLink(state: HashState, key: string | null): string[] {
  const wb = useWorkbench.getState();
  if (key !== null && key !== wb.currentKey) wb.selectDocument(key);
  // A run on the user's own LLM endpoint is never started by a link: it waits for a click. (One
  // configured after the link was opened is the user's own doing: settings release the hold.)
  const spends = (state.chunker && spendsLlm(state.chunker)) || (state.b && spendsLlm(state.b.chunker));
  if (spends && useSettings.getState().endpoints.llm) useLinkHold.getState().hold();
  if (state.chunker) useWorkbench.getState().setChunker(state.chunker);
  const capped: string[] = [];
  if (state.config) {
    const { chunker, configs } = useWorkbench.getState();
    const own = capOutsideCosts(chunker, state.config, configs[chunker]);
    capped.push(...own.capped);
    useWorkbench.getState().applyConfig(own.config);
  }
  if (state.zoom) useWorkbench.getState().setZoom(state.zoom);
  if (state.chunk) useWorkbench.getState().selectChunk(state.chunk, true);
  if (state.b) {
    const b = capOutsideCosts(
      state.b.chunker,
      state.b.config,
      useCompare.getState().configs[state.b.chunker] ?? useWorkbench.getState().configs[state.b.chunker],
    );
    capped.push(...b.capped.map((c) => `B's ${c}`));
    useCompare.setState({
      enabled: true,
      chunker: state.b.chunker,
      configs: { [state.b.chunker]: { ...defaultConfig(state.b.chunker), ...b.config } },
    });
  }
  return capped;
}

function costNote(capped: readonly string[]): string | null {
  return capped.length === 0
    ? null
    : `This link asked to spend more than this browser allows; kept at this browser's values: ${capped.join(", ")}.`;
}

const joined = (...parts: (string | null)[]): string | null => parts.filter(Boolean).join(" ") || null;

const HASH_WRITE_DELAY_MS = 150;
