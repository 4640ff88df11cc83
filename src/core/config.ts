import type { ChunkerMeta, ConfigProblem, ParamSpec } from "./chunk";

/** A config that does not fit its chunker; the problems name the keys (the UI shows them inline). */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(
    readonly chunker: string,
    readonly problems: ConfigProblem[],
  ) {
    super(`invalid ${chunker} config: ${problems.map((p) => `${p.key}: ${p.message}`).join("; ")}`);
  }
}

/**
 * The chunker's defaults overlaid with `input`, every key checked against its param spec and the
 * chunker's own cross-key rules. Unknown keys are problems, not silently dropped: a typo in an
 * exported config must not run with defaults unnoticed.
 */
export function resolveConfig<C extends object>(
  spec: ChunkerMeta<C>,
  input: unknown,
): { config: C; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const config = { ...spec.defaults } as Record<string, unknown>;
  if (input !== undefined && input !== null) {
    if (typeof input !== "object" || Array.isArray(input)) {
      return {
        config: spec.defaults,
        problems: [{ key: "config", message: "must be a JSON object of config keys" }],
      };
    }
    const byKey = new Map(spec.params.map((p) => [p.key, p]));
    for (const [key, value] of Object.entries(input)) {
      const param = byKey.get(key);
      if (!param) {
        problems.push({
          key,
          message: `unknown key for ${spec.id} (known: ${[...byKey.keys()].join(", ")})`,
        });
        continue;
      }
      const problem = checkValue(param, value);
      if (problem) problems.push({ key, message: problem });
      else config[key] = value;
    }
  }
  const typed = config as C;
  if (problems.length === 0 && spec.check) problems.push(...spec.check(typed));
  return { config: typed, problems };
}

export function validConfig<C extends object>(spec: ChunkerMeta<C>, input: unknown): C {
  const { config, problems } = resolveConfig(spec, input);
  if (problems.length > 0) throw new ConfigError(spec.id, problems);
  return config;
}

/** What is wrong with one value for its param (range, type, options), or null; cross-key rules are the chunker's check(). */
export function checkValue(param: ParamSpec, value: unknown): string | null {
  switch (param.type) {
    case "int":
    case "number": {
      if (typeof value !== "number" || !Number.isFinite(value)) return "must be a number";
      if (param.type === "int" && !Number.isInteger(value)) return "must be a whole number";
      if (value < param.min || value > param.max) return `must be between ${param.min} and ${param.max}`;
      return null;
    }
    case "enum":
      return (typeof value === "string" || typeof value === "boolean") && param.options.includes(value)
        ? null
        : `must be one of ${param.options.map(String).join(", ")}`;
    case "boolean":
      return typeof value === "boolean" ? null : "must be true or false";
    case "string":
      return typeof value === "string" ? null : "must be a string";
    case "string-list":
      return Array.isArray(value) && value.every((v) => typeof v === "string")
        ? null
        : "must be a list of strings";
    case "structured":
      // The shape is the chunker's to judge (its check() runs next); here only "is it data at all".
      return typeof value === "object" && value !== null ? null : "must be an object or a list";
  }
}
