import { randomBytes } from "node:crypto";
import type { AppPasswordCreated } from "@folio/contract/security";
import { beforeAll, describe, expect, it } from "vitest";
import type { Opds2Feed } from "../../../server/src/features/opds/json";
import { tokenHash } from "../harness/access-digest";
import type { Reader } from "../harness/client";
import { AccessScenario, expectOk, ownedCalls, type Victim } from "./scenario";

// The OPDS catalogue (issue 26) as an e-reader app reaches it: browsing is open, the shelf and
// borrowing need the reader's email and password, an app password, or a bearer token. An app
// password opens the catalogue and nothing else, and the links a shelf hands out live no longer
// than the session (or app password) they were made for.

const access = AccessScenario.forFile("OPDS catalogue");

const versions = ["1.2", "2.0"] as const;
const CHALLENGE = 'Basic realm="Folio", charset="UTF-8"';
const BASIC_AUTH = "http://opds-spec.org/auth/basic";
const ACQUISITION = "http://opds-spec.org/acquisition";

interface OpdsAnswer {
  status: number;
  type: string;
  headers: Headers;
  text: string;
}

type HeaderMap = Record<string, string>;

const basic = (email: string, password: string): HeaderMap => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString("base64")}`,
});
const bearer = (token: string): HeaderMap => ({ authorization: `Bearer ${token}` });

/** A request as an e-reader app sends it, counted with the scenario's other answers. */
async function opds(method: "GET" | "POST" | "PUT", url: string, headers: HeaderMap = {}) {
  const response = await fetch(access.server.base + url, {
    method,
    headers: { "user-agent": "KOReader/2024.11 (reliability)", ...headers },
  });
  const text = await response.text();
  access.api.tally.count(method, url, { status: response.status, body: undefined, text });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    headers: response.headers,
    text,
  } satisfies OpdsAnswer;
}

/**
 * What is wrong with a refused sign-in; null when it is the Authentication document, with the
 * Basic challenge, and the API's error fields beside it.
 */
function signInRefusalProblem(answer: OpdsAnswer): string | null {
  if (answer.status !== 401) return `expected 401`;
  if (!/^application\/opds-authentication\+json\b/.test(answer.type))
    return `content type ${answer.type}`;
  if (answer.headers.get("www-authenticate") !== CHALLENGE)
    return `WWW-Authenticate ${answer.headers.get("www-authenticate")}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    return "no JSON body";
  }
  if (body.state !== "error" || typeof body.code !== "string" || typeof body.message !== "string")
    return "not shaped {state, code, message}";
  if (answer.headers.get("x-error-code") !== body.code)
    return `x-error-code ${answer.headers.get("x-error-code")}, code ${body.code}`;
  const ways = Array.isArray(body.authentication)
    ? (body.authentication as { type?: string }[])
    : [];
  if (!ways.some((way) => way.type === BASIC_AUTH)) return "no Basic sign-in in the document";
  return null;
}

/** Checks one refused sign-in, counting it. */
function expectSignInRefused(answer: OpdsAnswer, what: string) {
  const problem = signInRefusalProblem(answer);
  access.expectThat(problem === null, `${what}: ${problem}`, answer);
  if (problem === null) access.figures.refusedAsExpected += 1;
}

/** The calls of the catalogue that need a sign-in, for `bookId`. */
const signedInCalls = (bookId: string) =>
  versions.flatMap((v) => [
    { method: "GET" as const, url: `/opds/${v}/shelf` },
    { method: "POST" as const, url: `/opds/${v}/books/${bookId}/borrow` },
    { method: "PUT" as const, url: `/opds/${v}/books/${bookId}/borrow` },
  ]);

/** Feeds open to anyone that still check credentials when an app sends some. */
const feedsTakingCredentials = (bookId: string) =>
  versions.flatMap((v) => [
    { method: "GET" as const, url: `/opds/${v}` },
    { method: "GET" as const, url: `/opds/${v}/popular` },
    { method: "GET" as const, url: `/opds/${v}/books/${bookId}` },
  ]);

const bookUrn = (bookId: string) => `urn:folio:book:${bookId}`;

/** A loan's EPUB and manifest links in an OPDS 2.0 feed. */
function loanLinksIn(feed: Opds2Feed, bookId: string) {
  const publication = feed.publications?.find((p) => p.metadata.identifier === bookUrn(bookId));
  const link = (type: string) =>
    publication?.links.find((l) => l.rel === ACQUISITION && l.type === type)?.href;
  const epub = link("application/epub+zip");
  const manifest = link("application/webpub+json");
  if (!epub || !manifest) throw new Error(`the feed links no loan of book ${bookId}`);
  return { epub, manifest };
}

/** The same links in an OPDS 1.2 (Atom) feed's entry for the book. */
function atomLoanLinks(xml: string, bookId: string) {
  const entry = xml.split("<entry").find((part) => part.includes(`<id>${bookUrn(bookId)}</id>`));
  const hrefs = [...(entry ?? "").matchAll(/href="(\/api\/(?:content|publications)\/[^"]+)"/g)];
  return hrefs.map(([, href]) => href!.replaceAll("&amp;", "&"));
}

async function makeAppPassword(reader: Reader, name: string) {
  const made = await access.api.post<AppPasswordCreated>(
    "/api/users/app-passwords",
    { name },
    reader.token,
  );
  await expectOk(made, "app password");
  return made.body;
}

/** Whether `reader` holds an open loan of `bookId`, from the database. */
async function hasOpenLoan(reader: Reader, bookId: string) {
  const [row] = await access.database.query<{ n: number }>(
    "select count(*)::int as n from loans where user_id = $1 and book_id = $2 and returned_at is null",
    [reader.id, Number(bookId)],
  );
  return row!.n > 0;
}

let victim: Victim;
/** A book no one in this file has borrowed or holds. */
let freeBook: string;
/** Every app password made here: none may reach the server's log. */
const appPasswords: string[] = [];

beforeAll(async () => {
  victim = await access.newVictim();
  freeBook = access.bookIds[6]!;
});

describe("access control, over HTTP, on PostgreSQL: the OPDS catalogue", () => {
  it("answers the shelf and borrowing without credentials with the Authentication document, and browsing with 200", async () => {
    const seen = access.violations.length;
    for (const call of signedInCalls(freeBook)) {
      await access.leavesVictimAlone(
        victim,
        `no credentials → ${call.method} ${call.url}`,
        async () =>
          expectSignInRefused(
            await opds(call.method, call.url),
            `no credentials → ${call.method} ${call.url}`,
          ),
      );
    }
    const [loans] = await access.database.query<{ n: number }>(
      "select count(*)::int as n from loans where book_id = $1",
      [Number(freeBook)],
    );
    access.expectThat(loans!.n === 0, "a borrow without credentials made a loan");

    const categories = await access.api.get<{ categoriesList: { id: string }[] }>(
      "/api/categories/getAll",
    );
    const categoryId = categories.body.categoriesList[0]!.id;
    const open: [string, RegExp][] = [
      ["/opds/2.0/authentication", /^application\/opds-authentication\+json/],
      ["/opds/1.2/opensearch.xml", /^application\/opensearchdescription\+xml/],
      ...versions.flatMap((v): [string, RegExp][] => {
        const feed = v === "1.2" ? /^application\/atom\+xml/ : /^application\/opds\+json/;
        return [
          ...["", "/popular", "/new?page=2", "/categories", `/categories/${categoryId}`].map(
            (path): [string, RegExp] => [`/opds/${v}${path}`, feed],
          ),
          [`/opds/${v}/search?q=moby`, feed],
          [
            `/opds/${v}/books/${victim.loanBook}`,
            v === "1.2" ? /^application\/atom\+xml/ : /^application\/opds-publication\+json/,
          ],
        ];
      }),
    ];
    for (const [url, type] of open) {
      const answer = await opds("GET", url);
      access.expectThat(
        answer.status === 200 && type.test(answer.type),
        `no credentials → ${url}: expected 200 ${type.source}, got ${answer.type}`,
        answer,
      );
      // Nobody's loan is in a feed read without signing in.
      access.expectThat(
        !/\/api\/(content|publications)\//.test(answer.text),
        `no credentials → ${url}: shows a loan's link`,
      );
    }
    expect(access.violations.slice(seen)).toEqual([]);
  });

  it("refuses wrong, broken and borrowed credentials with 401, and changes nothing", async () => {
    const seen = access.violations.length;
    const other = await access.newReader(0);
    const othersAppPassword = (await makeAppPassword(other, "Mallory's reader")).password;
    const victimsAppPassword = (await makeAppPassword(victim, "Victim's Kobo")).password;
    appPasswords.push(othersAppPassword, victimsAppPassword);
    const header = (authorization: string) => ({ authorization });
    const encoded = (text: string) => header(`Basic ${Buffer.from(text).toString("base64")}`);
    const credentials: [string, HeaderMap][] = [
      ["a wrong password", basic(victim.email, "not the password")],
      [
        "an unknown address",
        basic(`nobody-${randomBytes(4).toString("hex")}@example.com`, victim.password),
      ],
      ["the address with nothing after it", basic(victim.email, "")],
      ["the victim's session token as the password", basic(victim.email, victim.token)],
      ["another reader's app password", basic(victim.email, othersAppPassword)],
      ["the victim's app password with another address", basic(other.email, victimsAppPassword)],
      ["Basic with nothing", header("Basic")],
      ["Basic with no base64", header("Basic !!!")],
      ["Basic without a colon", encoded(victim.email)],
      ["Basic without an address", encoded(`:${victim.password}`)],
      [
        "Basic with the address and password unencoded",
        header(`Basic ${victim.email}:${victim.password}`),
      ],
      ["another scheme", header(`Digest username="${victim.email}"`)],
      ["a bearer token that is no session", bearer("garbage")],
      ["an empty bearer token", header("Bearer ")],
      ["a random bearer token", bearer(randomBytes(32).toString("base64url"))],
      ["the victim's stored token hash", bearer(tokenHash(victim.token))],
      ["the victim's password as a bearer token", bearer(victim.password)],
      [
        "another reader's app password altered",
        bearer(othersAppPassword.replace(/^./, (c) => (c === "z" ? "y" : "z"))),
      ],
    ];
    for (const [what, headers] of credentials) {
      for (const call of [...signedInCalls(freeBook), ...feedsTakingCredentials(freeBook)]) {
        const name = `${what} → ${call.method} ${call.url}`;
        await access.leavesVictimAlone(victim, name, async () => {
          const answer = await opds(call.method, call.url, headers);
          expectSignInRefused(answer, name);
          access.expectThat(!answer.text.includes(victim.email), `${name}: names the victim`);
        });
      }
    }
    access.expectThat(!(await hasOpenLoan(victim, freeBook)), "a refused borrow lent the book");
    access.expectThat(!(await hasOpenLoan(other, freeBook)), "a refused borrow lent the book");
    // The refusals were the credentials', not a broken sign-in: the right ones open the shelf.
    for (const headers of [
      basic(victim.email, victim.password),
      basic(victim.email, victimsAppPassword),
      bearer(victimsAppPassword),
      bearer(victim.token),
    ])
      expect((await opds("GET", "/opds/2.0/shelf", headers)).status).toBe(200);
    expect(access.violations.slice(seen)).toEqual([]);
  });

  it("ends a revoked app password on every feed, and every link made under it", async () => {
    const seen = access.violations.length;
    const made = await makeAppPassword(victim, "Revoked soon");
    appPasswords.push(made.password);
    const asApp = basic(victim.email, made.password);
    const shelf = await opds("GET", "/opds/2.0/shelf", asApp);
    expect(shelf.status).toBe(200);
    const links = loanLinksIn(JSON.parse(shelf.text) as Opds2Feed, victim.loanBook);
    const atomShelf = await opds("GET", "/opds/1.2/shelf", bearer(made.password));
    expect(atomShelf.status).toBe(200);
    const atomLinks = atomLoanLinks(atomShelf.text, victim.loanBook);
    expect(atomLinks).toHaveLength(2);
    const madeLinks = [links.epub, links.manifest, ...atomLinks];
    for (const link of madeLinks) expect((await access.api.get(link)).status, link).toBe(200);

    await expectOk(
      await access.api.post(
        "/api/users/app-passwords/revoke",
        { id: made.appPassword.id },
        victim.token,
      ),
      "revoke",
    );
    for (const [how, headers] of [
      ["Basic", asApp],
      ["bearer", bearer(made.password)],
    ] as const) {
      for (const call of [...signedInCalls(freeBook), ...feedsTakingCredentials(freeBook)]) {
        const name = `revoked app password (${how}) → ${call.method} ${call.url}`;
        await access.leavesVictimAlone(victim, name, async () =>
          expectSignInRefused(await opds(call.method, call.url, headers), name),
        );
      }
    }
    for (const link of madeLinks) {
      const answer = await access.api.get(link);
      const ok =
        answer.status === 403 &&
        !answer.text.startsWith("PK") &&
        !answer.text.includes('"readingOrder"');
      access.expectThat(ok, `a link made under a revoked app password: expected 403`, answer);
      if (ok) access.figures.refusedAsExpected += 1;
    }
    // Revoking it ended it alone: the victim's own session still works.
    expect((await access.api.get("/api/users/info", victim.token)).status).toBe(200);
    expect(access.violations.slice(seen)).toEqual([]);
  });

  it("shows another reader none of the victim's loans, and the victim's links open nothing of theirs", async () => {
    const seen = access.violations.length;
    const other = await access.newReader(20);
    const othersBook = access.bookIds[3]!;
    const borrowed = await opds(
      "POST",
      `/opds/2.0/books/${othersBook}/borrow`,
      basic(other.email, other.password),
    );
    expect(borrowed.status).toBe(201);
    const othersAppPassword = (await makeAppPassword(other, "Mallory's Kobo")).password;
    appPasswords.push(othersAppPassword);

    const secrets = [victim.id, victim.email, victim.name, victim.token];
    const signIns: [string, HeaderMap][] = [
      ["password", basic(other.email, other.password)],
      ["app password", basic(other.email, othersAppPassword)],
      ["session token", bearer(other.token)],
      ["app password as a bearer token", bearer(othersAppPassword)],
    ];
    for (const [how, headers] of signIns) {
      for (const v of versions) {
        const name = `another reader (${how}) → /opds/${v}/shelf`;
        await access.leavesVictimAlone(victim, name, async () => {
          const answer = await opds("GET", `/opds/${v}/shelf`, headers);
          access.expectThat(answer.status === 200, `${name}: expected 200`, answer);
          access.expectThat(
            answer.text.includes(bookUrn(othersBook)),
            `${name}: their own loan is missing`,
          );
          for (const book of [victim.loanBook, victim.otherLoanBook])
            access.expectThat(
              !answer.text.includes(bookUrn(book)),
              `${name}: shows the victim's loan of book ${book}`,
            );
          const leaked = secrets.filter((secret) => answer.text.includes(secret));
          access.expectThat(leaked.length === 0, `${name}: answered ${leaked.join(", ")}`);
        });
        // The victim's book, as the other reader sees it: no loan of theirs, so no links.
        const entry = await opds("GET", `/opds/${v}/books/${victim.loanBook}`, headers);
        access.expectThat(
          entry.status === 200 && !/\/api\/(content|publications)\//.test(entry.text),
          `another reader (${how}) → the victim's book: shows a loan's link`,
          entry,
        );
      }
    }

    // The victim's links, made for the victim's session, rewritten for the other reader's.
    const victimsShelf = await opds("GET", "/opds/2.0/shelf", bearer(victim.token));
    const links = loanLinksIn(JSON.parse(victimsShelf.text) as Opds2Feed, victim.loanBook);
    expect((await access.api.get(links.epub)).status).toBe(200);
    const [othersSession] = await access.database.query<{ id: string }>(
      "select id::text from sessions where token_hash = $1",
      [tokenHash(other.token)],
    );
    const epub = new URL(links.epub, access.server.base);
    const withQuery = (over: Record<string, string>, path = epub.pathname) => {
      const query = new URLSearchParams(epub.search);
      for (const [key, value] of Object.entries(over)) query.set(key, value);
      return `${path}?${query.toString()}`;
    };
    // /api/publications/:bookId/:user.session.expires.signature/manifest.json
    const [, , , bookId = "", grant = ""] = links.manifest.split("/");
    const [, session = "", expires = "", signature = ""] = grant.split(".");
    const grantFor = (user: string, session: string) =>
      `/api/publications/${bookId}/${user}.${session}.${expires}.${signature}/manifest.json`;
    const tampered: [string, string][] = [
      ["EPUB link for the other reader", withQuery({ u: other.id })],
      [
        "EPUB link for the other reader's session",
        withQuery({ u: other.id, n: othersSession!.id }),
      ],
      ["EPUB link for the other reader's book", withQuery({}, `/api/content/${othersBook}.epub`)],
      ["manifest link for the other reader", grantFor(other.id, session)],
      ["manifest link for the other reader's session", grantFor(other.id, othersSession!.id)],
      [
        "manifest link for the other reader's book",
        links.manifest.replace(`/api/publications/${bookId}/`, `/api/publications/${othersBook}/`),
      ],
    ];
    for (const [what, url] of tampered) {
      await access.leavesVictimAlone(victim, what, async () => {
        const answer = await access.api.get(url, other.token);
        const ok =
          answer.status === 403 &&
          !answer.text.startsWith("PK") &&
          !answer.text.includes('"readingOrder"');
        access.expectThat(ok, `${what}: expected 403`, answer);
        if (ok) access.figures.refusedAsExpected += 1;
      });
    }
    expect(access.violations.slice(seen)).toEqual([]);
  });

  it("lets an app password open nothing of the JSON API", async () => {
    const seen = access.violations.length;
    const made = await makeAppPassword(victim, "Only the catalogue");
    appPasswords.push(made.password);
    const calls = [
      ...ownedCalls.map((call) => ({ name: call.name, attempt: call.send(victim) })),
      ...[
        { method: "GET" as const, url: "/api/users/app-passwords" },
        { method: "POST" as const, url: "/api/users/app-passwords", json: { name: "Another" } },
        {
          method: "POST" as const,
          url: "/api/users/app-passwords/revoke",
          json: { id: made.appPassword.id },
        },
        {
          method: "POST" as const,
          url: "/api/reading/publication",
          json: { bookId: victim.loanBook },
        },
        { method: "POST" as const, url: "/api/auth/logout", json: {} },
      ].map((attempt) => ({ name: `${attempt.method} ${attempt.url}`, attempt })),
    ];
    for (const [how, headers] of [
      ["bearer", bearer(made.password)],
      ["Basic", basic(victim.email, made.password)],
    ] as const) {
      for (const { name, attempt } of calls) {
        const what = `app password (${how}) → ${name}`;
        await access.leavesVictimAlone(victim, what, async () => {
          const answer = await access.send(attempt, headers);
          const refused = answer.status === 401 && answer.body?.code === "UNAUTHORIZED";
          access.expectThat(refused, what, answer);
          if (refused) access.figures.refusedAsExpected += 1;
        });
      }
    }
    // Refused for what it is, not for being dead: the catalogue still takes it.
    expect((await opds("GET", "/opds/2.0/shelf", bearer(made.password))).status).toBe(200);
    expect(access.violations.slice(seen)).toEqual([]);
  });

  it("refuses a borrow a browser sends from another site, lending nothing", async () => {
    const seen = access.violations.length;
    for (const site of ["cross-site", "same-site"])
      for (const headers of [bearer(victim.token), basic(victim.email, victim.password)])
        for (const v of versions)
          for (const method of ["POST", "PUT"] as const) {
            const what = `Sec-Fetch-Site: ${site} → ${method} /opds/${v}/books/${freeBook}/borrow`;
            await access.leavesVictimAlone(victim, what, async () => {
              const answer = await opds(method, `/opds/${v}/books/${freeBook}/borrow`, {
                ...headers,
                "sec-fetch-site": site,
              });
              const ok =
                answer.status === 403 &&
                /^application\/json\b/.test(answer.type) &&
                answer.text.includes('"CROSS_SITE"');
              access.expectThat(ok, `${what}: expected 403 CROSS_SITE`, answer);
              if (ok) access.figures.refusedAsExpected += 1;
            });
          }
    access.expectThat(!(await hasOpenLoan(victim, freeBook)), "a cross-site borrow lent the book");
    // The app itself, which sends no such header, borrows.
    const borrowed = await opds("POST", `/opds/2.0/books/${freeBook}/borrow`, bearer(victim.token));
    expect(borrowed.status).toBe(201);
    expect(await hasOpenLoan(victim, freeBook)).toBe(true);
    expect(access.violations.slice(seen)).toEqual([]);
  });

  it("leaves the database consistent and the server without errors", async () => {
    await access.expectConsistentEnd();
    const log = await access.server.log();
    expect(appPasswords.filter((password) => log.includes(password))).toEqual([]);
  });
});
