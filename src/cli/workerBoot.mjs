// Worker threads do not inherit tsx's loader hooks (the CLI runs its TypeScript through tsx, with
// no build step): register them in the thread, then load the TypeScript entry it was given.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
