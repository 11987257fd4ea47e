import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import { readerRows, tokenHash } from "../harness/access-digest";
import { Api, newReader, type Answer, type Reader } from "../harness/client";
import { brokenInvariants, type PostgresDatabase } from "../harness/database";
import { catalogueIds } from "../harness/load";
import type { MailReceiver } from "../harness/mail";
import { recordScenario, type Figures } from "../harness/report";
import { Resources } from "../harness/resources";
import type { ServerProcess } from "../harness/server";

// Each access file runs on one server process on a PostgreSQL database of its own, so that the
// test can read a reader's rows while the server runs: "changed nothing" means those rows are
// the same text afterwards.

/** The reader whose data every attack aims at, with the ids of what they own. */
export interface Victim extends Reader {
  loanBook: string;
  otherLoanBook: string;
  cartBook: string;
  wishBook: string;
  commentId: string;
  reviewText: string;
  locator: string;
  /** a highlight of the victim's, and the note on it that no one else may read */
  annotationId: string;
  annotationNote: string;
  idempotencyKey: string;
  paymentId: string;
  /** the victim's own session (design.md §7.4's sessions list names it) */
  sessionId: string;
  /** a passkey of the victim's, written straight to the database (no authenticator here) */
  passkeyId: string;
}

type Method = "GET" | "POST" | "PUT";
export interface Attempt {
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
export interface OwnedCall {
  name: string;
  send: (v: Victim) => Attempt;
  asOther: number[] | "own";
  /** a further check of the other reader's answer; a text when it fails */
  check?: (answer: Answer<Record<string, unknown>>, v: Victim) => string | null;
}

/** A statement that lists the victim's top-up among the other reader's entries. */
const showsPayment = (answer: Answer<Record<string, unknown>>, v: Victim) =>
  JSON.stringify(answer.body.entries ?? []).includes(`"id":"${v.paymentId}"`)
    ? "showed the victim's top-up"
    : null;

export const ownedCalls: OwnedCall[] = [
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
    name: "POST payments/statement",
    send: () => post("/api/payments/statement"),
    asOther: "own",
    check: showsPayment,
  },
  {
    name: "GET payments/statement",
    send: () => get("/api/payments/statement"),
    asOther: "own",
    check: showsPayment,
  },
  {
    name: "reviews/add",
    send: (v) => post("/api/reviews/add", { bookId: v.loanBook, rating: 1, comment: "hijacked" }),
    asOther: [403],
  },
  { name: "GET reviews/user", send: () => get("/api/reviews/user"), asOther: "own" },
  { name: "POST reviews/user", send: () => post("/api/reviews/user"), asOther: "own" },
  {
    name: "reviews/update (victim's commentId)",
    send: (v) =>
      post("/api/reviews/update", { commentId: v.commentId, rating: 1, comment: "hijacked" }),
    asOther: [403],
  },
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
    name: "GET reading/annotations (victim's book)",
    send: (v) => get(`/api/reading/annotations?bookId=${v.loanBook}`),
    asOther: "own",
    check: (answer) =>
      Array.isArray(answer.body.annotations) && answer.body.annotations.length === 0
        ? null
        : "answered annotations",
  },
  {
    name: "POST reading/annotations (victim's book, never borrowed)",
    send: (v) =>
      post("/api/reading/annotations", {
        bookId: v.loanBook,
        kind: "bookmark",
        locator: { href: "OEBPS/chapter-001.xhtml", type: "application/xhtml+xml" },
      }),
    asOther: [400],
  },
  {
    name: "reading/annotations/update (victim's id)",
    send: (v) => post("/api/reading/annotations/update", { id: v.annotationId, note: "hijacked" }),
    asOther: [404],
  },
  {
    name: "reading/annotations/delete (victim's id)",
    send: (v) => post("/api/reading/annotations/delete", { id: v.annotationId }),
    asOther: [404],
  },
  {
    name: "GET reading/preferences",
    send: () => get("/api/reading/preferences"),
    asOther: "own",
    check: (answer) => (answer.body.preferences === null ? null : "answered preferences"),
  },
  {
    name: "GET reading/progress/list",
    send: () => get("/api/reading/progress/list"),
    asOther: "own",
    check: (answer) =>
      Array.isArray(answer.body.progress) && answer.body.progress.length === 0
        ? null
        : "answered someone's progress",
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
  // Account security (design.md §7.4).
  { name: "GET users/2fa", send: () => get("/api/users/2fa"), asOther: "own" },
  { name: "users/2fa/setup", send: () => post("/api/users/2fa/setup"), asOther: "own" },
  {
    name: "users/2fa/enable (a guessed code)",
    send: () => post("/api/users/2fa/enable", { code: "123456" }),
    asOther: [400],
  },
  { name: "users/2fa/disable", send: () => post("/api/users/2fa/disable"), asOther: [409] },
  {
    name: "GET users/sessions",
    send: () => get("/api/users/sessions"),
    asOther: "own",
    check: (answer, v) =>
      JSON.stringify(answer.body).includes(`"sessionId":"${v.sessionId}"`)
        ? "listed the victim's session"
        : null,
  },
  {
    name: "users/sessions/revoke (victim's session)",
    send: (v) => post("/api/users/sessions/revoke", { sessionId: v.sessionId }),
    asOther: [404],
  },
  {
    name: "users/sessions/revokeOthers",
    send: () => post("/api/users/sessions/revokeOthers"),
    asOther: "own",
  },
  {
    name: "GET users/passkeys",
    send: () => get("/api/users/passkeys"),
    asOther: "own",
    check: (answer) =>
      Array.isArray(answer.body.passkeys) && answer.body.passkeys.length === 0
        ? null
        : "listed a passkey",
  },
  {
    name: "users/passkeys/register/options",
    send: () => post("/api/users/passkeys/register/options"),
    asOther: "own",
  },
  {
    name: "users/passkeys/delete (victim's passkey)",
    send: (v) => post("/api/users/passkeys/delete", { id: v.passkeyId }),
    asOther: [404],
  },
  {
    name: "GET users/export",
    send: () => get("/api/users/export"),
    asOther: "own",
    check: (answer, v) =>
      JSON.stringify(answer.body).includes(`"commentId":"${v.commentId}"`)
        ? "exported the victim's review"
        : null,
  },
  // Last: it ends the other reader's account.
  { name: "users/delete", send: () => post("/api/users/delete"), asOther: "own" },
];

const withQuery = (url: string, query: string | undefined) =>
  query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url;

/** What `beforeAll` started; read through the scenario's getters once it has. */
interface Started {
  api: Api;
  server: ServerProcess;
  database: PostgresDatabase;
  mail: MailReceiver;
  dataDir: string;
  secret: string;
  bookIds: string[];
}

/**
 * One access file's server, database and mail receiver, started before its tests and ended
 * after them, and the bookkeeping of its checks: a failed check is kept as a violation with
 * what was seen, and every file's figures go into the report.
 */
export class AccessScenario {
  readonly violations: string[] = [];
  /** `checks` and `refusedAsExpected` for every file; a file may add figures of its own */
  readonly figures: Figures & { checks: number; refusedAsExpected: number } = {
    checks: 0,
    refusedAsExpected: 0,
  };
  /** Ends what the file started, in reverse order; a file may start more on it. */
  readonly resources = new Resources();
  /** Every reader the file made: none of their tokens or passwords may reach the server log. */
  private readonly readers: Reader[] = [];
  private started: Started | null = null;

  private constructor(private readonly name: string) {}

  /** Declares the file's `beforeAll` that starts the server and `afterAll` that ends it. */
  static forFile(name: string): AccessScenario {
    const scenario = new AccessScenario(name);
    beforeAll(() => scenario.start());
    afterAll(() => scenario.end());
    return scenario;
  }

  private async start(): Promise<void> {
    const mail = await this.resources.mail();
    const database = await this.resources.postgres({ seeded: true });
    const { dataDir } = await this.resources.dataDir({ seeded: "postgres" });
    const secret = randomBytes(32).toString("hex");
    const server = await this.resources.server(
      { dataDir, databaseUrl: database.url, smtpUrl: mail.url, secret },
      "access",
    );
    const api = new Api(server.base);
    const bookIds = (await catalogueIds(api)).slice(0, 8);
    this.started = { api, server, database, mail, dataDir, secret, bookIds };
  }

  private async end(): Promise<void> {
    recordScenario(`access: ${this.name}`, {
      ...this.figures,
      violations: this.violations.length,
      serverErrors: this.started?.api.tally.serverErrors.length,
    });
    await this.resources.end();
  }

  private get ready(): Started {
    if (!this.started) throw new Error("the access server has not started: use it in a test");
    return this.started;
  }

  get api(): Api {
    return this.ready.api;
  }
  get server(): ServerProcess {
    return this.ready.server;
  }
  get database(): PostgresDatabase {
    return this.ready.database;
  }
  get mail(): MailReceiver {
    return this.ready.mail;
  }
  get dataDir(): string {
    return this.ready.dataDir;
  }
  get secret(): string {
    return this.ready.secret;
  }
  /** The first eight books of the catalogue. */
  get bookIds(): string[] {
    return this.ready.bookIds;
  }

  /** A registered, logged-in reader (see `newReader`), remembered for the final log check. */
  async newReader(topUpPounds = 0): Promise<Reader> {
    const reader = await newReader(this.api, topUpPounds);
    this.readers.push(reader);
    return reader;
  }

  async login(email: string, password: string): Promise<string> {
    const answer = await this.api.post<{ token: string }>("/api/auth/login", { email, password });
    if (answer.status !== 200) throw new Error(`login: ${answer.status} ${answer.text}`);
    return answer.body.token;
  }

  /** The victim: a loan or two, a review, progress, a cart, a wishlist, a top-up with a key. */
  async newVictim(): Promise<Victim> {
    const { api } = this;
    const reader = await this.newReader(100);
    const tag = randomBytes(6).toString("hex");
    const [loanBook, otherLoanBook, cartBook, , wishBook] = this.bookIds as [
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
    const annotationNote = `victim note ${tag}`;
    const annotation = await api.post<{ annotation: { id: string } }>(
      "/api/reading/annotations",
      {
        bookId: loanBook,
        kind: "highlight",
        locator: { href: "OEBPS/chapter-001.xhtml", type: "application/xhtml+xml" },
        text: "Call me Ishmael.",
        note: annotationNote,
        color: "green",
      },
      reader.token,
    );
    await expectOk(annotation, "annotation");
    await expectOk(
      await api.post(
        "/api/reading/preferences",
        {
          preferences: {
            fontSize: 1.25,
            fontFamily: "serif",
            lineHeight: 1.6,
            margins: "wide",
            theme: "sepia",
            layout: "scrolled",
          },
        },
        reader.token,
      ),
      "preferences",
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
    const [session] = await this.database.query<{ id: string }>(
      "select id::text from sessions where token_hash = $1",
      [tokenHash(reader.token)],
    );
    const [passkey] = await this.database.query<{ id: string }>(
      `insert into passkeys (user_id, credential_id, public_key, name, created_at)
       values ($1, $2, 'cHVibGlj', 'Victim key', now()) returning id::text`,
      [reader.id, `victim-credential-${tag}`],
    );
    // The same object, so that a later password change is what the final log check looks for.
    return Object.assign(reader, {
      name,
      loanBook,
      otherLoanBook,
      cartBook,
      wishBook,
      commentId: review.body.commentId,
      reviewText,
      locator,
      annotationId: annotation.body.annotation.id,
      annotationNote,
      idempotencyKey,
      paymentId: topUp.body.paymentId,
      sessionId: session!.id,
      passkeyId: passkey!.id,
    });
  }

  async send(attempt: Attempt, headers: Record<string, string>, query?: string) {
    return this.api.call<Record<string, unknown>>(attempt.method, withQuery(attempt.url, query), {
      headers: { ...attempt.headers, ...headers },
      ...(attempt.json !== undefined ? { json: attempt.json } : {}),
    });
  }

  /** Counts one check; a failed one goes into the violations with what was seen. */
  expectThat(ok: boolean, what: string, answer?: { status: number; text?: string }): void {
    this.figures.checks += 1;
    if (ok) return;
    this.violations.push(
      answer ? `${what}: answered ${answer.status} ${answer.text?.slice(0, 200) ?? ""}` : what,
    );
  }

  /** Runs `attack` and checks that the victim's rows are the same text afterwards. */
  async leavesVictimAlone(victim: Victim, what: string, attack: () => Promise<void>) {
    const before = await readerRows(this.database, victim.id);
    await attack();
    const after = await readerRows(this.database, victim.id);
    this.expectThat(after === before, `${what}: changed the victim's rows`);
  }

  /**
   * The file's last test: the database keeps every invariant, no call was answered with a 5xx,
   * the server logged no error, and no reader's token or password is in its log.
   */
  async expectConsistentEnd(): Promise<void> {
    expect(await brokenInvariants(this.database)).toEqual([]);
    expect(this.api.tally.serverErrors).toEqual([]);
    expect(await this.server.errorLines()).toEqual([]);
    const log = await this.server.log();
    const secrets = this.readers.flatMap((reader) => [reader.token, reader.password]);
    expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);
  }
}

export async function expectOk(answer: Answer, what: string) {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text}`);
  return answer;
}
