/** Typed failures of config export and import: the CLI maps each to exit code 2, the UI shows the message. */

export type ConfigExportProblem = "unknown-format" | "not-applicable";

/** The format does not exist, or does not fit the chunker (a setting of another system). */
export class ConfigExportError extends Error {
  override readonly name = "ConfigExportError";
  constructor(
    readonly problem: ConfigExportProblem,
    message: string,
  ) {
    super(message);
  }
}

export type ConfigImportProblem =
  | "empty"
  | "syntax"
  | "shape"
  | "version"
  | "chunker-missing"
  | "chunker-mismatch"
  | "too-large"
  | "too-deep";

/** A pasted or loaded config that cannot be read back into `{chunker, config}`. */
export class ConfigImportError extends Error {
  override readonly name = "ConfigImportError";
  constructor(
    readonly problem: ConfigImportProblem,
    message: string,
  ) {
    super(message);
  }
}

/** A config holding what looks like a credential: exports and imports refuse it (DESIGN §3.4). */
export class SecretInConfigError extends Error {
  override readonly name = "SecretInConfigError";
  constructor(readonly paths: string[]) {
    super(
      `config holds what looks like a secret (${paths.join(", ")}): keys and tokens are session settings, never part of a config`,
    );
  }
}
