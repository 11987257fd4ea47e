import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { rawRequest } from "../harness/access-raw";
import { Api } from "../harness/client";
import { AccessScenario } from "./scenario";

const access = AccessScenario.forFile("rate limits");

describe("access control, over HTTP, on PostgreSQL: rate limits", () => {
  it("rate limits logins per address and per account, right or wrong password; resets and mail too", async () => {
    const { api, database, figures, mail, secret, violations } = access;
    const seen = violations.length;
    const limitedDir = await access.resources.dataDir();
    const limited = await access.resources.server(
      {
        dataDir: limitedDir.dataDir,
        databaseUrl: database.url,
        smtpUrl: mail.url,
        secret,
        env: { AUTH_RATE_LIMIT: "5" },
      },
      "access-limited",
    );
    const limitedApi = new Api(limited.base, api.tally);
    const reader = await access.newReader(0);
    // The limiter counts in fixed minutes: start each burst with time to spare in the minute.
    const roomInThisMinute = async () => {
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
    };
    await roomInThisMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push(
        (await limitedApi.post("/api/auth/login", { email: reader.email, password: `wrong ${i}` }))
          .status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await limitedApi.post("/api/auth/login", {
      email: reader.email,
      password: reader.password,
    });
    access.expectThat(right.status === 429, "the right password got past the limit", right);
    const fromHere = await limitedApi.post("/api/auth/login", {
      email: `other-${randomBytes(4).toString("hex")}@example.com`,
      password: "whatever 1",
    });
    access.expectThat(
      fromHere.status === 429,
      "another account from the same address got past the limit",
      fromHere,
    );
    // A forwarded-for header naming someone else does not buy a fresh allowance.
    const spoofed = await rawRequest(limited.base, "/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.9.8.7" },
      body: JSON.stringify({
        email: `spoof-${randomBytes(4).toString("hex")}@example.com`,
        password: "whatever 1",
      }),
    });
    access.expectThat(spoofed.status === 429, "X-Forwarded-For got past the limit", {
      status: spoofed.status,
      text: spoofed.body,
    });
    figures.refusedAsExpected += 4;

    // Guesses at one account from many addresses are limited per account.
    const target = await access.newReader(0);
    const fromMany: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await rawRequest(limited.base, "/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: target.email, password: `wrong ${i}` }),
        localAddress: `127.0.0.${10 + i}`,
      });
      fromMany.push(answer.status);
    }
    expect(fromMany).toEqual([401, 401, 401, 401, 401, 429]);
    const rightFromElsewhere = await rawRequest(limited.base, "/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: target.email, password: target.password }),
      localAddress: "127.0.0.30",
    });
    // Failures from elsewhere never lock the owner out: a source with no failures of its own
    // has its password checked, and the right one logs in (issue 16, decision 014).
    access.expectThat(
      rightFromElsewhere.status === 200,
      "failures from elsewhere locked the owner out",
      {
        status: rightFromElsewhere.status,
        text: rightFromElsewhere.body,
      },
    );
    figures.refusedAsExpected += 1;
    figures.checks += 1;

    const login = (email: string, password: string, from: string) =>
      rawRequest(limited.base, "/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
        localAddress: from,
      });

    // Lockout: ten failures from one source; the owner, from another, still gets in.
    const owner = await access.newReader(0);
    const lockout: number[] = [];
    for (let i = 0; i < 10; i += 1)
      lockout.push((await login(owner.email, `wrong ${i}`, "127.0.0.40")).status);
    expect(lockout.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(lockout.slice(5).every((status) => status === 429)).toBe(true);
    const ownerIn = await login(owner.email, owner.password, "127.0.0.41");
    access.expectThat(ownerIn.status === 200, "ten failures from elsewhere locked the owner out", {
      status: ownerIn.status,
      text: ownerIn.body,
    });
    const ownerToken = (JSON.parse(ownerIn.body) as { token?: string }).token ?? "";
    access.expectThat(
      (await api.get("/api/users/info", ownerToken)).status === 200,
      "the owner's token after an attack does not work",
    );
    const guesserRight = await login(owner.email, owner.password, "127.0.0.40");
    access.expectThat(guesserRight.status === 429, "the guessing source got in with the password", {
      status: guesserRight.status,
      text: guesserRight.body,
    });
    figures.refusedAsExpected += 1;

    // Parallel guesses (issue 43): at an account under attack, ten passwords sent at once from a
    // fresh source have one checked, not ten: each takes its place before it is hashed.
    const attacked = await access.newReader(0);
    for (let i = 0; i < 5; i += 1) await login(attacked.email, `wrong ${i}`, `127.0.0.${60 + i}`);
    const together = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(attacked.email, `together ${i}`, "127.0.0.70")),
    );
    access.expectThat(
      together.every((answer) => answer.status === 429),
      "a guess sent together at an account under attack was answered other than 429",
      { status: together.find((answer) => answer.status !== 429)?.status ?? 429 },
    );
    const [held] = await database.query<{ n: number }>(
      "select cardinality(hits) as n from rate_limit_hits where key = $1",
      [`login:failed:${attacked.email}:127.0.0.70`],
    );
    access.expectThat(
      held?.n === 1,
      `ten guesses sent together had ${held?.n ?? 0} passwords checked, not one`,
    );
    figures.refusedAsExpected += 1;
    figures.checks += 1;

    // Dotted capital I: another address, which never reaches the plain i's account.
    const suffix = randomBytes(4).toString("hex");
    const plain = await api.post<{ UUID: string }>("/api/users/register", {
      name: "Victim",
      email: `victim-${suffix}@example.com`,
      password: "victim password 1",
    });
    expect(plain.status).toBe(200);
    const dotted = `vİctim-${suffix}@example.com`;
    const dottedLogin = await login(dotted, "victim password 1", "127.0.0.42");
    access.expectThat(
      dottedLogin.status === 401,
      "a dotted capital I logged into the plain i's account",
      {
        status: dottedLogin.status,
        text: dottedLogin.body,
      },
    );
    const dottedAccount = await api.post<{ UUID: string }>("/api/users/register", {
      name: "Mallory",
      email: dotted,
      password: "mallory password",
    });
    access.expectThat(
      dottedAccount.status !== 200 || dottedAccount.body.UUID !== plain.body.UUID,
      "registering the dotted address reached the plain one's account",
    );
    // Fullwidth letters are the same address (NFKC): the victim's own account, and its limits.
    const fullwidth = `ｖｉｃｔｉｍ-${suffix}@example.com`;
    const widthLogin = await login(fullwidth, "victim password 1", "127.0.0.43");
    access.expectThat(
      widthLogin.status === 200 &&
        (JSON.parse(widthLogin.body) as { UUID?: string }).UUID === plain.body.UUID,
      "a fullwidth spelling did not reach its own account",
      { status: widthLogin.status, text: widthLogin.body },
    );
    for (const [url, body] of [
      [
        "/api/users/register",
        { name: "Z", email: `vic\u200btim-${suffix}@example.com`, password: "secret pass 12" },
      ],
      ["/api/auth/login", { email: `vic\u200btim-${suffix}@example.com`, password: "secret 12" }],
    ] as const) {
      const answer = await rawRequest(limited.base, url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        localAddress: "127.0.0.44",
      });
      access.expectThat(
        answer.status === 400 && answer.body.includes("cannot be seen"),
        `${url} took an address with a zero-width space`,
        { status: answer.status, text: answer.body },
      );
      figures.refusedAsExpected += 1;
    }
    figures.checks += 2;

    // Sliding window: three requests at the end of a wall-clock minute, three at the start of
    // the next; the sixth within 60 s is refused, as a fixed window would not.
    const forget = () =>
      rawRequest(limited.base, "/api/auth/forget", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `slide-${randomBytes(4).toString("hex")}@example.com` }),
        localAddress: "127.0.0.50",
      });
    const untilSecond = async (second: number) => {
      const wait = (second * 1000 - (Date.now() % 60_000) + 60_000) % 60_000;
      await new Promise((resolve) => setTimeout(resolve, wait));
    };
    await untilSecond(57);
    const sliding: number[] = [];
    for (let i = 0; i < 3; i += 1) sliding.push((await forget()).status);
    await untilSecond(1);
    for (let i = 0; i < 3; i += 1) sliding.push((await forget()).status);
    expect(sliding).toEqual([200, 200, 200, 200, 200, 429]);
    figures.refusedAsExpected += 1;
    figures.checks += 1;

    // Reset tokens cannot be guessed at speed either, nor mail sent in bulk.
    await roomInThisMinute();
    // A fresh guess each time: the limit is per address, not only per token.
    const guesses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const token = randomBytes(32).toString("base64url");
      guesses.push(
        (await limitedApi.post("/api/auth/reset", { token, password: `guess ${i} password` }))
          .status,
      );
    }
    expect(guesses).toEqual([400, 400, 400, 400, 400, 429]);
    const mails: number[] = [];
    for (let i = 0; i < 6; i += 1)
      mails.push(
        (
          await limitedApi.post(
            "/api/notifications/email",
            { to: reader.email, type: "register" },
            reader.token,
          )
        ).status,
      );
    expect(mails).toEqual([200, 200, 200, 200, 200, 429]);
    figures.refusedAsExpected += 2;
    figures.checks += 2;
    expect(await limited.errorLines()).toEqual([]);
    expect(violations.slice(seen)).toEqual([]);
  });

  it("leaves the database consistent and the server without errors", async () => {
    await access.expectConsistentEnd();
  });
});
