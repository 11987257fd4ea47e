import type { LoginResponse, UserInfo } from "@folio/contract/accounts";
import { writeStored } from "../../lib/storage";

/** Spec §3: the person's name, email and balance are kept for the header and quick screens. */
export function rememberUser(info: Pick<UserInfo, "name" | "email"> & { balance?: number }): void {
  writeStored("userName", info.name);
  writeStored("registeredEmail", info.email);
  if (info.balance !== undefined) writeStored("accountBalance", info.balance);
}

/** The token goes last: storing it is what switches the app to "logged in". */
export function rememberLogin(login: Pick<LoginResponse, "token" | "UUID">): void {
  writeStored("uuid", login.UUID);
  writeStored("token", login.token);
}
