/**
 * The evaluation of the current run's chunker and config (and compare's B) against the loaded
 * question set, as a query: keyed by the set's revision, chunker, config, k, retriever and the
 * endpoints, so it follows every slider move like the other panels; the previous result stays on
 * screen while the next computes, and a superseded evaluation is aborted in the worker.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { RetrieverId } from "../../core/eval/evaluate";
import { namedDocuments, namesDocument } from "../../core/eval/questions";
import type { EvaluationResult } from "../../host/evaluation";
import { useSettings } from "../state/settings";
import { useEvaluation } from "../state/evaluation";
import { useWorkbench } from "../state/store";
import { syncEndpoints, useDocumentsSettled } from "./queries";
import { evaluate } from "./workers";

type Config = Record<string, unknown>;

/** The evaluation's query key: what identifies a result (the report reads finished ones by it). */
export const evaluationKey = (
  setRevision: number,
  chunker: string,
  config: Config,
  k: number,
  retriever: RetrieverId,
  endpointsRevision: number,
) => ["eval", setRevision, chunker, config, k, retriever, endpointsRevision] as const;

export function useEvaluationRun(chunker: string, config: Config, enabled: boolean) {
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
  const retriever = useEvaluation((s) => s.retriever);
  const endpointsRevision = useSettings((s) => s.revision);
  return useQuery<EvaluationResult, Error>({
    queryKey: evaluationKey(revision, chunker, config, k, retriever, endpointsRevision),
    enabled: enabled && set !== null && namedSettled,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
    // Every evaluation is new through and through: a deep comparison with the last would only cost time.
    structuralSharing: false,
    queryFn: async ({ signal }) => {
      await syncEndpoints();
      return evaluate({ set: set!, chunker, config, k, retriever }, signal);
    },
  });
}
