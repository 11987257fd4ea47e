// Reading's public face (decision 016). It owns `reading_progress`.
export { buildEpub, type EpubBook, type EpubChapter } from "./epub";
export { importFiles, type ImportOptions, type ImportOutcome } from "./import";
