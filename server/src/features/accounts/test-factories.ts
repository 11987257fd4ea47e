import { randomBytes } from "node:crypto";
import type { LoginResponse, RegisterResponse } from "@folio/contract/accounts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { httpClient } from "../../test/http";

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
  if (overrides.balancePence !== undefined) {
    await db
      .update(users)
      .set({ balancePence: overrides.balancePence })
      .where(eq(users.id, registered.body.UUID));
  }
  return { id: registered.body.UUID, name, email, password, token: loggedIn.body.token };
}
