// Circulation's public face (decision 035): lending. It owns `loans`, `holds` and the stock of
// copies (the copy and lend columns of `books`). Borrow, renew, return, automatic return, holds
// and their sweep are plain calls inside it; other features and the app use only this file.
export { circulationPlugin } from "./routes";
export { sweepCirculation, remindAtLogin, type SweepCounts } from "./sweep";
export { refreshRecentLoans } from "./lifecycle";
export { mailAboutLoan } from "./loan-mail";
export { borrowBooks, type BorrowOutcome } from "./borrow";
export { endLoan, openLoansOf, returnAllOpenLoans, type LoanWithBook } from "./loans";
export { cancelHoldsOfBook, cancelHoldsOfDeletedAccount, serveQueue } from "./queue";
export { holdsOf, placeHold, type HoldView } from "./holds";
export { changeStock, setEditionCopies, type StockChanges } from "./stock";
export { everBorrowed, readableUntil } from "./reads";
export { borrowStateOf, presentBorrow } from "./wire";
export { holdQueues, holdsOfBook } from "./staff-reads";
export { allStaffLoans, listStaffLoans, staffLoanById, staffLoansOf } from "./staff-loans";
export { loansCsv } from "./staff-loans-csv";
export { exportHoldsOf, exportLoansOf } from "./export";
export {
  countOpenHolds,
  countOpenLoans,
  loansPerDay,
  mostBorrowed,
  openLoanCounts,
  openLoansPerBook,
  openLoansPerReader,
  type OpenHoldCounts,
} from "./counts";
