/**
 * How every browser run here starts Debian's Chromium: never a Playwright browser download (this
 * machine cannot fetch one). Root needs --no-sandbox; the rest stop Chromium from phoning home,
 * which on a closed network means a burst of refused connections at every start.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
