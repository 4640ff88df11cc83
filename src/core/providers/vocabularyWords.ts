/**
 * Text cut into the words a GloVe vocabulary spells: lower case (GloVe 6B is uncased), runs of
 * letters and digits with inner hyphens, apostrophes, periods and commas kept when the vocabulary
 * holds the whole form ("e-mail", "u.s", "1,000"), else split at them. English clitics come off as
 * GloVe's tokenizer cuts them: "don't" → "do" + "not" ("n't" itself is not in the vocabulary the
 * workbench ships, "not" is), "user's" → "user".
 */

// A letter/digit run, optionally joined to more by one inner ' ’ - . or , each.
const TOKEN = /[\p{L}\p{N}]+(?:['’\-.,][\p{L}\p{N}]+)*/gu;
const INNER = /['\-.,]/u;
const CLITIC = /^(.+)'(s|re|ll|ve|d|m)$/u;

export interface VocabularyLookup {
  rank(word: string): number | undefined;
}

/**
 * Visits the rank of every word of the text the vocabulary holds; returns how many words there
 * were and how many it holds (the coverage the fallback to lexical is decided on).
 */
export function forEachVocabularyRank(
  text: string,
  vocabulary: VocabularyLookup,
  visit: (rank: number) => void,
): { words: number; covered: number } {
  let words = 0;
  let covered = 0;
  const look = (word: string) => {
    words++;
    const rank = vocabulary.rank(word);
    if (rank !== undefined) {
      covered++;
      visit(rank);
    }
  };
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const token = m[0].toLowerCase().replace(/’/gu, "'");
    if (!INNER.test(token) || vocabulary.rank(token) !== undefined) {
      look(token);
      continue;
    }
    for (const piece of token.split(/[-.,]/u)) {
      if (!piece.includes("'")) {
        look(piece);
        continue;
      }
      if (piece.endsWith("n't") && piece.length > 3) {
        // "can't" → "ca" in GloVe's tokenization, which the vocabulary holds; "not" carries the meaning.
        look(piece === "can't" ? "can" : piece === "won't" ? "will" : piece.slice(0, -3));
        look("not");
        continue;
      }
      const clitic = CLITIC.exec(piece);
      if (clitic) {
        look(clitic[1]!);
        continue;
      }
      for (const part of piece.split("'")) if (part) look(part);
    }
  }
  return { words, covered };
}
