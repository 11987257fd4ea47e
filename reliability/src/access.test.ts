import { createHmac, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signContentUrl } from "../../server/src/features/reading/signed-url";
import { readerRows, tokenHash } from "./harness/access-digest";
import { waitForMail } from "./harness/access-mail";
import { rawRequest } from "./harness/access-raw";
import { Api, newReader, type Answer, type Reader } from "./harness/client";
import { PgliteDirectory, PostgresDatabase, brokenInvariants } from "./harness/database";
import { webDist } from "./harness/env";
import { catalogueIds } from "./harness/load";
import { MailReceiver } from "./harness/mail";
import { recordScenario } from "./harness/report";
import { ServerProcess } from "./harness/server";
import { drainOutbox } from "./harness/verify";

// One server process on a PostgreSQL database of its own, so that the test can read a reader's
// rows while the server runs: "changed nothing" means those rows are the same text afterwards.

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The reader whose data every attack aims at, with the ids of what they own. */
interface Victim extends Reader {
  loanBook: string;
  otherLoanBook: string;
  cartBook: string;
  wishBook: string;
  commentId: string;
  reviewText: string;
  locator: string;
  idempotencyKey: string;
  paymentId: string;
}

type Method = "GET" | "POST" | "PUT";
interface Attempt {
  method: Method;
  url: string;
  json?: unknown;
  headers?: Record<string, string>;
}
const post = (url: string, json: unknown = {}, headers?: Record<string, string>): Attempt => ({
  method: "POST",
  url,
  json,
  ...(headers ? { headers } : {}),
});
const get = (url: string): Attempt => ({ method: "GET", url });

/**
 * Every call that acts on a reader's own data. `asOther` is what another reader's token gets
 * when aimed at the victim's ids: refused with one of these statuses, or "own" (200, answered
 * from the caller's own records, nothing of the victim's in it).
 */
interface OwnedCall {
  name: string;
  send: (v: Victim) => Attempt;
  asOther: number[] | "own";
  /** a further check of the other reader's answer; a text when it fails */
  check?: (answer: Answer<Record<string, unknown>>, v: Victim) => string | null;
}

const ownedCalls: OwnedCall[] = [
  {
    name: "cart/add",
    send: (v) => post("/api/cart/add", { bookId: [v.cartBook] }),
    asOther: "own",
  },
  {
    name: "cart/remove",
    send: (v) => post("/api/cart/remove", { bookId: [v.cartBook] }),
    asOther: "own",
  },
  { name: "cart/get", send: () => post("/api/cart/get"), asOther: "own" },
  { name: "cart/clear", send: () => post("/api/cart/clear"), asOther: "own" },
  {
    name: "PUT cart/{id}",
    send: (v) => ({ method: "PUT", url: `/api/cart/${v.cartBook}`, json: { quantity: 1 } }),
    asOther: [404],
  },
  {
    name: "wishlist/add",
    send: (v) => post("/api/wishlist/add", { bookId: v.wishBook }),
    asOther: "own",
  },
  {
    name: "wishlist/delete",
    send: (v) => post("/api/wishlist/delete", { bookId: v.wishBook }),
    asOther: "own",
  },
  { name: "wishlist/get", send: () => post("/api/wishlist/get"), asOther: "own" },
  {
    name: "borrow/borrow",
    send: (v) => post("/api/borrow/borrow", { bookId: [v.cartBook] }),
    asOther: "own",
  },
  { name: "borrow/borrowlist", send: () => post("/api/borrow/borrowlist"), asOther: "own" },
  { name: "borrow/history", send: () => post("/api/borrow/history"), asOther: "own" },
  {
    name: "borrow/renew",
    send: (v) => post("/api/borrow/renew", { bookId: v.loanBook }),
    asOther: [404],
  },
  {
    name: "borrow/return",
    send: (v) => post("/api/borrow/return", { bookId: v.loanBook }),
    asOther: [404],
  },
  {
    // The victim's Idempotency-Key must not replay the victim's answer to someone else.
    name: "payments/topup (victim's Idempotency-Key)",
    send: (v) =>
      post("/api/payments/topup", { amount: 1 }, { "idempotency-key": v.idempotencyKey }),
    asOther: "own",
    check: (answer, v) =>
      answer.body.paymentId === v.paymentId ? "replayed the victim's top-up answer" : null,
  },
  { name: "payments/history", send: () => post("/api/payments/history"), asOther: "own" },
  {
    name: "reviews/add",
    send: (v) => post("/api/reviews/add", { bookId: v.loanBook, rating: 1, comment: "hijacked" }),
    asOther: [403],
  },
  { name: "GET reviews/user", send: () => get("/api/reviews/user"), asOther: "own" },
  { name: "POST reviews/user", send: () => post("/api/reviews/user"), asOther: "own" },
  {
    name: "reviews/delete (victim's commentId)",
    send: (v) => post("/api/reviews/delete", { commentId: v.commentId }),
    asOther: [403],
  },
  {
    name: "POST reading/progress",
    send: (v) =>
      post("/api/reading/progress", { bookId: v.loanBook, locator: "hijacked", percentage: 99 }),
    asOther: [400],
  },
  {
    name: "GET reading/progress",
    send: (v) => get(`/api/reading/progress?bookId=${v.loanBook}`),
    asOther: "own",
    check: (answer) => (answer.body.locator === null ? null : "answered a locator"),
  },
  {
    name: "books/content",
    send: (v) => post("/api/books/content", { bookId: v.loanBook }),
    asOther: [400],
  },
  { name: "GET users/info", send: () => get("/api/users/info"), asOther: "own" },
  { name: "POST users/info", send: () => post("/api/users/info"), asOther: "own" },
  {
    name: "users/update name",
    send: () => post("/api/users/update", { name: "Mallory" }),
    asOther: "own",
  },
  {
    name: "users/update to the victim's email",
    send: (v) => post("/api/users/update", { email: v.email.toUpperCase() }),
    asOther: [409],
  },
  {
    name: "users/update password",
    send: () => post("/api/users/update", { password: "hijacked password 1" }),
    asOther: "own",
  },
  {
    name: "notifications/email to the victim",
    send: (v) => post("/api/notifications/email", { to: v.email, type: "register" }),
    asOther: [403],
  },
  {
    name: "notifications/email about the victim's loan",
    send: (v) =>
      post("/api/notifications/email", {
        to: v.email,
        type: "borrow",
        data: { bookId: v.loanBook },
      }),
    asOther: [403],
  },
  // Last: it ends the other reader's account.
  { name: "users/delete", send: () => post("/api/users/delete"), asOther: "own" },
];

interface Credential {
  kind: string;
  headers: Record<string, string>;
  /** added to the query string */
  query?: string;
}

const violations: string[] = [];
const figures = {
  checks: 0,
  refusedAsExpected: 0,
  /** how the server answered the traversal attempts, by status */
  traversalStatuses: {} as Record<number, number>,
};

let api: Api;
let server: ServerProcess;
let database: PostgresDatabase;
let mail: MailReceiver;
let dataDir: string;
let secret: string;
let bookIds: string[];
let victim: Victim;
let credentials: Credential[];
let canary: string;

async function login(email: string, password: string): Promise<string> {
  const answer = await api.post<{ token: string }>("/api/auth/login", { email, password });
  if (answer.status !== 200) throw new Error(`login: ${answer.status} ${answer.text}`);
  return answer.body.token;
}

async function expectOk(answer: Answer, what: string) {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text}`);
  return answer;
}

/** The victim: a loan or two, a review, progress, a cart, a wishlist, a top-up with a key. */
async function makeVictim(): Promise<Victim> {
  const reader = await newReader(api, 100);
  const tag = randomBytes(6).toString("hex");
  const [loanBook, otherLoanBook, cartBook, , wishBook] = bookIds as [
    string,
    string,
    string,
    string,
    string,
  ];
  const name = `Victoria ${tag}`;
  await expectOk(await api.post("/api/users/update", { name }, reader.token), "rename");
  await expectOk(
    await api.post("/api/borrow/borrow", { bookId: [loanBook, otherLoanBook] }, reader.token),
    "borrow",
  );
  await expectOk(await api.post("/api/cart/add", { bookId: [cartBook] }, reader.token), "cart");
  await expectOk(
    await api.post("/api/wishlist/add", { bookId: [cartBook, wishBook] }, reader.token),
    "wishlist",
  );
  const reviewText = `victim review ${tag}`;
  const review = await api.post<{ commentId: string }>(
    "/api/reviews/add",
    { bookId: loanBook, rating: 4, comment: reviewText },
    reader.token,
  );
  await expectOk(review, "review");
  const locator = `epubcfi(/6/4!/4/2/1:0)-victim-${tag}`;
  await expectOk(
    await api.post(
      "/api/reading/progress",
      { bookId: loanBook, locator, percentage: 12.5 },
      reader.token,
    ),
    "progress",
  );
  const idempotencyKey = `victim-topup-${tag}`;
  const topUp = await api.post<{ paymentId: string }>(
    "/api/payments/topup",
    { amount: 5 },
    reader.token,
    {
      "idempotency-key": idempotencyKey,
    },
  );
  await expectOk(topUp, "top-up");
  return {
    ...reader,
    name,
    loanBook,
    otherLoanBook,
    cartBook,
    wishBook,
    commentId: review.body.commentId,
    reviewText,
    locator,
    idempotencyKey,
    paymentId: topUp.body.paymentId,
  };
}

/**
 * Tokens that must open nothing: none, garbage, forged ones of the right shape, the victim's
 * own sessions once expired, logged out or ended by a password change, a deleted account's,
 * and the victim's live token offered anywhere but the Authorization header.
 */
async function deadCredentials(v: Victim): Promise<Credential[]> {
  // A password change ends every other session, so make that one first.
  const beforePasswordChange = await login(v.email, v.password);
  const newPassword = `${v.password} changed`;
  await expectOk(
    await api.post("/api/users/update", { password: newPassword }, v.token),
    "password change",
  );
  v.password = newPassword;
  const expired = await login(v.email, v.password);
  await database.query(
    "update sessions set expires_at = now() - interval '1 second' where token_hash = $1",
    [tokenHash(expired)],
  );
  const loggedOut = await login(v.email, v.password);
  await expectOk(await api.post("/api/auth/logout", {}, loggedOut), "logout");
  const ghost = await newReader(api, 0);
  await expectOk(await api.post("/api/users/delete", {}, ghost.token), "delete");

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const flipped = `${v.token.slice(0, -4)}${v.token.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
  return [
    { kind: "no token", headers: {} },
    { kind: "garbage token", headers: bearer("garbage") },
    { kind: "empty bearer", headers: { authorization: "Bearer " } },
    { kind: "unsigned JWT", headers: bearer("eyJhbGciOiJub25lIn0.eyJzdWIiOiJ2aWN0aW0ifQ.") },
    {
      kind: "random token of the right shape",
      headers: bearer(randomBytes(32).toString("base64url")),
    },
    { kind: "victim's token altered", headers: bearer(flipped) },
    { kind: "victim's stored token hash", headers: bearer(tokenHash(v.token)) },
    {
      kind: "token forged with another secret",
      headers: bearer(
        createHmac("sha256", "not the server's secret").update(v.id).digest("base64url"),
      ),
    },
    { kind: "expired session", headers: bearer(expired) },
    { kind: "session after logout", headers: bearer(loggedOut) },
    { kind: "session after password change", headers: bearer(beforePasswordChange) },
    { kind: "deleted account's session", headers: bearer(ghost.token) },
    {
      kind: "live token in the query string",
      headers: {},
      query: `token=${v.token}&access_token=${v.token}`,
    },
    { kind: "live token in a cookie", headers: { cookie: `token=${v.token}; session=${v.token}` } },
    { kind: "live token under another scheme", headers: { authorization: `Token ${v.token}` } },
    {
      kind: "password as Basic auth",
      headers: {
        authorization: `Basic ${Buffer.from(`${v.email}:${v.password}`).toString("base64")}`,
      },
    },
  ];
}

const withQuery = (url: string, query: string | undefined) =>
  query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url;

async function send(attempt: Attempt, headers: Record<string, string>, query?: string) {
  return api.call<Record<string, unknown>>(attempt.method, withQuery(attempt.url, query), {
    headers: { ...attempt.headers, ...headers },
    ...(attempt.json !== undefined ? { json: attempt.json } : {}),
  });
}

/** Counts one check; a failed one goes into the violations with what was seen. */
function expectThat(ok: boolean, what: string, answer?: { status: number; text?: string }) {
  figures.checks += 1;
  if (ok) return;
  violations.push(
    answer ? `${what}: answered ${answer.status} ${answer.text?.slice(0, 200) ?? ""}` : what,
  );
}

/** Runs `attack` and checks that the victim's rows are the same text afterwards. */
async function leavesVictimAlone(what: string, attack: () => Promise<void>) {
  const before = await readerRows(database, victim.id);
  await attack();
  const after = await readerRows(database, victim.id);
  expectThat(after === before, `${what}: changed the victim's rows`);
}

beforeAll(async () => {
  mail = new MailReceiver();
  await mail.start();
  cleanups.push(() => mail.stop());
  database = await PostgresDatabase.create();
  cleanups.push(() => database.drop());
  const dir = await PgliteDirectory.create();
  cleanups.push(() => dir.remove());
  dataDir = dir.dataDir;
  secret = randomBytes(32).toString("hex");
  server = await ServerProcess.start(
    { dataDir, databaseUrl: database.url, smtpUrl: mail.url, secret },
    "access",
  );
  cleanups.push(() => server.stop());
  api = new Api(server.base);
  bookIds = (await catalogueIds(api)).slice(0, 8);
  victim = await makeVictim();
  credentials = await deadCredentials(victim);
  // Files a way out of the content store would reach.
  canary = `CANARY-${randomBytes(8).toString("hex")}`;
  await writeFile(path.join(dataDir, "canary.txt"), canary);
  await mkdir(path.join(dataDir, "content", "books"), { recursive: true });
  await writeFile(path.join(dataDir, "content", "canary.txt"), canary);
});

afterAll(() => {
  recordScenario("access: tokens, ownership, links, traversal, resets, rate limits", {
    ...figures,
    violations: violations.length,
    serverErrors: api?.tally.serverErrors.length,
  });
});

describe("access control, over HTTP, on PostgreSQL", () => {
  it("refuses every reader-owned call without a live token, and changes nothing", async () => {
    const seen = violations.length;
    const baseline = await readerRows(database, victim.id);
    let current = baseline;
    for (const credential of credentials) {
      for (const call of ownedCalls) {
        const answer = await send(call.send(victim), credential.headers, credential.query);
        const refused = answer.status === 401 && answer.body?.code === "UNAUTHORIZED";
        expectThat(refused, `${credential.kind} → ${call.name}`, answer);
        if (refused) figures.refusedAsExpected += 1;
        const after = await readerRows(database, victim.id);
        expectThat(
          after === current,
          `${credential.kind} → ${call.name}: changed the victim's rows`,
        );
        current = after;
      }
    }
    expect(violations.slice(seen)).toEqual([]);
    // The victim's own token still works: the refusals were not a broken login.
    expect((await api.get("/api/users/info", victim.token)).status).toBe(200);
    expect(current).toBe(baseline);
  });

  it("lets another reader's token reach nothing of the victim's", async () => {
    const seen = violations.length;
    const other = await newReader(api, 0);
    const secrets = [
      victim.id,
      victim.email,
      victim.name,
      victim.reviewText,
      victim.locator,
      victim.token,
    ];
    for (const call of ownedCalls) {
      await leavesVictimAlone(`other reader → ${call.name}`, async () => {
        const answer = await send(call.send(victim), { authorization: `Bearer ${other.token}` });
        if (call.asOther === "own") {
          expectThat(answer.status === 200, `other reader → ${call.name}: expected 200`, answer);
        } else {
          const refused = call.asOther.includes(answer.status);
          expectThat(
            refused,
            `other reader → ${call.name}: expected ${call.asOther.join("/")}`,
            answer,
          );
          if (refused) figures.refusedAsExpected += 1;
        }
        const leaked = secrets.filter((secret) => answer.text.includes(secret));
        expectThat(
          leaked.length === 0,
          `other reader → ${call.name}: answered ${leaked.join(", ")}`,
        );
        const extra = call.check?.(answer, victim);
        expectThat(!extra, `other reader → ${call.name}: ${extra}`);
      });
    }
    expect(violations.slice(seen)).toEqual([]);
    // The victim's review, loan and progress are all still there, seen from the victim's side.
    const mine = await api.get<{ commentIds: string[] }>("/api/reviews/user", victim.token);
    expect(mine.body.commentIds).toContain(victim.commentId);
  });

  it("mails only the caller: the notification endpoint is no relay", async () => {
    const seen = violations.length;
    const other = await newReader(api, 0);
    const since = mail.received.length;
    const victimMailBefore = await database.query<{ n: number }>(
      "select count(*)::int as n from outbox where lower(to_address) = lower($1)",
      [victim.email],
    );
    const refusedTo = [
      victim.email,
      victim.email.toUpperCase(),
      ` ${victim.email} `,
      `${other.email},${victim.email}`,
      `${other.email}; ${victim.email}`,
      `"${other.email}" <${victim.email}>`,
      `${other.email}\r\nBcc: ${victim.email}`,
      `${other.email}\nTo: ${victim.email}`,
    ];
    for (const to of refusedTo) {
      for (const type of ["register", "password_reset", "borrow"]) {
        await leavesVictimAlone(`notify ${JSON.stringify(to)} ${type}`, async () => {
          const answer = await api.post(
            "/api/notifications/email",
            { to, type, subject: "hi", content: "<b>spam</b>", data: { bookId: victim.loanBook } },
            other.token,
          );
          const refused = answer.status === 403 || answer.status === 400;
          expectThat(refused, `notify ${JSON.stringify(to)} ${type}: not refused`, answer);
          if (refused) figures.refusedAsExpected += 1;
        });
      }
    }
    // The caller's own address works, in any case; a loan mail about a book they never
    // borrowed (the victim's) is refused.
    const own = await api.post(
      "/api/notifications/email",
      { to: other.email.toUpperCase(), type: "password_reset", subject: "x", content: "y" },
      other.token,
    );
    expectThat(own.status === 200, "notify own address: expected 200", own);
    const loanMail = await api.post(
      "/api/notifications/email",
      { to: other.email, type: "borrow", data: { bookId: victim.loanBook } },
      other.token,
    );
    expectThat(loanMail.status === 400, "notify about the victim's loan: expected 400", loanMail);

    expect(await drainOutbox(database, 20_000)).toBe(0);
    const victimMailAfter = await database.query<{ n: number }>(
      "select count(*)::int as n from outbox where lower(to_address) = lower($1)",
      [victim.email],
    );
    expect(victimMailAfter).toEqual(victimMailBefore);
    const sent = mail.received.slice(since);
    const strays = sent.filter((m) =>
      m.to.some((to) => to.toLowerCase() !== other.email.toLowerCase()),
    );
    expectThat(strays.length === 0, `mail to others: ${JSON.stringify(strays.map((m) => m.to))}`);
    expectThat(sent.length >= 1, "the caller's own mail did not arrive");
    expect(violations.slice(seen)).toEqual([]);
  });

  it("honours a content link only unaltered, for its own book and reader, and in time", async () => {
    const seen = violations.length;
    const other = await newReader(api, 0);
    const link = await api.post<{ contentURL: string }>(
      "/api/books/content",
      { bookId: victim.loanBook },
      victim.token,
    );
    expect(link.status).toBe(200);
    const url = new URL(link.body.contentURL, server.base);
    const good = await rawRequest(server.base, url.pathname + url.search);
    expect(good.status).toBe(200);
    expect(good.body.startsWith("PK")).toBe(true);

    const q = Object.fromEntries(url.searchParams) as {
      u: string;
      n: string;
      e: string;
      s: string;
    };
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith("A") ? "B" : "A"}`;
    const query = (over: Partial<typeof q>) =>
      `?${new URLSearchParams({ ...q, ...over }).toString()}`;
    const nowSeconds = Math.floor(Date.now() / 1000);
    // A link is signed for a session too; the other reader's own live one, from the database.
    const [otherSession] = await database.query<{ id: string }>(
      "select id from sessions where user_id = $1 and revoked_at is null order by id desc limit 1",
      [other.id],
    );
    const sessionOf = (userId: string) =>
      userId === victim.id ? Number(q.n) : Number(otherSession!.id);
    // The signer is the server's own, which keys a link by the book's row id (a number).
    const signed = (grant: { bookId: string; userId: string; expires: number }, key = secret) =>
      signContentUrl(key, {
        ...grant,
        bookId: Number(grant.bookId),
        sessionId: sessionOf(grant.userId),
      });
    const attempts: [string, string, number, string?][] = [
      [
        "signature altered",
        `${url.pathname}${query({ s: flip(q.s) })}`,
        403,
        "CONTENT_LINK_INVALID",
      ],
      ["signature cut short", `${url.pathname}${query({ s: q.s.slice(0, 20) })}`, 403],
      ["signature left out", `${url.pathname}?u=${q.u}&n=${q.n}&e=${q.e}`, 403],
      [
        "another session in the link",
        `${url.pathname}${query({ n: String(Number(q.n) + 1) })}`,
        403,
      ],
      ["another reader in the link", `${url.pathname}${query({ u: other.id })}`, 403],
      ["expiry pushed back", `${url.pathname}${query({ e: String(Number(q.e) + 3600) })}`, 403],
      ["another book, borrowed too", `/api/content/${victim.otherLoanBook}.epub${url.search}`, 403],
      ["another book, not borrowed", `/api/content/${victim.cartBook}.epub${url.search}`, 403],
      [
        "expired",
        signed({ bookId: victim.loanBook, userId: victim.id, expires: nowSeconds - 60 }),
        403,
        "CONTENT_LINK_EXPIRED",
      ],
      [
        "signed with another secret",
        signed(
          { bookId: victim.loanBook, userId: victim.id, expires: nowSeconds + 600 },
          "x".repeat(64),
        ),
        403,
      ],
      [
        "properly signed for a reader without the loan",
        signed({ bookId: victim.loanBook, userId: other.id, expires: nowSeconds + 600 }),
        400,
        "NOT_BORROWED",
      ],
    ];
    for (const [what, target, status, code] of attempts) {
      await leavesVictimAlone(`content link ${what}`, async () => {
        const answer = await rawRequest(server.base, target);
        const ok =
          answer.status === status &&
          !answer.body.startsWith("PK") &&
          (!code || answer.body.includes(code));
        expectThat(ok, `content link ${what}: expected ${status}`, {
          status: answer.status,
          text: answer.body,
        });
        if (ok) figures.refusedAsExpected += 1;
      });
    }

    // A link outlives nothing: once the book is returned, the link made before stops working.
    const second = await api.post<{ contentURL: string }>(
      "/api/books/content",
      { bookId: victim.otherLoanBook },
      victim.token,
    );
    expect(second.status).toBe(200);
    expect((await api.get(second.body.contentURL)).status).toBe(200);
    expect(
      (await api.post("/api/borrow/return", { bookId: victim.otherLoanBook }, victim.token)).status,
    ).toBe(200);
    const afterReturn = await api.get(second.body.contentURL);
    expectThat(afterReturn.status === 400, "content link after return: expected 400", afterReturn);
    expect(violations.slice(seen)).toEqual([]);
  });

  it("refuses path traversal on content, covers and the web app, and never serves a file outside", async () => {
    const seen = violations.length;
    const link = await api.post<{ contentURL: string }>(
      "/api/books/content",
      { bookId: victim.loanBook },
      victim.token,
    );
    const search = new URL(link.body.contentURL, server.base).search;
    const outside = [
      "../../canary.txt",
      "..%2F..%2Fcanary.txt",
      "..%2fcanary.txt",
      "%2e%2e%2f%2e%2e%2fcanary.txt",
      "%2e%2e/%2e%2e/canary.txt",
      "%252e%252e%252f%252e%252e%252fcanary.txt",
      "..%252f..%252fcanary.txt",
      "..%5C..%5Ccanary.txt",
      "..\\..\\canary.txt",
      "%2Fetc%2Fpasswd",
      "%2fetc%2fpasswd%00.epub",
      `${victim.loanBook}.epub%00.txt`,
      `${victim.loanBook}%00.epub`,
      `..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd`,
      `..%c0%af..%c0%afcanary.txt`,
      `%c0%ae%c0%ae%2fcanary.txt`,
      `${encodeURIComponent(path.join(dataDir, "canary.txt"))}`,
      `${victim.loanBook}.epub%2F..%2F..%2Fcanary.txt`,
    ];
    const targets: { what: string; path: string; mustBe4xx: boolean }[] = [
      ...outside.map((p) => ({
        what: "content",
        path: `/api/content/${p}${search}`,
        mustBe4xx: true,
      })),
      ...[
        `/api/content//etc/passwd${search}`,
        `/api/content/${victim.loanBook}.epub/..%2F..%2Fcanary.txt${search}`,
      ].map((p) => ({ what: "content", path: p, mustBe4xx: true })),
      ...outside.map((p) => ({ what: "cover", path: `/api/books/${p}/cover`, mustBe4xx: true })),
      ...["..%2F..%2Fcanary.txt", "..%2F..%2F..%2Fpackage.json"].map((p) => ({
        what: "cover",
        path: `/api/books/${bookIds[0]}/cover/${p}`,
        mustBe4xx: true,
      })),
      // The web app answers its own index.html for any other GET: that, or a 4xx, is fine.
      ...[
        "/..%2F..%2Fpackage.json",
        "/%2e%2e/%2e%2e/package.json",
        "/%2e%2e%2f%2e%2e%2fpackage.json",
        "/assets/..%2F..%2F..%2Fpackage.json",
        "/assets/%252e%252e/%252e%252e/package.json",
        "/assets/..%5C..%5C..%5Cpackage.json",
        "/../../../../etc/passwd",
        "/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd",
        "//etc/passwd",
        "/%2Fetc%2Fpasswd",
        "/assets/%00",
        "/index.html%00.js",
        `/${encodeURIComponent(path.join(dataDir, "canary.txt"))}`,
      ].map((p) => ({ what: "web app", path: p, mustBe4xx: false })),
    ];
    const index = await readFile(path.join(webDist, "index.html"), "latin1");
    const passwd = await readFile("/etc/passwd", "latin1").catch(() => "root:x:0:0");
    const forbidden = [canary, passwd.slice(0, 40), '"workspaces"', "function buildApp"];
    for (const target of targets) {
      const answer = await rawRequest(server.base, target.path);
      const leaked = forbidden.filter((text) => answer.body.includes(text));
      expectThat(
        leaked.length === 0 && !answer.body.startsWith("PK"),
        `${target.what} ${target.path}: served a file from outside`,
        { status: answer.status, text: answer.body },
      );
      figures.traversalStatuses[answer.status] =
        (figures.traversalStatuses[answer.status] ?? 0) + 1;
      const refused = answer.status >= 400 && answer.status < 500;
      const ok = target.mustBe4xx
        ? refused
        : refused || (answer.status === 200 && answer.body === index);
      expectThat(ok, `${target.what} ${target.path}: expected a 4xx`, {
        status: answer.status,
        text: answer.body,
      });
      if (refused) figures.refusedAsExpected += 1;
    }
    expect(violations.slice(seen)).toEqual([]);
    expect(api.tally.serverErrors).toEqual([]);
  });

  it("takes a password-reset token once, within its hour, and ends every session", async () => {
    const seen = violations.length;
    const reader = await newReader(api, 0);
    const resetToken = async (): Promise<string> => {
      const since = mail.received.length;
      // fetch will not send another Host; the raw request does.
      const asked = await rawRequest(server.base, "/api/auth/forget", {
        method: "POST",
        headers: { host: "evil.example", "content-type": "application/json" },
        body: JSON.stringify({ email: reader.email }),
      });
      expect(asked.status).toBe(200);
      const match = await waitForMail(
        mail,
        since,
        reader.email,
        /(\S+)\/reset-password\?token=([A-Za-z0-9_-]+)/,
      );
      // The link goes to the shop, not to whatever Host the request named.
      expectThat(!match[1]!.includes("evil.example"), `reset link points at ${match[1]}`);
      return match[2]!;
    };
    const reset = (token: string, password: string) =>
      api.post("/api/auth/reset", { token, password });
    const canLogin = async (password: string) =>
      (await api.post("/api/auth/login", { email: reader.email, password })).status === 200;

    // An unknown address answers the same and mails nobody.
    const nobody = `nobody-${randomBytes(4).toString("hex")}@example.com`;
    const unknown = await api.post("/api/auth/forget", { email: nobody });
    expect(unknown.status).toBe(200);

    const first = await resetToken();
    const before = await readerRows(database, reader.id);
    for (const forged of [
      randomBytes(32).toString("base64url"),
      `${first}x`,
      first.slice(0, -1),
      tokenHash(first),
    ]) {
      const answer = await reset(forged, "forged password 1");
      expectThat(answer.status === 400, "forged reset token: expected 400", answer);
      if (answer.status === 400) figures.refusedAsExpected += 1;
    }
    expectThat(
      (await readerRows(database, reader.id)) === before,
      "forged reset tokens changed the reader",
    );

    expect((await reset(first, "second password 2")).status).toBe(200);
    expectThat(await canLogin("second password 2"), "the new password does not log in");
    expectThat(!(await canLogin(reader.password)), "the old password still logs in");
    const oldSession = await api.post("/api/users/info", {}, reader.token);
    expectThat(
      oldSession.status === 401,
      "a session from before the reset still works",
      oldSession,
    );
    const again = await reset(first, "third password 3");
    expectThat(again.status === 400, "a reset token worked twice", again);
    expectThat(!(await canLogin("third password 3")), "the second use changed the password");

    // Of two links in the mailbox, using one ends the other.
    const older = await resetToken();
    const newer = await resetToken();
    expect((await reset(newer, "fifth password 5")).status).toBe(200);
    const stale = await reset(older, "sixth password 6");
    expectThat(stale.status === 400, "an older reset link outlived a reset", stale);
    expectThat(await canLogin("fifth password 5"), "the older link changed the password");
    figures.refusedAsExpected += 1;

    // An hour later (moved in the database), the token is dead.
    const late = await resetToken();
    await database.query(
      "update password_resets set expires_at = now() - interval '1 second' where token_hash = $1",
      [tokenHash(late)],
    );
    const expired = await reset(late, "fourth password 4");
    expectThat(expired.status === 400, "an expired reset token worked", expired);
    expectThat(await canLogin("fifth password 5"), "an expired token changed the password");
    figures.refusedAsExpected += 2;
    expect(await drainOutbox(database, 20_000)).toBe(0);
    expectThat(!mail.received.some((m) => m.to.includes(nobody)), "mailed an unknown address");
    expect(violations.slice(seen)).toEqual([]);
  });

  it("rate limits logins per address and per account, right or wrong password; resets and mail too", async () => {
    const seen = violations.length;
    const limitedDir = await PgliteDirectory.create();
    cleanups.push(() => limitedDir.remove());
    const limited = await ServerProcess.start(
      {
        dataDir: limitedDir.dataDir,
        databaseUrl: database.url,
        smtpUrl: mail.url,
        secret,
        env: { AUTH_RATE_LIMIT: "5" },
      },
      "access-limited",
    );
    cleanups.push(() => limited.stop());
    const limitedApi = new Api(limited.base, api.tally);
    const reader = await newReader(api, 0);
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
    expectThat(right.status === 429, "the right password got past the limit", right);
    const fromHere = await limitedApi.post("/api/auth/login", {
      email: `other-${randomBytes(4).toString("hex")}@example.com`,
      password: "whatever 1",
    });
    expectThat(
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
    expectThat(spoofed.status === 429, "X-Forwarded-For got past the limit", {
      status: spoofed.status,
      text: spoofed.body,
    });
    figures.refusedAsExpected += 4;

    // Guesses at one account from many addresses are limited per account.
    const target = await newReader(api, 0);
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
    expectThat(rightFromElsewhere.status === 200, "failures from elsewhere locked the owner out", {
      status: rightFromElsewhere.status,
      text: rightFromElsewhere.body,
    });
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
    const owner = await newReader(api, 0);
    const lockout: number[] = [];
    for (let i = 0; i < 10; i += 1)
      lockout.push((await login(owner.email, `wrong ${i}`, "127.0.0.40")).status);
    expect(lockout.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(lockout.slice(5).every((status) => status === 429)).toBe(true);
    const ownerIn = await login(owner.email, owner.password, "127.0.0.41");
    expectThat(ownerIn.status === 200, "ten failures from elsewhere locked the owner out", {
      status: ownerIn.status,
      text: ownerIn.body,
    });
    const ownerToken = (JSON.parse(ownerIn.body) as { token?: string }).token ?? "";
    expectThat(
      (await api.get("/api/users/info", ownerToken)).status === 200,
      "the owner's token after an attack does not work",
    );
    const guesserRight = await login(owner.email, owner.password, "127.0.0.40");
    expectThat(guesserRight.status === 429, "the guessing source got in with the password", {
      status: guesserRight.status,
      text: guesserRight.body,
    });
    figures.refusedAsExpected += 1;

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
    expectThat(dottedLogin.status === 401, "a dotted capital I logged into the plain i's account", {
      status: dottedLogin.status,
      text: dottedLogin.body,
    });
    const dottedAccount = await api.post<{ UUID: string }>("/api/users/register", {
      name: "Mallory",
      email: dotted,
      password: "mallory password",
    });
    expectThat(
      dottedAccount.status !== 200 || dottedAccount.body.UUID !== plain.body.UUID,
      "registering the dotted address reached the plain one's account",
    );
    // Fullwidth letters are the same address (NFKC): the victim's own account, and its limits.
    const fullwidth = `ｖｉｃｔｉｍ-${suffix}@example.com`;
    const widthLogin = await login(fullwidth, "victim password 1", "127.0.0.43");
    expectThat(
      widthLogin.status === 200 &&
        (JSON.parse(widthLogin.body) as { UUID?: string }).UUID === plain.body.UUID,
      "a fullwidth spelling did not reach its own account",
      { status: widthLogin.status, text: widthLogin.body },
    );
    for (const [url, body] of [
      [
        "/api/users/register",
        { name: "Z", email: `vic\u200btim-${suffix}@example.com`, password: "secret 12" },
      ],
      ["/api/auth/login", { email: `vic\u200btim-${suffix}@example.com`, password: "secret 12" }],
    ] as const) {
      const answer = await rawRequest(limited.base, url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        localAddress: "127.0.0.44",
      });
      expectThat(
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
    expect(await brokenInvariants(database)).toEqual([]);
    expect(api.tally.serverErrors).toEqual([]);
    expect(await server.errorLines()).toEqual([]);
    const log = await server.log();
    expect([victim.token, victim.password].filter((secret) => log.includes(secret))).toEqual([]);
  });
});
