// The OPDS catalogue (issue 26) as e-reader apps use it: browsing both versions, signing in by
// password, app password or bearer token, the shelf, and borrowing under the shop's rules.
import type { UserInfo } from "@folio/contract/accounts";
import type { ErrorBody } from "@folio/contract/common";
import { borrowMessages } from "@folio/contract/constants";
import type { Book, BookList, CategoriesList } from "@folio/contract/catalogue";
import type { BorrowResult, LoanList } from "@folio/contract/loans";
import type { AppPasswordCreated, AppPasswordList, SessionList } from "@folio/contract/security";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { MINUTE } from "../../clock";
import { holds, loans, users } from "../../db/schema";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { createTestApp, useTestApp } from "../../test/app";
import { createBook, storeTestEpub } from "../../test/catalogue";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";
import { appRequest, atomOf, basic, OPDS, type Credentials } from "../../test/opds-app";
import { FOLIO_NS } from "./atom";
import type { Opds2Feed, Opds2Link, Opds2Publication } from "./json";

const t = useTestApp();
let http: ReturnType<typeof httpClient>;
beforeAll(() => {
  http = httpClient(t.app);
});
afterEach(async () => {
  expect(await brokenInvariants(t.database.db)).toEqual([]);
});

/** The Authentication document, as much of it as the tests read. */
interface AuthenticationDocument {
  description: string;
  links: { rel: string; href: string }[];
  authentication: unknown[];
}

const get = (url: string, credentials: Credentials = null) =>
  appRequest(t.app, "GET", url, credentials);
const getJson = async <T = Opds2Feed>(url: string, credentials: Credentials = null) => {
  const answer = await get(url, credentials);
  return { ...answer, body: JSON.parse(answer.text) as T };
};
const publicationIn = (answer: { text: string }) => JSON.parse(answer.text) as Opds2Publication;
/** A refused borrow's problem document: the borrow call's own state and message. */
const problemIn = (answer: { text: string }) =>
  JSON.parse(answer.text) as {
    status: number;
    state: string;
    code: string;
    message: string;
    borrowState: string;
  };
const borrowIn = (version: "1.2" | "2.0", bookId: number | string, credentials: Credentials) =>
  appRequest(t.app, "POST", `/opds/${version}/books/${bookId}/borrow`, credentials);
/** A book with an EPUB in the store, as seeded and staff-made books have. */
async function readableBook(title: string, pricePence = 4_99) {
  const book = await createBook(t.database.db, { title, price: pricePence, copies: 3 });
  await storeTestEpub(t.content, book);
  return book;
}

/** A list from the web app's API, fresh rather than from its few seconds' cache. */
const apiList = async <T = BookList>(url: string) =>
  (await t.app.inject({ url, headers: { "cache-control": "no-cache" } })).json<T>();

const reader = (balancePence = 100_00) => createUser(t.app, t.database.db, { balancePence });
const withPassword = (user: TestUser) => basic(user.email, user.password);

async function appPassword(user: TestUser, name = "KOReader on my Kobo") {
  const made = await http.post<AppPasswordCreated>(
    "/api/users/app-passwords",
    { name },
    user.token,
  );
  expect(made.status).toBe(200);
  return made.body;
}

/** Two-factor sign-in on, as turning it on in Settings leaves the account (security.test.ts). */
async function turnOnTwoFactor(user: TestUser) {
  await t.database.db
    .update(users)
    .set({ totpSecret: "JBSWY3DPEHPK3PXP" })
    .where(eq(users.id, user.id));
}

/** The publication of `bookId` in an OPDS 2.0 feed's publications. */
const publicationOf = (feed: Opds2Feed, bookId: number | string) =>
  feed.publications?.find(
    (publication) => publication.metadata.identifier === `urn:folio:book:${bookId}`,
  );
const linkOf = (document: { links: Opds2Link[] }, rel: string, type?: string) =>
  document.links.find((link) => link.rel === rel && (type === undefined || link.type === type));
/** A loan's two acquisitions: the EPUB to download and the Readium manifest to stream. */
const loanLinksOf = (publication: Opds2Publication) => ({
  epub: linkOf(publication, "http://opds-spec.org/acquisition", "application/epub+zip")!,
  manifest: linkOf(publication, "http://opds-spec.org/acquisition", "application/webpub+json")!,
});
/** A sample edition's description says so first, as the shop's badge does. */
const summaryOf = (b: Book) =>
  b.sample ? `Sample edition — the first pages. ${b.description}` : b.description;

const idsOf = (feed: Opds2Feed) =>
  (feed.publications ?? []).map((publication) => publication.metadata.identifier);

describe("browsing, OPDS 2.0", () => {
  it("starts at a navigation feed that leads to popular, new, categories and the shelf", async () => {
    const root = await getJson("/opds/2.0");
    expect(root.status).toBe(200);
    expect(root.type).toMatch(/^application\/opds\+json/);
    expect(root.body.navigation?.map((item) => [item.title, item.href])).toEqual([
      ["Popular", "/opds/2.0/popular"],
      ["New", "/opds/2.0/new"],
      ["Categories", "/opds/2.0/categories"],
      ["My loans", "/opds/2.0/shelf"],
    ]);
    const search = linkOf(root.body, "search");
    expect(search).toMatchObject({ href: "/opds/2.0/search{?query}", templated: true });
    expect(linkOf(root.body, "http://opds-spec.org/auth/document")?.href).toBe(
      "/opds/2.0/authentication",
    );
  });

  it("lists popular books by page, each with everything an app shows and its borrow link", async () => {
    const first = await getJson("/opds/2.0/popular");
    const api = await apiList("/api/books/popular?page=1&pageSize=20");
    const ids = idsOf(first.body);
    expect(ids).toEqual(api.books.map((book) => `urn:folio:book:${book.bookId}`));
    expect(first.body.metadata).toMatchObject({ itemsPerPage: 20, currentPage: 1 });
    expect(linkOf(first.body, "next")?.href).toBe("/opds/2.0/popular?page=2");

    const book = api.books[0]!;
    const publication = publicationOf(first.body, book.bookId)!;
    expect(api.books.map((b) => publicationOf(first.body, b.bookId)!.metadata.description)).toEqual(
      api.books.map(summaryOf),
    );
    expect(api.books.some((b) => b.sample)).toBe(true);
    expect(publication.metadata).toMatchObject({
      title: book.title,
      author: { name: book.author },
      description: summaryOf(book),
      subject: [{ name: book.category, code: String(book.categoryId) }],
    });
    expect(publication.images).toEqual([{ href: book.coverUrl, rel: "cover" }]);
    const borrow = linkOf(publication, "http://opds-spec.org/acquisition/borrow")!;
    expect(borrow.href).toBe(`/opds/2.0/books/${book.bookId}/borrow`);
    expect(borrow.properties).toEqual({
      price: { currency: "GBP", value: book.price },
      indirectAcquisition: [{ type: "application/epub+zip" }],
      availability: { state: book.availableCopies > 0 ? "available" : "unavailable" },
      copies: { total: book.totalCopies, available: book.availableCopies },
    });

    const second = await getJson("/opds/2.0/popular?page=2");
    expect(linkOf(second.body, "previous")?.href).toBe("/opds/2.0/popular?page=1");
    const secondIds = idsOf(second.body);
    expect(secondIds.some((id) => ids.includes(id))).toBe(false);
  });

  it("lists the newest books first", async () => {
    const newest = await createBook(t.database.db, { title: "A Brand New Book" });
    const feed = await getJson("/opds/2.0/new");
    expect(idsOf(feed.body)[0]).toBe(`urn:folio:book:${newest.id}`);
  });

  it("lists every category, and each category's books with its name and count", async () => {
    const categories = await getJson("/opds/2.0/categories");
    const listed = (await apiList<CategoriesList>("/api/categories/getAll")).categoriesList;
    expect(categories.body.navigation?.map((item) => item.title)).toEqual(
      listed.map((category) => category.name),
    );
    const category = listed[0]!;
    const feed = await getJson(`/opds/2.0/categories/${category.id}`);
    expect(feed.body.metadata).toMatchObject({
      title: category.name,
      numberOfItems: category.bookCount,
    });
    for (const publication of feed.body.publications ?? [])
      expect(publication.metadata.subject[0]!.name).toBe(category.name);
    expect((await get("/opds/2.0/categories/999999")).status).toBe(404);
  });

  it("searches titles forgiving typos, then authors, with the query kept in the paging links", async () => {
    const byTitle = await getJson("/opds/2.0/search?query=mobby%20dick");
    expect(byTitle.body.publications?.[0]?.metadata.title).toBe("Moby-Dick");
    expect(linkOf(byTitle.body, "self")?.href).toBe("/opds/2.0/search?q=mobby+dick&page=1");
    const byAuthor = await getJson("/opds/2.0/search?q=Melville");
    expect(byAuthor.body.publications?.[0]?.metadata.author.name).toBe("Herman Melville");
    const none = await getJson("/opds/2.0/search?q=zzzzqqqxxx");
    expect(none.status).toBe(200);
    expect(none.body.publications).toBeUndefined();
    expect(none.body.navigation).toEqual([
      {
        title: "No books match your search. Browse the most borrowed books.",
        href: "/opds/2.0/popular",
        type: "application/opds+json",
        rel: "http://opds-spec.org/sort/popular",
      },
    ]);
    const empty = await getJson<ErrorBody>("/opds/2.0/search?q=%20");
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Please type a title or an author to search for.");
  });

  it("refuses a bad page or id with a 400 that says why", async () => {
    for (const url of ["/opds/2.0/popular?page=0", "/opds/1.2/new?page=abc", "/opds/2.0/books/x"]) {
      const answer = await getJson<ErrorBody>(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.state).toBe("error");
    }
  });
});

describe("browsing, OPDS 1.2", () => {
  it("starts at a navigation feed and lists popular books as acquisition entries", async () => {
    const root = await get("/opds/1.2");
    expect(root.status).toBe(200);
    expect(root.type).toMatch(/^application\/atom\+xml;profile=opds-catalog;kind=navigation/);
    const start = atomOf(root.text);
    expect(start.entries.map((entry) => start.text(entry, "title"))).toEqual([
      "Popular",
      "New",
      "Categories",
      "My loans",
    ]);

    const popular = await get("/opds/1.2/popular");
    expect(popular.type).toMatch(/kind=acquisition/);
    const feed = atomOf(popular.text);
    const api = await apiList("/api/books/popular?page=1&pageSize=20");
    expect(feed.entries.map((entry) => feed.text(entry, "id"))).toEqual(
      api.books.map((book) => `urn:folio:book:${book.bookId}`),
    );
    const book = api.books[0]!;
    const entry = feed.entries[0]!;
    expect(feed.text(entry, "title")).toBe(book.title);
    expect(feed.text(feed.children(entry, "author")[0]!, "name")).toBe(book.author);
    expect(feed.entries.map((e) => feed.text(e, "summary"))).toEqual(api.books.map(summaryOf));
    expect(api.books.some((b) => b.sample)).toBe(true);
    expect(api.books.some((b) => !b.sample)).toBe(true);
    expect(feed.children(entry, "category")[0]!.getAttribute("label")).toBe(book.category);
    const links = feed.links(entry);
    expect(links.find((link) => link.rel === "http://opds-spec.org/image")?.href).toBe(
      book.coverUrl,
    );
    const borrow = links.find((link) => link.rel === "http://opds-spec.org/acquisition/borrow")!;
    expect(borrow.href).toBe(`/opds/1.2/books/${book.bookId}/borrow`);
    const price = feed.children(borrow.element, "price", OPDS)[0]!;
    expect([price.getAttribute("currencycode"), price.textContent]).toEqual([
      "GBP",
      book.price.toFixed(2),
    ]);
    const copies = feed.children(borrow.element, "copies", FOLIO_NS)[0]!;
    expect(copies.getAttribute("available")).toBe(String(book.availableCopies));
    expect(feed.links(feed.root).find((link) => link.rel === "next")?.href).toBe(
      "/opds/1.2/popular?page=2",
    );
  });

  it("describes its search for OpenSearch, and searches by the words an app sends", async () => {
    const description = await get("/opds/1.2/opensearch.xml");
    expect(description.type).toMatch(/^application\/opensearchdescription\+xml/);
    expect(description.text).toContain(
      'template="http://shop.test/opds/1.2/search?q={searchTerms}&amp;page={startPage?}"',
    );
    const found = atomOf((await get("/opds/1.2/search?q=sherlok")).text);
    expect(found.text(found.entries[0]!, "title")).toMatch(/Sherlock/);
  });

  it("writes titles with markup characters as text, escaped", async () => {
    const book = await createBook(t.database.db, {
      title: `Tom & Jerry <b>"bold"</b>`,
      author: "O'Brien",
    });
    const answer = await get(`/opds/1.2/books/${book.id}`);
    const entry = atomOf(answer.text);
    expect(entry.text(entry.root, "title")).toBe(`Tom & Jerry <b>"bold"</b>`);
  });
});

describe("signing in", () => {
  it("answers a feed of one's own without credentials with the Authentication document", async () => {
    for (const url of ["/opds/2.0/shelf", "/opds/1.2/shelf"]) {
      const answer = await getJson<AuthenticationDocument>(url);
      expect(answer.status).toBe(401);
      expect(answer.type).toMatch(/^application\/opds-authentication\+json/);
      expect(answer.headers["www-authenticate"]).toBe('Basic realm="Folio", charset="UTF-8"');
      expect(answer.body.authentication).toEqual([
        {
          type: "http://opds-spec.org/auth/basic",
          labels: { login: "Email", password: "Password or app password" },
        },
      ]);
    }
    const document = await getJson<AuthenticationDocument>("/opds/2.0/authentication");
    expect(document.status).toBe(200);
    expect(document.body.links.find((link) => link.rel === "help")?.href).toBe(
      "http://shop.test/user/read-in-apps",
    );
  });

  it("takes the reader's email and password, in any case of the address", async () => {
    const user = await reader();
    const shelf = await get("/opds/2.0/shelf", basic(user.email.toUpperCase(), user.password));
    expect(shelf.status).toBe(200);
  });

  it("refuses a wrong password, an unknown address and a broken header, saying so", async () => {
    const user = await reader();
    for (const credentials of [
      basic(user.email, "not the password"),
      basic("nobody@example.com", user.password),
    ]) {
      const answer = await getJson<AuthenticationDocument>("/opds/2.0/shelf", credentials);
      expect(answer.status).toBe(401);
      expect(answer.headers["x-error-code"]).toBe("WRONG_CREDENTIALS");
      expect(answer.body.description).toBe("Incorrect email or password.");
    }
    for (const header of [
      "Basic",
      "Basic !!!",
      `Basic ${Buffer.from("no-colon").toString("base64")}`,
      "Digest x",
    ]) {
      expect((await get("/opds/2.0/shelf", { header })).status).toBe(401);
    }
    // Wrong credentials are refused on the public feeds too, rather than ignored.
    expect((await get("/opds/2.0/popular", basic(user.email, "wrong"))).status).toBe(401);
  });

  it("limits wrong passwords as login does, sharing login's count", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: "3" });
    try {
      const user = await createUser(limited.app, limited.database.db);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push(
          (await appRequest(limited.app, "GET", "/opds/2.0/shelf", basic(user.email, `wrong ${i}`)))
            .status,
        );
      // Registering signed in once from this source: with two wrong passwords that makes the
      // three attempts a source may make in a minute, as at the login form.
      expect(statuses).toEqual([401, 401, 429, 429]);
      // The right password from this source is refused too now, and so is the login form.
      const right = await appRequest(limited.app, "GET", "/opds/2.0/shelf", withPassword(user));
      expect(right.status).toBe(429);
      const login = await httpClient(limited.app).post<ErrorBody>("/api/auth/login", {
        email: user.email,
        password: user.password,
      });
      expect(login.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("takes a session's bearer token, and shows that app's sign-in among the sessions", async () => {
    const user = await reader();
    expect((await get("/opds/2.0/shelf", { bearer: user.token })).status).toBe(200);
    expect((await get("/opds/2.0/shelf", withPassword(user))).status).toBe(200);
    const sessions = await http.get<SessionList>("/api/users/sessions", user.token);
    expect(sessions.body.sessions.map((session) => session.userAgent)).toContain(
      "KOReader/2024.11 (test)",
    );
  });

  it("ends a password's sign-in when the password changes", async () => {
    const user = await reader();
    expect((await get("/opds/2.0/shelf", withPassword(user))).status).toBe(200);
    const changed = await http.post(
      "/api/users/update",
      { password: "a brand new password" },
      user.token,
    );
    expect(changed.status).toBe(200);
    expect((await get("/opds/2.0/shelf", withPassword(user))).status).toBe(401);
    expect((await get("/opds/2.0/shelf", basic(user.email, "a brand new password"))).status).toBe(
      200,
    );
  });

  it("refuses a blocked account with 403 after checking the password", async () => {
    const user = await reader();
    const librarian = await createStaff(t.app, t.database.db, "librarian");
    await http.post(
      "/api/admin/readers/block",
      { userId: user.id, reason: "test" },
      librarian.token,
    );
    expect((await get("/opds/2.0/shelf", withPassword(user))).status).toBe(403);
    expect((await get("/opds/2.0/shelf", basic(user.email, "wrong"))).status).toBe(401);
  });
});

describe("app passwords", () => {
  it("are made, listed and revoked in Settings, and sign an app in by Basic or as a bearer token", async () => {
    const user = await reader();
    const made = await appPassword(user);
    expect(made.password).toMatch(/^[a-z]{4}(-[a-z]{4}){4}$/);
    expect(made.appPassword).toMatchObject({ name: "KOReader on my Kobo", lastUsedAt: null });

    expect((await get("/opds/2.0/shelf", basic(user.email, made.password))).status).toBe(200);
    expect((await get("/opds/1.2/shelf", { bearer: made.password })).status).toBe(200);
    const listed = await http.get<AppPasswordList>("/api/users/app-passwords", user.token);
    expect(listed.body.appPasswords).toEqual([
      { ...made.appPassword, lastUsedAt: t.clock.now().toISOString() },
    ]);
    // Listed apart from the sessions, and not ended with "sign out everywhere else".
    const sessions = await http.get<SessionList>("/api/users/sessions", user.token);
    expect(sessions.body.sessions.map((session) => session.sessionId)).not.toContain(
      made.appPassword.id,
    );
    await http.post("/api/users/sessions/revokeOthers", {}, user.token);
    expect((await get("/opds/2.0/shelf", basic(user.email, made.password))).status).toBe(200);

    const revoked = await http.post(
      "/api/users/app-passwords/revoke",
      { id: made.appPassword.id },
      user.token,
    );
    expect(revoked.status).toBe(200);
    expect((await get("/opds/2.0/shelf", basic(user.email, made.password))).status).toBe(401);
    expect(
      (await http.get<AppPasswordList>("/api/users/app-passwords", user.token)).body.appPasswords,
    ).toEqual([]);
    const again = await http.post<ErrorBody>(
      "/api/users/app-passwords/revoke",
      { id: made.appPassword.id },
      user.token,
    );
    expect([again.status, again.body.code]).toEqual([404, "APP_PASSWORD_NOT_FOUND"]);
  });

  it("open nothing but the catalogue", async () => {
    const user = await reader();
    const made = await appPassword(user);
    for (const url of ["/api/users/info", "/api/users/app-passwords"]) {
      expect((await http.get(url, made.password)).status, url).toBe(401);
    }
    // The cart is read with the session in one query (readWithSession): refused there too.
    expect((await http.post("/api/cart/get", {}, made.password)).status).toBe(401);
    const made2 = await http.post("/api/users/app-passwords", { name: "x" }, made.password);
    expect(made2.status).toBe(401);
  });

  it("belong to one account: another reader's address with it is refused", async () => {
    const owner = await reader();
    const other = await reader();
    const made = await appPassword(owner);
    expect((await get("/opds/2.0/shelf", basic(other.email, made.password))).status).toBe(401);
  });

  it("are what a reader with two-factor sign-in uses: their password is refused, saying why", async () => {
    const user = await reader();
    expect((await get("/opds/2.0/shelf", withPassword(user))).status).toBe(200);
    await turnOnTwoFactor(user);
    const refused = await getJson<AuthenticationDocument>("/opds/2.0/shelf", withPassword(user));
    expect(refused.status).toBe(401);
    expect(refused.headers["x-error-code"]).toBe("APP_PASSWORD_REQUIRED");
    expect(refused.body.description).toBe(
      "Two-factor sign-in is on for this account. Please sign in to the app with an app password from Settings.",
    );
    const made = await appPassword(user);
    expect((await get("/opds/2.0/shelf", basic(user.email, made.password))).status).toBe(200);
  });

  it("end when the password changes", async () => {
    const user = await reader();
    const made = await appPassword(user);
    await http.post("/api/users/update", { password: "another good password" }, user.token);
    expect((await get("/opds/2.0/shelf", basic(user.email, made.password))).status).toBe(401);
  });

  it("need a name, and an account holds at most 20", async () => {
    const user = await reader();
    for (const name of ["", "   ", "x".repeat(61)]) {
      const refused = await http.post<ErrorBody>("/api/users/app-passwords", { name }, user.token);
      expect([refused.status, refused.body.message]).toEqual([
        400,
        "Please name the app password after the app it is for (up to 60 characters).",
      ]);
    }
    for (let i = 0; i < 20; i += 1) await appPassword(user, `App ${i}`);
    const over = await http.post<ErrorBody>(
      "/api/users/app-passwords",
      { name: "One more" },
      user.token,
    );
    expect([over.status, over.body.code]).toEqual([409, "APP_PASSWORD_LIMIT"]);
    expect(
      (await http.get<AppPasswordList>("/api/users/app-passwords", user.token)).body.appPasswords,
    ).toHaveLength(20);
  });
});

describe("loans in the feeds", () => {
  it("borrows from a feed as the shop does, and the shelf links the EPUB and the manifest", async () => {
    const user = await reader();
    const book = await readableBook("Borrowed In An App", 2_50);
    const answer = await borrowIn("2.0", book.id, withPassword(user));
    expect(answer.status).toBe(201);
    expect(answer.type).toMatch(/^application\/opds-publication\+json/);
    const publication = publicationIn(answer);
    const { epub, manifest } = loanLinksOf(publication);
    expect(epub.properties?.availability?.state).toBe("ready");

    // The same loan as the web app's: charged, on the loan list.
    const loans = await http.post<LoanList>("/api/borrow/borrowlist", {}, user.token);
    expect(loans.body.data.map((loan) => loan.bookId)).toEqual([String(book.id)]);
    const info = await http.get<UserInfo>("/api/users/info", user.token);
    expect(info.body.balance).toBe(97.5);

    const file = await t.app.inject({ url: epub.href });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/epub+zip");
    expect(file.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const webpub = await t.app.inject({ url: manifest.href });
    expect(webpub.statusCode).toBe(200);
    expect(webpub.json<{ metadata: { title: string } }>().metadata.title).toBe(
      "Borrowed In An App",
    );

    for (const version of ["1.2", "2.0"] as const) {
      const shelf = await get(`/opds/${version}/shelf`, withPassword(user));
      expect(shelf.status).toBe(200);
      expect(shelf.headers["cache-control"]).toBe("private, no-store");
      expect(shelf.text).toContain(`urn:folio:book:${book.id}`);
    }
    const atom = atomOf((await get("/opds/1.2/shelf", withPassword(user))).text);
    const links = atom.links(atom.entries[0]!);
    const acquisitions = links.filter((link) => link.rel === "http://opds-spec.org/acquisition");
    expect(acquisitions.map((link) => link.type)).toEqual([
      "application/epub+zip",
      "application/webpub+json",
    ]);
    expect((await t.app.inject({ url: acquisitions[0]!.href! })).statusCode).toBe(200);
  });

  it("stops a returned loan's links, and drops the loan from the shelf", async () => {
    const user = await reader();
    const book = await readableBook("Returned Soon");
    const publication = publicationIn(await borrowIn("2.0", book.id, withPassword(user)));
    const { epub, manifest } = loanLinksOf(publication);
    await http.post("/api/borrow/return", { bookId: book.id }, user.token);
    expect((await t.app.inject({ url: epub.href })).statusCode).toBe(400);
    expect((await t.app.inject({ url: manifest.href })).statusCode).toBe(400);
    const shelf = await getJson("/opds/2.0/shelf", withPassword(user));
    expect(shelf.body.publications).toBeUndefined();
    expect(shelf.body.navigation?.[0]?.title).toBe(
      "You have no loans. Browse the most borrowed books.",
    );
  });

  it("stops an overdue loan's links, and shows it on the shelf as overdue", async () => {
    const user = await reader();
    const book = await readableBook("Kept Too Long");
    const publication = publicationIn(await borrowIn("2.0", book.id, withPassword(user)));
    const { epub } = loanLinksOf(publication);
    // Due in a minute: two minutes on, the link itself (ten minutes) still holds, the loan not.
    await t.database.db
      .update(loans)
      .set({ dueAt: new Date(t.clock.now().getTime() + MINUTE) })
      .where(and(eq(loans.userId, user.id), eq(loans.bookId, book.id)));
    t.clock.advance(2 * MINUTE);
    try {
      expect((await t.app.inject({ url: epub.href })).statusCode).toBe(400);
      const shelf = await getJson("/opds/2.0/shelf", withPassword(user));
      const overdue = publicationOf(shelf.body, book.id)!;
      expect(linkOf(overdue, "http://opds-spec.org/acquisition")).toBeUndefined();
      expect(linkOf(overdue, "http://opds-spec.org/acquisition/borrow")).toMatchObject({
        title: "Overdue: renew or return it in the shop",
        properties: { availability: { state: "unavailable" } },
      });
      const atom = atomOf((await get("/opds/1.2/shelf", withPassword(user))).text);
      const entry = atom.entries.find((e) => atom.text(e, "id") === `urn:folio:book:${book.id}`)!;
      expect(atom.text(entry, "content")).toMatch(
        /^Overdue since .*: renew it in the shop to read it again, or return it\.$/,
      );
    } finally {
      // Back within the loan, so the tests after this one find their loans readable.
      t.clock.advance(-2 * MINUTE);
      await http.post("/api/borrow/return", { bookId: book.id }, user.token);
    }
  });

  it("stops an app password's links when it is revoked", async () => {
    const user = await reader();
    const made = await appPassword(user);
    const book = await readableBook("Read Through An App");
    const publication = publicationIn(
      await borrowIn("2.0", book.id, basic(user.email, made.password)),
    );
    const { epub } = loanLinksOf(publication);
    expect((await t.app.inject({ url: epub.href })).statusCode).toBe(200);
    await http.post("/api/users/app-passwords/revoke", { id: made.appPassword.id }, user.token);
    expect((await t.app.inject({ url: epub.href })).statusCode).toBe(403);
  });

  it("answers the borrow's own refusals: balance, the loan limit, already borrowed", async () => {
    const poor = await reader(1_00);
    const dear = await createBook(t.database.db, { title: "Dear Book", price: 5_00 });
    const refused = await borrowIn("2.0", dear.id, withPassword(poor));
    expect(refused.status).toBe(402);
    expect(refused.type).toMatch(/^application\/problem\+json/);
    const web = await http.post<BorrowResult>(
      "/api/borrow/borrow",
      { bookId: dear.id },
      poor.token,
    );
    expect(problemIn(refused)).toMatchObject({
      status: 402,
      state: "error",
      code: "INSUFFICIENT_BALANCE",
      borrowState: "insufficient balance",
      message: web.body.message,
      newPayment: 4,
    });

    const user = await reader();
    const book = await createBook(t.database.db, { title: "Twice" });
    expect((await borrowIn("1.2", book.id, withPassword(user))).status).toBe(201);
    const twice = await borrowIn("1.2", book.id, withPassword(user));
    expect(twice.status).toBe(409);
    expect(problemIn(twice)).toMatchObject({
      code: "ALREADY_BORROWED",
      borrowState: "Borrow failed.",
    });

    const busy = await reader();
    for (let i = 0; i < 10; i += 1) {
      const each = await createBook(t.database.db, { title: `Limit ${i}` });
      expect((await borrowIn("2.0", each.id, withPassword(busy))).status).toBe(201);
    }
    const eleventh = await createBook(t.database.db, { title: "Eleventh" });
    const limited = await borrowIn("2.0", eleventh.id, withPassword(busy));
    expect(limited.status).toBe(403);
    expect(problemIn(limited)).toMatchObject({
      code: "BORROW_LIMIT",
      borrowState: "Reach borrow limit",
      message: borrowMessages.reachLimit,
    });
    expect((await borrowIn("2.0", 99_999_999, withPassword(busy))).status).toBe(404);
  });

  it("places a hold when no copy is free, and the shelf shows it reserved with its place", async () => {
    const book = await createBook(t.database.db, { title: "One Copy", copies: 1 });
    const first = await reader();
    const second = await reader();
    expect((await borrowIn("2.0", book.id, withPassword(first))).status).toBe(201);
    const held = await borrowIn("2.0", book.id, withPassword(second));
    expect(held.status).toBe(201);
    const publication = publicationIn(held);
    expect(
      linkOf(publication, "http://opds-spec.org/acquisition/borrow")!.properties,
    ).toMatchObject({
      availability: { state: "reserved" },
      holds: { position: 1 },
    });
    const rows = await t.database.db.select().from(holds).where(eq(holds.bookId, book.id));
    expect(rows.map((row) => [row.userId, row.status])).toEqual([[second.id, "waiting"]]);
    const shelf = atomOf((await get("/opds/1.2/shelf", withPassword(second))).text);
    expect(shelf.entries.map((entry) => shelf.text(entry, "id"))).toEqual([
      `urn:folio:book:${book.id}`,
    ]);
    const again = await borrowIn("2.0", book.id, withPassword(second));
    expect(again.status).toBe(409);
  });

  it("needs sign-in to borrow, and refuses a borrow a browser sends from another site", async () => {
    const user = await reader();
    const book = await createBook(t.database.db, { title: "Cross Site" });
    expect((await borrowIn("2.0", book.id, null)).status).toBe(401);
    const crossSite = await appRequest(
      t.app,
      "POST",
      `/opds/2.0/books/${book.id}/borrow`,
      withPassword(user),
      { "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    const loans = await http.post<LoanList>("/api/borrow/borrowlist", {}, user.token);
    expect(loans.body.data).toEqual([]);
  });

  it("keeps one reader's shelf from another", async () => {
    const owner = await reader();
    const other = await reader();
    const book = await createBook(t.database.db, { title: "Mine Alone" });
    await borrowIn("2.0", book.id, withPassword(owner));
    const theirs = await getJson("/opds/2.0/shelf", withPassword(other));
    expect(theirs.body.publications).toBeUndefined();
    // The public feeds show the book as anyone sees it, not as the owner's loan.
    const entry = await getJson(`/opds/2.0/books/${book.id}`, withPassword(other));
    expect(linkOf(entry.body, "http://opds-spec.org/acquisition")).toBeUndefined();
  });
});
