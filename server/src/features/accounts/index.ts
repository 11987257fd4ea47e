// Accounts' public face (decision 016). It owns `users` (the balance too: balance.ts),
// `sessions` and `password_resets`.
export {
  authenticate,
  bearerToken,
  isSessionLive,
  readWithSession,
  tokenHashOf,
  type AuthUser,
} from "./auth";
export { addToBalance, lockBalance, tryLockBalance } from "./balance";
export { sendPasswordReset } from "./service";
export { mailNameOf, mailRecipientOf } from "./owner-mail";
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
