/**
 * The evaluation of the current run's chunker and config (and compare's B) against the loaded
 * question set, as a query: keyed by the set's revision, chunker, config, k, retriever and the
 * endpoints, so it follows every slider move like the other panels; the previous result stays on
 * screen while the next computes, and a superseded evaluation is aborted in the worker.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { RetrievalMode, RetrieverId } from "../../core/eval/evaluate";
import { namedDocuments, namesDocument } from "../../core/eval/questions";
import type { EvaluationResult } from "../../host/evaluation";
import { useSettings } from "../state/settings";
import { useEvaluation } from "../state/evaluation";
import { useWorkbench } from "../state/store";
import { syncEndpoints, useDocumentsSettled } from "./queries";
import { evaluate } from "./workers";

type Config = Record<string, unknown>;

/** How one side retrieves: the panel's settings, B's with compare's changes over them. */
export interface RetrievalSettings {
  retriever: RetrieverId;
  retrieval: RetrievalMode;
  contextualize: boolean;
}

/** The evaluation's query key: what identifies a result (the report reads finished ones by it). */
export const evaluationKey = (
  setRevision: number,
  chunker: string,
  config: Config,
  k: number,
  retrieval: RetrievalSettings,
  endpointsRevision: number,
) =>
  [
    "eval",
    setRevision,
    chunker,
    config,
    k,
    retrieval.retriever,
    retrieval.retrieval,
    retrieval.contextualize,
    endpointsRevision,
  ] as const;

/** A's retrieval settings, or B's (compare's changes over A's), from the evaluation state. */
export function retrievalSettingsOf(
  s: Pick<
    ReturnType<typeof useEvaluation.getState>,
    "retriever" | "retrieval" | "contextualize" | "compareRetrieval"
  >,
  side: "a" | "b",
): RetrievalSettings {
  const own = { retriever: s.retriever, retrieval: s.retrieval, contextualize: s.contextualize };
  return side === "a" ? own : { ...own, ...s.compareRetrieval };
}

/**
 * A's evaluation and B's: B runs while compare is on (its chunker and config) or while B retrieves
 * another way than A (the same chunks, issue 30 item 4).
 */
export function useEvaluationPair(
  chunker: string,
  config: Config,
  enabled: boolean,
  compareB: { chunker: string; config: Config } | null,
) {
  const bRetrievesOtherwise = useEvaluation((s) => Object.keys(s.compareRetrieval).length > 0);
  const bActive = compareB !== null || bRetrievesOtherwise;
  const a = useEvaluationRun(chunker, config, enabled, "a");
  const b = useEvaluationRun(
    compareB?.chunker ?? chunker,
    compareB?.config ?? config,
    enabled && bActive,
    "b",
  );
  return { a, b, bActive };
}

function useEvaluationRun(chunker: string, config: Config, enabled: boolean, side: "a" | "b") {
  const set = useEvaluation((s) => s.set);
  const docs = useWorkbench((s) => s.docs);
  // The open documents the set names: extracted (after a reload, restored) before it is evaluated.
  const named = useMemo(() => {
    if (!set) return [];
    const names = namedDocuments(set);
    return docs.filter((d) => names.some((n) => namesDocument({ id: "", name: d.name, text: "" }, n)));
  }, [set, docs]);
  const namedSettled = useDocumentsSettled(named);
  const revision = useEvaluation((s) => s.revision);
  const k = useEvaluation((s) => s.k);
  const retriever = useEvaluation((s) => retrievalSettingsOf(s, side).retriever);
  const retrieval = useEvaluation((s) => retrievalSettingsOf(s, side).retrieval);
  const contextualize = useEvaluation((s) => retrievalSettingsOf(s, side).contextualize);
  const endpointsRevision = useSettings((s) => s.revision);
  const settings = { retriever, retrieval, contextualize };
  return useQuery<EvaluationResult, Error>({
    queryKey: evaluationKey(revision, chunker, config, k, settings, endpointsRevision),
    enabled: enabled && set !== null && namedSettled,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
    // Every evaluation is new through and through: a deep comparison with the last would only cost time.
    structuralSharing: false,
    queryFn: async ({ signal }) => {
      await syncEndpoints();
      return evaluate({ set: set!, chunker, config, k, ...settings }, signal);
    },
  });
}
