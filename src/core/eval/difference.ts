/**
 * Two evaluations of one question set side by side (DESIGN §12 "Trust"): B − A per metric, paired
 * over the questions, each with its 95% interval, and the verdict in words the CLI, the panel and
 * the report share.
 */
import { pairedDifferences, verdictOf, type BootstrapOptions, type PairedDifference } from "./bootstrap";
import type { EvalResult } from "./evaluate";
import { questionSeries, type MetricKey, type QuestionMetrics } from "./metrics";

export type MetricDifferences = Record<MetricKey, PairedDifference>;

/** B − A for every metric; null when the two runs did not answer the same number of questions. */
export function metricDifferences(
  a: readonly QuestionMetrics[],
  b: readonly QuestionMetrics[],
  options: BootstrapOptions = {},
): MetricDifferences | null {
  if (a.length !== b.length) return null;
  return pairedDifferences(questionSeries(a), questionSeries(b), options);
}

/** The verdict on recall and precision Ω, the two metrics a config choice turns on. */
export function compareVerdict(differences: MetricDifferences, questions: number): string {
  return [
    verdictOf(differences.recall, questions, { label: "recall", higherIsBetter: true }),
    verdictOf(differences.precision_omega, questions, { label: "precision Ω", higherIsBetter: true }),
  ].join("; ");
}

/** How a run retrieved, in words — the panel and the report say it alike. */
export function retrievalWords(
  r: Pick<EvalResult, "k" | "retriever" | "embedderLabel" | "retrieval" | "contextualize">,
): string {
  const parts = [`k = ${r.k}`, r.embedderLabel ? `${r.retriever} (${r.embedderLabel})` : r.retriever];
  if (r.retrieval !== "flat") parts.push(r.retrieval);
  if (r.contextualize) parts.push("heading path indexed");
  return parts.join(", ");
}
