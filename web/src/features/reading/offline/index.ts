// Offline reading (issue 22): what the reader and the app use of it. The app loads it lazily,
// after start, so nothing of it weighs on the first load.
export { OfflineButton, offlineMessages } from "./offline-button";
export type { OfflineBook, OpenLoan } from "./offline-books";
export {
  OFFLINE_SYNCED_EVENT,
  downloadBook,
  flushQueue,
  forgetOfflineData,
  isOfflineReadingSupported,
  listDownloads,
  offlineCopy,
  offlineManifestFor,
  pruneDownloads,
  pruneExpiredDownloads,
  removeDownload,
  sendOrQueue,
  startOfflineSync,
} from "./offline-reading";
export { offlineManifestURL } from "./offline-urls";
export {
  createAnnotationOrQueue,
  deleteAnnotationOrQueue,
  savePreferencesOrQueue,
  saveProgressOrQueue,
  updateAnnotationOrQueue,
} from "./reading-writes";
export { isLocalAnnotationId, type ReadingWrite, type SendOutcome } from "./sync-queue";
