/** The workbench's own export (DESIGN §5): importable back, accepted by `cli chunk --config`. */
import type { ConfigRecord, ConfigWriter } from "./types";

export const WORKBENCH_EXPORT_VERSION = 1;

interface WorkbenchExport {
  version: typeof WORKBENCH_EXPORT_VERSION;
  chunker: string;
  config: ConfigRecord;
}

export const jsonFormat: ConfigWriter = {
  id: "json",
  label: "Workbench JSON",
  extension: "json",
  mime: "application/json",
  chunkers: "all",
  imports: "full",
  write(chunker, config) {
    const doc: WorkbenchExport = { version: WORKBENCH_EXPORT_VERSION, chunker, config };
    return JSON.stringify(doc, null, 2) + "\n";
  },
};
