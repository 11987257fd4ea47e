// Loans' public face (decision 016). It owns `loans`.
export { autoReturnOverdue, noticeOverdue, refreshRecentLoans, remindDueSoon } from "./lifecycle";
export { mailAboutLoan } from "./loan-mail";
export { borrowBooks, lendKeptCopy } from "./borrow";
export { endLoan, listOpenLoans, returnAllOpenLoans } from "./service";
export { exportLoansOf } from "./export";
export { alsoBorrowed } from "./also-borrowed";
export { countOpenLoans } from "./counts";
