// Payments' public face (decision 016). It owns money: `ledger` and the balance on `users`
// (decision 035); a balance moves only through here.
export { paymentRoutes as paymentsPlugin } from "./routes";
export { lockBalance, tryLockBalance } from "./balance";
export { postToLedger, type LedgerEntry, type LedgerKind } from "./ledger";
export { adjustBalance, refundCharge } from "./staff-entries";
export { staffLedgerOf } from "./staff-ledger";
export { exportLedgerOf, exportPaymentsOf } from "./export";
export { moneyPerDay } from "./money-per-day";
