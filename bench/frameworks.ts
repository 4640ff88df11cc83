/**
 * Peer frameworks' chunkers (issue 32, DESIGN §11 keys): each framework's own JavaScript
 * implementation on the book's text in the same run as ours, and how ours scale.
 * - `langchain_character_ms`: @langchain/textsplitters' CharacterTextSplitter at its defaults (ours:
 *   `langchain-character_warm_ms` / `_cold_ms` from the chunker pass);
 * - `chonkie_sentence_ms`, `chonkie_semantic_ms`: @chonkiejs/core's SentenceChunker and
 *   SemanticChunker at their defaults, the semantic one given the app's default embedder (GloVe,
 *   fitted on this document, vectors already made — as ours reads them warm);
 * - langchain-semantic has no JavaScript implementation (langchain_experimental is Python): no peer.
 * - `<id>_scaling_10x`: our warm run on the whole text over the same on its first tenth (plain text,
 *   ranges only), for each peer chunker — never quadratic means ≤ 12.
 */
import { CharacterTextSplitter } from "@langchain/textsplitters";
import { SemanticChunker, SentenceChunker } from "@chonkiejs/core";
import type { RunContext } from "../src/core/chunk";
import { type DocModel, textDocModel } from "../src/core/document";
import { createRunContext, runRanges } from "../src/core/engine";
import { type LocalEmbedderSetting, localEmbedderForDocument } from "../src/core/providers/localEmbedder";

const PEER_CHUNKERS = [
  "langchain-character",
  "langchain-semantic",
  "chonkie-sentence",
  "chonkie-semantic",
] as const;

export async function benchFrameworks(
  doc: DocModel,
  medianMs: (fn: () => Promise<unknown>) => Promise<number>,
  glove: LocalEmbedderSetting,
) {
  const out: Record<string, unknown> = {};
  const character = new CharacterTextSplitter();
  // LangChain warns on stderr for every chunk over its size (hundreds on the book): quiet while timed.
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    out.langchain_character_ms = round(await medianMs(() => character.splitText(doc.text)));
  } finally {
    console.warn = warn;
  }
  const sentence = await SentenceChunker.create();
  out.chonkie_sentence_ms = round(await medianMs(() => sentence.chunk(doc.text)));
  const { embedder } = await localEmbedderForDocument(doc, glove);
  // Chonkie's types ask for number[][]; it only indexes the vectors, so typed arrays are handed as they are.
  const semantic = await SemanticChunker.create({
    embeddings: async (texts: string[]) => (await embedder.embed(texts)) as unknown as number[][],
  });
  await semantic.chunk(doc.text);
  out.chonkie_semantic_ms = round(await medianMs(() => semantic.chunk(doc.text)));

  // Scaling: the same chunker, warm, on a tenth of the text and on all of it.
  const text = doc.text;
  const tenth = text.slice(
    0,
    text.lastIndexOf("\n\n", Math.floor(text.length / 10)) + 1 || Math.floor(text.length / 10),
  );
  for (const id of PEER_CHUNKERS) {
    const timeOn = async (t: string) => {
      const small = textDocModel(`scale-${id}-${t.length}`, "scale.txt", t);
      const ctx: RunContext = { ...createRunContext(), localEmbedder: glove };
      await runRanges(small, id, {}, ctx);
      return medianMs(() => runRanges(small, id, {}, ctx));
    };
    const part = await timeOn(tenth);
    const whole = await timeOn(text);
    out[`${id}_scaling_10x`] = Math.round((whole / Math.max(part, 0.01)) * 10) / 10;
    out[`${id}_text_ratio`] = Math.round((text.length / tenth.length) * 10) / 10;
  }
  return out;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
