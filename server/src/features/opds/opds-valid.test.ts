// Every OPDS document the shop writes, checked against the published schemas (OPDS 2.0's JSON
// schemas, OPDS 1.2's RELAX NG grammar) and read by Readium's OPDS parser, the one Thorium
// Reader uses: what a real app would make of it.
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { createBook } from "../../test/catalogue";
import { appRequest, basic, type Credentials } from "../../test/opds-app";
import {
  parseOpds1,
  parseOpds1Entry,
  parseOpds2,
  parseOpds2Publication,
  parseOpdsAuthentication,
} from "../../test/opds/client";
import { validateOpds1, validateOpds2 } from "../../test/opds/validate";

const t = useTestApp();

let reader: TestUser;
let heldBook: number;
let lentBook: number;
let categoryId: number;
let credentials: Credentials;

beforeAll(async () => {
  reader = await createUser(t.app, t.database.db, { balancePence: 100_00 });
  credentials = basic(reader.email, reader.password);
  // A book lent to the reader, and one they wait for: the shelf shows both kinds.
  const lent = await createBook(t.database.db, { title: "Lent <& Held>", copies: 1 });
  const other = await createUser(t.app, t.database.db, { balancePence: 100_00 });
  const held = await createBook(t.database.db, { title: "Waited For", copies: 1 });
  lentBook = lent.id;
  heldBook = held.id;
  categoryId = lent.categoryId;
  const borrow = (id: number, who: Credentials) =>
    appRequest(t.app, "POST", `/opds/2.0/books/${id}/borrow`, who);
  expect((await borrow(lentBook, credentials)).status).toBe(201);
  expect((await borrow(heldBook, basic(other.email, other.password))).status).toBe(201);
  expect((await borrow(heldBook, credentials)).status).toBe(201);
}, 60_000);

/** Each feed path, and whether to ask it signed in. */
const feeds: [string, boolean][] = [
  ["", false],
  ["", true],
  ["/popular", false],
  ["/popular?page=2", true],
  ["/popular?page=999", false],
  ["/new", false],
  ["/categories", false],
  ["/categories/CATEGORY", true],
  ["/search?q=moby", false],
  ["/search?q=zzqqxxnothing", false],
  ["/shelf", true],
];

const pathOf = (path: string) => path.replace("CATEGORY", String(categoryId));

describe("OPDS 2.0 documents", () => {
  for (const [path, signedIn] of feeds) {
    it(`/opds/2.0${path}${signedIn ? " (signed in)" : ""} is a valid feed that Readium reads`, async () => {
      const answer = await appRequest(
        t.app,
        "GET",
        `/opds/2.0${pathOf(path)}`,
        signedIn ? credentials : null,
      );
      expect(answer.status).toBe(200);
      const document: unknown = JSON.parse(answer.text);
      expect(validateOpds2(document, "feed")).toEqual([]);
      const parsed = parseOpds2(document);
      expect(parsed.Metadata.Title).toBeTruthy();
      expect((parsed.Publications?.length ?? 0) + (parsed.Navigation?.length ?? 0)).toBeGreaterThan(
        0,
      );
    });
  }

  it("the shelf's loan and hold are valid publications, read with their links", async () => {
    const shelf = JSON.parse(
      (await appRequest(t.app, "GET", "/opds/2.0/shelf", credentials)).text,
    ) as { publications: unknown[] };
    expect(shelf.publications).toHaveLength(2);
    const [loan, hold] = shelf.publications.map((publication) => {
      expect(validateOpds2(publication, "publication")).toEqual([]);
      return parseOpds2Publication(publication);
    });
    expect(loan!.Metadata.Title).toBe("Lent <& Held>");
    expect(loan!.Links.map((link) => link.TypeLink)).toEqual([
      "application/opds-publication+json",
      "application/epub+zip",
      "application/webpub+json",
    ]);
    const borrow = hold!.Links.find((link) =>
      link.Rel?.includes("http://opds-spec.org/acquisition/borrow"),
    );
    expect(borrow?.Properties?.Availability?.State).toBe("reserved");
  });

  it("a book's own document and a borrow's answer are valid publications", async () => {
    for (const [method, path] of [
      ["GET", `/opds/2.0/books/${lentBook}`],
      ["GET", `/opds/2.0/books/${heldBook}`],
      ["GET", "/opds/2.0/books/1"],
    ] as const) {
      const answer = await appRequest(t.app, method, path, credentials);
      const document: unknown = JSON.parse(answer.text);
      expect(validateOpds2(document, "publication"), path).toEqual([]);
      expect(parseOpds2Publication(document).Metadata.Title).toBeTruthy();
    }
  });

  it("the Authentication document is valid, from its own address and from a 401", async () => {
    for (const path of ["/opds/2.0/authentication", "/opds/2.0/shelf"]) {
      const document: unknown = JSON.parse((await appRequest(t.app, "GET", path)).text);
      expect(validateOpds2(document, "authentication"), path).toEqual([]);
      expect(parseOpdsAuthentication(document).Authentication[0]!.Type).toBe(
        "http://opds-spec.org/auth/basic",
      );
    }
  });
});

describe("OPDS 1.2 documents", () => {
  for (const [path, signedIn] of feeds) {
    it(`/opds/1.2${path}${signedIn ? " (signed in)" : ""} is valid Atom OPDS that Readium reads`, async () => {
      const answer = await appRequest(
        t.app,
        "GET",
        `/opds/1.2${pathOf(path)}`,
        signedIn ? credentials : null,
      );
      expect(answer.status).toBe(200);
      expect(await validateOpds1(answer.text)).toEqual([]);
      const { opds1 } = parseOpds1(answer.text);
      expect(opds1.Title).toBeTruthy();
    });
  }

  it("the shelf's entries carry the loan's EPUB and manifest, and the hold's borrow link", async () => {
    const answer = await appRequest(t.app, "GET", "/opds/1.2/shelf", credentials);
    const { opds1 } = parseOpds1(answer.text);
    const [loan, hold] = opds1.Entries;
    expect(loan!.Title).toBe("Lent <& Held>");
    expect(
      loan!.Links.filter((link) => link.Rel === "http://opds-spec.org/acquisition").map(
        (link) => link.Type,
      ),
    ).toEqual(["application/epub+zip", "application/webpub+json"]);
    const borrow = hold!.Links.find(
      (link) => link.Rel === "http://opds-spec.org/acquisition/borrow",
    );
    expect([borrow?.OpdsPrice, borrow?.OpdsPriceCurrencyCode]).toEqual([4.99, "GBP"]);
  });

  it("a book's own entry and a borrow's answer are valid entry documents", async () => {
    const book = await createBook(t.database.db, { title: "Entry Document" });
    for (const [method, path] of [
      ["GET", `/opds/1.2/books/${lentBook}`],
      ["POST", `/opds/1.2/books/${book.id}/borrow`],
    ] as const) {
      const answer = await appRequest(t.app, method, path, credentials);
      expect(await validateOpds1(answer.text), path).toEqual([]);
      expect(parseOpds1Entry(answer.text).entry.Title).toBeTruthy();
    }
  });
});
