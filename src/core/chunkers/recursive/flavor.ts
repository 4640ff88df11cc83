/**
 * What LangChain's two splitter libraries share as config and where they part: the flavor, the
 * separator-as-regex helpers both the page (meta checks) and the run need.
 */

/** Which LangChain library a splitter follows where the two differ. */
export type LangchainFlavor = "js" | "python";

const LOOKAROUND_PREFIXES = ["(?=", "(?<!", "(?<=", "(?!"];

/** A regex separator zero-width by its form, which CharacterTextSplitter (Python) never re-inserts. */
export function isLookaroundSeparator(separator: string): boolean {
  return LOOKAROUND_PREFIXES.some((p) => separator.startsWith(p));
}

/** A separator given as a regular expression that does not compile. */
class SeparatorPatternError extends Error {
  constructor(
    readonly source: string,
    reason: string,
  ) {
    super(`separator ${JSON.stringify(source)} is not a valid regular expression: ${reason}`);
    this.name = "SeparatorPatternError";
  }
}

/**
 * A Python separator pattern as a JavaScript RegExp (global; code points where the syntax allows
 * it, as Python's re is on str); throws SeparatorPatternError when neither form compiles.
 */
export function separatorPattern(source: string): RegExp {
  try {
    return new RegExp(source, "gu");
  } catch {
    try {
      return new RegExp(source, "g");
    } catch (error) {
      throw new SeparatorPatternError(source, error instanceof Error ? error.message : String(error));
    }
  }
}

/** Python's ValueError for an overlap over the size, word for word (it allows them equal). */
export function pythonOverlapMessage(chunkOverlap: number, chunkSize: number): string {
  return `Got a larger chunk overlap (${chunkOverlap}) than chunk size (${chunkSize}), should be smaller.`;
}
