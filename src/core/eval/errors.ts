/** A question set that cannot be used as given; `line` is 1-based in the file when it is known. */
export class QuestionSetError extends Error {
  override readonly name = "QuestionSetError";
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `line ${line}: ${message}`);
  }
}
