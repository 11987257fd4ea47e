// Holds' public face (decision 016). It owns `holds`.
export {
  cancelHoldsOfBook,
  cancelHoldsOfDeletedAccount,
  closeBorrowedHolds,
  expireReadyHolds,
  lockOpenHoldsOf,
  noticeLapsingHolds,
  retryAutoBorrows,
  serveQueueOnCopyFreed,
  type LendKeptCopy,
} from "./queue";
export { bookHolds, listHolds, placeHold } from "./service";
export { holdQueues, holdsOfBook } from "./staff-reads";
export { exportHoldsOf } from "./export";
export { countOpenHolds, type OpenHoldCounts } from "./counts";
