/**
 * Which local embedder scores a document when no endpoint is set (issue 19): the GloVe SIF one by
 * default, the lexical TF-IDF one when the user chose it — or, with a warning that says why, when
 * the word vectors cannot be loaded or do not cover the text (CJK, Arabic, mostly numbers or code).
 * Never a silent change of embedder: every fallback carries its warning to the run.
 *
 * Core loads nothing itself: the host hands over a loader (Node reads the asset from disk, the
 * engine worker fetches it from the app's origin) and memoizes it.
 */
import type { DocModel } from "../document";
import { documentSentences } from "../text/sentences";
import type { Embedder } from "./embedder";
import { createLexicalEmbedder } from "./lexical";
import { createStaticEmbedder } from "./staticEmbedder";
import { WordVectorsError, type WordVectors } from "./wordVectors";
import type { LocalEmbedderChoice } from "./session";

/** Below this share of words in the vocabulary, static vectors say more about the gaps than the text. */
const MIN_STATIC_COVERAGE = 0.5;

export interface LocalEmbedderSetting {
  choice: LocalEmbedderChoice;
  /** The word vectors, loaded once by the host; absent when this host ships none. */
  wordVectors?: () => Promise<WordVectors>;
}

export interface LocalEmbedderPick {
  embedder: Embedder;
  /** Why the embedder is not the one chosen, in words a user reads; absent when it is. */
  warning?: string;
}

/**
 * The local embedder for a corpus (a document's sentences, a collection's). Without a setting —
 * core's own tests, a host that ships no vectors — it is the lexical one, as before issue 19.
 */
export async function pickLocalEmbedder(
  corpus: readonly string[],
  setting: LocalEmbedderSetting | undefined,
): Promise<LocalEmbedderPick> {
  if (!setting || setting.choice === "tfidf") return { embedder: createLexicalEmbedder(corpus) };
  const lexical = (why: string): LocalEmbedderPick => ({
    embedder: createLexicalEmbedder(corpus),
    warning: `local embedder: ${why} — scored with the lexical TF-IDF embedder instead (word overlap, not meaning)`,
  });
  if (!setting.wordVectors) return lexical("GloVe word vectors are not available here");
  let vectors: WordVectors;
  try {
    vectors = await setting.wordVectors();
  } catch (err) {
    // Only the asset's own failures fall back; anything else is a bug and must surface.
    if (!(err instanceof WordVectorsError)) throw err;
    return lexical(err.message);
  }
  const embedder = createStaticEmbedder(vectors, corpus);
  if (embedder.coverage < MIN_STATIC_COVERAGE)
    return lexical(
      `the GloVe vocabulary (English) covers ${Math.round(embedder.coverage * 100)}% of this text's words, under ${MIN_STATIC_COVERAGE * 100}% (another language, or mostly numbers or code)`,
    );
  return { embedder };
}

interface DocumentEntry {
  text: string;
  picks: Map<string, Promise<LocalEmbedderPick>>;
}

const DOCUMENTS_KEPT = 4;
const byDocument = new Map<string, DocumentEntry>();
const loaderIds = new WeakMap<object, number>();
let nextLoaderId = 1;

/**
 * The local embedder fitted on a document's sentences (the workbench segmenter's, as the curve and
 * the quality scores cut them; late-embedding shares the fitted embedder whatever its own
 * `sentence_splitter`), kept for the last few documents and per setting. Keyed by doc.id
 * and checked against the text: a DocModel built from text can reuse an id for other text.
 */
export function localEmbedderForDocument(
  doc: DocModel,
  setting: LocalEmbedderSetting | undefined,
): Promise<LocalEmbedderPick> {
  let entry = byDocument.get(doc.id);
  if (entry && entry.text !== doc.text) entry = undefined;
  if (entry) byDocument.delete(doc.id);
  else entry = { text: doc.text, picks: new Map() };
  // Re-inserted: the Map's order is the eviction order, least recently used first.
  byDocument.set(doc.id, entry);
  while (byDocument.size > DOCUMENTS_KEPT) byDocument.delete(byDocument.keys().next().value!);

  const key = settingKey(setting);
  let pick = entry.picks.get(key);
  if (!pick) {
    pick = pickLocalEmbedder(
      documentSentences(doc).map((s) => doc.text.slice(s.start, s.end)),
      setting,
    );
    entry.picks.set(key, pick);
    // A failed pick is not kept: the next run tries again.
    const picks = entry.picks;
    pick.catch(() => picks.delete(key));
  }
  return pick;
}

function settingKey(setting: LocalEmbedderSetting | undefined): string {
  if (!setting || setting.choice === "tfidf" || !setting.wordVectors) return setting?.choice ?? "none";
  let id = loaderIds.get(setting.wordVectors);
  if (id === undefined) loaderIds.set(setting.wordVectors, (id = nextLoaderId++));
  return `${setting.choice}:${id}`;
}
