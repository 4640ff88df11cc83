/**
 * JSON from outside (DESIGN §12 "Outside input"): parsed without ever taking `__proto__`,
 * `constructor` or `prototype` as data keys, and refused when nested deeper than 64 levels — a
 * 3,000-deep value passes JSON.parse but overflows the stack of whatever walks it next.
 */
import { SchemaError } from "./errors";

export const MAX_DEPTH = 64;

/** Keys that name an object's machinery, never data: dropped wherever they appear. */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

const isPrototypeKey = (key: string): boolean => PROTOTYPE_KEYS.has(key);

/**
 * The deepest path of a value past `limit` levels, or null when it is within them. Counted without
 * recursion: the value under test may be the very one that would overflow a recursive walk.
 */
export function tooDeepAt(value: unknown, limit = MAX_DEPTH): string | null {
  const stack: [unknown, number, string][] = [[value, 1, ""]];
  while (stack.length > 0) {
    const [v, depth, path] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth > limit) return path || "(top)";
    if (Array.isArray(v)) v.forEach((child, i) => stack.push([child, depth + 1, `${path}[${i}]`]));
    else
      for (const [key, child] of Object.entries(v))
        stack.push([child, depth + 1, path ? `${path}.${key}` : key]);
  }
  return null;
}

/** Throws an SchemaError naming where a value nests deeper than `limit`. */
function assertShallow(value: unknown, what: string, limit = MAX_DEPTH): void {
  const at = tooDeepAt(value, limit);
  if (at !== null) throw new SchemaError(at, `${what} is nested deeper than ${limit} levels (at ${at})`);
}

/**
 * JSON.parse for text from a file, a link or a colleague: depth checked, then prototype keys
 * dropped. No reviver: JSON.parse is iterative, a reviver recurses and would overflow on the
 * very nesting this refuses. A syntax error is an SchemaError naming `what`.
 */
export function parseOutsideJson(text: string, what: string, limit = MAX_DEPTH): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new SchemaError("", `${what} is not valid JSON (${reason})`);
  }
  assertShallow(value, what, limit);
  dropPrototypeKeys(value);
  return value;
}

/** Removes `__proto__`, `constructor`, `prototype` keys everywhere in a parsed value (no recursion). */
function dropPrototypeKeys(value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
      continue;
    }
    const record = v as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (isPrototypeKey(key)) delete record[key];
      else stack.push(record[key]);
    }
  }
}
