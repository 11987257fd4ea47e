// Reading's public face (decision 016). It owns `reading_progress`, `annotations` and
// `reader_preferences`.
export { readingPlugin } from "./plugin";
export { buildEpub, type EpubBook, type EpubChapter } from "./epub";
export { EpubRejected, readEpubMetadata, type EpubMetadata } from "./book-metadata";
export { checkEpub, type CheckedEpub } from "./epub-check";
export { importFiles, type ImportOptions, type ImportOutcome } from "./import";
export { buildPublicationFile } from "./publication/stored";
export { exportAnnotationsOf, exportReadingProgressOf } from "./export";
export { contentUrlFor } from "./service";
export { publicationLinkFor } from "./publication-service";
