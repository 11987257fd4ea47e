// Payments' public face (decision 016). It owns `ledger`; a balance moves only through here.
export { postToLedger, type LedgerEntry, type LedgerKind } from "./ledger";
export { adjustBalance, refundCharge } from "./staff-entries";
export { staffLedgerOf } from "./staff-ledger";
export { exportLedgerOf, exportPaymentsOf } from "./export";
