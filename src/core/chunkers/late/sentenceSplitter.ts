/** The late chunkers' `sentence_splitter` param, meta-safe (the page loads it; the splitters stay in run code). */
import type { ParamSpec } from "../../chunk";
import type { SentenceSplitter } from "../../text/sentences";

const SENTENCE_SPLITTERS = ["seed", "workbench"] as const satisfies readonly SentenceSplitter[];

/**
 * A workbench extension (CHUNKERS.md): the seed names no such key, so it is marked like the other
 * keys the seed is silent on, and defaults to the seed's own regex.
 */
export const SENTENCE_SPLITTER_PARAM = {
  key: "sentence_splitter",
  label: "Sentence splitter",
  type: "enum",
  options: SENTENCE_SPLITTERS,
  seedSilent: true,
  help: "Workbench extension. seed (default): the seed's regex, a cut after every . ! ? followed by whitespace — what a NOESIS pipeline stores; on manuals it cuts every dot of a dot leader as a sentence, and the run warns when over 20% of its sentences are only punctuation. workbench: the segmenter the curve and the quality scores use (dot leaders, numbered headings, decimals, versions, abbreviations and wrapped lines read as such).",
} as const satisfies ParamSpec;
