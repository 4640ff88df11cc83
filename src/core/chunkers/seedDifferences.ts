/**
 * What would differ if a user pasted a chunker's export into its seed's system (issue 31): one list
 * per chunker, shown under the chunker picker and kept verbatim in docs/decisions.md ("Differs from
 * the seed"; a test holds the two equal). Meta-safe: the page loads it. Each line names the
 * difference and, where it changes chunks, when.
 */
export const SEED_DIFFERENCES: Readonly<Record<string, readonly string[]>> = {
  token: [
    "Boxes come from the PDF's own text positions (or OCR), not Landing AI; bbox_confidence is 1 for text positions and the OCR words' mean confidence on a recognized page.",
    "Chunk texts are exact slices of the document: a window that starts or ends inside a character's bytes takes the whole character, where the seed's decode would write U+FFFD.",
  ],
  recursive: [
    "flavor js (the default) follows LangChain JS (@langchain/textsplitters) and flavor python langchain_text_splitters; where the two libraries part (a piece too long after the last separator, the merge's running total with keep_separator false, overlapping separator occurrences, lengths in UTF-16 units or code points) the flavor decides — set the one your pipeline runs.",
    "The \"\" separator splits code points in both flavors; LangChain JS splits UTF-16 units and can cut an emoji in two — on text outside the BMP the js flavor's pieces differ there (the python flavor's do not).",
    'is_separator_regex, keep_separator "end" and strip_whitespace false are LangChain Python\'s options; in the js flavor they run as Python reads them.',
  ],
  hierarchical: [
    "Token lengths of pieces are read off the document's one encoding (in context); the seed's splitter encodes each piece alone — BPE merges across a piece's edge differ rarely (2 of 601 pieces on the 352-page book), and never the chunk texts' offsets.",
    "Separators keep at the end of the piece they close (Python LangChain's keep_separator \"end\"); the seed's LangChain JS has only a boolean, whose true keeps them at the start of the next piece.",
    "Sentence ends come from Intl.Segmenter (a PDF line wrap is never one); the seed's splitter has no sentence separator of its own.",
    "Headings come from the PDF outline or font sizes (levels 1–3), not only Markdown #.",
  ],
  header: [
    "Headings come from the PDF outline or font sizes as well as Markdown; the seed parses Markdown with tree-sitter.",
    "Chunks are true ranges of the document: a merged chunk's text keeps its own whitespace, and the header path is a declared prefix.",
    "modified_time is the input file's modification time in the CLI and null in the browser (a dropped file's time is not kept).",
    "A chunk's header_path is the section its text starts in; a heading-less preamble takes the first path it holds (the seed does not say which a merged chunk keeps).",
  ],
  entity: [
    "Ids are content hashes, not uuidv4(); created_at/updated_at are the source's modification time, not the clock, so a run is repeatable.",
    "tenant_id, source_type, as_of, version_id and document_type are null: the workbench does not know them and never invents them.",
    "Names and places come from compromise (people, places, organizations) beside the dictionary and patterns; the seed names no NLP library.",
    "semantic_coherence, boundary_respect, overlap_quality and the QualityIssue rules are the workbench's definitions: the seed names them but does not define them.",
  ],
  "late-jaccard": [
    "Tokens are cl100k unless token_counter is chars_div_4 (NOESIS's own len(text) // 4).",
    "Chunk texts are true ranges of the document; the seed joins sentences with one space (ids are still computed on the seed's joined text).",
    "A document over max_tokens is chunked anyway, with a warning.",
  ],
  "late-embedding": [
    "Closes at every break below the threshold and at target_tokens, as the seed's Phase 2 prose says; it does not first accumulate to target_tokens as late-jaccard's default loop does, so chunks run shorter than the target.",
    "threshold_mode and threshold_amount are the workbench's (LangChain SemanticChunker's rules): the seed says only \"below threshold\"; both are exported under these names.",
    "Without an embedding endpoint the local embedder (GloVe, or TF-IDF) ranks windows; the seed's pipeline uses its own embedding service.",
    "Tokens are cl100k unless token_counter is chars_div_4.",
  ],
  agentic: [
    "max_chunk_tokens and overlap_tokens are keys of their own; the seed's AgenticChunker takes its sizes from HybridChunker.",
    'At the rate limit the run falls back, as the seed says (on_rate_limit "fallback"); "wait" queues the call instead.',
    "Sentences go to the LLM in segments of at most 3,000 tokens; an over-long chunk from the model is cut at sentence ends (flag size-split).",
  ],
  hybrid: [
    "Quality is size_fit and lexical_cohesion per chunk; the seed's scores come from an LLM judge.",
    'Mode "hybrid" (named by the seed, never defined) runs agentic with its late fallback, and says so.',
    "The routing context (tenant, doc_class, collection_id) rides in a comment of rag_routing_rules.yaml, which the seed's loader ignores.",
  ],
  "langchain-character": [
    "flavor js (the default) follows LangChain JS and flavor python langchain_text_splitters; with keep_separator false their merges part (Python's running total counts the joining separators), and kept separators are found with overlap (JS) or without (Python).",
    'The "" separator splits code points; LangChain JS splits UTF-16 units (it can cut an emoji in two), Python code points.',
    'is_separator_regex, keep_separator "end" and strip_whitespace false are LangChain Python\'s options; LangChain JS always trims its chunks and escapes its separator.',
  ],
  "langchain-semantic": [
    "Embeds with the session's embedder (GloVe locally by default, or your endpoint); LangChain embeds with whatever Embeddings you pass it — distances, and so chunks, follow the embedder: tune with the one your pipeline uses.",
    "sentence_split_regex is a Python pattern run as a JavaScript RegExp: look-behinds and classes read alike; Python-only syntax (?P<name>…) does not compile, and a capture group's text, which re.split returns as a piece of its own, is not.",
    "LangChain's chunk text joins its sentences with one space; here the chunk is the document's range (LangChain's text in langchain_text, flagged separators-collapsed), and LangChain's start_index, which misses the whitespace between chunks, is kept and flagged framework-offset-differs.",
    "embedding_batch_size and add_start_index are not keys here: neither changes a chunk.",
  ],
  "chonkie-sentence": [
    "Reproduces Chonkie JS (@chonkiejs/core 0.0.11); Python Chonkie takes the same keys but has its own sentence splitter, so on the same text its sentences and chunks can differ.",
    "Sizes are characters (Chonkie's default tokenizer); Chonkie's other tokenizers (@chonkiejs/token's Hugging Face ones) are not offered.",
    "With single-character delimiters Chonkie's offsets are UTF-8 bytes used as string positions: on non-ASCII text its chunk texts are shifted slices. The chunks here are its sentence groups at their true ranges, its offsets and text in meta (flag framework-offset-differs).",
  ],
  "chonkie-semantic": [
    "Reproduces Chonkie JS (@chonkiejs/core 0.0.11); Python Chonkie takes the same keys but has its own sentence splitter and smoothing, so its cuts can differ.",
    "Embeds with the session's embedder (GloVe locally by default, or your endpoint); Chonkie embeds with its embeddings argument — similarities, and so cuts, follow the embedder.",
    "On non-ASCII text Chonkie JS embeds and returns the string sliced at UTF-8 byte offsets (shifted text); here the true sentences are embedded, so after the first non-ASCII character its cuts can differ. Its own offsets are kept in meta and flagged.",
    "Chonkie JS drops the last sentences of a text with non-ASCII characters (their byte offsets run past the string, so their text is empty); here they are kept: no text is lost.",
  ],
  "llamaindex-sentence": [
    "Reproduces LlamaIndex TS (@llamaindex/core 0.6, llamaindex 0.12), whose sentences come from natural's tokenizer; LlamaIndex Python's SentenceSplitter uses NLTK's Punkt, so its sentence ends, and chunks, can differ.",
    "Where LlamaIndex's secondary regex drops punctuation from a long sentence, its chunk text is not the document's: the chunk here is the document's range, LlamaIndex's text in meta (flag framework-text-differs).",
    'Characters are split as code points; LlamaIndex TS\'s split("") can cut a surrogate pair (only a chunk_size of a few tokens reaches that split).',
    "Token counts use the encoding named here (cl100k_base by default); @llamaindex/env counts o200k_base when gpt-tokenizer 4 is installed beside it — set encoding to what your pipeline loads.",
  ],
  "llamaindex-semantic": [
    "Sentences come from natural's rules (LlamaIndex TS's tokenizer); Python's SemanticSplitterNodeParser uses NLTK's Punkt with its trained English model by default — where they disagree (initials, abbreviations Punkt learned), sentences and so breakpoints differ. Pass your own sentence_splitter in Python to match either.",
    "Embeds with the session's embedder (GloVe locally by default, or your endpoint); LlamaIndex embeds with its embed_model — distances follow the model.",
  ],
  simple: [
    "Blocks are the extracted text's paragraphs; the seed's blocks come from its own document parser.",
  ],
};
