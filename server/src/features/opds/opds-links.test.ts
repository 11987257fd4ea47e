// What an OPDS answer may carry of the request (hardening, round three): its absolute links come
// from PUBLIC_URL, never from a Host header anyone can forge, and no refusal is kept by a cache.
import { describe, expect, it } from "vitest";
import { createUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { createBook } from "../../test/catalogue";
import { appRequest, basic, type Credentials } from "../../test/opds-app";

const PUBLIC_URL = "https://books.example.org";
const t = useTestApp({ PUBLIC_URL });

const FORGED = "attacker.example";
const forged = (url: string, credentials: Credentials = null) =>
  appRequest(t.app, "GET", url, credentials, { host: FORGED });

/** Every link of a document: JSON `href`s, Atom `href`s, OpenSearch `template`s. */
function linksIn(text: string): string[] {
  const links: string[] = [];
  if (text.startsWith("{")) {
    JSON.stringify(JSON.parse(text), (key, value: unknown) => {
      if (key === "href" && typeof value === "string") links.push(value);
      return value;
    });
  } else {
    for (const match of text.matchAll(/\s(?:href|template)="([^"]*)"/g)) links.push(match[1]!);
  }
  return links;
}

describe("absolute links", () => {
  it("come from PUBLIC_URL in the Authentication document and the OpenSearch description, whatever Host is sent", async () => {
    const document = await forged("/opds/2.0/authentication");
    expect(document.status).toBe(200);
    const links = JSON.parse(document.text) as {
      id: string;
      links: { rel: string; href: string }[];
    };
    expect(links.id).toBe(`${PUBLIC_URL}/opds/2.0/authentication`);
    expect(links.links.map((link) => link.href)).toEqual([
      `${PUBLIC_URL}/icon-192.png`,
      `${PUBLIC_URL}/register`,
      `${PUBLIC_URL}/user/read-in-apps`,
    ]);

    const description = await forged("/opds/1.2/opensearch.xml");
    expect(description.status).toBe(200);
    expect(linksIn(description.text)).toEqual([
      `${PUBLIC_URL}/opds/1.2/search?q={searchTerms}&amp;page={startPage?}`,
    ]);
    expect(description.text).not.toContain(FORGED);
  });

  it("never echo a forged Host in any feed, entry or refusal of either version", async () => {
    const book = await createBook(t.database.db, { title: "Forged Host" });
    const user = await createUser(t.app, t.database.db, { balancePence: 100_00 });
    const signedIn = basic(user.email, user.password);
    const answers = [];
    for (const version of ["1.2", "2.0"]) {
      const root = `/opds/${version}`;
      for (const path of ["", "/popular", "/new", "/categories", "/search?q=moby"])
        answers.push(await forged(`${root}${path}`));
      answers.push(await forged(`${root}/books/${book.id}`));
      answers.push(await forged(`${root}/shelf`, signedIn));
      // Refused: the Authentication document, with the sign-in's own words or without.
      answers.push(await forged(`${root}/shelf`));
      answers.push(await forged(`${root}/shelf`, basic(user.email, "not the password")));
    }
    for (const answer of answers) {
      expect(answer.text).not.toContain(FORGED);
      for (const link of linksIn(answer.text))
        expect(link.startsWith("/") || link.startsWith(`${PUBLIC_URL}/`), link).toBe(true);
    }
    const refusal = answers.find((answer) => answer.status === 401)!;
    expect(linksIn(refusal.text)).toContain(`${PUBLIC_URL}/user/read-in-apps`);
  });
});

describe("refusals under /opds", () => {
  it("are never kept by a browser or a proxy: Cache-Control no-store on every 4xx", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 0 });
    const book = await createBook(t.database.db, { title: "Too Dear", price: 5_00 });
    const refusals: [string, "GET" | "POST", string, Credentials, number][] = [
      ["no credentials", "GET", "/opds/2.0/shelf", null, 401],
      ["no credentials, 1.2", "GET", "/opds/1.2/shelf", null, 401],
      ["wrong password", "GET", "/opds/2.0/shelf", basic(user.email, "wrong password"), 401],
      ["bad page", "GET", "/opds/2.0/popular?page=0", null, 400],
      ["empty search", "GET", "/opds/1.2/search?q=%20", null, 400],
      ["no such category", "GET", "/opds/2.0/categories/999999", null, 404],
      ["no such book", "GET", "/opds/1.2/books/99999999", null, 404],
      [
        "balance too low",
        "POST",
        `/opds/2.0/books/${book.id}/borrow`,
        basic(user.email, user.password),
        402,
      ],
      ["no such feed", "GET", "/opds/2.0/nothing-here", null, 404],
    ];
    for (const [what, method, url, credentials, status] of refusals) {
      const answer = await appRequest(t.app, method, url, credentials);
      expect(answer.status, what).toBe(status);
      expect(answer.headers["cache-control"], what).toBe("no-store");
    }
  });

  it("leave the catalogue's own caching as it was", async () => {
    const popular = await appRequest(t.app, "GET", "/opds/2.0/popular");
    expect(popular.headers["cache-control"]).toBe("private, max-age=30");
  });
});
