/**
 * The one error outside input is refused with (DESIGN §12): the key that is wrong, and a sentence
 * the app and the CLI both print as it is.
 */
import type { BaseIssue } from "valibot";

export class SchemaError extends Error {
  override readonly name = "SchemaError";
  constructor(
    /** Where in the input: `documents[1].kind`, `sweep.lines[3]`; "" for the whole input. */
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

/** `a.b[2].c` from a valibot issue's path. */
function issuePath(issue: BaseIssue<unknown>): string {
  let out = "";
  for (const item of issue.path ?? []) {
    const key = item.key;
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** The first issue as an SchemaError: "what: key: message". */
export function schemaErrorFrom(issues: readonly BaseIssue<unknown>[], what: string): SchemaError {
  const first = issues[0]!;
  const key = issuePath(first);
  return new SchemaError(key, `${what}: ${key ? `${key}: ` : ""}${first.message}`);
}
