// compromise for Node (package.json "imports" → "#compromise", node condition). Its ESM entry is
// its source tree — hundreds of modules, ~470 ms to load under tsx's hooks on this machine — while
// its CommonJS entry is its own single-file build of the same version (~160 ms). The browser keeps
// the source entry, which Vite bundles.
import { createRequire } from "node:module";

export default createRequire(import.meta.url)("compromise");
