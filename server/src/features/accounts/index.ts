// Accounts' public face (decision 016). It owns `users` (but for the balance, payments' column:
// decision 035), `sessions` and `password_resets`.
export { accountsPlugin, type AccountsOptions } from "./plugin";
export {
  authenticate,
  bearerToken,
  isSessionLive,
  readWithSession,
  tokenHashOf,
  type AuthUser,
} from "./auth";
export { sendPasswordReset } from "./service";
export { mailNameOf, mailRecipientOf, mailWelcome } from "./owner-mail";
export { requireStaff, type Role } from "./auth";
export { setRoleByEmail } from "./roles";
export {
  blockAccount,
  lockAccount,
  setRole,
  unblockAccount,
  type LockedAccount,
} from "./staff-actions";
export { authenticateApp, type AppCaller } from "./app-sign-in";
export { countReaders, listStaffReaders, staffReaderById, type StaffReader } from "./staff-reads";
