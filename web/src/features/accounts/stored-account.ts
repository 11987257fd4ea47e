import type { LoginResponse, UserInfo } from "@folio/contract/accounts";
import { storedNumber, storedText, storedToken, storedUuid } from "../../lib/storage";

/** Spec §3: the person's name, email and balance, kept for the header and quick screens. */
export const storedUserName = storedText("userName");
export const storedEmail = storedText("registeredEmail");
/** Pounds, as the server last told it. */
export const storedBalance = storedNumber("accountBalance");

export function rememberUser(info: Pick<UserInfo, "name" | "email"> & { balance?: number }): void {
  storedUserName.write(info.name);
  storedEmail.write(info.email);
  if (info.balance !== undefined) storedBalance.write(info.balance);
}

/** A charge or a top-up changed the balance. */
export function rememberBalance(balance: number): void {
  storedBalance.write(balance);
}

/** The token goes last: storing it is what switches the app to "logged in". */
export function rememberLogin(login: Pick<LoginResponse, "token" | "UUID">): void {
  storedUuid.write(login.UUID);
  storedToken.write(login.token);
}
