// Makes sure the end-to-end tests have a browser: Debian's own Chromium at /usr/bin/chromium, or
// whatever executable CHROMIUM_PATH names. Playwright's browser download is never used (this
// machine cannot reach it), so when Chromium is missing it is installed with apt (as root) or the
// command to do so is printed.
//
//   node scripts/ensure-chromium.mjs        exit 0: a browser is ready; exit 1: it is not

import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

const DEFAULT_PATH = "/usr/bin/chromium";

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function found() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.error(`ensure-chromium: CHROMIUM_PATH=${fromEnv} is not an executable file`);
    return undefined;
  }
  return isExecutable(DEFAULT_PATH) ? DEFAULT_PATH : undefined;
}

if (found()) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  // The user chose a browser explicitly; installing a different one would hide their mistake.
  process.exit(1);
}

if (process.getuid?.() !== 0) {
  console.error("ensure-chromium: Chromium is not installed. Install Debian's package with:");
  console.error("  sudo apt-get install -y chromium");
  process.exit(1);
}

console.error("ensure-chromium: installing Debian's chromium package with apt-get");
const result = spawnSync("sh", ["-c", "apt-get update && apt-get install -y chromium"], {
  stdio: "inherit",
  env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
});
if (result.status !== 0 || !found()) {
  console.error(`ensure-chromium: installing chromium failed; ${DEFAULT_PATH} is still missing`);
  process.exit(1);
}
console.error(`ensure-chromium: installed ${DEFAULT_PATH}`);
