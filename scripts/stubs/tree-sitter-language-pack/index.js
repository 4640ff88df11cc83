// Chonkie's CodeChunker would load tree-sitter grammars from here; the workbench never calls it.
throw new Error(
  "@kreuzberg/tree-sitter-language-pack is stubbed out in Chunk Workbench (see its package.json)",
);
