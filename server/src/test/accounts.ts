import { randomBytes } from "node:crypto";
import type { LoginResponse, RegisterResponse } from "@folio/contract/accounts";
import type { TwoFactorEnableResponse, TwoFactorSetupResponse } from "@folio/contract/security";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import { httpClient } from "./http";
import { postToLedger } from "../features/payments";
import { grantRole } from "../features/staff";
import { totpAt } from "../features/accounts/totp";

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
}

/** Registers and logs in through the API, as a person would; optionally sets the balance. */
export async function createUser(
  app: FastifyInstance,
  db: Database,
  overrides: Partial<{ name: string; email: string; password: string; balancePence: number }> = {},
): Promise<TestUser> {
  const http = httpClient(app);
  const name = overrides.name ?? "Test Reader";
  const email = overrides.email ?? `reader-${randomBytes(5).toString("hex")}@example.com`;
  const password = overrides.password ?? "correct horse";
  const registered = await http.post<RegisterResponse>("/api/users/register", {
    name,
    email,
    password,
  });
  if (registered.status !== 200)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const loggedIn = await http.post<LoginResponse>("/api/auth/login", { email, password });
  if (loggedIn.status !== 200) throw new Error(`login failed: ${JSON.stringify(loggedIn.body)}`);
  if (overrides.balancePence) {
    // Through the ledger, as a top-up, so balance = sum of the ledger holds in tests too.
    await postToLedger(db, {
      userId: registered.body.UUID,
      kind: "topup",
      amountPence: overrides.balancePence,
      at: new Date(),
    });
  }
  return { id: registered.body.UUID, name, email, password, token: loggedIn.body.token };
}

/** A member of staff: registered and logged in as a reader, then given the role as npm run admin does. */
export async function createStaff(
  app: FastifyInstance,
  db: Database,
  role: "librarian" | "admin",
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<TestUser> {
  const user = await createUser(app, db, { name: `Test ${role}`, ...overrides });
  const outcome = await grantRole(db, user.email, role, "test");
  if (outcome.status === "no-account") throw new Error("grant failed");
  return user;
}

/** Turns two-factor sign-in on for `user` through the API; its secret and recovery codes. */
export async function turnOnTwoFactor(
  app: FastifyInstance,
  now: Date,
  user: TestUser,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const http = httpClient(app);
  const setup = await http.post<TwoFactorSetupResponse>("/api/users/2fa/setup", {}, user.token);
  if (setup.status !== 200) throw new Error(`2fa setup failed: ${JSON.stringify(setup.body)}`);
  const enabled = await http.post<TwoFactorEnableResponse>(
    "/api/users/2fa/enable",
    { code: totpAt(setup.body.secret, now) },
    user.token,
  );
  if (enabled.status !== 200) throw new Error(`2fa enable failed: ${JSON.stringify(enabled.body)}`);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}
