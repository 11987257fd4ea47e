// Which passwords a reader may choose (design.md §7.4, hardening round three): the spec's
// 6-character floor, then nothing a guesser would try within a million guesses, nothing on the
// list of common passwords, and nothing made of the reader's own name or email.
import type { RegisterResponse, SimpleSuccess } from "@folio/contract/accounts";
import type { ErrorBody } from "@folio/contract/common";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { lastMailTo, resetTokenFrom } from "../../test/mail";
import { passwordWeakness } from "./password-strength";

const t = useTestApp();
let http: ReturnType<typeof httpClient>;
beforeAll(() => {
  http = httpClient(t.app);
});

const TOO_COMMON = "This password is too common. Please choose another.";
const TOO_GUESSABLE =
  "This password is too easy to guess. Try a longer one, such as a few unrelated words.";
const TOO_PERSONAL =
  "This password is too close to your name or email address. Please choose another.";
const TOO_SHORT = "Password must be at least 6 characters long";

const uniqueEmail = (label: string) =>
  `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;

const register = (password: string, name = "Nora Reader", email = uniqueEmail("strength")) =>
  http.post<ErrorBody | RegisterResponse>("/api/users/register", { name, email, password });

describe("choosing a password", () => {
  it.each(["password123", "admin123", "sunshine1"])(
    "refuses %s at registration, saying it is too common",
    async (password) => {
      const answer = await register(password);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        state: "error",
        code: "VALIDATION",
        message: TOO_COMMON,
        field: "password",
      });
    },
  );

  it("refuses them on a password change and a password reset too", async () => {
    const user = await createUser(t.app, t.database.db);
    const change = await http.post<ErrorBody>(
      "/api/users/update",
      { password: "admin123" },
      user.token,
    );
    expect(change.status).toBe(400);
    expect(change.body).toMatchObject({ message: TOO_COMMON, field: "password" });

    await http.post("/api/auth/forget", { email: user.email });
    const token = resetTokenFrom((await lastMailTo(t.database.db, user.email))!.textBody)!;
    const reset = await http.post<ErrorBody>("/api/auth/reset", { token, password: "sunshine1" });
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({ message: TOO_COMMON, field: "password" });
    // The refusal did not spend the link: a good password still goes through with it.
    const good = await http.post<SimpleSuccess>("/api/auth/reset", {
      token,
      password: "walnut ferry lantern",
    });
    expect(good.status).toBe(200);
  });

  it("refuses what a guesser would try early though it is on no list, and says why", async () => {
    for (const password of ["aaaaaaaa", "abcdef123", "Summer2024"]) {
      const answer = await register(password);
      expect(answer.status, password).toBe(400);
      expect(answer.body, password).toMatchObject({ message: TOO_GUESSABLE, field: "password" });
    }
  });

  it("refuses a password made of the reader's own name or email", async () => {
    const email = uniqueEmail("zbigniew.quorvath");
    const named = await register("quorvath2024", "Zbigniew Quorvath", email);
    expect(named.status).toBe(400);
    expect(named.body).toMatchObject({ message: TOO_PERSONAL, field: "password" });
    const mailed = await register(email, "Someone Else", email);
    expect(mailed.body).toMatchObject({ message: TOO_PERSONAL, field: "password" });
    // The same password is fine for a reader with another name and address.
    expect((await register("quorvath2024", "Ann Other")).status).toBe(200);

    const user = await createUser(t.app, t.database.db, { name: "Zbigniew Quorvath" });
    const change = await http.post<ErrorBody>(
      "/api/users/update",
      { password: "Quorvath!1" },
      user.token,
    );
    expect(change.body).toMatchObject({ message: TOO_PERSONAL, field: "password" });
  });

  it("accepts a strong passphrase", async () => {
    const answer = await register("correct horse battery staple");
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe("success");
  });

  it("keeps the spec's 6-character minimum and its message, and asks no more length", async () => {
    const short = await register("k7!Rm");
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(TOO_SHORT);
    expect((await register("k7!Rm2")).status).toBe(200);
  });
});

describe("passwordWeakness", () => {
  it("names the reason, or none for a strong password", async () => {
    expect(await passwordWeakness("password")).toBe("common");
    expect(await passwordWeakness("PassWord")).toBe("common");
    expect(await passwordWeakness("qwerty123")).toBe("common");
    expect(await passwordWeakness("aaaaaaaa")).toBe("guessable");
    expect(await passwordWeakness("quorvath2024", { name: "Zbigniew Quorvath" })).toBe("personal");
    expect(await passwordWeakness("quorvath2024")).toBeNull();
    expect(await passwordWeakness("correct horse")).toBeNull();
  });

  it("judges the longest password allowed quickly", async () => {
    // Long runs of look-alike characters are the estimator's slowest input.
    const longest = "p@$$w0rd!".repeat(23).slice(0, 200);
    await passwordWeakness(longest);
    const started = performance.now();
    await passwordWeakness(longest, { name: "Nora Reader", email: "nora@example.com" });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
