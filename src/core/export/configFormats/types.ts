/** What every config writer declares: the registry in ../formats.ts lists and dispatches them. */
export type ConfigRecord = Record<string, unknown>;

export type ConfigFormatId =
  | "json"
  | "noesis-settings"
  | "noesis-env"
  | "noesis-routing"
  | "adr018"
  | "hierarchical-ts"
  | "thorbis-yaml"
  | "header-toml"
  | "langchain"
  | "llamaindex"
  | "chonkie";

export interface ConfigFormat {
  id: ConfigFormatId;
  label: string;
  /** File extension without the dot. */
  extension: string;
  mime: string;
  /** Chunker ids this format can express; "all" for the workbench's own JSON. */
  chunkers: readonly string[] | "all";
  /**
   * What importConfig reads back: "full" every key, "partial" only `importedKeys` (the file has no
   * place for the rest), "none" a file for the target system alone (Python, .env, TypeScript).
   */
  imports: "full" | "partial" | "none";
  importedKeys?: readonly string[];
}

export interface ConfigWriter extends ConfigFormat {
  write(chunker: string, config: ConfigRecord): string;
}
