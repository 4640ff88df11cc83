/**
 * The Python a test runs its independent checks with (DESIGN §12, issue 30.6): WORKBENCH_PYTHON,
 * then python3, then Debian's /usr/bin/python3 — the first that imports what the test needs. On a
 * fresh machine without one the test skips; in CI (CI=true) it fails instead, naming what to
 * install, as the corpus and poppler tests do: `.ci/run` installs python3 and python3-yaml.
 */
import { spawnSync } from "node:child_process";

export function pythonWith(modules: readonly string[]): string | null {
  const candidates = [process.env.WORKBENCH_PYTHON, "python3", "/usr/bin/python3"].filter(
    (c): c is string => c !== undefined && c !== "",
  );
  const probe = modules.length > 0 ? `import ${modules.join(", ")}` : "pass";
  for (const python of candidates)
    if (spawnSync(python, ["-c", probe], { encoding: "utf8" }).status === 0) return python;
  return null;
}

/** As pythonWith, but in CI a missing Python or module is an error, not a skip. */
export function pythonForChecks(modules: readonly string[]): string | null {
  const python = pythonWith(modules);
  if (python === null && process.env.CI)
    throw new Error(
      `CI needs python3 with ${modules.join(", ") || "its standard library"} for the parser-checked export tests: apt-get install python3 python3-yaml`,
    );
  return python;
}
