import type { AddressInfo } from "node:net";
import type { LoginResponse } from "@folio/contract/accounts";
import type { ErrorBody } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import type { ContentResponse, PublicationLink } from "@folio/contract/reading";
import { eq, sql } from "drizzle-orm";
import { pino, type DestinationStream, type LoggerOptions } from "pino";
import { prettyFactory } from "pino-pretty";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY } from "./clock";
import { loadConfig } from "./config";
import { users } from "./db/schema";
import { drawCover } from "./features/catalogue";
import { smtpTransport } from "./features/notifications";
import { buildEpub } from "./features/reading/epub";
import { redactedUrl, serializeError } from "./http/log-redaction";
import { loggerOptions, logFormatFor, prettyOptions } from "./logging";
import { bookContentKey } from "./storage/content-store";
import { createUser, type TestUser } from "./test/accounts";
import { createTestApp, type TestApp } from "./test/app";
import { createBook } from "./test/catalogue";
import { httpClient } from "./test/http";
import { lastMailTo, resetTokenFrom } from "./test/mail";

describe("the log's format", () => {
  it("is readable lines on a terminal and JSON lines elsewhere, unless LOG_FORMAT says", () => {
    expect(logFormatFor("auto", true)).toBe("pretty");
    expect(logFormatFor("auto", false)).toBe("json");
    expect(logFormatFor("json", true)).toBe("json");
    expect(logFormatFor("pretty", false)).toBe("pretty");
    expect(() => loadConfig({ LOG_FORMAT: "fancy" })).toThrow(/LOG_FORMAT/);
  });

  it("shows a request as one line: whose, method, address, status and time", () => {
    const pretty = prettyFactory(prettyOptions(false));
    const line = pretty({
      level: 30,
      time: Date.now(),
      pid: 1,
      hostname: "h",
      reqId: "Xk3_9aQe",
      req: { method: "GET", url: "/api/books?page=2", host: "shop", remoteAddress: "::1" },
      res: { statusCode: 200 },
      responseTime: 4.123,
      msg: "request completed",
    });
    expect(line).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \(Xk3_9aQe\) GET \/api\/books\?page=2 200 4\.1 ms\n$/,
    );
    const job = pretty({
      level: 50,
      time: Date.now(),
      job: "loan_sweep",
      run: "r1",
      msg: "failed",
    });
    expect(job).toContain("ERROR: (loan_sweep r1) failed");
    const mail = pretty({ level: 30, time: Date.now(), mail: 12, kind: "reset", msg: "mail sent" });
    expect(mail).toContain("INFO: (mail 12 reset) mail sent");
  });
});

describe("what a line may name", () => {
  it("blanks settings and fields that are secrets by name", async () => {
    const written: string[] = [];
    const options = await loggerOptions(
      { logLevel: "info", logFormat: "json" },
      { write: (line) => void written.push(line) },
    );
    const log = pino(options as LoggerOptions, options.stream as DestinationStream);
    log.info(
      {
        config: { databaseUrl: "postgres://folio:DbPassword1@db/folio", smtpUrl: "smtp://x:y@z" },
        headers: { authorization: "Bearer AbcToken123", cookie: "sid=CookieValue9" },
        user: { password: "PlainPassword1" },
      },
      "settings",
    );
    const line = written.join("");
    expect(line).toContain("settings");
    for (const secret of [
      "DbPassword1",
      "smtp://x:y@z",
      "AbcToken123",
      "CookieValue9",
      "PlainPassword1",
    ])
      expect(line).not.toContain(secret);
  });
});

describe("what the log keeps of an address", () => {
  it("blanks query secrets and a publication link's grant", () => {
    expect(redactedUrl("/reset-password?token=abc&x=1")).toBe(
      "/reset-password?token=[redacted]&x=1",
    );
    expect(redactedUrl("/api/content/3.epub?u=a&n=1&e=9&s=SIG")).toBe(
      "/api/content/3.epub?u=a&n=1&e=9&s=[redacted]",
    );
    expect(redactedUrl("/api/publications/3/user.4.99.SIG/OEBPS/ch1.xhtml?x=1")).toBe(
      "/api/publications/3/[redacted]/OEBPS/ch1.xhtml?x=1",
    );
    expect(redactedUrl("/api/books?title=moby")).toBe("/api/books?title=moby");
  });

  it("blanks passwords in URLs and PostgreSQL's row values in an error", () => {
    const error = Object.assign(new Error("connect to smtp://folio:hunter22@mail.test failed"), {
      detail: "Key (email)=(someone@example.com) already exists.",
    });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain("smtp://folio:[redacted]@mail.test");
    expect(logged).toContain("Key (email)=([redacted]) already exists.");
    expect(logged).not.toContain("hunter22");
    expect(logged).not.toContain("someone@example.com");
  });
});

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  job?: string;
  run?: string;
  mail?: number;
  kind?: string;
  err?: { message?: string; stack?: string };
}

const SMTP_USER = "folio-mailer";
const SMTP_PASSWORD = "SmtpPasswordThatMustNotBeLogged42";

/** A real SMTP receiver that asks for a login, and refuses it until told otherwise. */
class AuthenticatingSmtp {
  acceptLogins = false;
  received: string[] = [];
  readonly server = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    closeTimeout: 100,
    logger: false,
    onAuth: (auth, _session, callback) => {
      const ok =
        this.acceptLogins && auth.username === SMTP_USER && auth.password === SMTP_PASSWORD;
      if (ok) callback(null, { user: SMTP_USER });
      else callback(new Error("Invalid username or password"));
    },
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        this.received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", () => resolve()));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe("a day of the shop, as its log tells it", () => {
  const lines: string[] = [];
  const smtp = new AuthenticatingSmtp();
  let t: TestApp;
  let http: ReturnType<typeof httpClient>;
  /** Set to make a loan's closing fail, so a sweep fails part way. */
  let failLoanClosing = false;
  /** Secrets seen along the way: none may appear in any line. */
  const secrets: string[] = [SMTP_PASSWORD];

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    t = await createTestApp(
      { LOG_LEVEL: "trace" },
      {
        logDestination: { write: (line) => void lines.push(line) },
        mailTransport: smtpTransport(smtpUrl),
        eventHandlers: {
          loanClosed: [
            () => {
              if (failLoanClosing) throw new Error("the loan's closing failed on purpose");
              return Promise.resolve();
            },
          ],
          // A handler whose query fails with a password hash among its parameters: what a
          // failed write of an account's row would carry into its error.
          accountDeleted: [
            async (_ctx, tx, { userId }) => {
              const [row] = await tx
                .select({ hash: users.passwordHash })
                .from(users)
                .where(eq(users.id, userId));
              secrets.push(row!.hash);
              await tx.execute(sql`select ${row!.hash}::int`);
            },
          ],
        },
      },
    );
    http = httpClient(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /** The lines written while `during` runs, parsed. */
  const linesOf = async (during: () => Promise<unknown>): Promise<LogLine[]> => {
    const from = lines.length;
    await during();
    return lines.slice(from).map((line) => JSON.parse(line) as LogLine);
  };

  const expectNoSecrets = () => {
    const log = lines.join("");
    for (const secret of secrets) expect(log, "a secret in the log").not.toContain(secret);
  };

  let reader: TestUser;
  let book: { id: number };

  it("ties every line of a request to its id, and sends that id back", async () => {
    const password = "RegisterPasswordNotLogged9";
    secrets.push(password);
    let token = "";
    const logged = await linesOf(async () => {
      const email = "walker@example.com";
      const registered = await t.app.inject({
        method: "POST",
        url: "/api/users/register",
        headers: { "content-type": "application/json", "x-request-id": "proxy-id_42" },
        payload: { name: "Walker", email, password },
      });
      expect(registered.statusCode).toBe(200);
      expect(registered.headers["x-request-id"]).toBe("proxy-id_42");
      const login = await http.post<LoginResponse>("/api/auth/login", { email, password });
      token = login.body.token;
      secrets.push(token);
      const info = await t.app.inject({
        method: "GET",
        url: "/api/users/info",
        headers: { authorization: `Bearer ${token}`, "x-request-id": "not a sane id!" },
      });
      expect(info.statusCode).toBe(200);
      // An id that is no plain short token is replaced by our own.
      expect(info.headers["x-request-id"]).toMatch(/^[A-Za-z0-9_-]{8}$/);
      // A request refused before any route still tells its id.
      const badUrl = await t.app.inject({ method: "GET", url: "/api/books/%zz" });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.headers["x-request-id"]).toMatch(/^[A-Za-z0-9_-]{8}$/);
    });
    expect(logged.length).toBeGreaterThanOrEqual(3);
    for (const line of logged) expect(line.reqId, line.msg).toEqual(expect.any(String));
    expect(logged.filter((l) => l.reqId === "proxy-id_42").map((l) => l.msg)).toContain(
      "request completed",
    );
    // Ids differ from request to request (and from process to process: they are random).
    const ids = new Set(logged.map((l) => l.reqId));
    expect(ids.size).toBe(4);
    expectNoSecrets();
  });

  it("keeps a password reset's token out of the log, its mail and its use alike", async () => {
    reader = await createUser(t.app, t.database.db, { balancePence: 1000 });
    secrets.push(reader.password, reader.token);
    await http.post("/api/auth/forget", { email: reader.email });
    const resetToken = resetTokenFrom((await lastMailTo(t.database.db, reader.email))!.textBody)!;
    secrets.push(resetToken);
    const newPassword = "ResetPasswordNotLogged77";
    secrets.push(newPassword);
    const logged = await linesOf(async () => {
      // The link in the mail opens the web app's page, then the page posts the token.
      await t.app.inject({ method: "GET", url: `/reset-password?token=${resetToken}` });
      const reset = await http.post("/api/auth/reset", {
        token: resetToken,
        password: newPassword,
      });
      expect(reset.status).toBe(200);
    });
    for (const line of logged) expect(line.reqId, line.msg).toEqual(expect.any(String));
    expect(lines.join("")).toContain("/reset-password?token=[redacted]");
    const login = await http.post<LoginResponse>("/api/auth/login", {
      email: reader.email,
      password: newPassword,
    });
    reader = { ...reader, password: newPassword, token: login.body.token };
    secrets.push(login.body.token);
    expectNoSecrets();
  });

  it("keeps signed reading links' signatures out of the log", async () => {
    book = await createBook(t.database.db, { copies: 2, price: 100 });
    const epub = buildEpub({
      identifier: `urn:test:${book.id}`,
      title: "Logged Book",
      author: "Test Author",
      language: "en",
      description: "A test book.",
      publisher: "Tests",
      modified: "2026-01-01T00:00:00Z",
      coverSvg: drawCover("Logged Book", "Test Author"),
      chapters: [{ title: "One", paragraphs: ["It was a test."] }],
    });
    await t.content.put(bookContentKey(book.id), epub);
    const borrowed = await http.post<BorrowResult>(
      "/api/borrow/borrow",
      { bookId: book.id },
      reader.token,
    );
    expect(borrowed.body.state).toBe("success");

    const content = await http.post<ContentResponse>(
      "/api/books/content",
      { bookId: book.id },
      reader.token,
    );
    const signature = new URL(content.body.contentURL, "http://shop.test").searchParams.get("s")!;
    secrets.push(signature);
    const publication = await http.post<PublicationLink>(
      "/api/reading/publication",
      { bookId: book.id },
      reader.token,
    );
    const manifest = new URL(publication.body.manifestURL, "http://shop.test").pathname;
    const grant = manifest.split("/")[4]!;
    secrets.push(grant, grant.split(".").at(-1)!);

    const logged = await linesOf(async () => {
      expect((await t.app.inject({ method: "GET", url: content.body.contentURL })).statusCode).toBe(
        200,
      );
      expect((await t.app.inject({ method: "GET", url: manifest })).statusCode).toBe(200);
    });
    for (const line of logged) expect(line.reqId, line.msg).toEqual(expect.any(String));
    expect(lines.join("")).toContain(`/api/publications/${book.id}/[redacted]/manifest.json`);
    expectNoSecrets();
  });

  it("logs a database error whole but for what its query was given", async () => {
    const leaving = await createUser(t.app, t.database.db, {
      password: "LeavingPasswordNotLogged",
    });
    secrets.push(leaving.password, leaving.token);
    let answer: { statusCode: number; json: () => ErrorBody } | undefined;
    const logged = await linesOf(async () => {
      answer = await t.app.inject({
        method: "POST",
        url: "/api/users/delete",
        headers: { authorization: `Bearer ${leaving.token}`, "content-type": "application/json" },
        payload: { currentPassword: leaving.password },
      });
    });
    expect(answer!.statusCode).toBe(500);
    expect(answer!.json().code).toBe("INTERNAL");
    const failure = logged.find((line) => line.level === 50 && line.err);
    expect(failure?.reqId).toEqual(expect.any(String));
    expect(failure?.err?.message).toContain("Failed query: select $1::int");
    expect(failure?.err?.message).toContain("params: [redacted]");
    for (const line of logged) expect(line.reqId, line.msg).toEqual(expect.any(String));
    expectNoSecrets();
  });

  it("names the mail on every line about it, never its content or the mail server's password", async () => {
    const refused = await linesOf(() => t.mailDelivery.deliverDue());
    const aboutMail = refused.filter((line) => line.msg === "mail refused; will retry");
    expect(aboutMail.length).toBeGreaterThan(0);
    for (const line of aboutMail) {
      expect(line.mail).toEqual(expect.any(Number));
      expect(line.kind).toEqual(expect.any(String));
    }

    smtp.acceptLogins = true;
    t.clock.advance(DAY);
    const delivered = await linesOf(() => t.mailDelivery.deliverDue());
    const sent = delivered.filter((line) => line.msg === "mail sent");
    expect(sent.length).toBeGreaterThan(0);
    expect(smtp.received.length).toBe(sent.length);
    expect(smtp.received.join("")).toContain("reset-password?token=");
    for (const line of sent) {
      expect(line.mail).toEqual(expect.any(Number));
      expect(line.reqId).toBeUndefined();
    }
    // The reset link is in the mail the receiver got, not in the log.
    expect(lines.join("")).not.toMatch(/reset-password\?token=(?!\[redacted\])/);
    expectNoSecrets();
  });

  it("ties every line of a scheduled job's run to the job and the run", async () => {
    // The reader's loan is long overdue: the sweep returns it.
    t.clock.advance(40 * DAY);
    failLoanClosing = true;
    const failed = await linesOf(async () => {
      t.scheduler.start();
      await t.scheduler.stop();
    });
    failLoanClosing = false;
    const swept = await linesOf(async () => {
      t.scheduler.start();
      await t.scheduler.stop();
    });
    for (const line of [...failed, ...swept]) {
      expect(line.job, line.msg).toEqual(expect.any(String));
      expect(line.run, line.msg).toEqual(expect.any(String));
    }
    const failure = failed.find((line) => line.level === 50);
    expect(failure?.job).toBe("loan_sweep");
    expect(failure?.err?.message).toContain("failed on purpose");
    // A run's lines share its id; each run has its own.
    const sweep = swept.filter((line) => line.job === "loan_sweep");
    expect(sweep.map((line) => line.msg)).toContain("loan sweep done");
    expect(new Set(sweep.map((line) => line.run)).size).toBe(1);
    expect(sweep[0]!.run).not.toBe(failure!.run);
    expectNoSecrets();
  });
});
